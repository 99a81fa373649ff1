package org.asynchttpclient.netty.hop;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import org.asynchttpclient.exception.ChannelClosedException;
import org.asynchttpclient.exception.RemotelyClosedException;
import org.asynchttpclient.netty.hop.HopFailure.Stage;
import org.asynchttpclient.uri.Uri;

/**
 * The exception a caller gets when a failed hop ends its exchange: it names where the request
 * went, the protocol (and the HTTP/2 stream), what happened, whether the server may have processed
 * the request, and why it was not sent again. The room's exception is its cause.
 *
 * <p>Two of 3.0.x's exceptions are kept as they are, because upstream's own tests compare them:
 * a {@link ConnectException} (it names the address already), and an HTTP/1.1 connection closed by
 * the server where 3.0.x also gives up (its retries spent, the response delivered, a body it cannot
 * send again), which fails with {@link RemotelyClosedException#INSTANCE}: upstream's {@code
 * RetryRequestTest} compares that very instance, so it cannot carry the address. A request not
 * sent again for a reason of this client's own ({@code replayOnlyIdempotent}, say) is described.
 * Exceptions that are not I/O failures (a handler's, say) go to the caller unchanged.
 *
 * <p>Threads: any; stateless.
 */
public final class HopFailureMessages {
  private HopFailureMessages() {}

  /**
   * The caller's exception for {@code f}, not sent again for {@code why}, after {@code replays}
   * replays of the exchange's request.
   */
  public static Throwable forCaller(HopFailure f, Replays.Reason why, int replays) {
    Throwable cause = f.cause();
    if (!(cause instanceof IOException) || cause instanceof ConnectException) {
      return cause;
    }
    if (cause == ChannelClosedException.INSTANCE && !f.http2() && asIn3011(why)) {
      return RemotelyClosedException.INSTANCE;
    }
    return new IOException(describe(f, why, replays), cause);
  }

  /** Whether AsyncHttpClient 3.0.x ends the exchange for this reason too (with its own exception). */
  private static boolean asIn3011(Replays.Reason why) {
    return why == Replays.Reason.RETRIES_SPENT
        || why == Replays.Reason.RESPONSE_DELIVERED
        || why == Replays.Reason.BODY_NOT_REPLAYABLE
        || why == Replays.Reason.CLIENT_CLOSED;
  }

  static String describe(HopFailure f, Replays.Reason why, int replays) {
    StringBuilder b = new StringBuilder(160);
    if (f.http2()) {
      b.append("HTTP/2 stream ").append(f.streamId() >= 0 ? Integer.toString(f.streamId()) : "(not opened)");
    } else {
      b.append("HTTP/1.1 request");
    }
    b.append(" to ").append(where(f)).append(" failed: ").append(what(f));
    if (f.goAwayLastStreamId() >= 0) {
      b.append(" (the server had sent GOAWAY, last stream ").append(f.goAwayLastStreamId()).append(')');
    }
    b.append("; ").append(processed(f));
    if (replays > 0) {
      b.append("; it had been sent again ").append(replays).append(replays == 1 ? " time" : " times");
    }
    b.append("; not sent again: ").append(why.text());
    return b.toString();
  }

  private static String where(HopFailure f) {
    SocketAddress remote = f.remote();
    if (remote != null) {
      return remote.toString();
    }
    Uri uri = f.attempt().request().getUri();
    return uri.getHost() + ":" + uri.getExplicitPort();
  }

  private static String what(HopFailure f) {
    Throwable cause = f.cause();
    String message = cause.getMessage();
    if (cause instanceof ClosedChannelException || cause == ChannelClosedException.INSTANCE) {
      return "the connection closed";
    }
    return message != null ? message : cause.getClass().getName();
  }

  private static String processed(HopFailure f) {
    HopFailure.Unprocessed proof = f.unprocessed();
    if (proof != null) {
      return "the server did not process the request: " + proof.text;
    }
    Stage stage = f.stage();
    if (stage == Stage.CONNECT) {
      return "nothing was sent: the connection could not be made";
    }
    if (stage == Stage.RESPONSE_STARTED || stage == Stage.BODY_DELIVERED) {
      return "the response had started";
    }
    return "the request was sent: the server may have processed it";
  }
}

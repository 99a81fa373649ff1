package org.asynchttpclient.netty;

import java.io.IOException;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Request;
import org.asynchttpclient.exception.FilterException;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.h2.UnprocessedStreamException;
import org.asynchttpclient.netty.hop.IoExceptionFilters;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.request.body.NettyBody;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides whether a hop whose connection failed is sent again, as 3.0.11 does, once the
 * response handler found it replayable ({@code MidResponseRetry}: before any response byte, or,
 * unless {@code strictMidResponseRetry}, at any point of an HTTP/1.1 response): the configured {@code IOExceptionFilter}s first (a request one of them returns is
 * sent on a fresh connection, when the body can be produced again), then up to {@code
 * maxRequestRetry} replays of the same request. A body that cannot be produced twice (a stream)
 * is never replayed. A hop carried by an HTTP/2 stream is replayed by these rules only when the
 * server cannot have processed it ({@link UnprocessedStreamException}); otherwise it fails at
 * once, as in 3.0.11 and 3.0.12 (the filters are still asked). The replay itself, a new hop of the
 * same exchange under the same budget, is the {@link Replayer}'s. The handler hears {@code onRetry}
 * first; if it throws, the exchange fails with that.
 *
 * <p>Threads: any thread (the failed hop's); holds only the configuration.
 */
final class BeforeResponseRetries {
  private static final Logger LOGGER = LoggerFactory.getLogger(BeforeResponseRetries.class);

  /** Ends the failed attempt and sends {@code request} as the exchange's next hop, on a fresh connection. */
  interface Replayer {
    void replayOnFreshConnection(Attempt failed, Request request, Throwable cause);
  }

  private final AsyncHttpClientConfig config;
  private final Replayer replayer;

  BeforeResponseRetries(AsyncHttpClientConfig config, Replayer replayer) {
    this.config = config;
    this.replayer = replayer;
  }

  /**
   * Replays the exchange, or fails it when a filter throws, and returns true; returns false when
   * the failure should end the exchange (the caller fails it).
   */
  boolean retry(Attempt failed, Throwable cause, boolean clientClosed) {
    return decide(failed, cause, clientClosed, true);
  }

  /**
   * After the response reached the handler in a way it cannot take back: only a request an
   * {@code IOExceptionFilter} explicitly asks to replay is sent (a {@code ResumableIOExceptionFilter}
   * resuming a download with a {@code Range}, as in 3.0.11); no plain retry. Returns as {@link
   * #retry}.
   */
  boolean replayByFilters(Attempt failed, IOException cause, boolean clientClosed) {
    return decide(failed, cause, clientClosed, false);
  }

  private boolean decide(
      Attempt failed, Throwable cause, boolean clientClosed, boolean plainRetries) {
    Exchange<?> ex = failed.exchange();
    if (failed.isOver() || clientClosed) {
      return false;
    }
    boolean replayable = canReplay(failed.wire().getBody());
    if (cause instanceof IOException && !config.getIoExceptionFilters().isEmpty()) {
      Request replay;
      try {
        replay = IoExceptionFilters.replay(config.getIoExceptionFilters(), ex, (IOException) cause);
      } catch (FilterException e) {
        ex.fail(e);
        return true;
      }
      if (replay != null && replayable) {
        replayer.replayOnFreshConnection(failed, replay, cause);
        return true;
      }
    }
    boolean unprocessed = cause instanceof UnprocessedStreamException;
    // An HTTP/2 stream the server may have seen is not sent again (3.0.11 and 3.0.12 fail it at
    // once): with other streams of the connection, it may well have been processed.
    if (!replayable || !plainRetries || (failed.multiplexed() && !unprocessed)) {
      return false;
    }
    // A stream the server never processed (HTTP/2 REFUSED_STREAM, above the last stream id of the
    // server's GOAWAY, or never written) is safe to send again whatever its method: at least once
    // even with maxRequestRetry 0.
    int allowed = unprocessed ? Math.max(1, config.getMaxRequestRetry()) : config.getMaxRequestRetry();
    if (ex.incrementRetries() > allowed) {
      return false;
    }
    LOGGER.debug("Replaying {} on a fresh connection after {}", ex, cause.toString());
    try {
      ex.handler().onRetry();
    } catch (RuntimeException e) {
      // As in 3.0.11: a handler that cannot start over (BodyDeferringAsyncHandler) says so here,
      // and the exchange fails with what it threw.
      ex.fail(e);
      return true;
    }
    replayer.replayOnFreshConnection(failed, failed.request(), cause);
    return true;
  }

  private static boolean canReplay(@Nullable NettyBody body) {
    return body == null || body.isReplayable();
  }
}

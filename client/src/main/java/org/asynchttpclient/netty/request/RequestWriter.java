package org.asynchttpclient.netty.request;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelProgressiveFuture;
import io.netty.channel.ChannelProgressiveFutureListener;
import io.netty.channel.ChannelProgressivePromise;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.handler.ProgressAsyncHandler;
import org.asynchttpclient.handler.TransferCompletionHandler;
import org.asynchttpclient.netty.carrier.CarrierFailures;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.handler.ResponseHandler;
import org.asynchttpclient.netty.hop.HopEnd;
import org.asynchttpclient.netty.hop.HopFailure;
import org.asynchttpclient.netty.request.body.NettyBody;
import org.jetbrains.annotations.Nullable;

/**
 * Writes one hop's request on a channel that is connected (and past its TLS handshake), then arms
 * the read timeout once the last byte is flushed.
 */
public final class RequestWriter {
  // immutable
  /** {@code deadlinePropagationHeader}, or null for none. */
  private final @Nullable String deadlineHeader;
  /**
   * Whether a bodiless head may be written as bytes below the codec ({@link DirectHeadWrite}):
   * only while the client alone builds the connections' pipelines.
   */
  private final boolean directHeads;

  /**
   * @param directHeads false when handlers of the user's may sit above the codec and must see
   *     every request's {@code HttpRequest} ({@code httpAdditionalChannelInitializer} set)
   */
  public RequestWriter(@Nullable String deadlineHeader, boolean directHeads) {
    this.deadlineHeader = deadlineHeader;
    this.directHeads = directHeads;
  }

  /**
   * Binds the response handler to the attempt, whose carrier {@code channel} is, and writes its
   * request. Must run on the channel's event loop.
   */
  public void write(Attempt attempt, Channel channel) {
    assert channel.eventLoop().inEventLoop() : "write must run on the channel's event loop";
    Exchange<?> ex = attempt.exchange();
    if (attempt.isOver() || !ex.checkBudget()) {
      return; // ended, or its whole budget is spent: nothing is written (D3)
    }
    NettyRequest request = attempt.wire();
    NettyBody body = request.getBody();
    if (body != null && !rewindIfResent(ex, body)) {
      return;
    }
    if (!channel.isActive()) {
      // Closed before anything of this hop was written (the server closed it, or a stream's
      // connection went away): the server never saw the request.
      ChannelClosing.close(channel);
      hopFailed(attempt, channel, new ClosedChannelException(), HopFailure.Stage.NOT_SENT);
      return;
    }
    attempt.writing();
    if (deadlineHeader != null && ex.hasAbsoluteDeadline()) {
      // Measured now, just before the write: whole milliseconds, rounded down.
      request
          .getHttpRequest()
          .headers()
          .set(deadlineHeader, TimeUnit.NANOSECONDS.toMillis(ex.remainingNanos()));
    }
    ResponseHandler responses = ResponseHandler.of(channel);
    if (responses == null) {
      throw new IllegalStateException(
          "no ResponseHandler in the pipeline of " + channel + " (expected one on every carrier)");
    }
    responses.bind(channel, attempt, request);
    AsyncHandler<?> handler = attempt.handler();
    if (handler instanceof TransferCompletionHandler) {
      // What TransferListener.onRequestHeadersSent reports, as 3.0.11 hands it over.
      ((TransferCompletionHandler) handler)
          .headers(new DefaultHttpHeaders().set(request.getHttpRequest().headers()));
    }
    handler.onRequestSend(request);
    // Encoded after onRequestSend, which may still change the head.
    ChannelFuture head =
        directHeads && body == null && !attempt.multiplexed() && !attempt.request().getUri().isWebSocket()
            ? DirectHeadWrite.writeAndFlush(channel, request, responses.heads())
            : null;
    boolean flushed = head != null;
    if (head == null) {
      head = channel.write(request.getHttpRequest());
    }
    // Over HTTP/2, 3.0.11 and 3.0.12 never report the head written; handlers that list events
    // (upstream's BasicHttp2Test) expect the same.
    boolean reportHead = handler instanceof ProgressAsyncHandler && !attempt.multiplexed();
    if (reportHead && body != null) {
      ProgressAsyncHandler<?> progress = (ProgressAsyncHandler<?>) handler;
      head.addListener(
          f -> {
            if (f.isSuccess()) {
              progress.onHeadersWritten();
            }
          });
    }
    ChannelFuture last = head;
    if (body != null) {
      if (request.isExpectContinue()) {
        responses.onContinue(() -> writeBody(attempt, channel, body));
      } else {
        ChannelClosing.bodySending(channel, true);
        last = body.write(channel, progressPromise(channel, handler, body));
      }
    }
    if (!flushed) {
      channel.flush();
    }
    if (body == null || !request.isExpectContinue()) {
      // Without a body the head is the last write: one step reports both (every
      // AsyncCompletionHandler is a ProgressAsyncHandler, so this is the common GET).
      boolean headIsLast = reportHead && body == null;
      if (body == null && last.isDone()) {
        // The head alone, written within the flush (the common GET): a listener added now would
        // run at once on this thread, and no other listener waits on this future to come first,
        // so the step is called without registering one.
        afterWrite(last, attempt, channel, body, headIsLast);
      } else {
        last.addListener((ChannelFutureListener) f -> afterWrite(f, attempt, channel, body, headIsLast));
      }
    } else {
      head.addListener(
          (ChannelFutureListener)
              f -> {
                if (!f.isSuccess()) {
                  writeFailed(attempt, channel, f.cause());
                }
              });
    }
  }

  /**
   * A body an earlier hop already sent is produced again before anything of this hop is written;
   * when it cannot be, the exchange fails with the reason and this hop writes nothing.
   */
  private static boolean rewindIfResent(Exchange<?> ex, NettyBody body) {
    if (!ex.followUps().markBodySent()) {
      return true;
    }
    try {
      body.rewindForReplay();
      return true;
    } catch (IOException | RuntimeException e) {
      ex.fail(e);
      return false;
    }
  }

  private void writeBody(Attempt attempt, Channel channel, NettyBody body) {
    ChannelClosing.bodySending(channel, true);
    ChannelFuture last = body.write(channel, progressPromise(channel, attempt.handler(), body));
    channel.flush();
    last.addListener((ChannelFutureListener) f -> afterWrite(f, attempt, channel, body, false));
  }

  /**
   * The promise a body is written on. For a {@link ProgressAsyncHandler} and a streamed body it
   * reports the write's progress, as 3.0.11 does: {@code onContentWriteProgress(bytes since the
   * last call, bytes so far, total)}, the total being the body's length, or -1 when unknown. The
   * listener is in place before the write starts: a small body is written within the call.
   */
  private static ChannelProgressivePromise progressPromise(
      Channel channel, AsyncHandler<?> handler, NettyBody body) {
    ChannelProgressivePromise promise = channel.newProgressivePromise();
    if (!(handler instanceof ProgressAsyncHandler) || body.isInMemory()) {
      return promise;
    }
    ProgressAsyncHandler<?> progress = (ProgressAsyncHandler<?>) handler;
    long expected = body.getContentLength();
    promise
        .addListener(
            new ChannelProgressiveFutureListener() {
              // the channel's loop only
              private long reported;

              @Override
              public void operationProgressed(ChannelProgressiveFuture f, long done, long total) {
                if (done != reported) {
                  progress.onContentWriteProgress(done - reported, done, total < 0 ? expected : total);
                  reported = done;
                }
              }

              @Override
              public void operationComplete(ChannelProgressiveFuture f) {
                // the end of the body is reported by afterWrite
              }
            });
    return promise;
  }

  /**
   * After the last byte: the read timeout is armed; a {@link ProgressAsyncHandler} hears {@code
   * onContentWritten} for a streamed body only (not for a bodiless or in-memory request, as in
   * 3.0.11). With {@code reportHead}, the future is the head's and {@code onHeadersWritten} comes
   * first.
   */
  private void afterWrite(
      ChannelFuture f, Attempt attempt, Channel channel, @Nullable NettyBody body, boolean reportHead) {
    if (!f.isSuccess()) {
      writeFailed(attempt, channel, f.cause());
      return;
    }
    if (reportHead) {
      ((ProgressAsyncHandler<?>) attempt.handler()).onHeadersWritten();
    }
    if (body != null) {
      ChannelClosing.bodySending(channel, false);
    }
    ResponseHandler responses = ResponseHandler.of(channel);
    if (responses != null) {
      responses.onRequestWritten(attempt);
    }
    attempt.written();
    AsyncHandler<?> handler = attempt.handler();
    if (handler instanceof ProgressAsyncHandler && body != null && !body.isInMemory()) {
      ((ProgressAsyncHandler<?>) handler).onContentWritten();
    }
    attempt.armReadTimeout(channel.eventLoop());
  }

  /**
   * A write of {@code attempt}'s request failed: unless the read side reported the hop first (its
   * response handler was still bound to it), the channel is closed and the hop driver told. The
   * request was sent, at least in part; an HTTP/2 stream's own facts say more ({@link
   * CarrierFailures}).
   */
  private static void writeFailed(Attempt attempt, Channel channel, Throwable cause) {
    ResponseHandler responses = ResponseHandler.of(channel);
    if (responses != null && !responses.unbindIfBound(attempt)) {
      return; // the read side already reported this hop
    }
    ChannelClosing.close(channel);
    hopFailed(attempt, channel, cause, HopFailure.Stage.SENT);
  }

  private static void hopFailed(Attempt attempt, Channel channel, Throwable cause, HopFailure.Stage stage) {
    attempt.exchange().services().hopEnded(
        HopEnd.failed(CarrierFailures.of(attempt, channel, cause, stage).build()));
  }
}

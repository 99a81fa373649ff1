package org.asynchttpclient.netty.request;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.exception.ExchangeTimeoutException.Phase;
import org.asynchttpclient.handler.ProgressAsyncHandler;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.handler.ResponseHandler;
import org.asynchttpclient.netty.request.body.NettyBody;
import org.jetbrains.annotations.Nullable;

/**
 * Writes one hop's request on a channel that is connected (and past its TLS handshake), then arms
 * the read timeout once the last byte is flushed.
 */
public final class RequestWriter {

  /** Decides what happens when a write fails before any response arrived. */
  public interface FailurePolicy {
    void onWriteFailure(Attempt attempt, Channel channel, Throwable cause);
  }

  // immutable
  private final FailurePolicy failurePolicy;
  /** {@code deadlinePropagationHeader}, or null for none. */
  private final @Nullable String deadlineHeader;

  public RequestWriter(FailurePolicy failurePolicy, @Nullable String deadlineHeader) {
    this.failurePolicy = failurePolicy;
    this.deadlineHeader = deadlineHeader;
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
    attempt.phase(Phase.WRITING);
    if (deadlineHeader != null && ex.hasAbsoluteDeadline()) {
      // Measured now, just before the write: whole milliseconds, rounded down.
      request
          .getHttpRequest()
          .headers()
          .set(deadlineHeader, TimeUnit.NANOSECONDS.toMillis(ex.remainingNanos()));
    }
    ResponseHandler responses = channel.pipeline().get(ResponseHandler.class);
    responses.bind(channel, attempt, request.getHttpRequest());
    AsyncHandler<?> handler = ex.handler();
    handler.onRequestSend(request);
    ChannelFuture head = channel.write(request.getHttpRequest());
    if (handler instanceof ProgressAsyncHandler) {
      ProgressAsyncHandler<?> progress = (ProgressAsyncHandler<?>) handler;
      head.addListener(
          f -> {
            if (f.isSuccess()) {
              progress.onHeadersWritten();
            }
          });
    }
    NettyBody body = request.getBody();
    ChannelFuture last = head;
    if (body != null) {
      if (request.isExpectContinue()) {
        responses.onContinue(() -> writeBody(attempt, channel, body));
      } else {
        ChannelClosing.bodySending(channel, true);
        last = body.write(channel);
      }
    }
    channel.flush();
    if (body == null || !request.isExpectContinue()) {
      last.addListener(afterWrite(attempt, channel, body != null));
    } else {
      head.addListener(
          (ChannelFutureListener)
              f -> {
                if (!f.isSuccess()) {
                  failurePolicy.onWriteFailure(attempt, channel, f.cause());
                }
              });
    }
  }

  private void writeBody(Attempt attempt, Channel channel, NettyBody body) {
    ChannelClosing.bodySending(channel, true);
    ChannelFuture last = body.write(channel);
    channel.flush();
    last.addListener(afterWrite(attempt, channel, true));
  }

  private ChannelFutureListener afterWrite(Attempt attempt, Channel channel, boolean withBody) {
    return f -> {
      if (!f.isSuccess()) {
        failurePolicy.onWriteFailure(attempt, channel, f.cause());
        return;
      }
      if (withBody) {
        ChannelClosing.bodySending(channel, false);
      }
      ResponseHandler responses = channel.pipeline().get(ResponseHandler.class);
      if (responses != null) {
        responses.onRequestWritten(attempt);
      }
      attempt.written();
      AsyncHandler<?> handler = attempt.exchange().handler();
      if (handler instanceof ProgressAsyncHandler) {
        ((ProgressAsyncHandler<?>) handler).onContentWritten();
      }
      attempt.armReadTimeout(channel.eventLoop());
    };
  }
}

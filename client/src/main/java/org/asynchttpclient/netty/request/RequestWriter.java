package org.asynchttpclient.netty.request;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.handler.ProgressAsyncHandler;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.handler.ResponseHandler;
import org.asynchttpclient.netty.request.body.NettyBody;

/**
 * Writes one hop's request on a channel that is connected (and past its TLS handshake), then arms
 * the read timeout once the last byte is flushed.
 */
public final class RequestWriter {

  /** Decides what happens when a write fails before any response arrived. */
  public interface FailurePolicy {
    void onWriteFailure(Exchange<?> exchange, Channel channel, Throwable cause);
  }

  private final FailurePolicy failurePolicy;

  public RequestWriter(FailurePolicy failurePolicy) {
    this.failurePolicy = failurePolicy;
  }

  /**
   * Attaches the channel to the exchange, binds the response handler, and writes. Must run on the
   * channel's event loop.
   */
  public void write(Exchange<?> ex, Channel channel, NettyRequest request, long readTimeoutNanos) {
    assert channel.eventLoop().inEventLoop() : "write must run on the channel's event loop";
    if (!ex.attachChannel(channel) || !ex.checkBudget()) {
      return; // ended, or its whole budget is spent: nothing is written
    }
    ResponseHandler responses = channel.pipeline().get(ResponseHandler.class);
    responses.bind(channel, ex, request.getHttpRequest());
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
        responses.onContinue(() -> writeBody(ex, channel, body, readTimeoutNanos));
      } else {
        ChannelClosing.bodySending(channel, true);
        last = body.write(channel);
      }
    }
    channel.flush();
    if (body == null || !request.isExpectContinue()) {
      last.addListener(afterWrite(ex, channel, readTimeoutNanos, body != null));
    } else {
      head.addListener(
          (ChannelFutureListener)
              f -> {
                if (!f.isSuccess()) {
                  failurePolicy.onWriteFailure(ex, channel, f.cause());
                }
              });
    }
  }

  private void writeBody(Exchange<?> ex, Channel channel, NettyBody body, long readTimeoutNanos) {
    ChannelClosing.bodySending(channel, true);
    ChannelFuture last = body.write(channel);
    channel.flush();
    last.addListener(afterWrite(ex, channel, readTimeoutNanos, true));
  }

  private ChannelFutureListener afterWrite(
      Exchange<?> ex, Channel channel, long readTimeoutNanos, boolean withBody) {
    return f -> {
      if (!f.isSuccess()) {
        failurePolicy.onWriteFailure(ex, channel, f.cause());
        return;
      }
      if (withBody) {
        ChannelClosing.bodySending(channel, false);
      }
      ResponseHandler responses = channel.pipeline().get(ResponseHandler.class);
      if (responses != null) {
        responses.onRequestWritten(ex);
      }
      AsyncHandler<?> handler = ex.handler();
      if (handler instanceof ProgressAsyncHandler) {
        ((ProgressAsyncHandler<?>) handler).onContentWritten();
      }
      if (!ex.isDone() && readTimeoutNanos > 0) {
        ex.timeouts().armReadTimeout(readTimeoutNanos, channel.eventLoop());
      }
    };
  }
}

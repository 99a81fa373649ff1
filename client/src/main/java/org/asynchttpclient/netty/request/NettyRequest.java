package org.asynchttpclient.netty.request;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import org.asynchttpclient.netty.request.body.NettyBody;
import org.jetbrains.annotations.Nullable;

/**
 * One hop of a request as it goes on the wire: Netty's request head plus, when the request has one, the body.
 *
 * <p>How to write it: a request without a body has a {@link FullHttpRequest} head (empty content) and is complete
 * once the head is written. A request with a body has a plain {@link HttpRequest} head; write the head, then (after
 * the 100 response when {@link #isExpectContinue()}) call {@code getBody().write(channel)}, which ends the message.
 *
 * <p>Threads: the head is built before the request is handed to a channel and must not be changed once
 * {@link #markHandedToChannel()} returned true; the flag itself may be read from any thread.
 */
public final class NettyRequest {
  // Two flags updated in place: an AtomicBoolean each would be two more objects per request.
  private static final AtomicIntegerFieldUpdater<NettyRequest> HANDED_TO_CHANNEL =
      AtomicIntegerFieldUpdater.newUpdater(NettyRequest.class, "handedToChannel");
  private static final AtomicIntegerFieldUpdater<NettyRequest> HEAD_CONTENT_RELEASED =
      AtomicIntegerFieldUpdater.newUpdater(NettyRequest.class, "headContentReleased");

  // immutable
  private final HttpRequest httpRequest;
  private final @Nullable NettyBody body;
  // any thread, through the updaters: 0 until set once to 1
  private volatile int handedToChannel;
  private volatile int headContentReleased;

  /** A request without a body. */
  public NettyRequest(HttpRequest httpRequest) {
    this(httpRequest, null);
  }

  public NettyRequest(HttpRequest httpRequest, @Nullable NettyBody body) {
    this.httpRequest = httpRequest;
    this.body = body;
  }

  public HttpRequest getHttpRequest() {
    return httpRequest;
  }

  /** The body to write after the head, or null when the head is the whole request. */
  public @Nullable NettyBody getBody() {
    return body;
  }

  /** Whether the head asks for {@code Expect: 100-continue} and there is a body to hold back until the 100. */
  public boolean isExpectContinue() {
    return body != null
        && httpRequest.headers().containsValue(HttpHeaderNames.EXPECT, HttpHeaderValues.CONTINUE, true);
  }

  /**
   * Records that the request is being written on a channel. Returns true for the one caller that made the change,
   * false if it had already been handed over.
   */
  public boolean markHandedToChannel() {
    return HANDED_TO_CHANNEL.compareAndSet(this, 0, 1);
  }

  public boolean isHandedToChannel() {
    return handedToChannel == 1;
  }

  /**
   * Frees what the request still holds that no channel took over: the body source (a pre-built
   * buffer, a reactive subscription) and, once, the content of a {@link FullHttpRequest} head, as
   * 3.0.12 does (a head a channel already wrote, which the channel freed, is left alone). Safe to
   * call from any thread, more than once, including after the request was written.
   */
  public void release() {
    if (body != null) {
      body.release();
    }
    if (httpRequest instanceof FullHttpRequest && HEAD_CONTENT_RELEASED.compareAndSet(this, 0, 1)) {
      ByteBuf content = ((FullHttpRequest) httpRequest).content();
      if (content.refCnt() > 0) {
        content.release();
      }
    }
  }

  @Override
  public String toString() {
    return "NettyRequest{" + httpRequest.method() + " " + httpRequest.uri() + (body == null ? "" : ", with body") + "}";
  }
}

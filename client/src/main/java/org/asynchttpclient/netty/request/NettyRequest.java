package org.asynchttpclient.netty.request;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import org.asynchttpclient.channel.DefaultKeepAliveStrategy;
import org.asynchttpclient.channel.KeepAliveStrategy;
import org.asynchttpclient.netty.request.body.NettyBody;
import org.jetbrains.annotations.Nullable;

/**
 * One hop of a request as it goes on the wire: Netty's request head plus, when the request has one, the body.
 *
 * <p>How to write it: a request without a body has a {@link FullHttpRequest} head (empty content) and is complete
 * once the head is written. A request with a body has a plain {@link HttpRequest} head; write the head, then (after
 * the 100 response when {@link #isExpectContinue()}) call {@code getBody().write(channel)}, which ends the message.
 *
 * <p>A head made of the factory's own headers only ({@link OwnHead}) is built when something first
 * asks for it ({@link #getHttpRequest()}: {@code onRequestSend}, a user's keep-alive strategy, the
 * pipeline path); a request nobody asks goes out as bytes encoded from the {@link OwnHead} and
 * never builds Netty's header table.
 *
 * <p>Threads: the head is built before the request is handed to a channel and must not be changed
 * after the hand-over. A lazy head is built by the thread that first asks: the caller's before
 * the hand-over, the channel's loop after it, never two at once (the hand-over is a task queued to
 * the loop).
 */
public final class NettyRequest {
  // A flag updated in place: an AtomicBoolean would be one more object per request.
  private static final AtomicIntegerFieldUpdater<NettyRequest> HEAD_CONTENT_RELEASED =
      AtomicIntegerFieldUpdater.newUpdater(NettyRequest.class, "headContentReleased");

  /** What the default keep-alive strategy reads of an unbuilt own head; no header to change. */
  private static final HttpRequest KEEP_ALIVE_HEAD =
      new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/", EmptyHttpHeaders.INSTANCE);

  // immutable
  private final @Nullable OwnHead own;
  private final @Nullable NettyBody body;
  // the thread that asks first (see the class comment); volatile for release() from any thread
  private volatile @Nullable HttpRequest httpRequest;
  // any thread, through the updater: 0 until set once to 1
  private volatile int headContentReleased;

  /** A request without a body. */
  public NettyRequest(HttpRequest httpRequest) {
    this(httpRequest, null);
  }

  public NettyRequest(HttpRequest httpRequest, @Nullable NettyBody body) {
    this.httpRequest = httpRequest;
    this.own = null;
    this.body = body;
  }

  /** A bodiless request whose head is built from {@code own} when first asked for. */
  NettyRequest(OwnHead own) {
    this.httpRequest = null;
    this.own = own;
    this.body = null;
  }

  /** The head; a lazy one is built now, once, and is from then on the one written. */
  public HttpRequest getHttpRequest() {
    HttpRequest head = httpRequest;
    if (head == null) {
      head = Objects.requireNonNull(own, "a request without a head has its OwnHead").build();
      httpRequest = head;
    }
    return head;
  }

  /**
   * The head to hand {@code strategy}: {@link #getHttpRequest()}, except for exactly {@link
   * DefaultKeepAliveStrategy}, which reads of it only what {@code HttpUtil.isKeepAlive} reads. An
   * unbuilt own head of a client that keeps connections alive is HTTP/1.1 without a {@code
   * Connection} header, and that strategy gets a shared stand-in saying exactly that instead of
   * the head being built for it. A strategy of the user's (a subclass too) may read anything of
   * the head, and gets it.
   */
  public HttpRequest headFor(KeepAliveStrategy strategy) {
    OwnHead unbuilt = unbuiltOwnHead();
    return strategy.getClass() == DefaultKeepAliveStrategy.class
            && unbuilt != null
            && unbuilt.factory.keepsAlive()
        ? KEEP_ALIVE_HEAD
        : getHttpRequest();
  }

  /**
   * The head's inputs while nothing has asked for the head itself, else null: then the bytes to
   * write may be encoded from them, as no one can have changed the head.
   */
  @Nullable OwnHead unbuiltOwnHead() {
    return httpRequest == null ? own : null;
  }

  /**
   * The value of the credentials header {@code name} ({@code Authorization} or {@code
   * Proxy-Authorization}) the head carries, or null. An unbuilt own head carries no credentials
   * ({@link OwnHead}), so asking does not build it: every response asks (Digest's {@code rspauth}
   * check), and building the head would cost a header table per request for nothing.
   */
  public @Nullable String credentials(CharSequence name) {
    return unbuiltOwnHead() != null ? null : getHttpRequest().headers().get(name);
  }

  /** The body to write after the head, or null when the head is the whole request. */
  public @Nullable NettyBody getBody() {
    return body;
  }

  /** Whether the head asks for {@code Expect: 100-continue} and there is a body to hold back until the 100. */
  public boolean isExpectContinue() {
    return body != null
        && getHttpRequest().headers().containsValue(HttpHeaderNames.EXPECT, HttpHeaderValues.CONTINUE, true);
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
    // An unbuilt head has no content: the one it would build shares the empty buffer.
    HttpRequest head = httpRequest;
    if (head instanceof FullHttpRequest && HEAD_CONTENT_RELEASED.compareAndSet(this, 0, 1)) {
      ByteBuf content = ((FullHttpRequest) head).content();
      if (content.refCnt() > 0) {
        content.release();
      }
    }
  }

  @Override
  public String toString() {
    HttpRequest head = httpRequest;
    String line = head != null ? head.method() + " " + head.uri()
        : own != null ? own.method + " " + own.requestTarget : "?";
    return "NettyRequest{" + line + (body == null ? "" : ", with body") + "}";
  }
}

package org.asynchttpclient.netty.handler;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.cookie.ClientCookieDecoder;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.Request;
import org.asynchttpclient.cookie.CookieStore;
import org.asynchttpclient.netty.NettyResponseStatus;
import org.asynchttpclient.netty.exchange.Exchange;
import org.jetbrains.annotations.Nullable;

/**
 * Reads the response of the exchange currently bound to this channel and drives its {@link
 * AsyncHandler}: status, headers, body parts, trailers, then the exchange's completion with the
 * keep-alive decision. One instance per channel; a pooled channel is bound to one exchange at a
 * time.
 *
 * <p>Threads: every field is confined to the channel's event loop; {@link #bind} asserts it.
 */
public final class ResponseHandler extends ChannelInboundHandlerAdapter {

  /** What the handler tells its owner about channels and retries. */
  public interface Owner {
    /** The channel closed while idle in the pool. */
    void idleChannelClosed(Channel channel);

    /**
     * The connection failed before any response byte arrived. Returns true when the owner replays
     * the hop on a fresh connection (the exchange must then not be failed).
     */
    boolean retryBeforeResponse(Exchange<?> exchange, Throwable cause);

    /** Asks whether this response head starts another hop instead of going to the handler. */
    @Nullable Request nextHop(Exchange<?> exchange, org.asynchttpclient.HttpResponseStatus status,
        HttpHeaders headers) throws Exception;

    /**
     * The previous hop's response has been read to its end (keepAlive says whether its channel
     * may be pooled) or abandoned (keepAlive false): continue the exchange with {@code next}.
     */
    void continueWithHop(Exchange<?> exchange, Channel channel, boolean keepAlive, Request next);
  }

  // immutable
  private final AsyncHttpClientConfig config;
  private final Owner owner;

  // loop-confined
  private @Nullable Exchange<?> exchange;
  private @Nullable HttpRequest httpRequest;
  private @Nullable HttpResponse response;
  private @Nullable Runnable continueAction;
  private boolean responseStarted;
  /**
   * A final response came while the body still waited for {@code 100 Continue}: the body is never
   * sent, and the server may still be waiting for the bytes the head announced, so the connection
   * cannot carry another request.
   */
  private boolean bodyWithheld;
  /**
   * The bound exchange's request has been written to its end. A response that completes before
   * that (a server answering early, say 413 during an upload) leaves the rest of the body still
   * queued on the channel, so the channel cannot carry another request.
   */
  private boolean requestWritten;
  /** Set while the rest of a response is read and discarded before the next hop. */
  private @Nullable Request drainingFor;

  public ResponseHandler(AsyncHttpClientConfig config, Owner owner) {
    this.config = config;
    this.owner = owner;
  }

  /**
   * Binds the next exchange to this channel, before its request is written. Must run on the
   * channel's event loop.
   */
  public void bind(Channel channel, Exchange<?> next, HttpRequest request) {
    assert channel.eventLoop().inEventLoop() : "bind must run on the channel's event loop";
    this.exchange = next;
    this.httpRequest = request;
    this.response = null;
    this.continueAction = null;
    this.responseStarted = false;
    this.bodyWithheld = false;
    this.requestWritten = false;
    this.drainingFor = null;
  }

  /**
   * The last byte of {@code ex}'s request has been written. Must run on the channel's event loop;
   * ignored when {@code ex} is no longer the bound exchange.
   */
  public void onRequestWritten(Exchange<?> ex) {
    if (exchange == ex) {
      requestWritten = true;
    }
  }

  /** Work to run when the server answers {@code 100 Continue} (the request body). */
  public void onContinue(Runnable action) {
    this.continueAction = action;
  }

  /**
   * Unbinds {@code ex} if it is still the bound exchange, so that exactly one of the write
   * listener and the read side reports a failed hop. Must run on the channel's event loop.
   */
  public boolean unbindIfBound(Exchange<?> ex) {
    if (exchange != ex) {
      return false;
    }
    unbind();
    return true;
  }

  /** Whether any response bytes of the bound exchange have arrived. */
  public boolean responseStarted() {
    return responseStarted;
  }

  private void unbind() {
    exchange = null;
    httpRequest = null;
    response = null;
    continueAction = null;
    bodyWithheld = false;
    requestWritten = false;
    drainingFor = null;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    Exchange<?> ex = exchange;
    if (ex == null) {
      // Bytes nobody asked for: the connection's framing can no longer be trusted.
      ReferenceCountUtil.release(msg);
      ctx.close();
      return;
    }
    try {
      if (ex.isDone()) {
        return;
      }
      ex.touch();
      if (msg instanceof HttpResponse) {
        onResponse(ctx.channel(), ex, (HttpResponse) msg);
      }
      if (msg instanceof HttpContent && exchange == ex && response != null) {
        onContent(ctx.channel(), ex, (HttpContent) msg);
      }
    } catch (Throwable t) {
      unbind();
      ex.fail(t);
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  private void onResponse(Channel channel, Exchange<?> ex, HttpResponse res) throws Exception {
    DecoderResult result = res.decoderResult();
    if (result.isFailure()) {
      throw new IOException(
          "Invalid response from " + channel.remoteAddress() + ": " + result.cause(),
          result.cause());
    }
    int code = res.status().code();
    if (code == HttpResponseStatus.CONTINUE.code()) {
      Runnable action = continueAction;
      continueAction = null;
      if (action != null) {
        action.run();
      }
      return;
    }
    if (code >= 100 && code < 200 && code != HttpResponseStatus.SWITCHING_PROTOCOLS.code()) {
      return; // informational, the real response follows
    }
    responseStarted = true;
    response = res;
    if (continueAction != null) {
      continueAction = null;
      bodyWithheld = true;
    }
    Request request = ex.request();
    storeCookies(request, res.headers());
    NettyResponseStatus status = new NettyResponseStatus(request.getUri(), res, channel);
    Request next = owner.nextHop(ex, status, res.headers());
    if (next != null) {
      // Read this response to its end without telling the handler, then send the next hop.
      drainingFor = next;
      return;
    }
    // Read after nextHop: a response filter may have swapped the handler.
    AsyncHandler<?> handler = ex.handler();
    if (handler.onStatusReceived(status) == AsyncHandler.State.ABORT
        || handler.onHeadersReceived(res.headers()) == AsyncHandler.State.ABORT) {
      abortByHandler(ex);
    }
  }

  private void storeCookies(Request request, HttpHeaders headers) {
    CookieStore store = config.getCookieStore();
    if (store == null || !headers.contains(HttpHeaderNames.SET_COOKIE)) {
      return; // most responses set none: skip building an empty list for each
    }
    for (String value : headers.getAll(HttpHeaderNames.SET_COOKIE)) {
      Cookie cookie = ClientCookieDecoder.LAX.decode(value);
      if (cookie != null) {
        store.add(request.getUri(), cookie);
      }
    }
  }

  private void onContent(Channel channel, Exchange<?> ex, HttpContent content) throws Exception {
    DecoderResult result = content.decoderResult();
    if (result.isFailure()) {
      throw new IOException(
          "Invalid response body from " + channel.remoteAddress() + ": " + result.cause(),
          result.cause());
    }
    boolean last = content instanceof LastHttpContent;
    Request next = drainingFor;
    if (next != null) {
      if (last) {
        boolean keepAlive = keepAlive(channel, ex);
        unbind();
        owner.continueWithHop(ex, channel, keepAlive, next);
      }
      return;
    }
    ByteBuf buf = content.content();
    AsyncHandler<?> handler = ex.handler();
    if (buf.isReadable()) {
      HttpResponseBodyPart part =
          config.getResponseBodyPartFactory().newResponseBodyPart(buf, last);
      if (handler.onBodyPartReceived(part) == AsyncHandler.State.ABORT) {
        abortByHandler(ex);
        return;
      }
    }
    if (!last) {
      return;
    }
    HttpHeaders trailers = ((LastHttpContent) content).trailingHeaders();
    if (!trailers.isEmpty()
        && handler.onTrailingHeadersReceived(trailers) == AsyncHandler.State.ABORT) {
      abortByHandler(ex);
      return;
    }
    boolean keepAlive = keepAlive(channel, ex);
    unbind();
    ex.complete(keepAlive);
  }

  private boolean keepAlive(Channel channel, Exchange<?> ex) {
    HttpRequest req = httpRequest;
    HttpResponse res = response;
    if (req == null || res == null || bodyWithheld || !requestWritten || !config.isKeepAlive()) {
      return false;
    }
    SocketAddress remote = channel.remoteAddress();
    if (!(remote instanceof InetSocketAddress)) {
      return false;
    }
    return config
        .getKeepAliveStrategy()
        .keepAlive((InetSocketAddress) remote, ex.request(), req, res);
  }

  /** The handler said ABORT: stop reading, close the channel, complete with what it has. */
  private void abortByHandler(Exchange<?> ex) {
    unbind();
    ex.complete(false);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    Exchange<?> ex = exchange;
    boolean started = responseStarted;
    Request next = drainingFor;
    unbind();
    if (ex != null && next != null && !ex.isDone()) {
      // The discarded rest of a redirect or challenge was cut short: the next hop goes anyway.
      owner.continueWithHop(ex, ctx.channel(), false, next);
      super.channelInactive(ctx);
      return;
    }
    if (ex == null) {
      owner.idleChannelClosed(ctx.channel());
    } else if (!ex.isDone()) {
      IOException cause =
          new IOException(
              "Remotely closed: "
                  + ctx.channel().remoteAddress()
                  + " closed the connection before the response was complete");
      if (started || !owner.retryBeforeResponse(ex, cause)) {
        ex.fail(cause);
      }
    }
    super.channelInactive(ctx);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    Exchange<?> ex = exchange;
    boolean started = responseStarted;
    Request next = drainingFor;
    unbind();
    if (ex != null && next != null && !ex.isDone()) {
      ctx.close();
      owner.continueWithHop(ex, ctx.channel(), false, next);
      return;
    }
    if (ex != null && !ex.isDone()) {
      if (started || !(cause instanceof IOException) || !owner.retryBeforeResponse(ex, cause)) {
        ex.fail(cause);
      }
    }
    ctx.close();
  }
}

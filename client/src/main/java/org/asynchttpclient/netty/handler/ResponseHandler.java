package org.asynchttpclient.netty.handler;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.Request;
import org.asynchttpclient.channel.KeepAliveStrategy;
import org.asynchttpclient.exception.ChannelClosedException;
import org.asynchttpclient.netty.NettyResponseStatus;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.netty.carrier.CarrierFailures;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.channel.DecodedMessages;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.hop.HopCookies;
import org.asynchttpclient.netty.hop.HopDecider;
import org.asynchttpclient.netty.hop.HopEnd;
import org.asynchttpclient.netty.hop.HopFailure;
import org.asynchttpclient.netty.hop.Replays;
import org.asynchttpclient.netty.hop.NextHop;
import org.asynchttpclient.netty.request.HeadBuffer;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.netty.ws.WebSocketUpgrade;
import org.jetbrains.annotations.Nullable;

/**
 * Reads the response of the exchange currently bound to this channel and drives its {@link
 * AsyncHandler}: status, headers, body parts, trailers, then the exchange's completion with the
 * keep-alive decision. One instance per channel; a pooled channel is bound to one exchange at a
 * time. With a final response's head the handler also gets the body's {@link BodyFlowControl}
 * ({@code onResponseBodyStart}): while it is suspended, what is read is held there instead of
 * delivered, and it is detached whenever the reader unbinds.
 *
 * <p>Threads: every field is confined to the channel's event loop; {@link #bind} asserts it.
 */
public final class ResponseHandler extends ChannelInboundHandlerAdapter {

  /**
   * The response handler of {@code channel}'s pipeline, or null when it has none (a WebSocket or an
   * HTTP/2 connection). Looked up per request: it is the pipeline's last handler unless a user's
   * initializer added one after it, so the last one is tried before the walk a lookup by class is.
   */
  public static @Nullable ResponseHandler of(Channel channel) {
    ChannelHandler last = channel.pipeline().last();
    return last instanceof ResponseHandler
        ? (ResponseHandler) last
        : channel.pipeline().get(ResponseHandler.class);
  }

  // immutable
  private final AsyncHttpClientConfig config;
  private final HopDecider decider;
  /** Where an idle connection that closes is taken out of. */
  private final ChannelPool pool;

  // loop-confined
  /** The buffer this connection's request heads are encoded into, kept between requests. */
  private final HeadBuffer heads = new HeadBuffer();
  private @Nullable Attempt attempt;
  private @Nullable NettyRequest request;
  private @Nullable HttpResponse response;
  private @Nullable Runnable continueAction;
  private boolean responseStarted;
  /** A body part of the bound exchange reached its handler: a replay could no longer hide. */
  private boolean partDelivered;
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
  private @Nullable NextHop drainingFor;
  /**
   * The flow control handed to the handler with the final response's head, until the response
   * ends ({@link #unbind} detaches it). Null while no body of the bound attempt is being read.
   */
  private @Nullable BodyFlowControl body;
  /** A handler callback of the bound response is running (cancel() then waits for its return). */
  private boolean delivering;

  /**
   * {@code decider} is asked at each response head whether it starts another hop. The end of each
   * hop (read to its end before the next one, or failed) is reported to the hop driver through the
   * exchange's one door ({@link org.asynchttpclient.netty.exchange.ExchangeServices#hopEnded}).
   */
  public ResponseHandler(AsyncHttpClientConfig config, HopDecider decider, ChannelPool pool) {
    this.config = config;
    this.decider = decider;
    this.pool = pool;
  }

  /**
   * Binds the next attempt to this channel, before its request is written. Must run on the
   * channel's event loop.
   */
  public void bind(Channel channel, Attempt next, NettyRequest request) {
    assert channel.eventLoop().inEventLoop() : "bind must run on the channel's event loop";
    unbind();
    this.attempt = next;
    this.request = request;
    this.responseStarted = false;
    this.partDelivered = false;
  }

  /**
   * The last byte of {@code a}'s request has been written. Must run on the channel's event loop;
   * ignored when {@code a} is no longer the bound attempt.
   */
  public void onRequestWritten(Attempt a) {
    if (attempt == a) {
      requestWritten = true;
    }
  }

  /** The connection's head buffer. Must be used on the channel's event loop only. */
  public HeadBuffer heads() {
    return heads;
  }

  /** Work to run when the server answers {@code 100 Continue} (the request body). */
  public void onContinue(Runnable action) {
    this.continueAction = action;
  }

  /**
   * Unbinds {@code a} if it is still the bound attempt, so that exactly one of the write listener
   * and the read side reports a failed hop. Must run on the channel's event loop.
   */
  public boolean unbindIfBound(Attempt a) {
    if (attempt != a) {
      return false;
    }
    unbind();
    return true;
  }

  private void unbind() {
    attempt = null;
    request = null;
    response = null;
    continueAction = null;
    bodyWithheld = false;
    requestWritten = false;
    drainingFor = null;
    BodyFlowControl b = body;
    if (b != null) {
      body = null;
      b.detach();
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    Attempt a = attempt;
    if (a == null) {
      // Bytes nobody asked for: the connection's framing can no longer be trusted.
      DecodedMessages.release(msg);
      ChannelClosing.close(ctx.channel());
      return;
    }
    boolean held = false;
    try {
      if (a.isOver()) {
        return;
      }
      a.touch(); // pushes the read timeout back
      BodyFlowControl b = body;
      if (b != null && b.hold(msg)) {
        held = true; // the handler suspended the body: delivered on resume(), in order
        return;
      }
      deliver(ctx.channel(), a, msg);
    } catch (Throwable t) {
      unbind();
      a.fail(t); // a hedge that has not won is dropped; else the exchange fails
    } finally {
      if (!held) {
        DecodedMessages.release(msg);
      }
    }
  }

  /**
   * Hands {@code msg}, read while the body was suspended, to the handler now that it resumed.
   * Called by the body's flow control on the channel's loop; releases {@code msg}.
   */
  void deliverHeld(Channel channel, Attempt a, Object msg) {
    try {
      if (attempt == a && !a.isOver()) {
        deliver(channel, a, msg);
      }
    } catch (Throwable t) {
      unbind();
      a.fail(t); // a hedge that has not won is dropped; else the exchange fails
    } finally {
      DecodedMessages.release(msg);
    }
  }

  /** Whether a handler callback of the bound response is running. Loop only. */
  boolean delivering() {
    return delivering;
  }

  private void deliver(Channel channel, Attempt a, Object msg) throws Exception {
    int kind = DecodedMessages.kind(msg);
    boolean outer = delivering;
    delivering = true;
    try {
      if ((kind & DecodedMessages.RESPONSE) != 0) {
        onResponse(channel, a, DecodedMessages.response(msg));
      }
      if ((kind & DecodedMessages.CONTENT) != 0 && attempt == a && response != null) {
        onContent(channel, a, msg, (kind & DecodedMessages.LAST) != 0);
      }
    } finally {
      delivering = outer;
    }
    BodyFlowControl b = body;
    if (!outer && b != null && attempt == a) {
      b.callbackReturned();
    }
  }

  /**
   * The handler cancelled the body ({@code ResponseBodyControl.cancel()}): the exchange completes
   * normally with what the handler has. The connection is kept only when the body was read to its
   * end ({@code endRead}) and is reusable; else it is closed (a stream is reset). Loop only;
   * ignored when {@code a} is no longer the bound attempt.
   */
  void cancelBody(Channel channel, Attempt a, boolean endRead) {
    if (attempt != a || a.isOver()) {
      return;
    }
    complete(a, endRead && keepAlive(channel, a));
  }

  private void onResponse(Channel channel, Attempt a, HttpResponse res) throws Exception {
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
    if (!a.claimHead()) {
      // A hedged hop's other attempt had its head first: this one stops here, the handler hears
      // nothing of it, and the winner closes its carrier (G2).
      unbind();
      return;
    }
    responseStarted = true;
    response = res;
    if (continueAction != null) {
      continueAction = null;
      bodyWithheld = true;
    }
    Request request = a.request();
    a.responseStarted(code);
    HopCookies.store(config, request.getUri(), res.headers());
    NettyResponseStatus status = new NettyResponseStatus(request.getUri(), res, channel);
    NextHop next = decider.nextHop(a.exchange(), status, res.headers());
    if (next != null) {
      // Read this response to its end without telling the handler, then send the next hop.
      drainingFor = next;
      return;
    }
    // Read after nextHop: a response filter may have swapped the handler.
    // As in 3.0.11, a response without any header skips onHeadersReceived.
    AsyncHandler<?> handler = a.exchange().handler();
    if (WebSocketUpgrade.isUpgrade(handler)) {
      // The final answer to a WebSocket upgrade: the channel is switched over or closed.
      unbind();
      WebSocketUpgrade.onResponse(config, channel, a, res, status);
      return;
    }
    if (handler.onStatusReceived(status) == AsyncHandler.State.ABORT
        || (!res.headers().isEmpty()
            && handler.onHeadersReceived(res.headers()) == AsyncHandler.State.ABORT)) {
      complete(a, false);
      return;
    }
    // As in 3.0.14, every final response the handler hears gets a control, one without a body too.
    BodyFlowControl b = new BodyFlowControl(this, channel, a);
    body = b;
    if (handler.onResponseBodyStart(b) == AsyncHandler.State.ABORT) {
      complete(a, false);
    }
  }

  /** {@code msg} is a body part ({@link DecodedMessages#CONTENT}), the last one when {@code last}. */
  private void onContent(Channel channel, Attempt a, Object msg, boolean last) throws Exception {
    HttpContent content = DecodedMessages.content(msg);
    DecoderResult result = content.decoderResult();
    if (result.isFailure()) {
      throw new IOException(
          "Invalid response body from " + channel.remoteAddress() + ": " + result.cause(),
          result.cause());
    }
    NextHop next = drainingFor;
    if (next != null) {
      if (last) {
        boolean keepAlive = keepAlive(channel, a);
        unbind();
        a.exchange().services().hopEnded(HopEnd.followUp(a, channel, keepAlive, next));
      }
      return;
    }
    // The order of 3.0.11: the trailers, then the last part, which the handler hears even when
    // empty, so it always sees a part with isLast() true.
    AsyncHandler<?> handler = a.exchange().handler();
    if (last) {
      HttpHeaders trailers = DecodedMessages.last(msg).trailingHeaders();
      if (!trailers.isEmpty()
          && handler.onTrailingHeadersReceived(trailers) == AsyncHandler.State.ABORT) {
        complete(a, false);
        return;
      }
    }
    ByteBuf buf = content.content();
    if (buf.isReadable() || last) {
      partDelivered = true;
      HttpResponseBodyPart part =
          config.getResponseBodyPartFactory().newResponseBodyPart(buf, last);
      if (handler.onBodyPartReceived(part) == AsyncHandler.State.ABORT) {
        complete(a, false);
        return;
      }
    }
    if (last) {
      complete(a, keepAlive(channel, a));
    }
  }

  private boolean keepAlive(Channel channel, Attempt a) {
    NettyRequest req = request;
    HttpResponse res = response;
    if (req == null || res == null || bodyWithheld || !requestWritten || !config.isKeepAlive()) {
      return false;
    }
    SocketAddress remote = channel.remoteAddress();
    if (!(remote instanceof InetSocketAddress)) {
      return false;
    }
    KeepAliveStrategy strategy = config.getKeepAliveStrategy();
    return strategy.keepAlive((InetSocketAddress) remote, a.request(), req.headFor(strategy), res);
  }

  /**
   * Stops reading {@code a}'s response and completes its exchange with what the handler has; the channel may go back
   * to the pool only when {@code keepAlive} (never after the handler said ABORT: the channel is closed).
   */
  private void complete(Attempt a, boolean keepAlive) {
    unbind();
    a.exchange().complete(keepAlive);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    heads.release();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    heads.release();
    if (attempt == null) {
      pool.removeAll(ctx.channel()); // an idle pooled connection closed (the server's close, say)
    } else {
      // As in 3.0.11: IOException filters hear ChannelClosedException; over HTTP/1.1 the exchange
      // fails with RemotelyClosedException if it is not sent again.
      endBoundHop(ctx.channel(), ChannelClosedException.INSTANCE, true, false);
    }
    super.channelInactive(ctx);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    endBoundHop(ctx.channel(), cause, Replays.isConnectionLoss(cause), true);
  }

  /**
   * The channel closed ({@code connectionLost}) or failed with {@code cause}: unbinds the bound hop, closes the
   * channel when {@code close}, and reports the hop's end unless it is over. The discarded rest of a redirect or
   * challenge that was cut short lets the next hop go anyway; any other hop failed, at the stage it reached.
   */
  private void endBoundHop(Channel channel, Throwable cause, boolean connectionLost, boolean close) {
    Attempt a = attempt;
    HopFailure.Stage stage = stage();
    NextHop next = drainingFor;
    unbind();
    if (close) {
      ChannelClosing.close(channel);
    }
    if (a == null || a.isOver()) {
      return;
    }
    if (next != null) {
      a.exchange().services().hopEnded(HopEnd.followUp(a, channel, false, next));
      return;
    }
    HopFailure.Builder f = CarrierFailures.of(a, channel, cause, stage);
    if (!connectionLost) {
      f.clientsOwn();
    }
    a.exchange().services().hopEnded(HopEnd.failed(f.build()));
  }

  /** How far the bound hop got, as the replay decision reads it. */
  private HopFailure.Stage stage() {
    if (partDelivered) {
      return HopFailure.Stage.BODY_DELIVERED;
    }
    return responseStarted ? HopFailure.Stage.RESPONSE_STARTED : HopFailure.Stage.SENT;
  }
}

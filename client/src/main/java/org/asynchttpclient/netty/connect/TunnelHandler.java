package org.asynchttpclient.netty.connect;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Promise;
import java.io.IOException;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.jetbrains.annotations.Nullable;

/**
 * Reads the proxy's answer to a CONNECT and completes {@code done} with it, body included, once
 * the answer is complete; the connector then turns the channel into a tunnel, answers a 407, or
 * hands a refusal to the exchange's handler. Whoever gets the response releases it. Sits in front
 * of the client's response handler only while the CONNECT is in flight.
 *
 * <p>Loop-confined.
 */
final class TunnelHandler extends ChannelInboundHandlerAdapter {
  static final String NAME = "ahc-tunnel";
  /** A proxy's refusal is a short page; more than this is not a CONNECT answer worth holding. */
  static final int MAX_BODY = 1 << 20;

  private final Promise<FullHttpResponse> done;
  private @Nullable HttpResponse head;
  private @Nullable CompositeByteBuf body;

  TunnelHandler(Promise<FullHttpResponse> done) {
    this.done = done;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof HttpResponse) {
        head = (HttpResponse) msg;
        releaseBody();
        body = ctx.alloc().compositeBuffer();
      }
      CompositeByteBuf b = body;
      HttpResponse h = head;
      if (msg instanceof HttpContent && b != null && h != null) {
        ByteBuf content = ((HttpContent) msg).content();
        if (b.readableBytes() + content.readableBytes() > MAX_BODY) {
          releaseBody();
          done.tryFailure(new IOException("Proxy answered CONNECT with " + h.status().code()
              + " and a body over " + MAX_BODY + " bytes (expected a short answer)"));
          ChannelClosing.close(ctx.channel());
          return;
        }
        b.addComponent(true, content.retain());
        if (msg instanceof LastHttpContent) {
          body = null;
          FullHttpResponse full = new DefaultFullHttpResponse(h.protocolVersion(), h.status(), b,
              h.headers(), ((LastHttpContent) msg).trailingHeaders());
          if (!done.trySuccess(full)) {
            full.release();
          }
        }
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    releaseBody();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    releaseBody();
    done.tryFailure(new IOException("Proxy closed the connection during CONNECT"));
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    releaseBody();
    done.tryFailure(cause);
    ChannelClosing.close(ctx.channel());
  }

  private void releaseBody() {
    CompositeByteBuf b = body;
    body = null;
    if (b != null) {
      b.release();
    }
  }
}

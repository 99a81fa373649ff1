package org.asynchttpclient.netty.connect;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Promise;
import java.io.IOException;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.jetbrains.annotations.Nullable;

/**
 * Reads the proxy's answer to a CONNECT and completes {@code done} with its head (status and
 * headers, no content) once the answer is complete; the connector then turns the channel into a
 * tunnel, or answers a 407. Sits in front of the client's response handler only while the CONNECT
 * is in flight. Loop-confined.
 */
final class TunnelHandler extends ChannelInboundHandlerAdapter {
  static final String NAME = "ahc-tunnel";

  private final Promise<HttpResponse> done;
  private @Nullable HttpResponse head;

  TunnelHandler(Promise<HttpResponse> done) {
    this.done = done;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof HttpResponse) {
        HttpResponse r = (HttpResponse) msg;
        // A content-free copy: msg itself may be a full response whose content is released below.
        head = new DefaultHttpResponse(r.protocolVersion(), r.status(), r.headers());
      }
      if (msg instanceof LastHttpContent && head != null) {
        done.trySuccess(head);
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    done.tryFailure(new IOException("Proxy closed the connection during CONNECT"));
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    done.tryFailure(cause);
    ChannelClosing.close(ctx.channel());
  }
}

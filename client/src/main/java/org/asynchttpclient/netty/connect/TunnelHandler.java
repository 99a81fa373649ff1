package org.asynchttpclient.netty.connect;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Promise;
import java.io.IOException;

/**
 * Reads the proxy's answer to a CONNECT and completes {@code done} with its status code once the
 * answer is complete; the connector then turns the channel into a tunnel. Sits in front of the
 * client's response handler only while the CONNECT is in flight. Loop-confined.
 */
final class TunnelHandler extends ChannelInboundHandlerAdapter {
  static final String NAME = "ahc-tunnel";

  private final Promise<Integer> done;
  private int status = -1;

  TunnelHandler(Promise<Integer> done) {
    this.done = done;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof HttpResponse) {
        status = ((HttpResponse) msg).status().code();
      }
      if (msg instanceof LastHttpContent && status >= 0) {
        done.trySuccess(status);
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
    ctx.close();
  }
}

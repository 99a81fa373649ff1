package org.asynchttpclient.netty.ws;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.ReferenceCountUtil;

/**
 * The last handler of an upgraded channel: hands each frame to its {@link NettyWebSocket} and then
 * releases it, and turns the end of the connection and every exception (a frame the codec refused,
 * an I/O failure) into the socket's close. Anything that is not a frame (the empty end of the 101
 * response that the HTTP codec still emits) is released and ignored.
 *
 * <p>Being last, it is also the first to see a {@code channel.close()} (the client shutting down
 * closes every channel that way): the socket gets to say goodbye with a Close frame before the
 * close goes on. Closes the socket decided itself come through here too and pass unchanged.
 *
 * <p>Threads: runs on the channel's event loop.
 */
final class WebSocketFrameHandler extends ChannelDuplexHandler {
  static final String NAME = "ahc-ws";

  // immutable
  private final NettyWebSocket socket;
  private final CloseHandshake handshake;

  WebSocketFrameHandler(NettyWebSocket socket) {
    this.socket = socket;
    this.handshake = socket.handshake;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof WebSocketFrame) {
        socket.onFrame((WebSocketFrame) msg);
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    handshake.onTransportClosed();
    ctx.fireChannelInactive();
  }

  @Override
  public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
    handshake.onChannelClose(ctx, promise);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    handshake.onFailure(cause);
  }
}

package org.asynchttpclient.netty.h2;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.Http2FrameStreamException;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2PingFrame;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.util.ReferenceCountUtil;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sits on an HTTP/2 connection between the frame codec and the stream multiplexer and turns the
 * connection-level frames into the transitions of its {@link H2Connection}: the server's SETTINGS
 * (the preface, then limit changes), GOAWAY (drain), PING acknowledgements (liveness) and the
 * connection's end. It acts before the multiplexer passes a GOAWAY or the end on to the streams,
 * so a stream replayed because of it never finds this connection still taking new streams. Stream
 * frames and GOAWAY go on to the multiplexer; SETTINGS and PING frames stop here.
 *
 * <p>Threads: the connection's event loop.
 */
final class H2ConnectionHandler extends ChannelInboundHandlerAdapter {
  private static final Logger LOGGER = LoggerFactory.getLogger(H2ConnectionHandler.class);

  // immutable
  private final H2Connection connection;
  private final @Nullable H2Liveness liveness;

  H2ConnectionHandler(H2Connection connection, @Nullable H2Liveness liveness) {
    this.connection = connection;
    this.liveness = liveness;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (liveness != null) {
      liveness.onRead();
    }
    if (msg instanceof Http2SettingsFrame) {
      connection.partition.settings(
          connection, ((Http2SettingsFrame) msg).settings().maxConcurrentStreams());
      ReferenceCountUtil.release(msg);
      return;
    }
    if (msg instanceof Http2PingFrame) {
      Http2PingFrame ping = (Http2PingFrame) msg;
      if (ping.ack() && liveness != null) {
        liveness.onAck(ping.content());
      }
      ReferenceCountUtil.release(msg);
      return;
    }
    if (msg instanceof Http2GoAwayFrame) {
      Http2GoAwayFrame goAway = (Http2GoAwayFrame) msg;
      LOGGER.debug("GOAWAY (last stream {}, error {}) on {}", goAway.lastStreamId(),
          goAway.errorCode(), ctx.channel());
      connection.serverGoAwayLastStreamId = goAway.lastStreamId();
      connection.partition.serverGoAway(connection);
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    if (liveness != null) {
      liveness.stop();
    }
    connection.partition.closed(connection);
    super.channelInactive(ctx);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof Http2FrameStreamException) {
      // A stream error Netty's codec raised for one stream (a response header its decoder refuses,
      // say): the multiplexer behind this handler hands it to that stream, which fails its
      // request and resets. Kept here, the stream would wait for its request timeout.
      ctx.fireExceptionCaught(cause);
      return;
    }
    // Not a reason to close: Netty's codec answers a connection error itself (GOAWAY, then close),
    // a stream error ends only its stream, and an I/O error closes the channel anyway. What gets
    // here otherwise (a reset written for a stream a GOAWAY had already closed, say) must not
    // take the connection's other streams down.
    LOGGER.debug("HTTP/2 connection {}: {}", ctx.channel(), cause.toString());
    H2ConnectionCause.set(ctx.channel(), cause.toString());
  }
}

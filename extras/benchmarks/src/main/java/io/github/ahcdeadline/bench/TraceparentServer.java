package io.github.ahcdeadline.bench;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback server (127.0.0.1, ephemeral port) for {@link OtelAgentProbe} that records the trace
 * headers of every request it receives: HTTP/1.1 in clear, or HTTP/2 only over TLS (ALPN {@code
 * h2}, self-signed). It runs in the probe's own JVM, which has no agent, so it records no spans of
 * its own. {@code /redirect?req=N} answers 302 to {@code /hop?req=N&after=302}; every other path
 * answers 200.
 */
final class TraceparentServer implements AutoCloseable {
  /** One request as the server received it: its target and every traceparent value it carried. */
  static final class Received {
    final String uri;
    final List<String> traceparents;

    Received(String uri, List<String> traceparents) {
      this.uri = uri;
      this.traceparents = traceparents;
    }
  }

  // immutable
  private final boolean h2;
  private final EventLoopGroup group;
  private final Channel channel;
  // any thread
  private final List<Received> received = new CopyOnWriteArrayList<>();

  /** An HTTP/2 server over TLS when {@code h2}, else HTTP/1.1 in clear. */
  TraceparentServer(boolean h2) throws Exception {
    this.h2 = h2;
    SslContext tls = h2 ? LoopbackServer.h2ServerTls() : null;
    this.group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      this.channel =
          new ServerBootstrap()
              .group(group)
              .channel(NioServerSocketChannel.class)
              .childHandler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                      if (tls == null) {
                        ch.pipeline()
                            .addLast(new HttpServerCodec())
                            .addLast(new HttpObjectAggregator(64 * 1024))
                            .addLast(new Recorder());
                        return;
                      }
                      ch.pipeline()
                          .addLast(tls.newHandler(ch.alloc()))
                          .addLast(Http2FrameCodecBuilder.forServer().build())
                          .addLast(
                              new Http2MultiplexHandler(
                                  new ChannelInitializer<Channel>() {
                                    @Override
                                    protected void initChannel(Channel stream) {
                                      stream
                                          .pipeline()
                                          .addLast(new Http2StreamFrameToHttpObjectCodec(true))
                                          .addLast(new HttpObjectAggregator(64 * 1024))
                                          .addLast(new Recorder());
                                    }
                                  }));
                    }
                  })
              .bind("127.0.0.1", 0)
              .sync()
              .channel();
    } catch (Exception e) {
      group.shutdownGracefully();
      throw e;
    }
  }

  String baseUrl() {
    return (h2 ? "https" : "http")
        + "://127.0.0.1:"
        + ((InetSocketAddress) channel.localAddress()).getPort();
  }

  /** What was received since the last call, in arrival order; forgets it. */
  List<Received> drain() {
    List<Received> copy = new ArrayList<>(received);
    received.removeAll(copy);
    return copy;
  }

  @Override
  public void close() {
    channel.close().syncUninterruptibly();
    group.shutdownGracefully().syncUninterruptibly();
  }

  private final class Recorder extends SimpleChannelInboundHandler<FullHttpRequest> {
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      received.add(
          new Received(request.uri(), List.copyOf(request.headers().getAll("traceparent"))));
      FullHttpResponse response = respond(request);
      HttpUtil.setContentLength(response, response.content().readableBytes());
      // A stream has no connection to keep alive (and HTTP/2 forbids the Connection header).
      boolean keepAlive = h2 || HttpUtil.isKeepAlive(request);
      if (!h2) {
        HttpUtil.setKeepAlive(response, keepAlive);
      }
      ChannelFuture written = ctx.writeAndFlush(response);
      if (!keepAlive) {
        written.addListener(ChannelFutureListener.CLOSE);
      }
    }

    private FullHttpResponse respond(HttpRequest request) {
      if (request.uri().startsWith("/redirect?")) {
        FullHttpResponse moved =
            new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.FOUND, Unpooled.EMPTY_BUFFER);
        moved
            .headers()
            .set(HttpHeaderNames.LOCATION, "/hop?" + request.uri().substring("/redirect?".length())
                + "&after=302");
        return moved;
      }
      return new DefaultFullHttpResponse(
          HttpVersion.HTTP_1_1,
          HttpResponseStatus.OK,
          Unpooled.copiedBuffer("ok", StandardCharsets.US_ASCII));
    }
  }
}

package io.github.ahcdeadline.bench;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.LastHttpContent;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Child-JVM entry point of the "server ceiling": the least client work that still speaks HTTP/1.1.
 * A pre-encoded GET is written as raw bytes, responses are only parsed, and each connection keeps
 * {@code DEPTH} requests pipelined. CONNECTIONS x DEPTH is the number in flight.
 *
 * <p>Usage: {@code RawNettyThroughputMain URL CONNECTIONS DEPTH WARMUP_MS MEASURE_MS}.
 */
public final class RawNettyThroughputMain {
  private RawNettyThroughputMain() {}

  public static void main(String[] args) throws InterruptedException {
    if (args.length != 5) {
      throw new IllegalArgumentException(
          "arguments: " + args.length
              + " (expected URL CONNECTIONS DEPTH WARMUP_MS MEASURE_MS)");
    }
    URI uri = URI.create(args[0]);
    int connections = Integer.parseInt(args[1]);
    int depth = Integer.parseInt(args[2]);
    long warmup = Long.parseLong(args[3]);
    long measure = Long.parseLong(args[4]);
    ByteBuf request = encodedGet(uri);
    AtomicLong completed = new AtomicLong();
    AtomicLong errors = new AtomicLong();
    AtomicReference<String> firstError = new AtomicReference<>("");
    EventLoopGroup group =
        new MultiThreadIoEventLoopGroup(
            Runtime.getRuntime().availableProcessors(), NioIoHandler.newFactory());
    try {
      Bootstrap bootstrap =
          rawHttpBootstrap(
              group, ch -> new PipelinedGets(request, depth, completed, errors, firstError));
      List<Channel> channels = new ArrayList<>(connections);
      for (int i = 0; i < connections; i++) {
        channels.add(
            bootstrap.connect(new InetSocketAddress(uri.getHost(), uri.getPort())).sync().channel());
      }
      Meter.Window window = Meter.measure(completed::get, warmup, measure);
      for (Channel channel : channels) {
        channel.close().syncUninterruptibly();
      }
      System.out.println(window.resultLine(errors.get(), firstError.get()));
    } finally {
      group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  /**
   * A bootstrap of the raw clients: NIO, TCP_NODELAY, each connection an HTTP response decoder and
   * the handler {@code handlers} makes for it.
   */
  static Bootstrap rawHttpBootstrap(
      EventLoopGroup group, Function<SocketChannel, ? extends ChannelHandler> handlers) {
    return new Bootstrap()
        .group(group)
        .channel(NioSocketChannel.class)
        .option(ChannelOption.TCP_NODELAY, true)
        .handler(
            new ChannelInitializer<SocketChannel>() {
              @Override
              protected void initChannel(SocketChannel ch) {
                ch.pipeline().addLast(new HttpResponseDecoder(), handlers.apply(ch));
              }
            });
  }

  /**
   * The GET of {@code uri} as raw bytes, encoded once: each write sends a duplicate, so the raw
   * clients spend nothing on encoding. Unreleasable, as every write would otherwise release it.
   */
  static ByteBuf encodedGet(URI uri) {
    String requestText =
        "GET " + uri.getRawPath() + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
            + "\r\nAccept: */*\r\n\r\n";
    return Unpooled.unreleasableBuffer(
        Unpooled.directBuffer().writeBytes(requestText.getBytes(StandardCharsets.US_ASCII)));
  }

  /** Keeps {@code depth} GETs outstanding on its connection; runs on that connection's loop. */
  private static final class PipelinedGets extends SimpleChannelInboundHandler<HttpObject> {
    private final ByteBuf request;
    private final int depth;
    private final AtomicLong completed;
    private final AtomicLong errors;
    private final AtomicReference<String> firstError;

    PipelinedGets(
        ByteBuf request,
        int depth,
        AtomicLong completed,
        AtomicLong errors,
        AtomicReference<String> firstError) {
      this.request = request;
      this.depth = depth;
      this.completed = completed;
      this.errors = errors;
      this.firstError = firstError;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      // Void promises: a failed write surfaces in exceptionCaught.
      for (int i = 0; i < depth; i++) {
        ChannelFuture unused = ctx.write(request.duplicate(), ctx.voidPromise());
      }
      ctx.flush();
      ctx.fireChannelActive();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
      if (msg instanceof HttpResponse && ((HttpResponse) msg).status().code() != 200) {
        errors.incrementAndGet();
        firstError.compareAndSet("", "HTTP " + ((HttpResponse) msg).status());
      }
      if (msg instanceof LastHttpContent) {
        completed.incrementAndGet();
        ChannelFuture unused = ctx.writeAndFlush(request.duplicate(), ctx.voidPromise());
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      errors.incrementAndGet();
      firstError.compareAndSet("", cause.toString());
      ChannelFuture unused = ctx.close();
    }
  }
}

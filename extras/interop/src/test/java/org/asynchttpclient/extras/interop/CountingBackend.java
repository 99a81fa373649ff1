package org.asynchttpclient.extras.interop;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.annotations.Nullable;

/**
 * The HTTP/1.1 origin behind the servers under test, on 127.0.0.1 and a port of the OS's choice.
 * It counts each request it receives by the id the test puts in {@value #ID}, so a test can assert
 * that a POST reached it at most once, and answers {@code 200} with the body {@code "<method>
 * <id> <request body length>"}, keeping the connection open unless asked otherwise.
 *
 * <p>On demand, per request: {@value #DELAY} (milliseconds) answers late, as a slow backend; {@value
 * #CLOSE}{@code : after} answers with {@code Connection: close} and closes. A delayed request whose
 * connection the proxy closed before the answer is recorded as {@link #abandoned abandoned}: the
 * proxy gave the work up.
 *
 * <p>Threads: the backend's one event-loop thread handles connections; the counting maps are read
 * by the test thread.
 */
final class CountingBackend implements AutoCloseable {
  static final String ID = "X-Interop-Id";
  static final String DELAY = "X-Interop-Delay-Ms";
  static final String CLOSE = "X-Interop-Close";

  // immutable
  private final EventLoopGroup group;
  private final Channel listening;

  // any thread
  private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
  private final Map<String, Received> received = new ConcurrentHashMap<>();
  private final Map<String, CountDownLatch> abandoned = new ConcurrentHashMap<>();

  /** What arrived for one id. Written on the loop, read by the test. */
  static final class Received {
    final String method;
    final AtomicInteger count = new AtomicInteger();

    Received(String method) {
      this.method = method;
    }
  }

  CountingBackend() throws InterruptedException {
    group =
        new MultiThreadIoEventLoopGroup(
            1, new DefaultThreadFactory("interop-backend", true), NioIoHandler.newFactory());
    listening =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    connections.add(ch);
                    ch.pipeline()
                        .addLast(new HttpServerCodec())
                        .addLast(new HttpObjectAggregator(1 << 20))
                        .addLast(new Answer());
                  }
                })
            .bind("127.0.0.1", 0)
            .sync()
            .channel();
  }

  int port() {
    return ((InetSocketAddress) listening.localAddress()).getPort();
  }

  /** How many times a request with {@code id} arrived (0 if never). */
  int count(String id) {
    Received r = received.get(id);
    return r == null ? 0 : r.count.get();
  }

  /** Ids starting with {@code idPrefix} of requests of {@code method} that arrived more than once. */
  List<String> duplicates(String idPrefix, String method) {
    List<String> ids = new ArrayList<>();
    received.forEach(
        (id, r) -> {
          if (id.startsWith(idPrefix) && r.method.equals(method) && r.count.get() > 1) {
            ids.add(id + " x" + r.count.get());
          }
        });
    return ids;
  }

  /**
   * Whether the delayed request {@code id} was abandoned (its connection closed before the
   * answer) within {@code wait}.
   */
  boolean awaitAbandoned(String id, Duration wait) throws InterruptedException {
    return abandoned.computeIfAbsent(id, k -> new CountDownLatch(1)).await(wait.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    listening.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    connections.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
  }

  /** Counts, then answers now or later. Runs on the backend's loop. */
  private final class Answer extends SimpleChannelInboundHandler<FullHttpRequest> {
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      String id = String.valueOf(request.headers().get(ID));
      String method = request.method().name();
      received.computeIfAbsent(id, k -> new Received(method)).count.incrementAndGet();
      String text = method + " " + id + " " + request.content().readableBytes();
      boolean close = "after".equals(request.headers().get(CLOSE)) || !HttpUtil.isKeepAlive(request);
      long delay = parseDelay(request.headers().get(DELAY));
      if (delay <= 0) {
        answer(ctx.channel(), text, close);
        return;
      }
      Channel channel = ctx.channel();
      // both on this loop: whichever comes first, the answer or the close, decides
      AtomicBoolean settled = new AtomicBoolean();
      ScheduledFuture<?> unusedAnswer =
          channel
              .eventLoop()
              .schedule(
                  () -> {
                    if (settled.compareAndSet(false, true)) {
                      answer(channel, text, close);
                    }
                  },
                  delay,
                  TimeUnit.MILLISECONDS);
      ChannelFuture unusedAbandon =
          channel
              .closeFuture()
              .addListener(
                  f -> {
                    if (settled.compareAndSet(false, true)) {
                      abandoned.computeIfAbsent(id, k -> new CountDownLatch(1)).countDown();
                    }
                  });
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ChannelFuture unused = ctx.close();
    }
  }

  private static long parseDelay(@Nullable String value) {
    return value == null ? 0 : Long.parseLong(value);
  }

  private static void answer(Channel channel, String text, boolean close) {
    ByteBuf body = Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII);
    FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body);
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
    response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
    if (close) {
      response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    }
    ChannelFuture written = channel.writeAndFlush(response);
    if (close) {
      written.addListener(ChannelFutureListener.CLOSE);
    }
  }
}

package io.github.ahcdeadline.bench;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.NetUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.Future;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The loopback server of the hedging benchmark ({@link HedgeCompare}), HTTP/1.1 on 127.0.0.1 with
 * an ephemeral port, in the parent JVM:
 *
 * <ul>
 *   <li>{@code /tail}: 200 with a {@value #BODY_LENGTH}-byte body after a delay from {@link
 *       TailDelay}, scheduled on the connection's event loop (no thread sleeps).
 *   <li>{@code /flaky}: with probability {@value #RESET_PROBABILITY}, drawn per request, resets the
 *       connection (SO_LINGER 0, then close: the client reads an RST) once the request head is
 *       read, before any answer; otherwise 200 at once.
 *   <li>anything else: 404.
 * </ul>
 *
 * <p>Every request is counted as it arrives, so hedges and retries show up beside the exchanges
 * the client made. A request whose query has {@code warmup} behaves the same but is counted apart
 * ({@link Counts#warmupRequests}), so the parent reads the measured phase's counts without having
 * to synchronise with the child.
 */
final class HedgeServer implements AutoCloseable {
  /** Length of every 200 body, in bytes. */
  static final int BODY_LENGTH = 64;

  /** The fraction of {@code /flaky} requests that get their connection reset. */
  static final double RESET_PROBABILITY = 0.5;

  /** The query parameter that marks a warm-up request. */
  static final String WARMUP_PARAMETER = "warmup";

  private static final byte[] BODY = body();

  private final EventLoopGroup group;
  private final Channel serverChannel;
  private final Counters counters;

  /** What the server has counted since it started; subtract two with {@link #minus}. */
  static final class Counts {
    private final long tailRequests;
    private final long flakyRequests;
    private final long flakyResets;
    private final long flakyAnswers;
    private final long warmupRequests;

    Counts(long tailRequests, long flakyRequests, long flakyResets, long flakyAnswers,
        long warmupRequests) {
      this.tailRequests = tailRequests;
      this.flakyRequests = flakyRequests;
      this.flakyResets = flakyResets;
      this.flakyAnswers = flakyAnswers;
      this.warmupRequests = warmupRequests;
    }

    /** Measured requests to {@code /tail}, hedges included. */
    long tailRequests() {
      return tailRequests;
    }

    /** Measured requests to {@code /flaky}, retries included. */
    long flakyRequests() {
      return flakyRequests;
    }

    /** Of the measured {@code /flaky} requests, those whose connection was reset. */
    long flakyResets() {
      return flakyResets;
    }

    /** Of the measured {@code /flaky} requests, those answered 200. */
    long flakyAnswers() {
      return flakyAnswers;
    }

    /** Requests marked as warm-up, on any route. */
    long warmupRequests() {
      return warmupRequests;
    }

    /** The counts between {@code earlier} and this. */
    Counts minus(Counts earlier) {
      return new Counts(
          tailRequests - earlier.tailRequests,
          flakyRequests - earlier.flakyRequests,
          flakyResets - earlier.flakyResets,
          flakyAnswers - earlier.flakyAnswers,
          warmupRequests - earlier.warmupRequests);
    }
  }

  /** The live counters, shared by every connection. */
  private static final class Counters {
    final LongAdder tailRequests = new LongAdder();
    final LongAdder flakyRequests = new LongAdder();
    final LongAdder flakyResets = new LongAdder();
    final LongAdder flakyAnswers = new LongAdder();
    final LongAdder warmupRequests = new LongAdder();

    Counts snapshot() {
      return new Counts(tailRequests.sum(), flakyRequests.sum(), flakyResets.sum(),
          flakyAnswers.sum(), warmupRequests.sum());
    }
  }

  /** The random draws, one source per behaviour so that one route's traffic does not shift the other's. */
  private static final class Draws {
    final TailDelay tail;
    final SeededCoin reset;

    Draws(long seed) {
      tail = new TailDelay(seed);
      reset = new SeededCoin(seed + 1, RESET_PROBABILITY);
    }
  }

  private HedgeServer(EventLoopGroup group, Channel serverChannel, Counters counters) {
    this.group = group;
    this.serverChannel = serverChannel;
    this.counters = counters;
  }

  /**
   * Starts the server on 127.0.0.1.
   *
   * @param ioThreads event loops for the acceptor and the connections; 1 keeps the draws in
   *     arrival order, and the load (32 exchanges in flight) needs no more
   * @param seed the seed of the delays and resets
   */
  static HedgeServer start(int ioThreads, long seed) throws InterruptedException {
    Counters counters = new Counters();
    Draws draws = new Draws(seed);
    EventLoopGroup group =
        new MultiThreadIoEventLoopGroup(
            ioThreads, new DefaultThreadFactory("hedge-server"), NioIoHandler.newFactory());
    try {
      Channel channel =
          new ServerBootstrap()
              .group(group)
              .channel(NioServerSocketChannel.class)
              // every reset costs the client a new connection, and they come in bursts
              .option(ChannelOption.SO_BACKLOG, 4096)
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                      ch.pipeline().addLast(new HttpServerCodec(), new Handler(counters, draws));
                    }
                  })
              .bind(new InetSocketAddress(NetUtil.LOCALHOST4, 0))
              .sync()
              .channel();
      return new HedgeServer(group, channel, counters);
    } catch (InterruptedException | RuntimeException e) {
      group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly();
      throw e;
    }
  }

  /** {@code http://127.0.0.1:PORT} followed by {@code path}. */
  String url(String path) {
    return "http://127.0.0.1:" + ((InetSocketAddress) serverChannel.localAddress()).getPort() + path;
  }

  /** The counts so far. */
  Counts counts() {
    return counters.snapshot();
  }

  @Override
  public void close() {
    serverChannel.close().syncUninterruptibly();
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /**
   * One per connection, on its event loop only, so its fields need no synchronisation. Clients of
   * this benchmark do not pipeline, so a connection carries one request at a time.
   */
  private static final class Handler extends SimpleChannelInboundHandler<HttpObject> {
    private final Counters counters;
    private final Draws draws;
    private String route = "";
    private boolean keepAlive;
    // set once the connection is being reset: the rest of the request is dropped
    private boolean resetting;

    Handler(Counters counters, Draws draws) {
      this.counters = counters;
      this.draws = draws;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
      if (resetting) {
        return;
      }
      if (msg instanceof HttpRequest) {
        HttpRequest request = (HttpRequest) msg;
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        route = uri.path();
        keepAlive = HttpUtil.isKeepAlive(request);
        boolean warmup = uri.parameters().containsKey(WARMUP_PARAMETER);
        if (warmup) {
          counters.warmupRequests.increment();
        }
        if (route.equals("/tail") && !warmup) {
          counters.tailRequests.increment();
        }
        if (route.equals("/flaky")) {
          onFlakyHead(ctx, warmup);
          if (resetting) {
            return;
          }
        }
      }
      if (msg instanceof LastHttpContent) {
        respond(ctx);
      }
    }

    private void onFlakyHead(ChannelHandlerContext ctx, boolean warmup) {
      if (!warmup) {
        counters.flakyRequests.increment();
      }
      if (draws.reset.flip()) {
        if (!warmup) {
          counters.flakyResets.increment();
        }
        resetting = true;
        // SO_LINGER 0 turns the close into an RST: the client sees a reset, not an orderly close
        ctx.channel().config().setOption(ChannelOption.SO_LINGER, 0);
        ChannelFuture unused = ctx.close();
        return;
      }
      if (!warmup) {
        counters.flakyAnswers.increment();
      }
      // the answer goes out with the request's last content, as for every route
    }

    private void respond(ChannelHandlerContext ctx) {
      switch (route) {
        case "/tail":
          boolean keep = keepAlive;
          Future<?> unused =
              ctx.executor()
                  .schedule(
                      () -> {
                        // the client may have given up (a hedge lost, a timeout) meanwhile
                        if (ctx.channel().isActive()) {
                          ok(ctx, keep);
                        }
                      },
                      draws.tail.nextMillis(),
                      TimeUnit.MILLISECONDS);
          break;
        case "/flaky":
          ok(ctx, keepAlive);
          break;
        default:
          write(ctx, HttpResponseStatus.NOT_FOUND, new byte[0], keepAlive);
          break;
      }
    }

    private static void ok(ChannelHandlerContext ctx, boolean keepAlive) {
      write(ctx, HttpResponseStatus.OK, BODY, keepAlive);
    }

    private static void write(
        ChannelHandlerContext ctx, HttpResponseStatus status, byte[] body, boolean keepAlive) {
      FullHttpResponse response =
          new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
      response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
      response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
      if (keepAlive) {
        ChannelFuture unused = ctx.writeAndFlush(response, ctx.voidPromise());
      } else {
        response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ChannelFuture unused = ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      // Clients reset connections they give up on (a losing hedge, a timeout): expected here.
      ChannelFuture unused = ctx.close();
    }
  }

  private static byte[] body() {
    String text = "hedge-bench ".repeat(BODY_LENGTH / 12 + 1).substring(0, BODY_LENGTH - 1) + "\n";
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}

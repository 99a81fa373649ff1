package io.github.ahcdeadline.bench;

import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.pkitesting.CertificateBuilder;
import io.netty.pkitesting.X509Bundle;
import org.jetbrains.annotations.Nullable;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
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
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * A loopback HTTP/1.1 server for the benchmarks, bound to 127.0.0.1 on an ephemeral port.
 *
 * <p>Routes:
 *
 * <ul>
 *   <li>{@code /small}: 200 with a {@value #SMALL_BODY_LENGTH}-byte body, keep-alive.
 *   <li>{@code /never}: reads the request and never answers; the connection stays open until the
 *       client closes it.
 *   <li>{@code /redirect?n=K&delay=MS}: while {@code K > 0}, waits {@code MS} ms and answers 302 to
 *       {@code /redirect?n=K-1&delay=MS}; with {@code K == 0} answers 200 at once. So {@code n=2}
 *       takes two delayed hops before the final 200.
 *   <li>anything else: 404.
 * </ul>
 *
 * <p>Responses are written in request order per connection (only {@code /redirect} defers, and no
 * client pipelines it), so keep-alive and pipelining clients both work against {@code /small}.
 *
 * <p>{@link #usage()} tells how many requests the server answered and how much CPU its threads
 * used, so a benchmark can show what each request costs the server beside what it costs the client
 * (on a shared machine both come out of the same cores).
 */
public final class LoopbackServer implements AutoCloseable {

  /** Length of the {@code /small} response body, in bytes. */
  public static final int SMALL_BODY_LENGTH = 100;

  private static final int MAX_DELAY_MS = 60_000;

  private final EventLoopGroup group;
  private final Channel serverChannel;
  private final int port;
  private final List<Thread> threads;
  private final LongAdder answered;
  private final LongAdder accepted;
  private final String scheme;

  /** Requests answered and CPU used by the server's threads since it started. */
  public static final class Usage {
    final long requests;
    final long cpuNanos;
    final long connections;

    Usage(long requests, long cpuNanos, long connections) {
      this.requests = requests;
      this.cpuNanos = cpuNanos;
      this.connections = connections;
    }

    /** Connections the server accepted between {@code earlier} and this. */
    public long connectionsSince(Usage earlier) {
      return connections - earlier.connections;
    }

    /**
     * Server CPU microseconds per request answered between {@code earlier} and this, or NaN when
     * no request was answered or the JVM cannot measure thread CPU time.
     */
    public double cpuMicrosPerRequestSince(Usage earlier) {
      long requestsBetween = requests - earlier.requests;
      if (requestsBetween <= 0 || cpuNanos < 0 || earlier.cpuNanos < 0) {
        return Double.NaN;
      }
      return (cpuNanos - earlier.cpuNanos) / 1000.0 / requestsBetween;
    }
  }

  private LoopbackServer(
      EventLoopGroup group,
      Channel serverChannel,
      List<Thread> threads,
      LongAdder answered,
      LongAdder accepted,
      String scheme) {
    this.scheme = scheme;
    this.accepted = accepted;
    this.group = group;
    this.serverChannel = serverChannel;
    this.port = ((InetSocketAddress) serverChannel.localAddress()).getPort();
    this.threads = threads;
    this.answered = answered;
  }

  /**
   * Starts a server on 127.0.0.1 with an ephemeral port.
   *
   * @param ioThreads event loop threads shared by the acceptor and the connections (>= 1)
   */
  public static LoopbackServer start(int ioThreads) throws InterruptedException {
    return start(ioThreads, null);
  }

  /**
   * Serves until the JVM is killed: {@code LoopbackServer [IO_THREADS] [h2]} (default 2 threads,
   * HTTP/1.1; {@code h2}: HTTP/2 over TLS) prints its base URL as its first line (ab-jars.sh runs
   * it).
   */
  public static void main(String[] args) throws Exception {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
    boolean h2 = args.length > 1 && args[1].equals("h2");
    LoopbackServer server = h2 ? startH2(threads) : start(threads);
    System.out.println(server.url("/"));
    Thread.currentThread().join();
  }

  /**
   * Starts the same server speaking HTTP/2 over TLS (ALPN {@code h2}, a self-signed certificate for
   * 127.0.0.1 made here): each stream is answered by the same routes.
   */
  public static LoopbackServer startH2(int ioThreads) throws Exception {
    return start(ioThreads, h2ServerTls());
  }

  /** TLS for an h2-only server: ALPN {@code h2}, a self-signed certificate for 127.0.0.1. */
  static SslContext h2ServerTls() throws Exception {
    X509Bundle cert =
        new CertificateBuilder()
            .subject("CN=localhost")
            .addSanIpAddress("127.0.0.1")
            .setIsCertificateAuthority(true)
            .setKeyUsage(
                true, CertificateBuilder.KeyUsage.digitalSignature, CertificateBuilder.KeyUsage.keyCertSign)
            .addExtendedKeyUsageServerAuth()
            .ecp256()
            .buildSelfSigned();
    return SslContextBuilder.forServer(cert.toKeyManagerFactory())
        .applicationProtocolConfig(
            new ApplicationProtocolConfig(
                ApplicationProtocolConfig.Protocol.ALPN,
                ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                ApplicationProtocolNames.HTTP_2))
        .build();
  }

  private static LoopbackServer start(int ioThreads, @Nullable SslContext h2Tls)
      throws InterruptedException {
    if (ioThreads < 1) {
      throw new IllegalArgumentException("ioThreads: " + ioThreads + " (expected >= 1)");
    }
    List<Thread> threads = new CopyOnWriteArrayList<>();
    ThreadFactory named = new DefaultThreadFactory("loopback-server");
    ThreadFactory recording =
        r -> {
          Thread t = named.newThread(r);
          threads.add(t);
          return t;
        };
    LongAdder answered = new LongAdder();
    LongAdder accepted = new LongAdder();
    EventLoopGroup group =
        new MultiThreadIoEventLoopGroup(ioThreads, recording, NioIoHandler.newFactory());
    try {
      Channel channel =
          new ServerBootstrap()
              .group(group)
              .channel(NioServerSocketChannel.class)
              // A timeout burst opens thousands of connections at once; the kernel caps this at
              // net.core.somaxconn.
              .option(ChannelOption.SO_BACKLOG, 8192)
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                      accepted.increment();
                      if (h2Tls == null) {
                        ch.pipeline().addLast(new HttpServerCodec(), new RouteHandler(answered));
                        return;
                      }
                      ch.pipeline()
                          .addLast(h2Tls.newHandler(ch.alloc()))
                          .addLast(Http2FrameCodecBuilder.forServer().build())
                          .addLast(
                              new Http2MultiplexHandler(
                                  new ChannelInitializer<Channel>() {
                                    @Override
                                    protected void initChannel(Channel stream) {
                                      stream.pipeline()
                                          .addLast(new Http2StreamFrameToHttpObjectCodec(true))
                                          .addLast(new RouteHandler(answered));
                                    }
                                  }));
                    }
                  })
              .bind(new InetSocketAddress(NetUtil.LOCALHOST4, 0))
              .sync()
              .channel();
      return new LoopbackServer(
          group, channel, threads, answered, accepted, h2Tls == null ? "http" : "https");
    } catch (InterruptedException | RuntimeException e) {
      group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly();
      throw e;
    }
  }

  /** The bound port. */
  public int port() {
    return port;
  }

  /** {@code http://127.0.0.1:PORT} (https for HTTP/2) followed by {@code path}. */
  public String url(String path) {
    return scheme + "://127.0.0.1:" + port + path;
  }

  /**
   * Requests answered so far and the CPU time of the server's threads (-1 when the JVM does not
   * measure thread CPU time). A thread's time counts only while it is alive; the server's threads
   * live until {@link #close()}.
   */
  public Usage usage() {
    long requests = answered.sum();
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    if (!mx.isThreadCpuTimeSupported() || !mx.isThreadCpuTimeEnabled()) {
      return new Usage(requests, -1, accepted.sum());
    }
    long cpu = 0;
    for (Thread t : threads) {
      long nanos = mx.getThreadCpuTime(t.getId());
      if (nanos > 0) {
        cpu += nanos;
      }
    }
    return new Usage(requests, cpu, accepted.sum());
  }

  @Override
  public void close() {
    serverChannel.close().syncUninterruptibly();
    Future<?> done = group.shutdownGracefully(0, 2, TimeUnit.SECONDS);
    done.syncUninterruptibly();
  }

  /**
   * Per-connection route handler; runs on the connection's event loop only, so its fields need no
   * synchronisation.
   */
  private static final class RouteHandler extends SimpleChannelInboundHandler<HttpObject> {
    private static final byte[] SMALL_BODY = smallBody();

    private final LongAdder answered;

    /** Route of the request being read, decided at its head and acted on at its last content. */
    private String route = "";

    private boolean keepAlive;
    private Map<String, List<String>> query = Map.of();

    RouteHandler(LongAdder answered) {
      this.answered = answered;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
      if (msg instanceof HttpRequest) {
        HttpRequest request = (HttpRequest) msg;
        QueryStringDecoder decoder = new QueryStringDecoder(request.uri());
        route = decoder.path();
        query = decoder.parameters();
        keepAlive = HttpUtil.isKeepAlive(request);
      }
      if (msg instanceof LastHttpContent) {
        respond(ctx);
      }
    }

    private void respond(ChannelHandlerContext ctx) {
      answered.increment();
      switch (route) {
        case "/small":
          write(ctx, HttpResponseStatus.OK, Unpooled.wrappedBuffer(SMALL_BODY), null, keepAlive);
          break;
        case "/never":
          break;
        case "/redirect":
          redirect(ctx);
          break;
        default:
          write(ctx, HttpResponseStatus.NOT_FOUND, Unpooled.EMPTY_BUFFER, null, keepAlive);
          break;
      }
    }

    private void redirect(ChannelHandlerContext ctx) {
      int hops = intParam("n", 0, 0, 100);
      int delayMs = intParam("delay", 0, 0, MAX_DELAY_MS);
      boolean keep = keepAlive;
      if (hops == 0) {
        write(ctx, HttpResponseStatus.OK, Unpooled.wrappedBuffer(SMALL_BODY), null, keep);
        return;
      }
      String next = "/redirect?n=" + (hops - 1) + "&delay=" + delayMs;
      Future<?> unused =
          ctx.executor()
          .schedule(
              () -> {
                if (ctx.channel().isActive()) {
                  write(ctx, HttpResponseStatus.FOUND, Unpooled.EMPTY_BUFFER, next, keep);
                }
              },
              delayMs,
              TimeUnit.MILLISECONDS);
    }

    private int intParam(String name, int fallback, int min, int max) {
      List<String> values = query.get(name);
      if (values == null || values.isEmpty()) {
        return fallback;
      }
      try {
        return Math.max(min, Math.min(max, Integer.parseInt(values.get(0))));
      } catch (NumberFormatException e) {
        return fallback;
      }
    }

    private static void write(
        ChannelHandlerContext ctx,
        HttpResponseStatus status,
        ByteBuf body,
        String location,
        boolean keepAlive) {
      FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body);
      response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
      response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
      if (location != null) {
        response.headers().set(HttpHeaderNames.LOCATION, location);
      }
      // Write failures surface in exceptionCaught (void promise) or close the connection.
      if (keepAlive) {
        ChannelFuture unused = ctx.writeAndFlush(response, ctx.voidPromise());
      } else {
        response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ChannelFuture unused =
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      // Clients of /never reset their connections on timeout; that is expected, not an error.
      ChannelFuture unused = ctx.close();
    }

    private static byte[] smallBody() {
      StringBuilder body = new StringBuilder(SMALL_BODY_LENGTH);
      while (body.length() < SMALL_BODY_LENGTH - 1) {
        body.append("ahc-deadline ");
      }
      body.setLength(SMALL_BODY_LENGTH - 1);
      body.append('\n');
      return body.toString().getBytes(StandardCharsets.US_ASCII);
    }
  }
}

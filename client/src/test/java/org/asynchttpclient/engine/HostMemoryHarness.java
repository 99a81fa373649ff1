package org.asynchttpclient.engine;

import static org.asynchttpclient.Dsl.asyncHttpClient;
import static org.asynchttpclient.Dsl.config;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
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
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ObjectName;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.ClientStats;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.cookie.CookieStore;
import org.asynchttpclient.testing.Certificates;
import org.jetbrains.annotations.Nullable;

/**
 * Live heap per distinct host contacted: not a unit test, a main class run by hand.
 *
 * <p>It calls {@code hosts} distinct loopback hosts {@code 127.0.x.y} (Linux routes all of 127/8
 * to lo; the server binds {@code 0.0.0.0} on an ephemeral port, so it answers on every one of
 * them), one GET each, keep-alive, with a pool idle timeout of 1 s. With {@code --refuse-every N}
 * every N-th host is called on a port nobody listens on (a port the OS handed out and that was
 * closed again), so its connect is refused. At each checkpoint it waits until the client holds no
 * connection (the pool's idle timeout closed them), clears the cookie store, runs several full
 * GCs and prints the live heap (MemoryMXBean) and the classes whose live bytes grew most since the
 * previous checkpoint (the {@code GC.class_histogram} diagnostic command, as {@code jcmd} would).
 * At the end it reads the CPU time the client's timer thread (where the pool's idle sweep runs)
 * spends over 10 s with nothing left to sweep but what the client remembers of its hosts.
 *
 * <p>The server runs in the same JVM on a loop of its own; it keeps nothing per connection once
 * closed, so what grows between checkpoints is the client's. Requests are paced (at most {@code
 * --rate} per second, {@code --concurrency} in flight) so that the idle connections, each two
 * file descriptors while open, stay well inside the usual limit of open files.
 *
 * <p>Run (after {@code ./mvnw -B -ntp -q -pl client -am test-compile} and {@code ./mvnw -B -ntp -q
 * -pl client dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test}):
 *
 * <pre>
 * java -Xmx1g -Dio.netty.leakDetection.level=disabled \
 *   -cp client/target/classes:client/target/test-classes:$(cat /tmp/cp.txt) \
 *   org.asynchttpclient.engine.HostMemoryHarness [--hosts 60000] [--step 20000] \
 *   [--refuse-every 10] [--per-host-limit 0] [--rate 2500] [--concurrency 32] \
 *   [--tls true] [--ssl-session-cache 0]
 * </pre>
 *
 * {@code --per-host-limit N} sets {@code maxConnectionsPerHost} (the client then counts permits per
 * host); the default leaves it unlimited, as AHC's defaults do. {@code --tls true} calls {@code
 * https} (an HTTP/1.1 server: the client offers h2 by ALPN and each host's HTTP/2 partition learns
 * {@code http/1.1}); {@code --ssl-session-cache N} sets {@code sslSessionCacheSize} (0: the TLS
 * provider's default, which keeps sessions by host and port).
 */
public final class HostMemoryHarness {
  private HostMemoryHarness() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> opts = options(args);
    int hosts = Integer.parseInt(opts.getOrDefault("hosts", "60000"));
    int step = Integer.parseInt(opts.getOrDefault("step", "20000"));
    int refuseEvery = Integer.parseInt(opts.getOrDefault("refuse-every", "0"));
    int perHostLimit = Integer.parseInt(opts.getOrDefault("per-host-limit", "0"));
    int rate = Integer.parseInt(opts.getOrDefault("rate", "2500"));
    int concurrency = Integer.parseInt(opts.getOrDefault("concurrency", "32"));
    boolean tls = Boolean.parseBoolean(opts.getOrDefault("tls", "false"));
    int sessionCache = Integer.parseInt(opts.getOrDefault("ssl-session-cache", "0"));
    if (hosts > 65_000) {
      throw new IllegalArgumentException("hosts: " + hosts + " (expected at most 65000: 127.0.x.y)");
    }

    EventLoopGroup serverGroup =
        new MultiThreadIoEventLoopGroup(
            1, new DefaultThreadFactory("hostmem-server", true), NioIoHandler.newFactory());
    SslContext serverTls =
        tls ? Certificates.serverContext(Certificates.localhost()) : null;
    Channel server = startServer(serverGroup, serverTls);
    int port = ((java.net.InetSocketAddress) server.localAddress()).getPort();
    int deadPort = unusedPort();

    DefaultAsyncHttpClientConfig.Builder b =
        config()
            .setThreadPoolName("hostmem")
            .setPooledConnectionIdleTimeout(Duration.ofSeconds(1))
            .setRequestTimeout(Duration.ofSeconds(10))
            .setMaxRequestRetry(0);
    if (tls) {
      // the server's certificate names 127.0.0.1 only: trust it for every 127.0.x.y
      b.setUseInsecureTrustManager(true)
          .setDisableHttpsEndpointIdentificationAlgorithm(true)
          .setSslSessionCacheSize(sessionCache);
    }
    if (perHostLimit > 0) {
      b.setMaxConnectionsPerHost(perHostLimit);
    }
    System.out.printf(
        Locale.ROOT,
        "hosts %d, step %d, refuse every %s, per-host limit %s, rate %d/s, concurrency %d, %s%n",
        hosts, step, refuseEvery > 0 ? refuseEvery : "none", perHostLimit > 0 ? perHostLimit : "none",
        rate, concurrency,
        tls ? "https (HTTP/1.1 server; sslSessionCacheSize " + sessionCache + ")" : "http");
    String scheme = tls ? "https://" : "http://";
    try (AsyncHttpClient client = asyncHttpClient(b)) {
      // Warm-up on 127.0.0.1 (outside the hosts counted): classes loaded, caches made.
      for (int i = 0; i < 1000; i++) {
        client.prepareGet(scheme + "127.0.0.1:" + port + "/").execute().get();
      }
      client.prepareGet(scheme + "127.0.0.1:" + deadPort + "/").execute().toCompletableFuture()
          .handle((r, t) -> null).get();
      long baseline = settle(client);
      System.out.printf(Locale.ROOT, "%6d hosts: live heap %,d bytes%n", 0, baseline);
      Map<String, long[]> before = histogram();
      long previousHeap = baseline;
      int previousHosts = 0;
      AtomicLong ok = new AtomicLong();
      AtomicLong failed = new AtomicLong();
      Semaphore inFlight = new Semaphore(concurrency);
      long intervalNanos = TimeUnit.SECONDS.toNanos(1) / rate;
      long next = System.nanoTime();
      for (int i = 0; i < hosts; i++) {
        next += intervalNanos;
        long wait = next - System.nanoTime();
        if (wait > 0) {
          TimeUnit.NANOSECONDS.sleep(wait);
        }
        inFlight.acquire();
        boolean refused = refuseEvery > 0 && i % refuseEvery == refuseEvery - 1;
        String url = scheme + host(i) + ":" + (refused ? deadPort : port) + "/";
        client
            .prepareGet(url)
            .execute()
            .toCompletableFuture()
            .whenComplete(
                (r, t) -> {
                  (t == null && r.getStatusCode() == 200 ? ok : failed).incrementAndGet();
                  inFlight.release();
                });
        if ((i + 1) % step == 0 || i + 1 == hosts) {
          inFlight.acquire(concurrency);
          inFlight.release(concurrency);
          long heap = settle(client);
          int n = i + 1;
          System.out.printf(
              Locale.ROOT,
              "%6d hosts: live heap %,d bytes (%+,d since %d hosts: %.1f bytes per host); ok %d,"
                  + " failed %d%n",
              n, heap, heap - previousHeap, previousHosts,
              (heap - previousHeap) / (double) (n - previousHosts), ok.get(), failed.get());
          Map<String, long[]> after = histogram();
          long liveNow = total(after);
          System.out.printf(
              Locale.ROOT,
              "        class histogram: %,d live bytes (%+,d: %.1f bytes per host)%n",
              liveNow, liveNow - total(before), (liveNow - total(before)) / (double) (n - previousHosts));
          printGrowth(before, after, n - previousHosts);
          before = after;
          previousHeap = heap;
          previousHosts = n;
        }
      }
      timerCpu(client);
    } finally {
      server.close().sync();
      serverGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }
  }

  /** 127.0.x.y for host {@code i}, past 127.0.0.0/24. */
  static String host(int i) {
    int n = i + 256;
    return "127.0." + ((n >> 8) & 0xff) + "." + (n & 0xff);
  }

  private static Channel startServer(EventLoopGroup group, @Nullable SslContext tls)
      throws InterruptedException {
    return new ServerBootstrap()
        .group(group)
        .channel(NioServerSocketChannel.class)
        .childHandler(
            new ChannelInitializer<SocketChannel>() {
              @Override
              protected void initChannel(SocketChannel ch) {
                if (tls != null) {
                  ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                }
                ch.pipeline()
                    .addLast(new HttpServerCodec(), new HttpObjectAggregator(1024), new Answer());
              }
            })
        .bind("0.0.0.0", 0)
        .sync()
        .channel();
  }

  /** 200 "ok" on the same connection, kept alive. */
  private static final class Answer extends SimpleChannelInboundHandler<FullHttpRequest> {
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
      FullHttpResponse res =
          new DefaultFullHttpResponse(
              HttpVersion.HTTP_1_1,
              HttpResponseStatus.OK,
              Unpooled.wrappedBuffer("ok".getBytes(StandardCharsets.US_ASCII)));
      res.headers().set(HttpHeaderNames.CONTENT_LENGTH, 2);
      ctx.writeAndFlush(res);
    }
  }

  private static int unusedPort() throws java.io.IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /**
   * Waits until the client holds no connection (at most 30 s), clears the cookie store, and
   * returns the heap used after several full GCs.
   */
  private static long settle(AsyncHttpClient client) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    ClientStats stats;
    while ((stats = client.getClientStats()).getTotalConnectionCount() > 0
        && System.nanoTime() < deadline) {
      TimeUnit.MILLISECONDS.sleep(200);
    }
    if (stats.getTotalConnectionCount() > 0) {
      System.out.println("  (still " + stats.getTotalConnectionCount() + " connections after 30 s)");
    }
    TimeUnit.MILLISECONDS.sleep(500); // the server's side of the last closes
    CookieStore cookies = client.getConfig().getCookieStore();
    if (cookies != null) {
      cookies.clear();
    }
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      System.gc();
      TimeUnit.MILLISECONDS.sleep(100);
      used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return used;
  }

  /** Class name to {instances, bytes}, as {@code jcmd <pid> GC.class_histogram} prints it. */
  private static Map<String, long[]> histogram() throws Exception {
    String text =
        (String)
            ManagementFactory.getPlatformMBeanServer()
                .invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "gcClassHistogram",
                    new Object[] {null},
                    new String[] {String[].class.getName()});
    Map<String, long[]> classes = new HashMap<>();
    for (String line : text.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length >= 4 && f[0].endsWith(":")) {
        classes.put(f[3], new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
      }
    }
    return classes;
  }

  private static long total(Map<String, long[]> histogram) {
    long bytes = 0;
    for (long[] c : histogram.values()) {
      bytes += c[1];
    }
    return bytes;
  }

  private static void printGrowth(Map<String, long[]> before, Map<String, long[]> after, int hosts) {
    List<Map.Entry<String, long[]>> grown = new ArrayList<>();
    for (Map.Entry<String, long[]> e : after.entrySet()) {
      long[] was = before.getOrDefault(e.getKey(), new long[2]);
      long[] d = {e.getValue()[0] - was[0], e.getValue()[1] - was[1]};
      if (d[1] > 0) {
        grown.add(Map.entry(e.getKey(), d));
      }
    }
    grown.sort((x, y) -> Long.compare(y.getValue()[1], x.getValue()[1]));
    for (Map.Entry<String, long[]> e : grown.subList(0, Math.min(8, grown.size()))) {
      System.out.printf(
          Locale.ROOT,
          "    %+9d instances %+,12d bytes (%.1f per host)  %s%n",
          e.getValue()[0], e.getValue()[1], e.getValue()[1] / (double) hosts, e.getKey());
    }
  }

  /** CPU time of the client's timer thread (the pool's idle sweep) over 10 s, nothing in flight. */
  private static void timerCpu(AsyncHttpClient client) throws InterruptedException {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long timerId = -1;
    for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
      if (t != null && t.getThreadName().startsWith("hostmem-timer")) {
        timerId = t.getThreadId();
      }
    }
    if (timerId < 0) {
      System.out.println("no timer thread named hostmem-timer*");
      return;
    }
    long cpu0 = threads.getThreadCpuTime(timerId);
    long t0 = System.nanoTime();
    TimeUnit.SECONDS.sleep(10);
    long cpu = threads.getThreadCpuTime(timerId) - cpu0;
    long wall = System.nanoTime() - t0;
    System.out.printf(
        Locale.ROOT,
        "timer thread CPU over %.1f s, pool empty: %.1f ms (%.2f%% of a core); %d connections open%n",
        wall / 1e9, cpu / 1e6, 100.0 * cpu / wall, client.getClientStats().getTotalConnectionCount());
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> opts = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!args[i].startsWith("--")) {
        throw new IllegalArgumentException("option " + args[i] + " (expected --name value)");
      }
      opts.put(args[i].substring(2), args[i + 1]);
    }
    return opts;
  }
}

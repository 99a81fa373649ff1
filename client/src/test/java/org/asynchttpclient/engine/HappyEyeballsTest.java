package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.socksx.v4.DefaultSocks4CommandResponse;
import io.netty.handler.codec.socksx.v4.Socks4CommandRequest;
import io.netty.handler.codec.socksx.v4.Socks4CommandStatus;
import io.netty.handler.codec.socksx.v4.Socks4ServerDecoder;
import io.netty.handler.codec.socksx.v4.Socks4ServerEncoder;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.HttpProtocol;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.exception.RequestTimeoutException;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyType;
import org.asynchttpclient.testing.AddressListResolver;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.BlackHole;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.testing.TunnelAnswer;
import org.asynchttpclient.testing.WsRecorder;
import org.asynchttpclient.testing.WsTestServer;
import org.asynchttpclient.ws.WebSocketUpgradeHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Happy Eyeballs ({@code connectionAttemptDelay}) against a host whose addresses are 127.0.0.x on
 * one port: 127.0.0.1 a server, 127.0.0.2 and 127.0.0.3 black holes (SYNs dropped). Every channel
 * the client opens is recorded (its additional channel initializer), so a test sees that attempts
 * which lost, or outlived their hop, are closed (the connect timeout is 30 s: nothing else would
 * close an attempt on a black hole within a test).
 */
class HappyEyeballsTest {
  private TestServer server;
  private BlackHole hole2;
  private BlackHole hole3;
  private final List<Channel> opened = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws Exception {
    server = new TestServer();
    server.route("/hello", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "hi"));
    hole2 = BlackHole.on("127.0.0.2", server.port());
    hole3 = BlackHole.on("127.0.0.3", server.port());
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
    hole2.close();
    hole3.close();
  }

  private DefaultAsyncHttpClientConfig.Builder config(Duration attemptDelay) {
    // A connect timeout far longer than any wait below: only the client's race closes an attempt
    // on a black hole within a test. The tests' bound of 5 s sits far below it and far above a
    // loaded 2-core machine's first TLS request (1.2 s seen with other builds running).
    return ClientFixture.config()
        .setConnectTimeout(Duration.ofSeconds(30))
        .setConnectionAttemptDelay(attemptDelay)
        .setHttpAdditionalChannelInitializer(opened::add);
  }

  private String url() {
    return "http://multi.test:" + server.port() + "/hello";
  }

  private static InetSocketAddress at(String ip, int port) {
    return new InetSocketAddress(ip, port);
  }

  private void awaitAllClosed() {
    Await.until(
        () -> opened.stream().noneMatch(Channel::isOpen),
        Duration.ofSeconds(2),
        () -> "attempts still open: " + opened);
  }

  @Test
  void aBlackHoledFirstAddressCostsOneAttemptDelayNotTheConnectTimeout() throws Exception {
    AddressListResolver resolver = new AddressListResolver("127.0.0.2", "127.0.0.1");
    RecordingHandler h = new RecordingHandler();
    try (DefaultAsyncHttpClient client = ClientFixture.client(config(Duration.ofMillis(100)))) {
      long start = System.nanoTime();
      Response r = client.prepareGet(url()).setNameResolver(resolver).execute(h).get(10, TimeUnit.SECONDS);
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertEquals(200, r.getStatusCode());
      assertTrue(ms >= 90 && ms < 5000, "took " + ms + " ms");
      int p = server.port();
      assertTrue(
          h.events()
              .containsAll(
                  List.of(
                      "connectAttempt:" + at("127.0.0.2", p),
                      "connectAttempt:" + at("127.0.0.1", p),
                      "connectSuccess:" + at("127.0.0.1", p))),
          h.events().toString());
      assertFalse(h.names().stream().anyMatch(n -> n.startsWith("connectFailure")), h.events().toString());
      assertEquals(2, opened.size(), opened.toString());
      // The loser, still waiting on the black hole, is closed at once; the winner is pooled.
      Await.until(() -> !opened.get(0).isOpen(), Duration.ofSeconds(2), () -> "loser still open");
      assertTrue(opened.get(1).isOpen());
      assertEquals(1, client.getClientStats().getTotalIdleConnectionCount());
    }
  }

  @Test
  void withoutADelayTheDeadAddressCostsTheConnectTimeoutAs3011Does() throws Exception {
    AddressListResolver resolver = new AddressListResolver("127.0.0.2", "127.0.0.1");
    RecordingHandler h = new RecordingHandler();
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(config(Duration.ZERO).setConnectTimeout(Duration.ofMillis(600)))) {
      long start = System.nanoTime();
      Response r = client.prepareGet(url()).setNameResolver(resolver).execute(h).get(10, TimeUnit.SECONDS);
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertEquals(200, r.getStatusCode());
      assertTrue(ms >= 550, "took " + ms + " ms: the dead address should have cost its connect timeout");
      int p = server.port();
      assertEquals(
          List.of(
              "connectAttempt:" + at("127.0.0.2", p),
              "connectFailure:" + at("127.0.0.2", p),
              "connectAttempt:" + at("127.0.0.1", p),
              "connectSuccess:" + at("127.0.0.1", p)),
          h.events().stream().filter(n -> n.startsWith("connect")).collect(Collectors.toList()));
    }
  }

  @Test
  void allAddressesBlackHoledTimeOutAtTheBudgetNamingThemAndLeaveNothingBehind() throws Exception {
    AddressListResolver resolver = new AddressListResolver("127.0.0.2", "127.0.0.3");
    RecordingHandler h = new RecordingHandler();
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            config(Duration.ofMillis(50))
                .setTypedTimeoutExceptions(true)
                .setRequestTimeout(Duration.ofMillis(400))
                .setMaxConnections(1)
                .setMaxConnectionsPerHost(1))) {
      long start = System.nanoTime();
      ExecutionException e =
          Await.failed(client.prepareGet(url()).setNameResolver(resolver).execute(h), 10);
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      RequestTimeoutException t = assertInstanceOf(RequestTimeoutException.class, e.getCause());
      assertTrue(ms >= 350 && ms < 3000, "failed after " + ms + " ms");
      assertEquals(ExchangeTimeoutException.Phase.CONNECTING, t.getPhase());
      int p = server.port();
      assertEquals(List.of(at("127.0.0.2", p), at("127.0.0.3", p)), t.getAddressesTried());
      assertTrue(t.getMessage().startsWith("Request timeout to multi.test:" + p + " after 400 ms"), t.getMessage());
      assertTrue(t.getMessage().contains("connecting to [" + at("127.0.0.2", p)), t.getMessage());
      assertEquals(2, opened.size(), opened.toString());
      awaitAllClosed();
      // The permit came back: under one connection in all, the next request gets it.
      Response ok = client.prepareGet(server.url("/hello")).execute().get(10, TimeUnit.SECONDS);
      assertEquals(200, ok.getStatusCode());
    }
  }

  @Test
  void whenBothAttemptsConnectExactlyOneCarriesTheRequestAndTheOtherIsClosed() throws Exception {
    AddressListResolver resolver = new AddressListResolver("127.0.0.2", "127.0.0.3");
    RecordingHandler h = new RecordingHandler();
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    CountDownLatch unblock = new CountDownLatch(1);
    Socket s2 = null;
    Socket s3 = null;
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(config(Duration.ofMillis(10)).setEventLoopGroup(group))) {
      Future<Response> f = client.prepareGet(url()).setNameResolver(resolver).execute(h);
      Await.until(
          () -> h.names().stream().filter(n -> n.startsWith("connectAttempt")).count() == 2,
          Duration.ofSeconds(5),
          () -> "both attempts started: " + h.events());
      // Hold the client's only loop while both connects complete in the kernel (each SYN is
      // retransmitted about 1 s after the first, and the holes now let it through): the loop then
      // finds both connected at once, and the race must pick one.
      group.next().execute(() -> {
        try {
          unblock.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      hole2.open();
      hole3.open();
      s2 = hole2.accept(5000);
      s3 = hole3.accept(5000);
      assertNotNull(s2, "the attempt to 127.0.0.2 should have connected");
      assertNotNull(s3, "the attempt to 127.0.0.3 should have connected");
      unblock.countDown();
      Socket winner = null;
      int closed = 0;
      for (Socket s : new Socket[] {s2, s3}) {
        s.setSoTimeout(5000);
        int first = s.getInputStream().read();
        if (first < 0) {
          closed++;
        } else {
          assertEquals(null, winner, "both attempts received the request");
          winner = s;
        }
      }
      assertEquals(1, closed, "the losing attempt is closed at once");
      assertNotNull(winner);
      drainHead(winner.getInputStream());
      OutputStream out = winner.getOutputStream();
      out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      assertEquals(200, f.get(10, TimeUnit.SECONDS).getStatusCode());
      assertEquals(1, h.names().stream().filter(n -> n.startsWith("connectSuccess")).count(), h.events().toString());
      assertEquals(1, client.getClientStats().getTotalConnectionCount(), "only the winner is kept");
    } finally {
      unblock.countDown();
      if (s2 != null) {
        s2.close();
      }
      if (s3 != null) {
        s3.close();
      }
      group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  /** Reads up to the end of a request head (no body: a GET). */
  private static void drainHead(InputStream in) throws Exception {
    byte[] end = {'\r', '\n', '\r', '\n'}; // the first byte was read already
    int matched = 0;
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        throw new SocketTimeoutException("the request head did not end");
      }
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
  }

  @Test
  void aCancelDuringARaceClosesEveryAttempt() throws Exception {
    AddressListResolver resolver = new AddressListResolver("127.0.0.2", "127.0.0.3");
    RecordingHandler h = new RecordingHandler();
    try (DefaultAsyncHttpClient client = ClientFixture.client(config(Duration.ofMillis(10)))) {
      Future<Response> f = client.prepareGet(url()).setNameResolver(resolver).execute(h);
      Await.until(
          () -> opened.size() == 2,
          Duration.ofSeconds(5),
          () -> "both attempts started: " + h.events());
      assertTrue(f.cancel(true));
      awaitAllClosed();
      assertEquals(1, h.terminals());
    }
  }

  @Test
  void withEventLoopTimeoutsEveryAttemptAndTheTimeoutRunOnTheExchangesLoop() throws Exception {
    AddressListResolver resolver = new AddressListResolver("127.0.0.2", "127.0.0.3");
    RecordingHandler h = new RecordingHandler();
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(3, NioIoHandler.newFactory());
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            config(Duration.ofMillis(30))
                .setEventLoopGroup(group)
                .setUseEventLoopTimeouts(true)
                .setRequestTimeout(Duration.ofMillis(300)))) {
      ExecutionException e =
          Await.failed(client.prepareGet(url()).setNameResolver(resolver).execute(h), 10);
      assertInstanceOf(java.util.concurrent.TimeoutException.class, e.getCause());
      assertEquals(2, opened.size(), opened.toString());
      EventLoop loop = opened.get(0).eventLoop();
      assertEquals(loop, opened.get(1).eventLoop(), "both attempts on one loop");
      Thread endedOn = h.awaitEnd(Duration.ofSeconds(5)).endedOn();
      assertNotNull(endedOn);
      assertTrue(loop.inEventLoop(endedOn), "the timeout fired on " + endedOn + ", not the attempts' loop");
      awaitAllClosed();
    } finally {
      group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  @Test
  void aRaceToAnHttpProxysAddresses() throws Exception {
    server.route(
        "http://origin.test:8080/via",
        (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "via proxy"));
    AddressListResolver resolver = new AddressListResolver("127.0.0.2", "127.0.0.1");
    RecordingHandler h = new RecordingHandler();
    ProxyServer proxy = new ProxyServer.Builder("proxy.test", server.port()).build();
    try (DefaultAsyncHttpClient client = ClientFixture.client(config(Duration.ofMillis(100)))) {
      assertEquals("via proxy", viaProxyWellBeforeTheConnectTimeout(client, "/via", proxy, resolver, h));
      assertTrue(h.events().contains("connectSuccess:" + at("127.0.0.1", server.port())), h.events().toString());
      awaitLoserClosed();
    }
  }

  /**
   * GETs {@code path} of origin.test through {@code proxy}, whose name {@code resolver} resolves,
   * asserts that the race to the proxy's addresses took under 5 s (the connect timeout is 30 s), and returns the body.
   */
  private static String viaProxyWellBeforeTheConnectTimeout(DefaultAsyncHttpClient client, String path,
      ProxyServer proxy, AddressListResolver resolver, RecordingHandler h) throws Exception {
    long start = System.nanoTime();
    Response r =
        client
            .prepareGet("http://origin.test:8080" + path)
            .setProxyServer(proxy)
            .setNameResolver(resolver)
            .execute(h)
            .get(10, TimeUnit.SECONDS);
    long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertTrue(ms < 5000, "took " + ms + " ms");
    return r.getResponseBody();
  }

  private void awaitLoserClosed() {
    Await.until(
        () -> opened.stream().filter(Channel::isOpen).count() == 1,
        Duration.ofSeconds(2),
        () -> "channels open: " + opened);
  }

  @Test
  void theWinnerAloneDoesTlsAndCarriesTheHttp2Connection() throws Exception {
    H2TestServer h2 = new H2TestServer();
    h2.route("/hello", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "hi"));
    try (BlackHole hole = BlackHole.on("127.0.0.2", h2.port());
        DefaultAsyncHttpClient client =
            ClientFixture.client(
                config(Duration.ofMillis(100))
                    .setUseInsecureTrustManager(true)
                    .setDisableHttpsEndpointIdentificationAlgorithm(true))) {
      AddressListResolver resolver = new AddressListResolver("127.0.0.2", "127.0.0.1");
      RecordingHandler h = new RecordingHandler();
      long start = System.nanoTime();
      Response r =
          client
              .prepareGet("https://multi.test:" + h2.port() + "/hello")
              .setNameResolver(resolver)
              .execute(h)
              .get(10, TimeUnit.SECONDS);
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertEquals(HttpProtocol.HTTP_2, r.getProtocol());
      assertTrue(ms < 5000, "took " + ms + " ms");
      assertEquals(1, h.names().stream().filter("tlsAttempt"::equals).count(), h.events().toString());
      assertEquals(1, h2.connections().size());
      awaitLoserClosed();
      assertEquals(hole.port(), h2.port());
    } finally {
      h2.close();
    }
  }

  @Test
  void aRaceToASocksProxysAddressesNegotiatesOnTheWinnerOnly() throws Exception {
    List<Channel> negotiated = new CopyOnWriteArrayList<>();
    RawServer socks =
        RawServer.withPipeline(ch -> ch.pipeline()
            .addLast("encoder", Socks4ServerEncoder.INSTANCE)
            .addLast("decoder", new Socks4ServerDecoder())
            .addLast("socks", new SimpleChannelInboundHandler<Socks4CommandRequest>() {
              @Override
              protected void channelRead0(ChannelHandlerContext ctx, Socks4CommandRequest req) {
                negotiated.add(ctx.channel());
                ctx.pipeline().remove("decoder");
                ctx.pipeline().replace("socks", "http", new TunnelAnswer("answered by the proxy"));
                ctx.writeAndFlush(new DefaultSocks4CommandResponse(Socks4CommandStatus.SUCCESS))
                    .addListener(f -> ctx.pipeline().remove("encoder"));
              }
            }));
    try (BlackHole hole = BlackHole.on("127.0.0.2", socks.port());
        DefaultAsyncHttpClient client = ClientFixture.client(config(Duration.ofMillis(100)))) {
      // The proxy's name (and the target's, which the proxy is asked for and ignores) resolves
      // to the black hole first.
      AddressListResolver resolver = new AddressListResolver("127.0.0.2", "127.0.0.1");
      ProxyServer proxy =
          new ProxyServer.Builder("socks.test", socks.port()).setProxyType(ProxyType.SOCKS_V4).build();
      RecordingHandler h = new RecordingHandler();
      assertEquals("answered by the proxy", viaProxyWellBeforeTheConnectTimeout(client, "/via-socks", proxy, resolver, h));
      assertEquals(1, negotiated.size());
      assertTrue(
          h.events().containsAll(
              List.of(
                  "connectAttempt:" + at("127.0.0.2", socks.port()),
                  "connectSuccess:" + at("127.0.0.1", socks.port()))),
          h.events().toString());
      assertEquals(hole.port(), socks.port());
      awaitLoserClosed();
    } finally {
      socks.close();
    }
  }

  @Test
  void aWebSocketUpgradeRacesToo() throws Exception {
    WsTestServer ws = new WsTestServer(false).socket("/echo", WsTestServer.ECHO);
    try (BlackHole hole = BlackHole.on("127.0.0.2", ws.port());
        DefaultAsyncHttpClient client =
            ClientFixture.client(
                config(Duration.ofMillis(100)))) {
      AddressListResolver resolver = new AddressListResolver("127.0.0.2", "127.0.0.1");
      WsRecorder events = new WsRecorder();
      long start = System.nanoTime();
      org.asynchttpclient.ws.WebSocket socket =
          client
              .prepareGet("ws://multi.test:" + ws.port() + "/echo")
              .setNameResolver(resolver)
              .execute(new WebSocketUpgradeHandler.Builder().addWebSocketListener(events).build())
              .get(10, TimeUnit.SECONDS);
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertNotNull(socket);
      assertTrue(socket.isOpen());
      assertTrue(ms < 5000, "took " + ms + " ms");
      assertEquals(ws.port(), hole.port());
      awaitLoserClosed();
      socket.sendCloseFrame().get(5, TimeUnit.SECONDS);
    } finally {
      ws.close();
    }
  }
}

package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.ClientStats;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.HostStats;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.TooManyConnectionsException;
import org.asynchttpclient.exception.TooManyConnectionsPerHostException;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Connection reuse, eviction, limits and stats, as the server sees the connections. */
class PoolTest extends HelloFixture {
  @BeforeEach
  void start() throws Exception {
    server.route(
        "/slow",
        (ctx, req) -> {
          boolean keepAlive = HttpUtil.isKeepAlive(req);
          // The aggregated request is released when the route returns: answer from copies.
          io.netty.handler.codec.http.FullHttpRequest copy = req.replace(io.netty.buffer.Unpooled.EMPTY_BUFFER);
          HttpUtil.setKeepAlive(copy, keepAlive);
          TestServer.later(ctx, 400, () -> TestServer.respond(ctx, copy, HttpResponseStatus.OK, "slow"));
        });
  }

  private static Response get(DefaultAsyncHttpClient c, String url) throws Exception {
    return c.prepareGet(url).execute().get(10, TimeUnit.SECONDS);
  }

  private static HostStats local(DefaultAsyncHttpClient c) {
    HostStats s = c.getClientStats().getStatsPerHost().get("127.0.0.1");
    return s != null ? s : new HostStats(0, 0);
  }

  /** Starts a GET of /never and waits until the server has it: it holds the connection for good. */
  private ListenableFuture<Response> holdTheOnlyConnection(DefaultAsyncHttpClient c) throws Exception {
    ListenableFuture<Response> first = c.prepareGet(server.url("/never")).execute();
    server.awaitReceived(1);
    return first;
  }

  /** Waits until the client holds no connection: the pool has let the closed one go. */
  private static void awaitNoConnection(DefaultAsyncHttpClient c) {
    Await.until(
        () -> c.getClientStats().getTotalConnectionCount() == 0,
        Duration.ofSeconds(5),
        () -> c.getClientStats().toString());
  }

  /** Once the pool let the first connection go, a GET is the server's second connection. */
  private void assertTheNextGetTakesANewConnection(DefaultAsyncHttpClient c) throws Exception {
    awaitNoConnection(c);
    get(c, server.url("/hello"));
    assertEquals(2, server.acceptedCount());
  }

  @Test
  void sequentialRequestsShareOneConnection() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      for (int i = 0; i < 10; i++) {
        assertEquals("hi", get(c, server.url("/hello")).getResponseBody());
      }
      assertEquals(1, server.acceptedCount());
      assertEquals(10, server.received().size());
      for (TestServer.Received r : server.received()) {
        assertSame(server.received().get(0).channel, r.channel);
      }
    }
  }

  @Test
  void idleConnectionsAreClosedAfterTheIdleTimeout() throws Exception {
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(
            ClientFixture.config()
                .setPooledConnectionIdleTimeout(Duration.ofMillis(200))
                .setConnectionPoolCleanerPeriod(Duration.ofMillis(50)))) {
      long start = System.nanoTime();
      get(c, server.url("/hello"));
      assertEquals(1, local(c).getHostIdleConnectionCount());
      server.awaitClosed(1);
      long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(elapsedMs >= 150, "closed after only " + elapsedMs + " ms");
      assertTheNextGetTakesANewConnection(c);
    }
  }

  @Test
  void connectionTtlStopsReuse() throws Exception {
    // The cleaner never runs during the test: expiry must be enforced when offering and polling.
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(
            ClientFixture.config()
                .setConnectionTtl(Duration.ofMillis(300))
                .setConnectionPoolCleanerPeriod(Duration.ofSeconds(30)))) {
      get(c, server.url("/hello"));
      // Reuses the first connection, and finishes after its TTL: it must not go back to the pool.
      assertEquals("slow", get(c, server.url("/slow")).getResponseBody());
      server.awaitClosed(1);
      get(c, server.url("/hello"));
      assertEquals(2, server.acceptedCount());
      assertSame(server.received().get(0).channel, server.received().get(1).channel);
      assertNotSame(server.received().get(1).channel, server.received().get(2).channel);
    }
  }

  @Test
  void withoutTtlTheSameSequenceReusesOneConnection() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      get(c, server.url("/hello"));
      get(c, server.url("/slow"));
      get(c, server.url("/hello"));
      assertEquals(1, server.acceptedCount());
    }
  }

  @Test
  void keepAliveOffOpensAConnectionPerRequest() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setKeepAlive(false))) {
      for (int i = 0; i < 3; i++) {
        get(c, server.url("/hello"));
      }
      assertEquals(3, server.acceptedCount());
      for (TestServer.Received r : server.received()) {
        assertEquals("close", r.headers.get(HttpHeaderNames.CONNECTION));
      }
      server.awaitClosed(3);
    }
  }

  @Test
  void connectionCloseFromTheServerIsHonoured() throws Exception {
    server.route(
        "/bye",
        (ctx, req) -> {
          // Announces the close but leaves it to the client.
          FullHttpResponse res = TestServer.emptyOk(HttpVersion.HTTP_1_1);
          res.headers().set(HttpHeaderNames.CONNECTION, "close");
          TestServer.send(ctx, res);
        });
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      get(c, server.url("/bye"));
      server.awaitClosed(1);
      get(c, server.url("/hello"));
      assertEquals(2, server.acceptedCount());
    }
  }

  @Test
  void maxConnectionsFailsFast() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setMaxConnections(1))) {
      ListenableFuture<Response> first = holdTheOnlyConnection(c);
      long start = System.nanoTime();
      ExecutionException e = Await.failed(c.prepareGet(server.url("/hello")).execute(), 5);
      assertInstanceOf(TooManyConnectionsException.class, e.getCause());
      assertTrue(e.getCause().getMessage().contains("1"), e.getCause().getMessage());
      assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(2), "must fail fast");
      assertEquals(1, server.acceptedCount());
      assertTrue(first.cancel(true));
      // The permit is back: the next request goes through.
      assertEquals("hi", get(c, server.url("/hello")).getResponseBody());
    }
  }

  @Test
  void maxConnectionsPerHostFailsFast() throws Exception {
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(ClientFixture.config().setMaxConnectionsPerHost(1))) {
      ListenableFuture<Response> first = holdTheOnlyConnection(c);
      ExecutionException e = Await.failed(c.prepareGet(server.url("/hello")).execute(), 5);
      assertInstanceOf(TooManyConnectionsPerHostException.class, e.getCause());
      assertEquals(1, server.acceptedCount());
      assertTrue(first.cancel(true));
      assertEquals("hi", get(c, server.url("/hello")).getResponseBody());
    }
  }

  @Test
  void acquireFreeChannelTimeoutWaitsForTheFirstToEnd() throws Exception {
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(
            ClientFixture.config().setMaxConnections(1).setAcquireFreeChannelTimeout(5000))) {
      List<String> order = new CopyOnWriteArrayList<>();
      // A listener runs just after its future completes, so get() may return before it has:
      // the order is read once both listeners ran.
      CountDownLatch listened = new CountDownLatch(2);
      ListenableFuture<Response> first = c.prepareGet(server.url("/slow")).execute();
      ListenableFuture<Response> unused1 =
          first.addListener(() -> { order.add("first"); listened.countDown(); }, null);
      ListenableFuture<Response> second = c.prepareGet(server.url("/hello")).execute();
      ListenableFuture<Response> unused2 =
          second.addListener(() -> { order.add("second"); listened.countDown(); }, null);
      assertEquals("hi", second.get(10, TimeUnit.SECONDS).getResponseBody());
      assertEquals("slow", first.get(10, TimeUnit.SECONDS).getResponseBody());
      assertTrue(listened.await(10, TimeUnit.SECONDS), "listeners that ran: " + order);
      assertEquals(List.of("first", "second"), order);
      // The waiter took over the connection the first request gave back.
      assertEquals(1, server.acceptedCount());
    }
  }

  @Test
  void acquireFreeChannelTimeoutExpires() throws Exception {
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(
            ClientFixture.config().setMaxConnections(1).setAcquireFreeChannelTimeout(200))) {
      ListenableFuture<Response> first = holdTheOnlyConnection(c);
      long start = System.nanoTime();
      ExecutionException e = Await.failed(c.prepareGet(server.url("/hello")).execute(), 5);
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertInstanceOf(TooManyConnectionsException.class, e.getCause());
      assertTrue(ms >= 150 && ms < 3000, "waited " + ms + " ms");
      first.cancel(true);
    }
  }

  @Test
  void keepAliveStrategyReturningFalsePreventsPooling() throws Exception {
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(
            ClientFixture.config().setKeepAliveStrategy((remote, ahcReq, req, res) -> false))) {
      for (int i = 0; i < 3; i++) {
        get(c, server.url("/hello"));
      }
      assertEquals(3, server.acceptedCount());
      server.awaitClosed(3);
      assertEquals(0, c.getClientStats().getTotalIdleConnectionCount());
    }
  }

  @Test
  void virtualHostsDoNotShareConnections() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      for (String vhost : List.of("a.test", "b.test", "a.test", "b.test")) {
        assertEquals(
            200,
            c.prepareGet(server.url("/hello"))
                .setVirtualHost(vhost)
                .execute()
                .get(10, TimeUnit.SECONDS)
                .getStatusCode());
      }
      assertEquals(2, server.acceptedCount());
      List<TestServer.Received> got = server.received();
      assertEquals("a.test", got.get(0).headers.get(HttpHeaderNames.HOST));
      assertEquals("b.test", got.get(1).headers.get(HttpHeaderNames.HOST));
      assertSame(got.get(0).channel, got.get(2).channel);
      assertSame(got.get(1).channel, got.get(3).channel);
      assertNotSame(got.get(0).channel, got.get(1).channel);
    }
  }

  @Test
  void clientStatsCountActiveAndIdlePerHost() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      ClientStats empty = c.getClientStats();
      assertEquals(0, empty.getTotalConnectionCount());
      ListenableFuture<Response> busy = c.prepareGet(server.url("/never")).execute();
      server.awaitReceived(1);
      get(c, server.url("/hello"));
      HostStats s = local(c);
      assertEquals(2, s.getHostConnectionCount(), c.getClientStats().toString());
      assertEquals(1, s.getHostActiveConnectionCount());
      assertEquals(1, s.getHostIdleConnectionCount());
      assertEquals(2, c.getClientStats().getTotalConnectionCount());
      assertTrue(busy.cancel(true));
      Await.until(
          () -> local(c).getHostConnectionCount() == 1,
          Duration.ofSeconds(5),
          () -> c.getClientStats().toString());
      assertEquals(0, local(c).getHostActiveConnectionCount());
      assertEquals(1, local(c).getHostIdleConnectionCount());
    }
  }

  @Test
  void flushChannelPoolPartitionsClosesIdleConnections() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      get(c, server.url("/hello"));
      assertEquals(1, c.getClientStats().getTotalIdleConnectionCount());
      List<Object> seen = new CopyOnWriteArrayList<>();
      c.flushChannelPoolPartitions(
          key -> {
            seen.add(key);
            return true;
          });
      assertEquals(1, seen.size());
      assertNotNull(seen.get(0));
      server.awaitClosed(1);
      assertTheNextGetTakesANewConnection(c);
    }
  }

  @Test
  void flushWithAFalsePredicateKeepsTheConnection() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      get(c, server.url("/hello"));
      c.flushChannelPoolPartitions(key -> false);
      get(c, server.url("/hello"));
      assertEquals(1, server.acceptedCount());
      assertEquals(0, server.closedCount());
      assertFalse(c.getClientStats().getStatsPerHost().isEmpty());
    }
  }

  @Test
  void aResponseAbandonedMidBodyNeverReturnsToThePool() throws Exception {
    server.route(
        "/endless",
        (ctx, req) -> {
          io.netty.handler.codec.http.HttpResponse res =
              new io.netty.handler.codec.http.DefaultHttpResponse(
                  io.netty.handler.codec.http.HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
          res.headers().set(HttpHeaderNames.TRANSFER_ENCODING, "chunked");
          TestServer.queue(ctx, res);
          TestServer.send(
              ctx,
              new io.netty.handler.codec.http.DefaultHttpContent(
                  io.netty.buffer.Unpooled.copiedBuffer(new byte[] {1, 2, 3})));
        });
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      RecordingHandler h = new RecordingHandler(RecordingHandler.AbortAt.BODY);
      assertEquals(200, c.prepareGet(server.url("/endless")).execute(h).get(10, TimeUnit.SECONDS).getStatusCode());
      server.awaitClosed(1);
      assertEquals(0, c.getClientStats().getTotalIdleConnectionCount());
      get(c, server.url("/hello"));
      assertEquals(2, server.acceptedCount());
      assertNotSame(server.received().get(0).channel, server.received().get(1).channel);
    }
  }

  @Test
  void aPooledConnectionClosedByTheServerLeavesThePool() throws Exception {
    server.route(
        "/then-close",
        (ctx, req) -> {
          // Keep-alive response, then the server drops the idle connection.
          TestServer.send(ctx, TestServer.emptyOk(HttpVersion.HTTP_1_1));
          TestServer.later(ctx, 50, () -> TestServer.close(ctx));
        });
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      RecordingHandler h = new RecordingHandler();
      c.prepareGet(server.url("/then-close")).execute(h).get(10, TimeUnit.SECONDS);
      assertTrue(h.names().contains("offer"), h.events().toString());
      server.awaitClosed(1);
      awaitNoConnection(c);
      RecordingHandler next = new RecordingHandler();
      assertEquals(200, c.prepareGet(server.url("/hello")).execute(next).get(10, TimeUnit.SECONDS).getStatusCode());
      assertFalse(next.names().contains("retry"), next.events().toString());
      assertFalse(next.names().contains("pooled"), next.events().toString());
      assertEquals(2, server.acceptedCount());
    }
  }

  @Test
  void aRequestAskingForCloseIsNotPooled() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      c.prepareGet(server.url("/hello")).setHeader(HttpHeaderNames.CONNECTION, "close").execute().get(10, TimeUnit.SECONDS);
      server.awaitClosed(1);
      get(c, server.url("/hello"));
      assertEquals(2, server.acceptedCount());
    }
  }

  @Test
  void anHttp10ResponseWithoutKeepAliveIsNotPooled() throws Exception {
    server.route(
        "/http10",
        (ctx, req) -> {
          TestServer.send(ctx, TestServer.emptyOk(HttpVersion.HTTP_1_0));
        });
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      assertEquals(200, get(c, server.url("/http10")).getStatusCode());
      server.awaitClosed(1);
      get(c, server.url("/hello"));
      assertEquals(2, server.acceptedCount());
    }
  }
}

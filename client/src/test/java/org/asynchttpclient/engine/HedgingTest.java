package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.LoadBalance;
import org.asynchttpclient.Response;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.events.HopKind;
import org.asynchttpclient.events.HopView;
import org.asynchttpclient.testing.AddressListResolver;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.Test;

/**
 * Hedged requests over HTTP/1.1 (G1-G4): a hedge goes out on another connection when the first
 * attempt has no response head after the hedge delay; the first head wins, the handler hears only
 * the winner, and every loser's connection is closed, never pooled.
 */
class HedgingTest extends HelloFixture {

  /** Counts the hedging events a listener hears. */
  static final class HedgeEvents implements ExchangeListener {
    final AtomicInteger sent = new AtomicInteger();
    final AtomicInteger won = new AtomicInteger();
    final AtomicInteger cancelled = new AtomicInteger();
    final AtomicInteger hedgeKinds = new AtomicInteger();

    @Override
    public void hedgeSent(HopView hedge) {
      sent.incrementAndGet();
      if (hedge.kind() == HopKind.HEDGE) {
        hedgeKinds.incrementAndGet();
      }
    }

    @Override
    public void hedgeWon(HopView hedge) {
      won.incrementAndGet();
    }

    @Override
    public void hedgeCancelled(HopView loser) {
      cancelled.incrementAndGet();
    }
  }

  private final HedgeEvents events = new HedgeEvents();

  private DefaultAsyncHttpClient hedgingClient(Duration delay) {
    return hedgingClient(ClientFixture.config().setHedgeDelay(delay));
  }

  private DefaultAsyncHttpClient hedgingClient(DefaultAsyncHttpClientConfig.Builder b) {
    // A budget of one hedge per request: these tests are about the mechanics, not the budget.
    return ClientFixture.client(b.setHedgeBudget(1.0).addExchangeListener(events));
  }

  /** Answers {@code body} after {@code millis} (0: at once). */
  private static void answerLater(ChannelHandlerContext ctx, FullHttpRequest req, long millis, String body) {
    boolean keepAlive = HttpUtil.isKeepAlive(req);
    if (millis == 0) {
      TestServer.respond(ctx, keepAlive, HttpResponseStatus.OK, body);
    } else {
      TestServer.later(ctx, millis, () -> TestServer.respond(ctx, keepAlive, HttpResponseStatus.OK, body));
    }
  }

  private void awaitClosed(TestServer.Received r) throws InterruptedException {
    assertTrue(r.channel.closeFuture().await(5, TimeUnit.SECONDS), "the loser's connection was closed");
  }

  @Test
  void aStalledFirstAttemptIsHedgedAndTheHedgeWins() throws Exception {
    AtomicInteger n = new AtomicInteger();
    server.route("/stall-first", (ctx, req) -> {
      if (n.incrementAndGet() > 1) {
        answerLater(ctx, req, 0, "hedge");
      }
    });
    // Long enough that the first attempt's connect and write come before the hedge's on a busy
    // machine: the server stalls whichever request it gets first.
    try (DefaultAsyncHttpClient client = hedgingClient(Duration.ofMillis(200))) {
      RecordingHandler h = new RecordingHandler();
      Response r = client.prepareGet(server.url("/stall-first")).execute(h).get(5, TimeUnit.SECONDS);
      assertEquals("hedge", r.getResponseBody());
      assertEquals(2, server.received().size());
      assertEquals(1, h.names().stream().filter("status"::equals).count(), h.events().toString());
      assertEquals(1, h.terminals());
      awaitClosed(server.received().get(0));
      assertEquals(1, events.sent.get());
      assertEquals(1, events.hedgeKinds.get());
      assertEquals(1, events.won.get());
      assertEquals(1, events.cancelled.get());
    }
  }

  @Test
  void theFirstHeadWinsAndTheLoserIsNeverHeard() throws Exception {
    AtomicInteger n = new AtomicInteger();
    // The first attempt answers at 150 ms, its hedge (sent at 30 ms) at 600 ms: the first wins.
    server.route("/first-wins", (ctx, req) ->
        answerLater(ctx, req, n.incrementAndGet() == 1 ? 150 : 600, n.get() == 1 ? "first" : "late"));
    try (DefaultAsyncHttpClient client = hedgingClient(Duration.ofMillis(30))) {
      RecordingHandler h = new RecordingHandler();
      Response r = client.prepareGet(server.url("/first-wins")).execute(h).get(5, TimeUnit.SECONDS);
      assertEquals("first", r.getResponseBody());
      assertEquals(2, server.received().size());
      awaitClosed(server.received().get(1));
      // Past the loser's answer time: nothing more reached the handler.
      Thread.sleep(700);
      assertEquals(1, h.names().stream().filter("status"::equals).count(), h.events().toString());
      assertEquals(1, h.terminals());
      assertEquals(0, events.won.get());
      assertEquals(1, events.cancelled.get());
      // The winner's connection went back to the pool, the loser's did not: the next request
      // reuses the first connection.
      client.prepareGet(server.url("/hello")).execute().get(5, TimeUnit.SECONDS);
      assertEquals(server.received().get(0).channel, server.received().get(2).channel);
    }
  }

  @Test
  void aPostIsNeverHedgedUnlessMarked() throws Exception {
    server.route("/slow", (ctx, req) -> answerLater(ctx, req, 200, "slow"));
    try (DefaultAsyncHttpClient client = hedgingClient(Duration.ofMillis(20))) {
      assertEquals("slow", client.preparePost(server.url("/slow")).setBody("x").execute().get(5, TimeUnit.SECONDS)
          .getResponseBody());
      assertEquals(1, server.received().size());
      assertEquals(0, events.sent.get());
      // Marked safe to send twice by the caller: hedged.
      assertEquals("slow", client.preparePost(server.url("/slow")).setBody("x").setHedgeable(true).execute()
          .get(5, TimeUnit.SECONDS).getResponseBody());
      assertEquals(3, server.received().size());
      assertEquals("x", server.received().get(2).body);
      assertEquals(1, events.sent.get());
    }
  }

  @Test
  void aRequestCanTurnHedgingOffOrOn() throws Exception {
    server.route("/slow", (ctx, req) -> answerLater(ctx, req, 200, "slow"));
    try (DefaultAsyncHttpClient client = hedgingClient(Duration.ofMillis(20))) {
      client.prepareGet(server.url("/slow")).setHedgeDelay(Duration.ZERO).execute().get(5, TimeUnit.SECONDS);
      assertEquals(1, server.received().size());
    }
    try (DefaultAsyncHttpClient client = hedgingClient(Duration.ZERO)) {
      client.prepareGet(server.url("/slow")).setHedgeDelay(Duration.ofMillis(20)).execute().get(5, TimeUnit.SECONDS);
      assertEquals(3, server.received().size());
    }
  }

  @Test
  void noHedgeIsSentOnceTheBudgetIsSpent() throws Exception {
    // The hedge would be due at 300 ms; the exchange's whole budget is 150 ms.
    try (DefaultAsyncHttpClient client = hedgingClient(ClientFixture.config()
        .setHedgeDelay(Duration.ofMillis(300))
        .setRequestTimeout(Duration.ofMillis(150))
        .setUseAbsoluteRequestDeadline(true))) {
      ExecutionException e = assertThrows(ExecutionException.class,
          () -> client.prepareGet(server.url("/never")).execute().get(5, TimeUnit.SECONDS));
      assertInstanceOf(TimeoutException.class, e.getCause());
      Thread.sleep(400);
      assertEquals(1, server.received().size());
      assertEquals(0, events.sent.get());
    }
  }

  @Test
  void everyAttemptSlowStillTimesOutAtTheDeadline() throws Exception {
    try (DefaultAsyncHttpClient client = hedgingClient(ClientFixture.config()
        .setHedgeDelay(Duration.ofMillis(40))
        .setRequestTimeout(Duration.ofMillis(400)))) {
      long start = System.nanoTime();
      RecordingHandler h = new RecordingHandler();
      ExecutionException e = assertThrows(ExecutionException.class,
          () -> client.prepareGet(server.url("/never")).execute(h).get(5, TimeUnit.SECONDS));
      long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertInstanceOf(TimeoutException.class, e.getCause());
      // The hedge shares the first attempt's deadline: no second full timeout.
      assertTrue(tookMs >= 380 && tookMs < 1500, "timed out after " + tookMs + " ms");
      assertEquals(2, server.received().size());
      assertEquals(1, h.terminals());
      for (TestServer.Received r : server.received()) {
        awaitClosed(r);
      }
    }
  }

  @Test
  void theBudgetCapsHedgesUnderASlowServer() throws Exception {
    server.route("/slow", (ctx, req) -> answerLater(ctx, req, 40, "slow"));
    int requests = 60;
    try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config()
        .setHedgeDelay(Duration.ofMillis(5))
        .setHedgeBudget(0.1)
        .addExchangeListener(events))) {
      for (int round = 0; round < requests / 10; round++) {
        List<ListenableFuture<Response>> futures = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
          futures.add(client.prepareGet(server.url("/slow")).execute());
        }
        for (ListenableFuture<Response> f : futures) {
          assertEquals("slow", f.get(5, TimeUnit.SECONDS).getResponseBody());
        }
      }
      // Each request earns a tenth of a hedge: at most 6 hedges for 60 requests, whatever the delay.
      int hedges = events.sent.get();
      assertTrue(hedges >= 1 && hedges <= requests / 10, hedges + " hedges for " + requests + " requests");
      assertEquals(requests + hedges, server.received().size());
    }
  }

  @Test
  void twoHeadsAtOneInstantEndTheExchangeOnce() throws Exception {
    // The server holds the first attempt until its hedge arrives, then answers both at once.
    List<Runnable> held = new ArrayList<>();
    server.route("/both", (ctx, req) -> {
      boolean keepAlive = HttpUtil.isKeepAlive(req);
      Runnable answer = () -> TestServer.respond(ctx, keepAlive, HttpResponseStatus.OK, "both");
      List<Runnable> both;
      synchronized (held) {
        held.add(answer);
        if (held.size() < 2) {
          return;
        }
        both = new ArrayList<>(held);
        held.clear();
      }
      both.forEach(Runnable::run);
    });
    try (DefaultAsyncHttpClient client = hedgingClient(Duration.ofMillis(5))) {
      for (int i = 0; i < 30; i++) {
        RecordingHandler h = new RecordingHandler();
        Response r = client.prepareGet(server.url("/both")).execute(h).get(5, TimeUnit.SECONDS);
        assertEquals("both", r.getResponseBody());
        h.awaitEnd(Duration.ofSeconds(5));
        assertEquals(1, h.terminals(), h.events().toString());
        assertEquals(1, h.names().stream().filter("status"::equals).count(), h.events().toString());
      }
      assertEquals(30, events.sent.get());
      assertEquals(30, events.cancelled.get());
    }
  }

  @Test
  void aHeadAndATimeoutAtOneInstantEndTheExchangeOnce() throws Exception {
    // The first attempt stalls; its hedge (at 20 ms) is answered around the 150 ms deadline, a
    // little earlier or later each round: the head and the request timeout race.
    AtomicInteger n = new AtomicInteger();
    AtomicInteger answerAfter = new AtomicInteger();
    server.route("/edge", (ctx, req) -> {
      if (n.incrementAndGet() % 2 == 0) {
        answerLater(ctx, req, answerAfter.get(), "hedge");
      }
    });
    int completed = 0;
    int timedOut = 0;
    try (DefaultAsyncHttpClient client = hedgingClient(ClientFixture.config()
        .setHedgeDelay(Duration.ofMillis(20))
        .setRequestTimeout(Duration.ofMillis(150)))) {
      for (int i = 0; i < 24; i++) {
        n.set(0);
        answerAfter.set(118 + i);
        RecordingHandler h = new RecordingHandler();
        ListenableFuture<Response> f = client.prepareGet(server.url("/edge")).execute(h);
        h.awaitEnd(Duration.ofSeconds(5));
        try {
          assertEquals("hedge", f.get(5, TimeUnit.SECONDS).getResponseBody());
          completed++;
        } catch (ExecutionException e) {
          assertInstanceOf(TimeoutException.class, e.getCause());
          timedOut++;
        }
        // Past both the deadline and the answer: still exactly one terminal callback.
        Thread.sleep(60);
        assertEquals(1, h.terminals(), h.events().toString());
      }
    }
    assertEquals(24, completed + timedOut);
  }

  @Test
  void aHeadAndACancelAtOneInstantEndTheExchangeOnce() throws Exception {
    // The hedge's arrival answers the first attempt while the test cancels: either may win.
    List<ListenableFuture<Response>> current = new ArrayList<>();
    AtomicInteger n = new AtomicInteger();
    List<ChannelHandlerContext> first = new ArrayList<>();
    server.route("/race", (ctx, req) -> {
      if (n.incrementAndGet() % 2 == 1) {
        synchronized (first) {
          first.add(ctx);
        }
        return;
      }
      ChannelHandlerContext f;
      synchronized (first) {
        f = first.remove(0);
      }
      TestServer.respond(f, true, HttpResponseStatus.OK, "first");
      synchronized (current) {
        current.get(0).cancel(true);
      }
    });
    try (DefaultAsyncHttpClient client = hedgingClient(Duration.ofMillis(5))) {
      for (int i = 0; i < 20; i++) {
        RecordingHandler h = new RecordingHandler();
        ListenableFuture<Response> f;
        synchronized (current) {
          current.clear();
          f = client.prepareGet(server.url("/race")).execute(h);
          current.add(f);
        }
        h.awaitEnd(Duration.ofSeconds(5));
        assertTrue(f.isDone());
        assertEquals(1, h.terminals(), h.events().toString());
      }
    }
  }
  /**
   * Under ROUND_ROBIN a hedge goes to the address its primary was pinned to: it looks in that
   * address's pool partition, so the connection it dials must be to that address too (an unpinned
   * hedge dialed the host's first address and pooled that connection under the other's key).
   */
  @Test
  void underRoundRobinTheHedgeDialsTheAddressItsPrimaryWasPinnedTo() throws Exception {
    server.alsoListenOn("127.0.0.2");
    AtomicInteger onSecond = new AtomicInteger();
    // The first request to reach 127.0.0.2 stalls; every other one is answered at once.
    server.route("/stall-on-second", (ctx, req) -> {
      boolean second = "127.0.0.2".equals(localIp(ctx.channel()));
      if (!second || onSecond.incrementAndGet() > 1) {
        answerLater(ctx, req, 0, "ok");
      }
    });
    AddressListResolver resolver = new AddressListResolver("127.0.0.1", "127.0.0.2");
    String url = "http://multi.test:" + server.port() + "/stall-on-second";
    try (DefaultAsyncHttpClient client =
        hedgingClient(ClientFixture.config().setHedgeDelay(Duration.ofMillis(200))
            .setLoadBalance(LoadBalance.ROUND_ROBIN))) {
      // ROUND_ROBIN pins one of two requests to each address: one of them is hedged.
      for (int i = 0; i < 2 && events.sent.get() == 0; i++) {
        Response r = client.prepareGet(url).setNameResolver(resolver).execute().get(5, TimeUnit.SECONDS);
        assertEquals("ok", r.getResponseBody());
      }
      assertEquals(1, events.sent.get());
      long onSecondAddress =
          server.received().stream().filter(x -> "127.0.0.2".equals(localIp(x.channel))).count();
      assertEquals(2, onSecondAddress, "the primary and its hedge both went to 127.0.0.2");
    }
  }

  private static String localIp(Channel ch) {
    return ((InetSocketAddress) ch.localAddress()).getAddress().getHostAddress();
  }
}

package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.TimeoutStats;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.exception.ReadTimeoutException;
import org.asynchttpclient.exception.RequestTimeoutException;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Request and read timeouts in the default (timer) mode. */
class TimeoutsTest extends HelloFixture {
  @BeforeEach
  void start() throws Exception {
    server.route(
        "/slow",
        (ctx, req) -> {
          FullHttpRequest copy = req.replace(Unpooled.EMPTY_BUFFER);
          TestServer.later(ctx, 300, () -> TestServer.respond(ctx, copy, HttpResponseStatus.OK, "slow"));
        });
    server.route(
        "/trickle",
        (ctx, req) -> {
          // Ten bytes, one every 100 ms: about a second in all, never silent for long.
          TestServer.send(ctx, TestServer.chunkedHead());
          AtomicInteger sent = new AtomicInteger();
          Runnable[] next = new Runnable[1];
          next[0] =
              () -> {
                if (sent.incrementAndGet() > 10) {
                  TestServer.send(ctx, LastHttpContent.EMPTY_LAST_CONTENT);
                  return;
                }
                TestServer.send(ctx, new DefaultHttpContent(Unpooled.copiedBuffer(new byte[] {'t'})));
                TestServer.later(ctx, 100, next[0]);
              };
          TestServer.later(ctx, 100, next[0]);
        });
  }

  /** No timeouts unless a test sets them; the typed exceptions, whose figures these tests read. */
  private static DefaultAsyncHttpClientConfig.Builder config() {
    return ClientFixture.config()
        .setRequestTimeout(Duration.ofMillis(-1))
        .setReadTimeout(Duration.ofMillis(-1))
        .setTypedTimeoutExceptions(true);
  }

  private static ExchangeTimeoutException timeoutOf(ListenableFuture<?> f) {
    ExecutionException e = Await.failed(f, 10);
    assertInstanceOf(TimeoutException.class, e.getCause());
    return assertInstanceOf(ExchangeTimeoutException.class, e.getCause());
  }

  private void assertTimeout(
      ExchangeTimeoutException t, ExchangeTimeoutException.Kind kind, String label, long budgetMs, long elapsedNs) {
    assertEquals(kind, t.getKind());
    assertEquals(kind == ExchangeTimeoutException.Kind.REQUEST ? RequestTimeoutException.class : ReadTimeoutException.class, t.getClass());
    assertEquals(budgetMs, t.getBudgetMillis());
    assertEquals(0, t.getHop());
    assertTrue(t.getMessage().startsWith(label + " timeout"), t.getMessage());
    assertTrue(t.getMessage().contains(budgetMs + " ms"), t.getMessage());
    assertTrue(t.getMessage().contains(String.valueOf(server.port())), t.getMessage());
    InetSocketAddress remote = (InetSocketAddress) t.getRemoteAddress();
    assertNotNull(remote);
    assertEquals(server.port(), remote.getPort());
    long ms = TimeUnit.NANOSECONDS.toMillis(elapsedNs);
    assertTrue(ms >= budgetMs - 20 && ms < budgetMs + 2000, "expired after " + ms + " ms");
  }

  /** Sets {@code kind}'s timeout on a config or a request: both builders have the two setters. */
  private static void set(ExchangeTimeoutException.Kind kind, Duration timeout,
      Consumer<Duration> requestTimeout, Consumer<Duration> readTimeout) {
    (kind == ExchangeTimeoutException.Kind.REQUEST ? requestTimeout : readTimeout).accept(timeout);
  }

  private static String label(ExchangeTimeoutException.Kind kind) {
    return kind == ExchangeTimeoutException.Kind.REQUEST ? "Request" : "Read";
  }

  @ParameterizedTest
  @EnumSource(ExchangeTimeoutException.Kind.class)
  void timeoutPerRequest(ExchangeTimeoutException.Kind kind) throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client(config())) {
      long start = System.nanoTime();
      BoundRequestBuilder get = c.prepareGet(server.url("/never"));
      set(kind, Duration.ofMillis(200), get::setRequestTimeout, get::setReadTimeout);
      ExchangeTimeoutException t = timeoutOf(get.execute());
      assertTimeout(t, kind, label(kind), 200, System.nanoTime() - start);
      server.awaitClosed(1);
    }
  }

  @ParameterizedTest
  @EnumSource(ExchangeTimeoutException.Kind.class)
  void timeoutPerConfig(ExchangeTimeoutException.Kind kind) throws Exception {
    DefaultAsyncHttpClientConfig.Builder config = config();
    set(kind, Duration.ofMillis(250), config::setRequestTimeout, config::setReadTimeout);
    try (DefaultAsyncHttpClient c = ClientFixture.client(config)) {
      long start = System.nanoTime();
      ExchangeTimeoutException t = timeoutOf(c.prepareGet(server.url("/never")).execute());
      assertTimeout(t, kind, label(kind), 250, System.nanoTime() - start);
    }
  }

  @Test
  void theShorterTimeoutWins() throws Exception {
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(
            config().setRequestTimeout(Duration.ofMillis(300)).setReadTimeout(Duration.ofMillis(150)))) {
      assertEquals(
          ExchangeTimeoutException.Kind.READ, timeoutOf(c.prepareGet(server.url("/never")).execute()).getKind());
      assertEquals(
          ExchangeTimeoutException.Kind.REQUEST,
          timeoutOf(
                  c.prepareGet(server.url("/never"))
                      .setReadTimeout(Duration.ofMillis(-1))
                      .execute())
              .getKind());
    }
  }

  @Test
  void steadyDataKeepsPushingTheReadTimeoutBack() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client(config().setReadTimeout(Duration.ofMillis(400)))) {
      long start = System.nanoTime();
      Response r = c.prepareGet(server.url("/trickle")).execute().get(10, TimeUnit.SECONDS);
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertEquals("tttttttttt", r.getResponseBody());
      assertTrue(ms >= 900, "the trickle lasts about a second, took " + ms + " ms");
    }
  }

  @Test
  void minusOneMeansNoRequestTimeout() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client(config())) {
      assertEquals("slow", c.prepareGet(server.url("/slow")).execute().get(10, TimeUnit.SECONDS).getResponseBody());
    }
    // A request's own -1 ms overrides a short client timeout.
    try (DefaultAsyncHttpClient c = ClientFixture.client(config().setRequestTimeout(Duration.ofMillis(100)))) {
      assertEquals(
          "slow",
          c.prepareGet(server.url("/slow"))
              .setRequestTimeout(Duration.ofMillis(-1))
              .execute()
              .get(10, TimeUnit.SECONDS)
              .getResponseBody());
      assertEquals(
          ExchangeTimeoutException.Kind.REQUEST, timeoutOf(c.prepareGet(server.url("/slow")).execute()).getKind());
    }
  }

  @Test
  void aFinishedResponseIsNotHitByItsTimeoutsLater() throws Exception {
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(
            config().setRequestTimeout(Duration.ofMillis(150)).setReadTimeout(Duration.ofMillis(100)))) {
      assertEquals("hi", c.prepareGet(server.url("/hello")).execute().get(10, TimeUnit.SECONDS).getResponseBody());
      // Past both deadlines: the pooled connection must still be open and reusable.
      assertFalse(server.await(() -> server.closedCount() > 0, Duration.ofMillis(400)));
      assertEquals("hi", c.prepareGet(server.url("/hello")).execute().get(10, TimeUnit.SECONDS).getResponseBody());
      assertEquals(1, server.acceptedCount());
    }
  }

  @Test
  void aTimedOutExchangeGivesItsPermitBackBeforeTheCallerSeesTheFailure() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client(config().setMaxConnectionsPerHost(1))) {
      // Issued from the failure callback itself, before the caller can see the failure.
      AtomicReference<ListenableFuture<Response>> next = new AtomicReference<>();
      RecordingHandler h =
          new RecordingHandler() {
            @Override
            public void onThrowable(Throwable t) {
              next.set(c.prepareGet(server.url("/hello")).execute());
              super.onThrowable(t);
            }
          };
      ListenableFuture<Response> f =
          c.prepareGet(server.url("/never")).setRequestTimeout(Duration.ofMillis(150)).execute(h);
      timeoutOf(f);
      assertEquals("hi", next.get().get(10, TimeUnit.SECONDS).getResponseBody());
      assertEquals(2, server.acceptedCount(), "the timed-out connection was closed, not reused");
    }
  }

  @Test
  void requestTimeoutFailsWithTimeoutExceptionAndClosesConnection() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      poolOneConnection(client);
      ListenableFuture<Response> f =
          client.prepareGet(server.url("/never")).setRequestTimeout(Duration.ofMillis(200)).execute();
      ExecutionException e = Await.failed(f, 5);
      // By default exactly 3.0.11's class and the start of its message (T1).
      assertEquals(TimeoutException.class, e.getCause().getClass());
      assertTrue(
          e.getCause().getMessage().startsWith("Request timeout to 127.0.0.1/127.0.0.1:" + server.port() + " after 200 ms"),
          e.getCause().getMessage());
      server.awaitClosed(1);
      assertEquals(1, server.acceptedCount(), "the timed-out request ran on the pooled connection");
      assertEquals(1, server.closedCount(), "connections closed as seen by the server");
      TimeoutStats stats = client.getClientStats().getTimeoutStats();
      assertEquals(1, stats.getRequestTimeouts());
      assertEquals(0, stats.getReadTimeouts());
      assertTrue(stats.getMaxLateNanos() >= stats.getMeanLateNanos());
    }
  }

  @Test
  void readTimeoutFailsWithTimeoutException() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      ListenableFuture<Response> f =
          client.prepareGet(server.url("/never")).setReadTimeout(Duration.ofMillis(200)).execute();
      ExecutionException e = Await.failed(f, 5);
      assertEquals(TimeoutException.class, e.getCause().getClass());
      assertTrue(
          e.getCause().getMessage().startsWith("Read timeout to 127.0.0.1/127.0.0.1:" + server.port() + " after 200 ms"),
          e.getCause().getMessage());
      assertEquals(1, client.getClientStats().getTimeoutStats().getReadTimeouts());
    }
  }

  /** The request timeout is armed before connecting, so it bounds a TLS handshake too (E2). */
  @Test
  void requestTimeoutBoundsTheTlsHandshake() throws Exception {
    try (RawServer silent = RawServer.withPipeline(ch -> {})) {
      try (DefaultAsyncHttpClient c =
          ClientFixture.client(
              ClientFixture.config()
                  .setUseInsecureTrustManager(true)
                  .setHandshakeTimeout(10_000)
                  .setRequestTimeout(Duration.ofMillis(300)))) {
        long start = System.nanoTime();
        ExecutionException e =
            Await.failed(c.prepareGet("https://127.0.0.1:" + silent.port() + "/").execute(), 10);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(e.getCause() instanceof java.util.concurrent.TimeoutException, String.valueOf(e.getCause()));
        assertTrue(ms >= 250 && ms < 3000, "failed after " + ms + " ms");
        assertTrue(silent.await(() -> silent.closedCount() == 1, Duration.ofSeconds(5)), "client must close");
      }
    }
  }
}

package org.asynchttpclient.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.exception.RequestTimeoutException;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.TestServer;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The events an {@link ExchangeListener} hears, in order, per hop kind and per outcome. */
class ExchangeListenerTest {
  /** Records each event as one line; the exchange's end opens {@link #ended}. */
  static final class Recording implements ExchangeListener {
    final List<String> events = new CopyOnWriteArrayList<>();
    final CountDownLatch ended = new CountDownLatch(1);
    final AtomicInteger attachmentsSeen = new AtomicInteger();
    volatile @Nullable Throwable failure;

    @Override
    public void exchangeStarted(ExchangeView exchange) {
      events.add("exchangeStarted");
      exchange.setAttachment(this, "exchange-state");
    }

    @Override
    public void hopStarted(HopView hop) {
      events.add("hopStarted " + hop.number() + " " + hop.kind());
      hop.setAttachment(this, "hop-" + hop.number());
      hop.requestHeaders().set("x-hop", hop.number());
    }

    @Override
    public void connectionAcquired(HopView hop, boolean pooled) {
      events.add("connectionAcquired " + hop.number() + (pooled ? " pooled" : " new"));
    }

    @Override
    public void tlsHandshakeDone(HopView hop) {
      events.add("tlsHandshakeDone " + hop.number());
    }

    @Override
    public void requestWritten(HopView hop) {
      events.add("requestWritten " + hop.number());
    }

    @Override
    public void responseStarted(HopView hop, int statusCode) {
      events.add("responseStarted " + hop.number() + " " + statusCode);
    }

    @Override
    public void hopEnded(HopView hop, @Nullable Throwable failure) {
      if (("hop-" + hop.number()).equals(hop.getAttachment(this))) {
        attachmentsSeen.incrementAndGet();
      }
      events.add(
          "hopEnded "
              + hop.number()
              + (failure == null ? " " + hop.statusCode() : " " + failure.getClass().getSimpleName()));
    }

    @Override
    public void timeoutFired(HopView hop, ExchangeTimeoutException timeout) {
      events.add("timeoutFired " + hop.number() + " " + timeout.getKind() + " " + timeout.getPhase());
    }

    @Override
    public void exchangeEnded(
        ExchangeView exchange, ExchangeOutcome outcome, @Nullable Throwable failure) {
      if ("exchange-state".equals(exchange.getAttachment(this))) {
        attachmentsSeen.incrementAndGet();
      }
      this.failure = failure;
      events.add("exchangeEnded " + outcome);
      ended.countDown();
    }

    List<String> awaitEnd() throws InterruptedException {
      assertTrue(ended.await(5, TimeUnit.SECONDS), "no exchangeEnded: " + events);
      return events;
    }
  }

  private TestServer server;

  /**
   * One server with the routes of every HTTP/1.1 test (each test uses its own paths), so that the
   * tests differ only in what they ask and what the listener hears.
   */
  @BeforeEach
  void startServer() throws Exception {
    server =
        new TestServer()
            .route(
                "/redirect",
                (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", "/final"))
            .route("/final", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok"))
            .route("/ok", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok"))
            .route("/never", (ctx, req) -> {})
            .route(
                "/secret",
                (ctx, req) -> {
                  if (req.headers().contains(HttpHeaderNames.AUTHORIZATION)) {
                    TestServer.respond(ctx, req, HttpResponseStatus.OK, "in");
                  } else {
                    TestServer.respond(
                        ctx, req, HttpResponseStatus.UNAUTHORIZED, "", "WWW-Authenticate", "Basic realm=\"r\"");
                  }
                })
            .route(
                "/flaky",
                TestServer.onceThen(
                    (ctx, req) -> TestServer.close(ctx),
                    (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "second")));
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  private static DefaultAsyncHttpClient client(ExchangeListener... listeners) {
    DefaultAsyncHttpClientConfig.Builder b =
        ClientFixture.config().setFollowRedirect(true);
    for (ExchangeListener l : listeners) {
      b.addExchangeListener(l);
    }
    return new DefaultAsyncHttpClient(b.build());
  }

  @Test
  void aRedirectIsTwoHopsAndTheSecondReusesTheConnection() throws Exception {
    Recording rec = new Recording();
    try (DefaultAsyncHttpClient client = client(rec)) {
      Response r = client.prepareGet(server.url("/redirect")).execute().get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals(
          List.of(
              "exchangeStarted",
              "hopStarted 0 INITIAL",
              "connectionAcquired 0 new",
              "requestWritten 0",
              "responseStarted 0 302",
              "hopEnded 0 302",
              "hopStarted 1 REDIRECT",
              "connectionAcquired 1 pooled",
              "requestWritten 1",
              "responseStarted 1 200",
              "hopEnded 1 200",
              "exchangeEnded COMPLETED"),
          rec.awaitEnd());
      assertEquals(3, rec.attachmentsSeen.get(), "attachments read back on both hops and the end");
      assertEquals("0", server.received().get(0).headers.get("x-hop"), "headers set in hopStarted");
      assertEquals("1", server.received().get(1).headers.get("x-hop"));
    }
  }

  @Test
  void a401AnsweredWithCredentialsIsAnAuthHop() throws Exception {
    Recording rec = new Recording();
    try (DefaultAsyncHttpClient client = client(rec)) {
      Response r =
          client
              .prepareGet(server.url("/secret"))
              .setRealm(Dsl.basicAuthRealm("u", "p").setUsePreemptiveAuth(false))
              .execute()
              .get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      List<String> events = rec.awaitEnd();
      assertTrue(events.contains("hopEnded 0 401"), events.toString());
      assertTrue(events.contains("hopStarted 1 AUTH"), events.toString());
      assertEquals("exchangeEnded COMPLETED", events.get(events.size() - 1));
    }
  }

  @Test
  void aConnectionClosedBeforeTheResponseIsRetriedOnAFreshConnection() throws Exception {
    Recording rec = new Recording();
    try (DefaultAsyncHttpClient client = client(rec)) {
      Response r = client.prepareGet(server.url("/flaky")).execute().get(5, TimeUnit.SECONDS);
      assertEquals("second", r.getResponseBody());
      List<String> events = rec.awaitEnd();
      // As in 3.0.11, a connection closed under a hop is a ChannelClosedException (an IOException)
      // until the retries are spent; only then does the exchange fail with RemotelyClosedException.
      assertTrue(events.contains("hopEnded 0 ChannelClosedException"), events.toString());
      int retry = events.indexOf("hopStarted 1 RETRY");
      assertTrue(retry > 0, events.toString());
      assertEquals("connectionAcquired 1 new", events.get(retry + 1), "a retry takes a fresh connection");
      assertEquals("exchangeEnded COMPLETED", events.get(events.size() - 1));
    }
  }

  @Test
  void aTimeoutIsReportedBeforeItsHopAndTheExchangeEnd() throws Exception {
    Recording rec = new Recording();
    try (DefaultAsyncHttpClient client = client(rec)) {
      ExecutionException e =
          Await.failed(client.prepareGet(server.url("/never")).setRequestTimeout(Duration.ofMillis(200)).execute(), 5);
      // The caller gets 3.0.11's plain class by default; the listener the typed exception.
      assertEquals(TimeoutException.class, e.getCause().getClass());
      List<String> events = rec.awaitEnd();
      assertEquals(
          List.of(
              "timeoutFired 0 REQUEST WAITING_FOR_RESPONSE",
              "hopEnded 0 RequestTimeoutException",
              "exchangeEnded TIMED_OUT"),
          events.subList(events.size() - 3, events.size()),
          events.toString());
      // The listener's exchangeEnded has the typed form of the caller's failure.
      assertInstanceOf(RequestTimeoutException.class, rec.failure);
      assertEquals(e.getCause().getMessage(), rec.failure.getMessage());
    }
  }

  @Test
  void aCancelEndsTheHopAndTheExchangeOnce() throws Exception {
    Recording rec = new Recording();
    try (DefaultAsyncHttpClient client = client(rec)) {
      ListenableFuture<Response> f = client.prepareGet(server.url("/never")).execute();
      server.awaitReceived(1);
      // The server may read the request before the client's write completes: cancel after it did.
      Await.until(() -> rec.events.contains("requestWritten 0"), Duration.ofSeconds(5), rec.events::toString);
      assertTrue(f.cancel(true));
      List<String> events = rec.awaitEnd();
      assertEquals(
          List.of("hopEnded 0 CancellationException", "exchangeEnded CANCELLED"),
          events.subList(events.size() - 2, events.size()),
          events.toString());
      assertInstanceOf(CancellationException.class, rec.failure);
      assertEquals(1, events.stream().filter(s -> s.startsWith("exchangeEnded")).count());
    }
  }

  @Test
  void aListenerThatThrowsChangesNothing() throws Exception {
    ExchangeListener broken =
        new ExchangeListener() {
          @Override
          public void hopStarted(HopView hop) {
            throw new IllegalStateException("listener bug");
          }

          @Override
          public void exchangeEnded(
              ExchangeView exchange, ExchangeOutcome outcome, @Nullable Throwable failure) {
            throw new IllegalStateException("listener bug");
          }
        };
    Recording rec = new Recording();
    try (DefaultAsyncHttpClient client = client(broken, rec)) {
      Response r = client.prepareGet(server.url("/ok")).execute().get(5, TimeUnit.SECONDS);
      assertEquals("ok", r.getResponseBody());
      assertEquals("exchangeEnded COMPLETED", rec.awaitEnd().get(rec.events.size() - 1));
    }
  }
  /** Records, per hop, the protocol version each event of the hop sees. */
  static final class ProtocolRecording implements ExchangeListener {
    final List<String> seen = new CopyOnWriteArrayList<>();

    private void see(String event, HopView hop) {
      seen.add(hop.number() + " " + event + " " + hop.protocolVersion());
    }

    @Override
    public void hopStarted(HopView hop) {
      see("hopStarted", hop);
    }

    @Override
    public void connectionAcquired(HopView hop, boolean pooled) {
      see(pooled ? "connectionAcquired pooled" : "connectionAcquired new", hop);
    }

    @Override
    public void tlsHandshakeDone(HopView hop) {
      see("tlsHandshakeDone", hop);
    }

    @Override
    public void requestWritten(HopView hop) {
      see("requestWritten", hop);
    }

    @Override
    public void hopEnded(HopView hop, @Nullable Throwable failure) {
      see("hopEnded", hop);
    }
  }

  @Test
  void theProtocolVersionIsKnownOnAPooledConnectionAndOnANewOneOnceWritten() throws Exception {
    ProtocolRecording rec = new ProtocolRecording();
    try (DefaultAsyncHttpClient client = client(rec)) {
      client.prepareGet(server.url("/redirect")).execute().get(5, TimeUnit.SECONDS);
      assertEquals(
          List.of(
              "0 hopStarted null",
              "0 connectionAcquired new null",
              "0 requestWritten 1.1",
              "0 hopEnded 1.1",
              "1 hopStarted null",
              "1 connectionAcquired pooled 1.1",
              "1 requestWritten 1.1",
              "1 hopEnded 1.1"),
          rec.seen);
    }
  }

  /** ALPN decides after connectionAcquired: null there, then what the handshake picked. */
  @ParameterizedTest(name = "server offers {0}")
  @ValueSource(strings = {"h2", "http/1.1"})
  void overTlsTheVersionIsWhatAlpnPicked(String offered) throws Exception {
    ProtocolRecording rec = new ProtocolRecording();
    String expected = offered.equals("h2") ? "2" : "1.1";
    try (H2TestServer tls =
            new H2TestServer(new H2TestServer.Options().alpn(offered))
                .route("/ok", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "ok"));
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(
                ClientFixture.config()
                    .setUseInsecureTrustManager(true)
                    .addExchangeListener(rec)
                    .build())) {
      client.prepareGet(tls.url("/ok")).execute().get(5, TimeUnit.SECONDS);
      client.prepareGet(tls.url("/ok")).execute().get(5, TimeUnit.SECONDS);
      assertEquals(
          List.of(
              "0 hopStarted null",
              "0 connectionAcquired new null",
              "0 tlsHandshakeDone null",
              "0 requestWritten " + expected,
              "0 hopEnded " + expected,
              "0 hopStarted null",
              "0 connectionAcquired pooled " + expected,
              "0 requestWritten " + expected,
              "0 hopEnded " + expected),
          rec.seen,
          "the second request reuses the connection (a pooled HTTP/1.1 one, or a stream of the h2 one)");
    }
  }
}

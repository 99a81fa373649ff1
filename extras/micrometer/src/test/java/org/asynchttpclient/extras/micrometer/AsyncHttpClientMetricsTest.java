package org.asynchttpclient.extras.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.core.instrument.distribution.HistogramSnapshot;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.exception.RequestTimeoutException;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.LeakDetectionExtension;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The meters of {@link AsyncHttpClientMetrics}, read back from a real {@link SimpleMeterRegistry}.
 */
@ExtendWith(LeakDetectionExtension.class)
class AsyncHttpClientMetricsTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  /** The distribution settings each meter asked for, as the registry's filters see them. */
  private final Map<String, DistributionStatisticConfig> distributions = new ConcurrentHashMap<>();

  AsyncHttpClientMetricsTest() {
    registry
        .config()
        .meterFilter(
            new MeterFilter() {
              @Override
              public DistributionStatisticConfig configure(
                  Meter.Id id, DistributionStatisticConfig config) {
                distributions.put(id.getName(), config);
                return config;
              }
            });
  }

  private static DefaultAsyncHttpClient client(
      AsyncHttpClientMetrics metrics, boolean eventLoopTimeouts) {
    return client(metrics, eventLoopTimeouts, false);
  }

  private static DefaultAsyncHttpClient client(
      AsyncHttpClientMetrics metrics, boolean eventLoopTimeouts, boolean typedTimeouts) {
    return new DefaultAsyncHttpClient(
        ClientFixture.config()
            .setFollowRedirect(true)
            .setUseEventLoopTimeouts(eventLoopTimeouts)
            .setTypedTimeoutExceptions(typedTimeouts)
            .addExchangeListener(metrics)
            .build());
  }

  private static TestServer okServer() throws InterruptedException {
    return new TestServer()
        .route(
            "/users/42", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "u42"))
        .route(
            "/missing",
            (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.NOT_FOUND, ""))
        .route(
            "/broken",
            (ctx, req) ->
                TestServer.respond(ctx, req, HttpResponseStatus.INTERNAL_SERVER_ERROR, ""))
        .route(
            "/moved",
            (ctx, req) ->
                TestServer.respond(
                    ctx, req, HttpResponseStatus.FOUND, "", "Location", "/users/42"));
  }

  /** The one {@value AsyncHttpClientMetrics#REQUESTS} timer, with every tag listed in a message. */
  private Timer onlyRequestTimer() {
    List<Timer> timers = List.copyOf(registry.find(AsyncHttpClientMetrics.REQUESTS).timers());
    assertEquals(1, timers.size(), "request timers: " + describe(timers));
    return timers.get(0);
  }

  private static String describe(List<? extends Meter> meters) {
    return meters.stream().map(m -> m.getId().toString()).collect(Collectors.joining("; "));
  }

  private static void assertTags(Meter meter, String... keyValues) {
    for (int i = 0; i < keyValues.length; i += 2) {
      assertEquals(
          keyValues[i + 1],
          meter.getId().getTag(keyValues[i]),
          keyValues[i] + " of " + meter.getId());
    }
  }

  @Test
  void aCompletedExchangeIsOneSampleTaggedWithItsTemplateStatusAndOutcome() throws Exception {
    AsyncHttpClientMetrics metrics =
        AsyncHttpClientMetrics.builder(registry).tags(Tags.of("client.name", "users")).build();
    try (TestServer server = okServer();
        DefaultAsyncHttpClient client = client(metrics, false)) {
      Response r =
          client
              .prepareGet(server.url("/users/42"))
              .setHeader(AsyncHttpClientMetrics.URI_TEMPLATE_HEADER, "/users/{id}")
              .execute()
              .get(5, TimeUnit.SECONDS);
      assertEquals("u42", r.getResponseBody());

      Timer timer = onlyRequestTimer();
      assertTags(
          timer,
          "method",
          "GET",
          "uri",
          "/users/{id}",
          "status",
          "200",
          "outcome",
          "SUCCESS",
          "exception",
          "none",
          "client.name",
          "users");
      assertEquals(1, timer.count());
      assertTrue(timer.totalTime(TimeUnit.NANOSECONDS) > 0, "a sample has a duration");
      assertFalse(
          server.received().get(0).headers.contains(AsyncHttpClientMetrics.URI_TEMPLATE_HEADER),
          "the template header stays off the wire");
    }
  }

  @Test
  void anExchangeOverHttp2IsRecordedAndItsStreamCarriesNoTemplateHeader() throws Exception {
    AsyncHttpClientMetrics metrics = AsyncHttpClientMetrics.builder(registry).build();
    try (H2TestServer server =
            new H2TestServer(new H2TestServer.Options().cleartext())
                .route(
                    "/h2",
                    (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "h2"));
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(
                ClientFixture.config()
                    .setHttp2CleartextEnabled(true)
                    .addExchangeListener(metrics)
                    .build())) {
      Response r =
          client
              .prepareGet(server.url("/h2"))
              .setHeader(AsyncHttpClientMetrics.URI_TEMPLATE_HEADER, "/h2")
              .execute()
              .get(5, TimeUnit.SECONDS);
      assertEquals("h2", r.getResponseBody());
      H2TestServer.Received received = server.received().get(0);
      assertTrue(received.streamId > 0, "over HTTP/2: " + received.protocol);
      assertFalse(received.headers.contains(AsyncHttpClientMetrics.URI_TEMPLATE_HEADER));
      assertTags(onlyRequestTimer(), "uri", "/h2", "status", "200", "outcome", "SUCCESS");
    }
  }

  /** A hedged exchange: one hedge sent, which won; the first attempt cancelled; one sample. */
  @Test
  void hedgesAreCountedAndAHedgeCarriesNoTemplateHeader() throws Exception {
    AsyncHttpClientMetrics metrics = AsyncHttpClientMetrics.builder(registry).build();
    AtomicInteger n = new AtomicInteger();
    try (TestServer server =
            new TestServer()
                .route(
                    "/stall-first",
                    (ctx, req) -> {
                      if (n.incrementAndGet() > 1) {
                        TestServer.respond(ctx, req, HttpResponseStatus.OK, "hedge");
                      }
                    });
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(
                ClientFixture.config()
                    // Long enough that the first attempt's connect and write, in a JVM still
                    // loading classes, come before the hedge's: the server stalls the first.
                    .setHedgeDelay(Duration.ofMillis(200))
                    .setHedgeBudget(1.0)
                    .addExchangeListener(metrics)
                    .build())) {
      Response r =
          client
              .prepareGet(server.url("/stall-first"))
              .setHeader(AsyncHttpClientMetrics.URI_TEMPLATE_HEADER, "/stall-first")
              .execute()
              .get(5, TimeUnit.SECONDS);
      assertEquals("hedge", r.getResponseBody());
      for (String event : List.of("sent", "won", "cancelled")) {
        Counter c =
            registry.find(AsyncHttpClientMetrics.HEDGES).tag("event", event).counter();
        assertTrue(c != null, event + ": " + describe(List.copyOf(registry.getMeters())));
        assertEquals(1.0, c.count(), event);
        assertTags(c, "method", "GET", "uri", "/stall-first");
      }
      assertEquals(2, server.received().size());
      assertFalse(
          server.received().get(1).headers.contains(AsyncHttpClientMetrics.URI_TEMPLATE_HEADER),
          "the hedge's template header stays off the wire");
      assertEquals(1, onlyRequestTimer().count());
    }
  }

  @Test
  void withoutATemplateTheUriTagIsAPlaceholderNotThePath() throws Exception {
    AsyncHttpClientMetrics metrics = AsyncHttpClientMetrics.builder(registry).build();
    try (TestServer server = okServer();
        DefaultAsyncHttpClient client = client(metrics, false)) {
      client.prepareGet(server.url("/users/42")).execute().get(5, TimeUnit.SECONDS);
      assertTags(onlyRequestTimer(), "uri", "none", "status", "200");
    }
  }

  @Test
  void aTemplateFunctionOfTheRequestNamesTheUri() throws Exception {
    AsyncHttpClientMetrics metrics =
        AsyncHttpClientMetrics.builder(registry)
            .uriTemplate(request -> request.getUri().getPath().replaceAll("/[0-9]+", "/{id}"))
            .build();
    try (TestServer server = okServer();
        DefaultAsyncHttpClient client = client(metrics, false)) {
      client.prepareGet(server.url("/users/42")).execute().get(5, TimeUnit.SECONDS);
      assertTags(onlyRequestTimer(), "uri", "/users/{id}");
    }
  }

  @Test
  void clientAndServerErrorsAreOutcomesNotExceptions() throws Exception {
    AsyncHttpClientMetrics metrics = AsyncHttpClientMetrics.builder(registry).build();
    try (TestServer server = okServer();
        DefaultAsyncHttpClient client = client(metrics, false)) {
      assertEquals(
          404,
          client
              .prepareGet(server.url("/missing"))
              .execute()
              .get(5, TimeUnit.SECONDS)
              .getStatusCode());
      assertEquals(
          500,
          client
              .preparePost(server.url("/broken"))
              .execute()
              .get(5, TimeUnit.SECONDS)
              .getStatusCode());
      Timer missing = registry.find(AsyncHttpClientMetrics.REQUESTS).tag("status", "404").timer();
      Timer broken = registry.find(AsyncHttpClientMetrics.REQUESTS).tag("status", "500").timer();
      assertNotNull(missing, describe(registry.getMeters()));
      assertNotNull(broken, describe(registry.getMeters()));
      assertTags(missing, "method", "GET", "outcome", "CLIENT_ERROR", "exception", "none");
      assertTags(broken, "method", "POST", "outcome", "SERVER_ERROR", "exception", "none");
    }
  }

  @Test
  void aRedirectedExchangeIsOneSampleWithTheFinalStatus() throws Exception {
    AsyncHttpClientMetrics metrics = AsyncHttpClientMetrics.builder(registry).build();
    try (TestServer server = okServer();
        DefaultAsyncHttpClient client = client(metrics, false)) {
      Response r = client.prepareGet(server.url("/moved")).execute().get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals(2, server.received().size(), "two hops reached the server");
      Timer timer = onlyRequestTimer();
      assertEquals(1, timer.count());
      assertTags(timer, "status", "200", "outcome", "SUCCESS");
    }
  }

  /** Kind, phase and lateness are counted whatever class the caller's failure has. */
  @ParameterizedTest(name = "eventLoopTimeouts={0}, typedTimeoutExceptions={1}")
  @CsvSource({"false,false", "true,false", "false,true"})
  void aRequestTimeoutIsCountedByKindAndPhaseWithItsLateness(boolean eventLoopTimeouts, boolean typed)
      throws Exception {
    AsyncHttpClientMetrics metrics = AsyncHttpClientMetrics.builder(registry).build();
    try (TestServer server = new TestServer().route("/never", (ctx, req) -> {});
        DefaultAsyncHttpClient client = client(metrics, eventLoopTimeouts, typed)) {
      ExecutionException e =
          assertThrows(
              ExecutionException.class,
              () ->
                  client
                      .prepareGet(server.url("/never"))
                      .setHeader(AsyncHttpClientMetrics.URI_TEMPLATE_HEADER, "/never")
                      .setRequestTimeout(Duration.ofMillis(150))
                      .execute()
                      .get(5, TimeUnit.SECONDS));
      Throwable timeout = e.getCause();
      assertEquals(typed ? RequestTimeoutException.class : TimeoutException.class, timeout.getClass());

      assertTags(
          onlyRequestTimer(),
          "status",
          "CLIENT_ERROR",
          "outcome",
          "UNKNOWN",
          "exception",
          "RequestTimeoutException",
          "uri",
          "/never");
      Counter timeouts = registry.find(AsyncHttpClientMetrics.TIMEOUTS).counter();
      assertNotNull(timeouts, describe(registry.getMeters()));
      assertEquals(1.0, timeouts.count());
      assertTags(
          timeouts,
          "kind",
          "request",
          "phase",
          "waiting_for_response",
          "method",
          "GET",
          "uri",
          "/never");

      Timer lateness =
          registry.find(AsyncHttpClientMetrics.TIMEOUT_LATENESS).tag("kind", "request").timer();
      assertNotNull(lateness, describe(registry.getMeters()));
      assertEquals(1, lateness.count());
      assertEquals(
          (double) lateNanosOf(timeout),
          lateness.totalTime(TimeUnit.NANOSECONDS),
          typed ? 1.0 : 1000.0, // the plain exception's message gives it to the microsecond
          "the lateness recorded is the exception's");
      HistogramSnapshot snapshot = lateness.takeSnapshot();
      assertEquals(4, snapshot.percentileValues().length, snapshot.toString());
      // SimpleMeterRegistry publishes no percentile histogram; the filter saw that one was asked.
      DistributionStatisticConfig asked =
          distributions.get(AsyncHttpClientMetrics.TIMEOUT_LATENESS);
      assertNotNull(asked);
      assertTrue(Boolean.TRUE.equals(asked.isPercentileHistogram()), asked.toString());
      assertEquals(1_000.0, asked.getMinimumExpectedValueAsDouble(), "1 us, in ns");
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void aServerThatGoesQuietMidResponseIsAReadTimeoutWhileReading(boolean eventLoopTimeouts)
      throws Exception {
    AsyncHttpClientMetrics metrics = AsyncHttpClientMetrics.builder(registry).build();
    try (TestServer server =
            new TestServer()
                .route(
                    "/stall",
                    (ctx, req) -> {
                      HttpResponse head =
                          new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
                      head.headers()
                          .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
                      TestServer.send(ctx, head);
                    });
        DefaultAsyncHttpClient client = client(metrics, eventLoopTimeouts)) {
      ExecutionException e =
          assertThrows(
              ExecutionException.class,
              () ->
                  client
                      .prepareGet(server.url("/stall"))
                      .setReadTimeout(Duration.ofMillis(150))
                      .execute()
                      .get(5, TimeUnit.SECONDS));
      assertEquals(TimeoutException.class, e.getCause().getClass());
      assertTags(
          onlyRequestTimer(),
          "status",
          "CLIENT_ERROR",
          "outcome",
          "UNKNOWN",
          "exception",
          "ReadTimeoutException");
      Counter timeouts = registry.find(AsyncHttpClientMetrics.TIMEOUTS).counter();
      assertNotNull(timeouts, describe(registry.getMeters()));
      assertTags(timeouts, "kind", "read", "phase", "reading");
      Timer lateness =
          registry.find(AsyncHttpClientMetrics.TIMEOUT_LATENESS).tag("kind", "read").timer();
      assertNotNull(lateness, describe(registry.getMeters()));
      assertEquals(1, lateness.count());
    }
  }

  @Test
  void aRefusedConnectionNamesItsException() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    AsyncHttpClientMetrics metrics = AsyncHttpClientMetrics.builder(registry).build();
    try (DefaultAsyncHttpClient client = client(metrics, false)) {
      ExecutionException e =
          assertThrows(
              ExecutionException.class,
              () ->
                  client
                      .prepareGet("http://127.0.0.1:" + port + "/")
                      .execute()
                      .get(5, TimeUnit.SECONDS));
      assertInstanceOf(ConnectException.class, e.getCause());
      assertTags(
          onlyRequestTimer(),
          "status",
          "CLIENT_ERROR",
          "outcome",
          "UNKNOWN",
          "exception",
          "ConnectException");
      assertEquals(0, registry.find(AsyncHttpClientMetrics.TIMEOUTS).counters().size());
    }
  }

  @Test
  void aCancelledExchangeIsRecordedAsCancelled() throws Exception {
    AsyncHttpClientMetrics metrics = AsyncHttpClientMetrics.builder(registry).build();
    try (TestServer server = new TestServer().route("/never", (ctx, req) -> {});
        DefaultAsyncHttpClient client = client(metrics, false)) {
      ListenableFuture<Response> f = client.prepareGet(server.url("/never")).execute();
      server.awaitReceived(1);
      assertTrue(f.cancel(true));
      assertTags(
          onlyRequestTimer(), "status", "CLIENT_ERROR", "exception", "CancellationException");
    }
  }

  @Test
  void theConnectionGaugesFollowThePoolPerHost() throws Exception {
    AsyncHttpClientMetrics metrics = AsyncHttpClientMetrics.builder(registry).build();
    try (TestServer server = okServer().route("/never", (ctx, req) -> {});
        DefaultAsyncHttpClient client = client(metrics, false)) {
      metrics.bindConnectionPool(client);
      assertTrue(registry.find(AsyncHttpClientMetrics.CONNECTIONS).gauges().isEmpty());

      client.prepareGet(server.url("/users/42")).execute().get(5, TimeUnit.SECONDS);
      assertEquals(0.0, connections("active"), "after the response");
      assertEquals(1.0, connections("idle"), "the keep-alive connection is pooled");

      ListenableFuture<Response> stalled = client.prepareGet(server.url("/never")).execute();
      server.awaitReceived(2);
      assertEquals(1.0, connections("active"), "the pooled connection carries the stalled request");
      assertEquals(0.0, connections("idle"));
      assertEquals(1, server.acceptedCount(), "one connection all along");
      stalled.cancel(true);
      server.awaitClosed(1);
      assertTrue(
          server.await(() -> connections("active") == 0.0, Duration.ofSeconds(5)),
          "a cancelled exchange's connection is closed, not pooled");
      assertEquals(0.0, connections("idle"));
    }
  }

  @Test
  void bindingAClientThatIsConnectedAlreadyRegistersItsHostsAtOnce() throws Exception {
    AsyncHttpClientMetrics metrics = AsyncHttpClientMetrics.builder(registry).build();
    try (TestServer server = okServer();
        DefaultAsyncHttpClient client = client(metrics, false)) {
      client.prepareGet(server.url("/users/42")).execute().get(5, TimeUnit.SECONDS);
      metrics.bindConnectionPool(client);
      assertEquals(1.0, connections("idle"));
      IllegalStateException twice =
          assertThrows(IllegalStateException.class, () -> metrics.bindConnectionPool(client));
      assertTrue(twice.getMessage().contains("bound already"), twice.getMessage());
    }
  }

  private double connections(String state) {
    Gauge gauge =
        registry
            .find(AsyncHttpClientMetrics.CONNECTIONS)
            .tag("host", "127.0.0.1")
            .tag("state", state)
            .gauge();
    assertNotNull(gauge, describe(registry.getMeters()));
    return gauge.value();
  }

  /** The lateness a timeout's caller can read: the typed exception's, or its message's (to the us). */
  private static long lateNanosOf(Throwable timeout) {
    if (timeout instanceof ExchangeTimeoutException) {
      return ((ExchangeTimeoutException) timeout).getLateNanos();
    }
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("fired ([0-9.]+) ms after its deadline").matcher(timeout.getMessage());
    assertTrue(m.find(), timeout.getMessage());
    return Math.round(Double.parseDouble(m.group(1)) * 1_000_000);
  }
}

package org.asynchttpclient.extras.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.opentelemetry.api.baggage.Baggage;
import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.exception.RequestTimeoutException;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.LeakDetectionExtension;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Spans and the duration metric of {@link AsyncHttpClientTelemetry}, read from the SDK's in-memory
 * exporters.
 */
@ExtendWith(LeakDetectionExtension.class)
class AsyncHttpClientTelemetryTest {
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();
  private final InMemoryMetricReader metrics = InMemoryMetricReader.create();
  private final List<OpenTelemetrySdk> sdks = new ArrayList<>();

  @AfterEach
  void closeSdks() {
    sdks.forEach(OpenTelemetrySdk::close);
  }

  /** An SDK reporting to the in-memory exporters; propagators as given (none: the SDK's no-op). */
  private OpenTelemetrySdk sdk(ContextPropagators propagators) {
    OpenTelemetrySdk sdk =
        OpenTelemetrySdk.builder()
            .setTracerProvider(
                SdkTracerProvider.builder()
                    .addSpanProcessor(SimpleSpanProcessor.create(spans))
                    .build())
            .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
            .setPropagators(propagators)
            .build();
    sdks.add(sdk);
    return sdk;
  }

  private static DefaultAsyncHttpClient client(
      AsyncHttpClientTelemetry telemetry, boolean eventLoopTimeouts) {
    return client(telemetry, eventLoopTimeouts, false);
  }

  private static DefaultAsyncHttpClient client(
      AsyncHttpClientTelemetry telemetry, boolean eventLoopTimeouts, boolean typedTimeouts) {
    return new DefaultAsyncHttpClient(
        ClientFixture.config()
            .setFollowRedirect(true)
            .setUseEventLoopTimeouts(eventLoopTimeouts)
            .setTypedTimeoutExceptions(typedTimeouts)
            .addExchangeListener(telemetry.exchangeListener())
            .build());
  }

  private static TestServer server() throws InterruptedException {
    return new TestServer()
        .route(
            "/users/42", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "u42"))
        .route(
            "/broken",
            (ctx, req) ->
                TestServer.respond(ctx, req, HttpResponseStatus.INTERNAL_SERVER_ERROR, ""))
        .route(
            "/moved",
            (ctx, req) ->
                TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", "/users/42"))
        .route("/never", (ctx, req) -> {})
        .route(
            "/stall",
            (ctx, req) -> {
              HttpResponse head =
                  new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
              head.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
              TestServer.send(ctx, head);
            });
  }

  private List<SpanData> clientSpans() {
    return spans.getFinishedSpanItems().stream()
        .filter(s -> s.getKind() == SpanKind.CLIENT)
        .collect(Collectors.toList());
  }

  private SpanData onlyClientSpan() {
    List<SpanData> client = clientSpans();
    assertEquals(1, client.size(), "client spans: " + client);
    return client.get(0);
  }

  private static <T> T attr(SpanData span, AttributeKey<T> key) {
    return span.getAttributes().get(key);
  }

  private static String traceparent(SpanData span) {
    return "00-"
        + span.getTraceId()
        + "-"
        + span.getSpanId()
        + "-"
        + span.getSpanContext().getTraceFlags().asHex();
  }

  @Test
  void aHopIsAClientSpanUnderTheCallersSpanAndCarriesItsTraceparent() throws Exception {
    OpenTelemetrySdk sdk = sdk(ContextPropagators.noop());
    try (TestServer server = server();
        DefaultAsyncHttpClient client = client(AsyncHttpClientTelemetry.create(sdk), false)) {
      Span caller = sdk.getTracer("test").spanBuilder("caller").startSpan();
      Response r;
      try (Scope ignored = caller.makeCurrent()) {
        r = client.prepareGet(server.url("/users/42?x=1")).execute().get(5, TimeUnit.SECONDS);
      } finally {
        caller.end();
      }
      assertEquals("u42", r.getResponseBody());

      SpanData span = onlyClientSpan();
      assertEquals("GET", span.getName());
      assertEquals(caller.getSpanContext().getTraceId(), span.getTraceId());
      assertEquals(caller.getSpanContext().getSpanId(), span.getParentSpanId());
      assertEquals("GET", attr(span, HttpAttributes.HTTP_REQUEST_METHOD));
      assertEquals(server.url("/users/42?x=1"), attr(span, HttpAttributes.URL_FULL));
      assertEquals("127.0.0.1", attr(span, HttpAttributes.SERVER_ADDRESS));
      assertEquals((long) server.port(), attr(span, HttpAttributes.SERVER_PORT));
      assertEquals(200L, attr(span, HttpAttributes.HTTP_RESPONSE_STATUS_CODE));
      assertEquals("1.1", attr(span, HttpAttributes.NETWORK_PROTOCOL_VERSION));
      assertEquals("127.0.0.1", attr(span, HttpAttributes.NETWORK_PEER_ADDRESS));
      assertEquals((long) server.port(), attr(span, HttpAttributes.NETWORK_PEER_PORT));
      assertNull(attr(span, HttpAttributes.ERROR_TYPE));
      assertNull(attr(span, HttpAttributes.HTTP_REQUEST_RESEND_COUNT));
      assertEquals(StatusCode.UNSET, span.getStatus().getStatusCode());
      assertEquals(
          traceparent(span),
          server.received().get(0).headers.get("traceparent"),
          "without a configured propagator, W3C trace context with the hop's own span");
    }
  }

  /** The first request opens the connection (its protocol settled late), the second reuses it. */
  @Test
  void aHopOverHttp2IsASpanAndItsStreamCarriesTheTraceparent() throws Exception {
    OpenTelemetrySdk sdk = sdk(ContextPropagators.noop());
    try (H2TestServer server =
            new H2TestServer(new H2TestServer.Options().cleartext())
                .route(
                    "/h2",
                    (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "h2"));
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(
                ClientFixture.config()
                    .setHttp2CleartextEnabled(true)
                    .addExchangeListener(AsyncHttpClientTelemetry.create(sdk).exchangeListener())
                    .build())) {
      for (int i = 0; i < 2; i++) {
        Response r = client.prepareGet(server.url("/h2")).execute().get(5, TimeUnit.SECONDS);
        assertEquals("h2", r.getResponseBody());
      }
      assertEquals(1, server.connections().size(), "the second stream shares the connection");
      List<SpanData> hops = clientSpans();
      assertEquals(2, hops.size(), hops.toString());
      for (int i = 0; i < 2; i++) {
        H2TestServer.Received received = server.received().get(i);
        assertTrue(received.streamId > 0, "over HTTP/2: " + received.protocol);
        SpanData span = hops.get(i);
        assertEquals(200L, attr(span, HttpAttributes.HTTP_RESPONSE_STATUS_CODE));
        assertEquals("2", attr(span, HttpAttributes.NETWORK_PROTOCOL_VERSION));
        assertEquals(traceparent(span), received.headers.get("traceparent"));
      }
    }
  }

  @Test
  void withNoCurrentSpanTheHopIsARootSpan() throws Exception {
    OpenTelemetrySdk sdk = sdk(ContextPropagators.noop());
    try (TestServer server = server();
        DefaultAsyncHttpClient client = client(AsyncHttpClientTelemetry.create(sdk), false)) {
      client.prepareGet(server.url("/users/42")).execute().get(5, TimeUnit.SECONDS);
      SpanData span = onlyClientSpan();
      assertFalse(span.getParentSpanContext().isValid(), "no parent: " + span);
      assertEquals(traceparent(span), server.received().get(0).headers.get("traceparent"));
    }
  }

  /**
   * A hedge is a span of its own beside the first attempt's, both under the caller's span: the
   * hedge's marked won, the first attempt's cancelled, each request carrying its own traceparent.
   */
  @Test
  void aHedgeIsASiblingSpanAndTheLoserIsMarkedCancelled() throws Exception {
    OpenTelemetrySdk sdk = sdk(ContextPropagators.create(W3CTraceContextPropagator.getInstance()));
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
                    .addExchangeListener(AsyncHttpClientTelemetry.create(sdk).exchangeListener())
                    .build())) {
      Span caller = sdk.getTracer("test").spanBuilder("caller").startSpan();
      try (Scope ignored = caller.makeCurrent()) {
        assertEquals(
            "hedge",
            client.prepareGet(server.url("/stall-first")).execute().get(5, TimeUnit.SECONDS)
                .getResponseBody());
      } finally {
        caller.end();
      }
      List<SpanData> hops = clientSpans();
      assertEquals(2, hops.size(), hops.toString());
      SpanData cancelled =
          hops.stream().filter(h -> "cancelled".equals(attr(h, HttpAttributes.HEDGE))).findFirst().get();
      SpanData won =
          hops.stream().filter(h -> "won".equals(attr(h, HttpAttributes.HEDGE))).findFirst().get();
      assertEquals(200L, attr(won, HttpAttributes.HTTP_RESPONSE_STATUS_CODE));
      assertNull(attr(cancelled, HttpAttributes.ERROR_TYPE), "a cancelled loser is no error");
      for (SpanData hop : hops) {
        assertEquals(caller.getSpanContext().getSpanId(), hop.getParentSpanId(), "siblings: " + hop);
      }
      assertEquals(traceparent(cancelled), server.received().get(0).headers.get("traceparent"));
      assertEquals(traceparent(won), server.received().get(1).headers.get("traceparent"));
    }
  }

  @Test
  void aRedirectIsTwoSiblingSpansAndTheSecondCountsAResend() throws Exception {
    OpenTelemetrySdk sdk = sdk(ContextPropagators.noop());
    try (TestServer server = server();
        DefaultAsyncHttpClient client = client(AsyncHttpClientTelemetry.create(sdk), false)) {
      Span caller = sdk.getTracer("test").spanBuilder("caller").startSpan();
      try (Scope ignored = caller.makeCurrent()) {
        assertEquals(
            200,
            client
                .prepareGet(server.url("/moved"))
                .execute()
                .get(5, TimeUnit.SECONDS)
                .getStatusCode());
      } finally {
        caller.end();
      }
      List<SpanData> hops = clientSpans();
      assertEquals(2, hops.size(), hops.toString());
      SpanData first = hops.get(0);
      SpanData second = hops.get(1);
      assertEquals(302L, attr(first, HttpAttributes.HTTP_RESPONSE_STATUS_CODE));
      assertNull(attr(first, HttpAttributes.HTTP_REQUEST_RESEND_COUNT));
      assertNull(attr(first, HttpAttributes.ERROR_TYPE), "a 3xx is no error");
      assertEquals(200L, attr(second, HttpAttributes.HTTP_RESPONSE_STATUS_CODE));
      assertEquals(1L, attr(second, HttpAttributes.HTTP_REQUEST_RESEND_COUNT));
      assertEquals(server.url("/users/42"), attr(second, HttpAttributes.URL_FULL));
      for (SpanData hop : hops) {
        assertEquals(
            caller.getSpanContext().getSpanId(), hop.getParentSpanId(), "siblings: " + hop);
      }
      assertNotEquals(first.getSpanId(), second.getSpanId());
      assertEquals(traceparent(first), server.received().get(0).headers.get("traceparent"));
      assertEquals(traceparent(second), server.received().get(1).headers.get("traceparent"));
    }
  }

  /** The span names the typed exception, its kind, phase and lateness, whatever the caller gets. */
  @ParameterizedTest(name = "eventLoopTimeouts={0}, typedTimeoutExceptions={1}")
  @CsvSource({"false,false", "true,false", "false,true"})
  void aRequestTimeoutIsAnErrorTypedByItsExceptionClass(boolean eventLoopTimeouts, boolean typed)
      throws Exception {
    OpenTelemetrySdk sdk = sdk(ContextPropagators.noop());
    try (TestServer server = server();
        DefaultAsyncHttpClient client =
            client(AsyncHttpClientTelemetry.create(sdk), eventLoopTimeouts, typed)) {
      ExecutionException e =
          assertThrows(
              ExecutionException.class,
              () ->
                  client
                      .prepareGet(server.url("/never"))
                      .setRequestTimeout(Duration.ofMillis(150))
                      .execute()
                      .get(5, TimeUnit.SECONDS));
      Throwable timeout = e.getCause();
      assertEquals(typed ? RequestTimeoutException.class : TimeoutException.class, timeout.getClass());
      SpanData span = onlyClientSpan();
      assertEquals(
          "org.asynchttpclient.exception.RequestTimeoutException",
          attr(span, HttpAttributes.ERROR_TYPE));
      assertEquals(StatusCode.ERROR, span.getStatus().getStatusCode());
      assertNull(attr(span, HttpAttributes.HTTP_RESPONSE_STATUS_CODE), "no response head arrived");
      assertEquals("request", attr(span, HttpAttributes.TIMEOUT_KIND));
      assertEquals("waiting_for_response", attr(span, HttpAttributes.TIMEOUT_PHASE));
      assertEquals(
          lateNanosOf(timeout) / 1e9, attr(span, HttpAttributes.TIMEOUT_LATENESS), typed ? 1e-9 : 1e-6);
      assertTrue(
          span.getEvents().stream().anyMatch(ev -> ev.getName().equals("exception")),
          "the exception is recorded: " + span.getEvents());
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void aReadTimeoutWhileReadingKeepsTheStatusAndNamesTheReadTimeout(boolean eventLoopTimeouts)
      throws Exception {
    OpenTelemetrySdk sdk = sdk(ContextPropagators.noop());
    try (TestServer server = server();
        DefaultAsyncHttpClient client =
            client(AsyncHttpClientTelemetry.create(sdk), eventLoopTimeouts)) {
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
      SpanData span = onlyClientSpan();
      assertEquals(
          "org.asynchttpclient.exception.ReadTimeoutException",
          attr(span, HttpAttributes.ERROR_TYPE));
      assertEquals(200L, attr(span, HttpAttributes.HTTP_RESPONSE_STATUS_CODE));
      assertEquals("read", attr(span, HttpAttributes.TIMEOUT_KIND));
      assertEquals("reading", attr(span, HttpAttributes.TIMEOUT_PHASE));
      assertEquals(StatusCode.ERROR, span.getStatus().getStatusCode());
    }
  }

  @Test
  void aServerErrorIsAnErrorSpanTypedByItsStatus() throws Exception {
    OpenTelemetrySdk sdk = sdk(ContextPropagators.noop());
    try (TestServer server = server();
        DefaultAsyncHttpClient client = client(AsyncHttpClientTelemetry.create(sdk), false)) {
      assertEquals(
          500,
          client
              .preparePost(server.url("/broken"))
              .execute()
              .get(5, TimeUnit.SECONDS)
              .getStatusCode());
      SpanData span = onlyClientSpan();
      assertEquals("POST", span.getName());
      assertEquals("500", attr(span, HttpAttributes.ERROR_TYPE));
      assertEquals(StatusCode.ERROR, span.getStatus().getStatusCode());
    }
  }

  @Test
  void anUnknownMethodIsReportedAsOtherWithItsOriginal() throws Exception {
    OpenTelemetrySdk sdk = sdk(ContextPropagators.noop());
    try (TestServer server = server();
        DefaultAsyncHttpClient client = client(AsyncHttpClientTelemetry.create(sdk), false)) {
      client
          .prepareRequest(
              new org.asynchttpclient.RequestBuilder("PURGE")
                  .setUrl(server.url("/users/42"))
                  .build())
          .execute()
          .get(5, TimeUnit.SECONDS);
      SpanData span = onlyClientSpan();
      assertEquals("HTTP", span.getName());
      assertEquals("_OTHER", attr(span, HttpAttributes.HTTP_REQUEST_METHOD));
      assertEquals("PURGE", attr(span, HttpAttributes.HTTP_REQUEST_METHOD_ORIGINAL));
    }
  }

  @Test
  void aRefusedConnectionIsTypedByItsException() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    OpenTelemetrySdk sdk = sdk(ContextPropagators.noop());
    try (DefaultAsyncHttpClient client = client(AsyncHttpClientTelemetry.create(sdk), false)) {
      ExecutionException e =
          assertThrows(
              ExecutionException.class,
              () ->
                  client
                      .prepareGet("http://127.0.0.1:" + port + "/")
                      .execute()
                      .get(5, TimeUnit.SECONDS));
      assertInstanceOf(ConnectException.class, e.getCause());
      // As in 3.0.14, a refused connect is retried maxRequestRetry (5) times: a span per attempt,
      // each a resend of the one before.
      List<SpanData> spans = clientSpans();
      assertEquals(6, spans.size(), "client spans: " + spans);
      for (int i = 0; i < spans.size(); i++) {
        SpanData span = spans.get(i);
        assertEquals(ConnectException.class.getName(), attr(span, HttpAttributes.ERROR_TYPE));
        assertNull(
            attr(span, HttpAttributes.NETWORK_PROTOCOL_VERSION), "no connection, no protocol");
        assertEquals((long) port, attr(span, HttpAttributes.SERVER_PORT));
        assertEquals(StatusCode.ERROR, span.getStatus().getStatusCode());
      }
    }
  }

  @Test
  void theConfiguredPropagatorCarriesTraceAndBaggage() throws Exception {
    OpenTelemetrySdk sdk =
        sdk(
            ContextPropagators.create(
                TextMapPropagator.composite(
                    W3CTraceContextPropagator.getInstance(), W3CBaggagePropagator.getInstance())));
    try (TestServer server = server();
        DefaultAsyncHttpClient client = client(AsyncHttpClientTelemetry.create(sdk), false)) {
      try (Scope ignored = Baggage.builder().put("tenant", "acme").build().makeCurrent()) {
        client.prepareGet(server.url("/users/42")).execute().get(5, TimeUnit.SECONDS);
      }
      TestServer.Received received = server.received().get(0);
      assertEquals("tenant=acme", received.headers.get("baggage"));
      assertEquals(traceparent(onlyClientSpan()), received.headers.get("traceparent"));
    }
  }

  @Test
  void aNoopPropagatorSetOnTheBuilderSendsNoContext() throws Exception {
    OpenTelemetrySdk sdk = sdk(ContextPropagators.noop());
    AsyncHttpClientTelemetry telemetry =
        AsyncHttpClientTelemetry.builder(sdk).setPropagator(TextMapPropagator.noop()).build();
    try (TestServer server = server();
        DefaultAsyncHttpClient client = client(telemetry, false)) {
      client.prepareGet(server.url("/users/42")).execute().get(5, TimeUnit.SECONDS);
      assertFalse(server.received().get(0).headers.contains("traceparent"));
      assertEquals(1, clientSpans().size(), "the span is still recorded");
    }
  }

  @Test
  void theDurationHistogramHasOnePointPerHopWithTheConventionalAttributes() throws Exception {
    OpenTelemetrySdk sdk = sdk(ContextPropagators.noop());
    try (TestServer server = server();
        DefaultAsyncHttpClient client = client(AsyncHttpClientTelemetry.create(sdk), false)) {
      client.prepareGet(server.url("/moved")).execute().get(5, TimeUnit.SECONDS);
      client.preparePost(server.url("/broken")).execute().get(5, TimeUnit.SECONDS);

      List<MetricData> durations =
          metrics.collectAllMetrics().stream()
              .filter(m -> m.getName().equals("http.client.request.duration"))
              .collect(Collectors.toList());
      assertEquals(1, durations.size(), durations.toString());
      MetricData duration = durations.get(0);
      assertEquals("s", duration.getUnit());
      assertEquals(
          AsyncHttpClientTelemetry.INSTRUMENTATION_SCOPE,
          duration.getInstrumentationScopeInfo().getName());
      List<HistogramPointData> points = new ArrayList<>(duration.getHistogramData().getPoints());
      assertEquals(3, points.size(), "GET 302, GET 200, POST 500: " + points);
      for (HistogramPointData p : points) {
        assertEquals(1, p.getCount(), p.toString());
        assertEquals(AsyncHttpClientTelemetry.DURATION_BUCKETS, p.getBoundaries());
        assertTrue(p.getSum() > 0 && p.getSum() < 5, "seconds, not nanos: " + p.getSum());
        assertEquals("127.0.0.1", p.getAttributes().get(HttpAttributes.SERVER_ADDRESS));
        assertEquals((long) server.port(), p.getAttributes().get(HttpAttributes.SERVER_PORT));
        assertEquals("1.1", p.getAttributes().get(HttpAttributes.NETWORK_PROTOCOL_VERSION));
        assertNull(p.getAttributes().get(HttpAttributes.URL_FULL), "no high-cardinality URL");
      }
      HistogramPointData broken =
          points.stream()
              .filter(p -> "POST".equals(p.getAttributes().get(HttpAttributes.HTTP_REQUEST_METHOD)))
              .findFirst()
              .orElseThrow();
      assertEquals(500L, broken.getAttributes().get(HttpAttributes.HTTP_RESPONSE_STATUS_CODE));
      assertEquals("500", broken.getAttributes().get(HttpAttributes.ERROR_TYPE));
      assertEquals(
          2,
          points.stream()
              .filter(p -> "GET".equals(p.getAttributes().get(HttpAttributes.HTTP_REQUEST_METHOD)))
              .count());
    }
  }

  @Test
  void theFullUrlHidesCredentialsAndSignatures() {
    assertEquals(
        "http://REDACTED:REDACTED@example.com:8080/p?sig=REDACTED&x=1&Signature=REDACTED",
        HttpAttributes.fullUrl(
            Uri.create("http://user:secret@example.com:8080/p?sig=abc&x=1&Signature=s#frag")));
    assertEquals(
        "https://example.com/", HttpAttributes.fullUrl(Uri.create("https://example.com/")));
    assertEquals("::1", HttpAttributes.serverAddress(Uri.create("http://[::1]:8080/")));
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

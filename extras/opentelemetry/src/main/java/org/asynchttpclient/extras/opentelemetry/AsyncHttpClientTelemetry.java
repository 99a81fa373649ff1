package org.asynchttpclient.extras.opentelemetry;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.asynchttpclient.events.ExchangeListener;
import org.jetbrains.annotations.Nullable;

/**
 * OpenTelemetry tracing and metrics for an AsyncHttpClient, following OpenTelemetry's stable HTTP
 * client semantic conventions, built on the client's public exchange events:
 *
 * <pre>{@code
 * AsyncHttpClientTelemetry telemetry = AsyncHttpClientTelemetry.create(openTelemetry);
 * AsyncHttpClient client =
 *     Dsl.asyncHttpClient(Dsl.config().addExchangeListener(telemetry.exchangeListener()));
 * }</pre>
 *
 * <ul>
 *   <li>One span of kind CLIENT per physical send (hop): the request as submitted, and each
 *       redirect, auth replay and retry of it, which carries {@code http.request.resend_count} (1
 *       for the second send, and so on). The span's parent is the context current on the thread
 *       that submitted the request, so every hop of one exchange is a sibling under it. Named after
 *       the method ({@code GET}, or {@code HTTP} for a method outside the known set), with {@code
 *       http.request.method}, {@code url.full} (user info and signature-like query values
 *       redacted), {@code server.address}, {@code server.port}, {@code network.peer.address}/{@code
 *       network.peer.port} once connected, {@code network.protocol.version} ({@code 1.1}, or
 *       {@code 2} for an HTTP/2 stream) once the hop wrote its request, and {@code
 *       http.response.status_code} once a response head arrived.
 *   <li>A hop that failed ends with status ERROR, the exception recorded, and {@code error.type}
 *       set to the exception's class name: {@code
 *       org.asynchttpclient.exception.RequestTimeoutException} or {@code
 *       org.asynchttpclient.exception.ReadTimeoutException} for a timeout (which also sets {@code
 *       asynchttpclient.timeout.kind}, {@code asynchttpclient.timeout.phase} and {@code
 *       asynchttpclient.timeout.lateness}, in seconds), {@code java.net.ConnectException}, {@code
 *       java.util.concurrent.CancellationException}, and so on. A response of status 400 or more
 *       ends its span with status ERROR and {@code error.type} the status code.
 *   <li>The trace context goes into each hop's request headers through the propagator: the {@code
 *       OpenTelemetry} instance's text map propagator, unless that is the no-op one (none
 *       configured), in which case W3C Trace Context ({@code traceparent}); {@link
 *       Builder#setPropagator} overrides both.
 *   <li>The histogram {@code http.client.request.duration} (seconds, one value per hop, with the
 *       conventions' advised buckets) with {@code http.request.method}, {@code server.address},
 *       {@code server.port}, {@code network.protocol.version}, {@code http.response.status_code}
 *       and {@code error.type} as above.
 * </ul>
 *
 * <p>Immutable and thread-safe; one instance may serve several clients.
 */
public final class AsyncHttpClientTelemetry {
  /** The instrumentation scope of the tracer and the meter. */
  public static final String INSTRUMENTATION_SCOPE = "org.asynchttpclient.extras.opentelemetry";

  /** The conventions' advice for {@code http.client.request.duration}, in seconds. */
  static final List<Double> DURATION_BUCKETS =
      Arrays.asList(
          0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0);

  // immutable
  private final TracingListener listener;

  private AsyncHttpClientTelemetry(Builder b) {
    TextMapPropagator configured = b.openTelemetry.getPropagators().getTextMapPropagator();
    TextMapPropagator propagator =
        b.propagator != null
            ? b.propagator
            : configured == TextMapPropagator.noop()
                ? W3CTraceContextPropagator.getInstance()
                : configured;
    Tracer tracer = b.openTelemetry.getTracer(INSTRUMENTATION_SCOPE);
    DoubleHistogram duration =
        b.openTelemetry
            .getMeter(INSTRUMENTATION_SCOPE)
            .histogramBuilder("http.client.request.duration")
            .setUnit("s")
            .setDescription("Duration of HTTP client requests.")
            .setExplicitBucketBoundariesAdvice(DURATION_BUCKETS)
            .build();
    this.listener = new TracingListener(tracer, propagator, duration);
  }

  /** Telemetry with the defaults, reporting to {@code openTelemetry}. */
  public static AsyncHttpClientTelemetry create(OpenTelemetry openTelemetry) {
    return builder(openTelemetry).build();
  }

  public static Builder builder(OpenTelemetry openTelemetry) {
    return new Builder(openTelemetry);
  }

  /**
   * The listener to register with {@code DefaultAsyncHttpClientConfig.Builder#addExchangeListener}.
   */
  public ExchangeListener exchangeListener() {
    return listener;
  }

  /** Configures an {@link AsyncHttpClientTelemetry}. */
  public static final class Builder {
    private final OpenTelemetry openTelemetry;
    private @Nullable TextMapPropagator propagator;

    private Builder(OpenTelemetry openTelemetry) {
      this.openTelemetry = Objects.requireNonNull(openTelemetry, "openTelemetry");
    }

    /**
     * The propagator that writes the trace context (and whatever else it carries, such as baggage)
     * into each hop's request headers; {@code TextMapPropagator.noop()} sends none.
     */
    public Builder setPropagator(TextMapPropagator propagator) {
      this.propagator = Objects.requireNonNull(propagator, "propagator");
      return this;
    }

    public AsyncHttpClientTelemetry build() {
      return new AsyncHttpClientTelemetry(this);
    }
  }
}

package org.asynchttpclient.extras.opentelemetry;

import io.netty.handler.codec.http.HttpHeaders;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import org.asynchttpclient.Request;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.events.ExchangeView;
import org.asynchttpclient.events.HopView;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Starts a CLIENT span per hop and ends it with the hop, injects the trace context into the hop's
 * wire headers, and records {@code http.client.request.duration}; see {@link
 * AsyncHttpClientTelemetry} for what each carries.
 *
 * <p>The exchange's attachment is the caller's {@link Context} at submission; each hop's attachment
 * is its {@link HopSpan}. Events of one exchange never overlap, so neither needs more than the
 * views' own publication.
 */
final class TracingListener implements ExchangeListener {
  private static final double NANOS_PER_SECOND = 1e9;

  // immutable
  private final Tracer tracer;
  private final TextMapPropagator propagator;
  private final DoubleHistogram duration;

  TracingListener(Tracer tracer, TextMapPropagator propagator, DoubleHistogram duration) {
    this.tracer = tracer;
    this.propagator = propagator;
    this.duration = duration;
  }

  @Override
  public void exchangeStarted(ExchangeView exchange) {
    exchange.setAttachment(this, Context.current());
  }

  @Override
  public void hopStarted(HopView hop) {
    Object attached = hop.exchange().getAttachment(this);
    Context parent = attached instanceof Context ? (Context) attached : Context.current();
    Request request = hop.request();
    Uri uri = request.getUri();
    String method = request.getMethod();
    boolean known = HttpAttributes.isKnownMethod(method);
    SpanBuilder builder =
        tracer
            .spanBuilder(known ? method : "HTTP")
            .setSpanKind(SpanKind.CLIENT)
            .setParent(parent)
            .setAttribute(HttpAttributes.HTTP_REQUEST_METHOD, HttpAttributes.method(method))
            .setAttribute(HttpAttributes.URL_FULL, HttpAttributes.fullUrl(uri))
            .setAttribute(HttpAttributes.SERVER_ADDRESS, HttpAttributes.serverAddress(uri))
            .setAttribute(HttpAttributes.SERVER_PORT, (long) uri.getExplicitPort());
    if (!known) {
      builder.setAttribute(HttpAttributes.HTTP_REQUEST_METHOD_ORIGINAL, method);
    }
    if (hop.number() > 0) {
      builder.setAttribute(HttpAttributes.HTTP_REQUEST_RESEND_COUNT, (long) hop.number());
    }
    Span span = builder.startSpan();
    Context context = parent.with(span);
    propagator.inject(context, hop.requestHeaders(), HeaderSetter.INSTANCE);
    hop.setAttachment(
        this, new HopSpan(span, context, System.nanoTime(), metricAttributes(method, uri)));
  }

  /** A hedge is a span of its own, a sibling of the hop's first attempt, marked as a hedge. */
  @Override
  public void hedgeSent(HopView hedge) {
    hopStarted(hedge);
    HopSpan hopSpan = spanOf(hedge);
    if (hopSpan != null) {
      hopSpan.span.setAttribute(HttpAttributes.HEDGE, "sent");
    }
  }

  @Override
  public void hedgeWon(HopView hedge) {
    HopSpan hopSpan = spanOf(hedge);
    if (hopSpan != null) {
      hopSpan.span.setAttribute(HttpAttributes.HEDGE, "won");
    }
  }

  /** A loser's span ends here, without an error: its hop goes on in the winner's span. */
  @Override
  public void hedgeCancelled(HopView loser) {
    HopSpan hopSpan = spanOf(loser);
    if (hopSpan != null) {
      hopSpan.span.setAttribute(HttpAttributes.HEDGE, "cancelled");
      hopEnded(loser, null);
    }
  }

  @Override
  public void connectionAcquired(HopView hop, boolean pooled) {
    HopSpan hopSpan = spanOf(hop);
    SocketAddress remote = hop.remoteAddress();
    if (hopSpan != null && remote instanceof InetSocketAddress) {
      InetSocketAddress peer = (InetSocketAddress) remote;
      hopSpan.span.setAttribute(
          HttpAttributes.NETWORK_PEER_ADDRESS,
          peer.getAddress() != null ? peer.getAddress().getHostAddress() : peer.getHostString());
      hopSpan.span.setAttribute(HttpAttributes.NETWORK_PEER_PORT, (long) peer.getPort());
    }
  }

  @Override
  public void timeoutFired(HopView hop, ExchangeTimeoutException timeout) {
    HopSpan hopSpan = spanOf(hop);
    if (hopSpan != null) {
      hopSpan.span.setAttribute(
          HttpAttributes.TIMEOUT_KIND, HttpAttributes.lowerCase(timeout.getKind()));
      hopSpan.span.setAttribute(
          HttpAttributes.TIMEOUT_PHASE, HttpAttributes.lowerCase(timeout.getPhase()));
      hopSpan.span.setAttribute(
          HttpAttributes.TIMEOUT_LATENESS, timeout.getLateNanos() / NANOS_PER_SECOND);
    }
  }

  @Override
  public void hopEnded(HopView hop, @Nullable Throwable failure) {
    HopSpan hopSpan = spanOf(hop);
    if (hopSpan == null) {
      return;
    }
    hop.setAttachment(this, null);
    long elapsedNanos = System.nanoTime() - hopSpan.startNanos;
    Span span = hopSpan.span;
    AttributesBuilder metric = hopSpan.metricAttributes.toBuilder();
    // Read at the end: on a new connection the protocol is settled only once the request is written.
    String protocol = hop.protocolVersion();
    if (protocol != null) {
      span.setAttribute(HttpAttributes.NETWORK_PROTOCOL_VERSION, protocol);
      metric.put(HttpAttributes.NETWORK_PROTOCOL_VERSION, protocol);
    }
    int status = hop.statusCode();
    if (status > 0) {
      span.setAttribute(HttpAttributes.HTTP_RESPONSE_STATUS_CODE, (long) status);
      metric.put(HttpAttributes.HTTP_RESPONSE_STATUS_CODE, (long) status);
    }
    @Nullable String errorType = null;
    if (failure != null) {
      errorType = failure.getClass().getName();
      span.recordException(failure);
      String message = failure.getMessage();
      span.setStatus(StatusCode.ERROR, message == null ? errorType : message);
    } else if (status >= 400) {
      errorType = Integer.toString(status);
      span.setStatus(StatusCode.ERROR);
    }
    if (errorType != null) {
      span.setAttribute(HttpAttributes.ERROR_TYPE, errorType);
      metric.put(HttpAttributes.ERROR_TYPE, errorType);
    }
    span.end();
    duration.record(elapsedNanos / NANOS_PER_SECOND, metric.build(), hopSpan.context);
  }

  private static Attributes metricAttributes(String method, Uri uri) {
    return Attributes.of(
        HttpAttributes.HTTP_REQUEST_METHOD,
        HttpAttributes.method(method),
        HttpAttributes.SERVER_ADDRESS,
        HttpAttributes.serverAddress(uri),
        HttpAttributes.SERVER_PORT,
        (long) uri.getExplicitPort());
  }

  private @Nullable HopSpan spanOf(HopView hop) {
    Object attached = hop.getAttachment(this);
    return attached instanceof HopSpan ? (HopSpan) attached : null;
  }

  /**
   * A hop's span; the context it runs in (so that an exemplar of the duration points at the span);
   * when it started (System.nanoTime); and its metric attributes known at the start.
   */
  private static final class HopSpan {
    // immutable
    final Span span;
    final Context context;
    final long startNanos;
    final Attributes metricAttributes;

    HopSpan(Span span, Context context, long startNanos, Attributes metricAttributes) {
      this.span = span;
      this.context = context;
      this.startNanos = startNanos;
      this.metricAttributes = metricAttributes;
    }
  }

  /** Writes propagated fields into a hop's wire headers, replacing any value already there. */
  private enum HeaderSetter implements TextMapSetter<HttpHeaders> {
    INSTANCE;

    @Override
    public void set(@Nullable HttpHeaders carrier, String key, String value) {
      if (carrier != null) {
        carrier.set(key, value);
      }
    }
  }
}

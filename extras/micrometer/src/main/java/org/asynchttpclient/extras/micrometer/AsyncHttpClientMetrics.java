package org.asynchttpclient.extras.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.Request;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.events.ExchangeOutcome;
import org.asynchttpclient.events.ExchangeView;
import org.asynchttpclient.events.HopView;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.jetbrains.annotations.Nullable;

/**
 * Records an AsyncHttpClient's exchanges in a Micrometer {@link MeterRegistry}, from the client's
 * public exchange events. Register it on the config builder before the client is built, then, once
 * the client exists, hand it the client for the connection-pool gauges:
 *
 * <pre>{@code
 * AsyncHttpClientMetrics metrics = AsyncHttpClientMetrics.builder(registry)
 *     .tags(Tags.of("client.name", "inventory"))
 *     .build();
 * AsyncHttpClient client = Dsl.asyncHttpClient(Dsl.config().addExchangeListener(metrics));
 * metrics.bindConnectionPool(client);
 * }</pre>
 *
 * <p>Meters (each also carries the builder's {@link Builder#tags common tags}):
 *
 * <ul>
 *   <li>{@value #REQUESTS} (timer), one sample per exchange (redirects, auth replays and retries
 *       included), from submission to the outcome. Tags, as Micrometer's HTTP client
 *       instrumentations name them: {@code method}; {@code uri}, the request's URI template (see
 *       {@link Builder#uriTemplate}), {@value #NONE} when none was given, so that a path with ids
 *       in it does not make one time series per id; {@code status}, the final status code, or
 *       {@value #CLIENT_ERROR} when the exchange failed; {@code outcome}, {@code SUCCESS}, {@code
 *       REDIRECTION}, {@code CLIENT_ERROR}, {@code SERVER_ERROR}, {@code INFORMATIONAL} or {@code
 *       UNKNOWN} (failed); {@code exception}, the simple class name of the failure ({@code
 *       RequestTimeoutException}, {@code ReadTimeoutException}, {@code ConnectException}, {@code
 *       CancellationException}, ...) or {@value #NONE}.
 *   <li>{@value #TIMEOUTS} (counter): exchanges ended by a timeout, tagged {@code kind} ({@code
 *       request} or {@code read}), {@code phase} (what the hop was doing: {@code
 *       waiting_for_connection}, {@code resolving}, {@code connecting}, {@code tls_handshake},
 *       {@code waiting_for_stream}, {@code writing}, {@code waiting_for_response}, {@code
 *       reading}), {@code method} and {@code uri}.
 *   <li>{@value #TIMEOUT_LATENESS} (timer, with a percentile histogram between 1 us and 10 s for
 *       registries that publish one, such as Prometheus's, and the client-side percentiles 0.5,
 *       0.9, 0.99 and 0.999 to two significant digits): how long after its deadline each of those
 *       timeouts fired, tagged {@code kind}. Milliseconds here mean the timer or the event loops
 *       run late (a 100 ms wheel tick, blocked loops, a starved CPU). A {@code MeterFilter} on the
 *       registry can change its distribution settings.
 *   <li>{@value #HEDGES} (counter): attempts of hedged requests (see the client's {@code
 *       hedgeDelay}), tagged {@code event}: {@code sent} (a hedge went out), {@code won} (a hedge's
 *       response came first), {@code cancelled} (an attempt lost and was cancelled), and {@code
 *       method} and {@code uri}.
 *   <li>{@value #CONNECTIONS} (gauges, after {@link #bindConnectionPool}): the client's open
 *       connections per remote host, tagged {@code host} (the address as the pool keys it) and
 *       {@code state} ({@code active}: carrying an exchange; {@code idle}: pooled). A host gets its
 *       gauges when the client first connects to it and keeps them (reading 0) after its
 *       connections close, so a client that talks to an unbounded set of hosts should not bind
 *       them.
 * </ul>
 *
 * <p>Threads: events arrive on I/O threads, the timer thread and the caller's thread; the work per
 * event is a few map look-ups in the registry. Immutable but for the pool binding, which is set
 * once.
 */
public final class AsyncHttpClientMetrics implements ExchangeListener {
  /** Micrometer's conventional name for HTTP client exchanges. */
  public static final String REQUESTS = "http.client.requests";

  public static final String TIMEOUTS = "http.client.timeouts";

  public static final String TIMEOUT_LATENESS = "http.client.timeout.lateness";

  public static final String CONNECTIONS = "http.client.connections";

  public static final String HEDGES = "http.client.hedges";

  /**
   * A request header that names the request's URI template for the {@code uri} tag, read by the
   * default {@link Builder#uriTemplate} and removed from the wire before each hop is sent: {@code
   * client.prepareGet(base + "/users/" + id).setHeader(URI_TEMPLATE_HEADER, "/users/{id}")}. Only a
   * client with this listener registered removes it.
   */
  public static final String URI_TEMPLATE_HEADER = "X-Ahc-Uri-Template";

  /** The tag value for "no URI template" and "no exception", as Micrometer's instrumentations. */
  public static final String NONE = "none";

  /** The {@code status} of an exchange that failed, as Micrometer's client instrumentations. */
  public static final String CLIENT_ERROR = "CLIENT_ERROR";

  private static final double[] LATENESS_PERCENTILES = {0.5, 0.9, 0.99, 0.999};

  // immutable
  private final MeterRegistry registry;
  private final Tags commonTags;
  private final Function<Request, @Nullable String> uriTemplate;

  // any thread
  private final AtomicReference<@Nullable ConnectionPoolGauges> pool = new AtomicReference<>();

  private AsyncHttpClientMetrics(Builder b) {
    this.registry = b.registry;
    this.commonTags = b.tags;
    this.uriTemplate = b.uriTemplate;
  }

  /** Starts a listener that records into {@code registry}. */
  public static Builder builder(MeterRegistry registry) {
    return new Builder(registry);
  }

  /**
   * Registers the {@value #CONNECTIONS} gauges of {@code client}: at once for the hosts it has
   * connections to now, later for each host as the client first connects to it. Call it once, with
   * the client this listener was registered on.
   *
   * @throws IllegalStateException if a client is already bound
   */
  public AsyncHttpClientMetrics bindConnectionPool(AsyncHttpClient client) {
    ConnectionPoolGauges gauges = new ConnectionPoolGauges(client, registry, commonTags);
    if (!pool.compareAndSet(null, gauges)) {
      throw new IllegalStateException("bindConnectionPool: a client is bound already");
    }
    gauges.trackCurrentHosts();
    return this;
  }

  // ---- events

  @Override
  public void exchangeStarted(ExchangeView exchange) {
    Request request = exchange.originalRequest();
    String template = uriTemplate.apply(request);
    exchange.setAttachment(
        this,
        new ExchangeSample(
            Timer.start(registry), request.getMethod(), template == null ? NONE : template));
  }

  @Override
  public void hopStarted(HopView hop) {
    hop.requestHeaders().remove(URI_TEMPLATE_HEADER);
  }

  @Override
  public void hedgeSent(HopView hedge) {
    hedge.requestHeaders().remove(URI_TEMPLATE_HEADER); // a hedge's wire request is its own
    countHedge(hedge, "sent");
  }

  @Override
  public void hedgeWon(HopView hedge) {
    countHedge(hedge, "won");
  }

  @Override
  public void hedgeCancelled(HopView loser) {
    countHedge(loser, "cancelled");
  }

  private void countHedge(HopView hop, String event) {
    ExchangeSample sample = sampleOf(hop.exchange());
    Counter.builder(HEDGES)
        .description("Hedged attempts: sent, won (a hedge answered first), cancelled (lost)")
        .tags(commonTags)
        .tag("event", event)
        .tag("method", sample == null ? hop.request().getMethod() : sample.method)
        .tag("uri", sample == null ? NONE : sample.uri)
        .register(registry)
        .increment();
  }

  @Override
  public void connectionAcquired(HopView hop, boolean pooled) {
    ConnectionPoolGauges gauges = pool.get();
    if (gauges != null) {
      gauges.track(hop.remoteAddress());
    }
  }

  @Override
  public void responseStarted(HopView hop, int statusCode) {
    ExchangeSample sample = sampleOf(hop.exchange());
    if (sample != null) {
      sample.status = statusCode;
    }
  }

  @Override
  public void timeoutFired(HopView hop, ExchangeTimeoutException timeout) {
    String kind = timeout.getKind().name().toLowerCase(Locale.ROOT);
    ExchangeSample sample = sampleOf(hop.exchange());
    Counter.builder(TIMEOUTS)
        .description("Exchanges ended by a request or read timeout")
        .tags(commonTags)
        .tag("kind", kind)
        .tag("phase", timeout.getPhase().name().toLowerCase(Locale.ROOT))
        .tag("method", sample == null ? hop.request().getMethod() : sample.method)
        .tag("uri", sample == null ? NONE : sample.uri)
        .register(registry)
        .increment();
    Timer.builder(TIMEOUT_LATENESS)
        .description("How long after its deadline a timeout fired")
        .tags(commonTags)
        .tag("kind", kind)
        .publishPercentileHistogram()
        .publishPercentiles(LATENESS_PERCENTILES)
        .percentilePrecision(2)
        .minimumExpectedValue(Duration.ofNanos(1_000))
        .maximumExpectedValue(Duration.ofSeconds(10))
        .register(registry)
        .record(Math.max(0, timeout.getLateNanos()), TimeUnit.NANOSECONDS);
  }

  @Override
  public void exchangeEnded(
      ExchangeView exchange, ExchangeOutcome outcome, @Nullable Throwable failure) {
    ExchangeSample sample = sampleOf(exchange);
    if (sample == null) {
      return;
    }
    boolean failed = failure != null || outcome != ExchangeOutcome.COMPLETED;
    sample.timer.stop(
        Timer.builder(REQUESTS)
            .description("HTTP exchanges of an AsyncHttpClient, redirects and retries included")
            .tags(commonTags)
            .tags(RequestTags.of(sample.method, sample.uri, failed ? 0 : sample.status, failure))
            .register(registry));
  }

  private @Nullable ExchangeSample sampleOf(ExchangeView exchange) {
    Object attached = exchange.getAttachment(this);
    return attached instanceof ExchangeSample ? (ExchangeSample) attached : null;
  }

  /** What an exchange's {@value #REQUESTS} sample needs from its start to its end. */
  private static final class ExchangeSample {
    // immutable
    final Timer.Sample timer;
    final String method;
    final String uri;

    // any thread: written on the carrier's loop, read at the end (events never overlap)
    volatile int status;

    ExchangeSample(Timer.Sample timer, String method, String uri) {
      this.timer = timer;
      this.method = method;
      this.uri = uri;
    }
  }

  /** Configures an {@link AsyncHttpClientMetrics}. */
  public static final class Builder {
    private final MeterRegistry registry;
    private Tags tags = Tags.empty();
    private Function<Request, @Nullable String> uriTemplate =
        request -> request.getHeaders().get(URI_TEMPLATE_HEADER);

    private Builder(MeterRegistry registry) {
      this.registry = Objects.requireNonNull(registry, "registry");
    }

    /** Tags added to every meter, such as {@code client.name}. */
    public Builder tags(Iterable<Tag> tags) {
      this.tags = this.tags.and(Objects.requireNonNull(tags, "tags"));
      return this;
    }

    /**
     * How to find a request's URI template (its path with placeholders, {@code /users/{id}}) for
     * the {@code uri} tag; a null result means none ({@value #NONE}). It runs on the caller's
     * thread when the request is submitted, with the request as submitted. Default: the value of
     * the {@link #URI_TEMPLATE_HEADER} header. The result must take few distinct values: never
     * return the raw path.
     */
    public Builder uriTemplate(Function<Request, @Nullable String> uriTemplate) {
      this.uriTemplate = Objects.requireNonNull(uriTemplate, "uriTemplate");
      return this;
    }

    public AsyncHttpClientMetrics build() {
      return new AsyncHttpClientMetrics(this);
    }
  }
}

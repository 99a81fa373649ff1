package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.asynchttpclient.AsyncCompletionHandler;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Response;
import org.asynchttpclient.netty.request.NettyRequest;

/**
 * Child-JVM entry point of the hedging benchmark, for any AsyncHttpClient API client on the
 * classpath: one client with its default configuration (plus whatever {@code
 * -Dorg.asynchttpclient.*} system properties the parent gave the JVM, which is how the hedging
 * and retry-budget rows differ) and a {@value #REQUEST_TIMEOUT_SECONDS} s request timeout, a
 * closed loop of GETs with a fixed number in flight: first the warm-up exchanges (the URL with
 * {@code warmup} added to its query, which the server counts apart), then the measured ones.
 *
 * <p>Usage: {@code HedgeClientMain URL EXCHANGES WARMUP_EXCHANGES IN_FLIGHT}. Prints a {@code
 * CONFIG} line (the options as the built client reports them, {@code n/a} where it has no such
 * getter) and a {@code RESULT} line: {@code exchanges succeeded failed p50Us p99Us p999Us maxUs
 * retries sends nanos failures}, where retries and sends are what the client told the handlers
 * (onRetry, onRequestSend) and failures is {@code kind:count,...} or {@code none}.
 */
public final class HedgeClientMain {
  /** The request timeout of every client under test. */
  static final int REQUEST_TIMEOUT_SECONDS = 2;

  /** How long the loop waits for the last exchanges: well past the request timeout. */
  private static final long DRAIN_SECONDS = 30;

  /** The getters the CONFIG line reports, in order. */
  private static final List<String> REPORTED =
      List.of("getRequestTimeout", "getMaxRequestRetry", "getHedgeDelay", "getMaxHedgedAttempts",
          "getHedgePercentile", "getHedgeBudget", "getRetryBudgetPercent");

  private HedgeClientMain() {}

  public static void main(String[] args) throws InterruptedException, IOException {
    if (args.length != 4) {
      throw new IllegalArgumentException(
          "arguments: " + args.length + " (expected URL EXCHANGES WARMUP_EXCHANGES IN_FLIGHT)");
    }
    run(args[0], Integer.parseInt(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]),
        System.out);
  }

  /** Runs the warm-up and the measured exchanges and prints the CONFIG and RESULT lines. */
  static void run(String url, int exchanges, int warmup, int inFlight, PrintStream out)
      throws InterruptedException, IOException {
    if (exchanges < 1 || warmup < 0 || inFlight < 1) {
      throw new IllegalArgumentException(
          "exchanges " + exchanges + ", warmup " + warmup + ", in flight " + inFlight
              + " (expected >= 1, >= 0, >= 1)");
    }
    AsyncHttpClientConfig config =
        new DefaultAsyncHttpClientConfig.Builder()
            .setRequestTimeout(Duration.ofSeconds(REQUEST_TIMEOUT_SECONDS))
            .build();
    out.println("CONFIG " + describe(config));
    try (AsyncHttpClient client = Dsl.asyncHttpClient(config)) {
      if (warmup > 0) {
        loop(client, warmupUrl(url), warmup, inFlight);
      }
      long start = System.nanoTime();
      ExchangeTally tally = loop(client, url, exchanges, inFlight);
      long nanos = System.nanoTime() - start;
      out.println(resultLine(tally, nanos));
    }
  }

  /** {@code url} with the warm-up marker added to its query. */
  static String warmupUrl(String url) {
    return url + (url.indexOf('?') < 0 ? "?" : "&") + HedgeServer.WARMUP_PARAMETER;
  }

  /** The RESULT line of a finished loop that took {@code nanos}. */
  static String resultLine(ExchangeTally tally, long nanos) {
    LatencySummary latency = tally.latency();
    return "RESULT exchanges=" + tally.exchanges()
        + " succeeded=" + tally.succeeded()
        + " failed=" + tally.failed()
        + " p50Us=" + latency.p50Micros()
        + " p99Us=" + latency.p99Micros()
        + " p999Us=" + latency.p999Micros()
        + " maxUs=" + latency.maxMicros()
        + " retries=" + tally.retries()
        + " sends=" + tally.sends()
        + " nanos=" + nanos
        + " failures=" + tally.failuresField();
  }

  /**
   * {@code exchanges} GETs of {@code url}, {@code inFlight} at a time. A driver thread (this one)
   * starts each exchange once a slot is free rather than the completion starting the next: a
   * client that fails synchronously would otherwise recurse, and the latency of an exchange is
   * taken from its own start, so the hand-off does not show in it.
   */
  static ExchangeTally loop(AsyncHttpClient client, String url, int exchanges, int inFlight)
      throws InterruptedException {
    ExchangeTally tally = new ExchangeTally(exchanges);
    Semaphore slots = new Semaphore(inFlight);
    for (int i = 0; i < exchanges; i++) {
      slots.acquire();
      long start = System.nanoTime();
      Handler handler = new Handler(tally, slots, start);
      try {
        Future<Response> unused = client.prepareGet(url).execute(handler);
      } catch (RuntimeException e) {
        handler.onThrowable(e);
      }
    }
    if (!slots.tryAcquire(inFlight, DRAIN_SECONDS, TimeUnit.SECONDS)) {
      throw new IllegalStateException(
          "exchanges still in flight " + DRAIN_SECONDS + " s after the last one started, with a "
              + REQUEST_TIMEOUT_SECONDS + " s request timeout");
    }
    return tally;
  }

  /** One exchange: reports its outcome to the tally once, then frees its slot. */
  private static final class Handler extends AsyncCompletionHandler<Response> {
    private final ExchangeTally tally;
    private final Semaphore slots;
    private final long start;
    // a client may report an exchange twice (a failure after completion); count the first only
    private final AtomicBoolean finished = new AtomicBoolean();

    Handler(ExchangeTally tally, Semaphore slots, long start) {
      this.tally = tally;
      this.slots = slots;
      this.start = start;
    }

    @Override
    public Response onCompleted(Response response) {
      int length = response.getResponseBodyAsBytes().length;
      if (response.getStatusCode() == 200 && length == HedgeServer.BODY_LENGTH) {
        finish(null);
      } else {
        finish("HTTP " + response.getStatusCode() + " " + length + "B");
      }
      return response;
    }

    @Override
    public void onThrowable(Throwable t) {
      finish(t.getClass().getName());
    }

    @Override
    public void onRetry() {
      tally.retried();
    }

    @Override
    public void onRequestSend(NettyRequest request) {
      tally.sent();
    }

    private void finish(String failure) {
      if (!finished.compareAndSet(false, true)) {
        return;
      }
      long nanos = System.nanoTime() - start;
      if (failure == null) {
        tally.succeeded(nanos);
      } else {
        tally.failed(nanos, failure);
      }
      slots.release();
    }
  }

  /**
   * {@code name=value} for each reported getter of {@code config}, {@code n/a} where this client
   * has none (AHC 3.0.14 has no hedging), so the output shows which settings the client really
   * took from the system properties.
   */
  static String describe(AsyncHttpClientConfig config) {
    StringBuilder out = new StringBuilder();
    for (String getter : REPORTED) {
      if (out.length() > 0) {
        out.append(' ');
      }
      String name = Character.toLowerCase(getter.charAt(3)) + getter.substring(4);
      out.append(name).append('=').append(value(config, getter));
    }
    return out.toString();
  }

  private static String value(AsyncHttpClientConfig config, String getter) {
    Method method;
    try {
      method = config.getClass().getMethod(getter);
    } catch (NoSuchMethodException e) {
      return "n/a";
    }
    try {
      return String.valueOf(method.invoke(config)).replace(' ', '_');
    } catch (IllegalAccessException | InvocationTargetException e) {
      return "error:" + e.getClass().getSimpleName();
    }
  }
}

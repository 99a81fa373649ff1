package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Response;

/**
 * Child-JVM entry point of the demo's redirect chain: follows a chain of slow redirects under a
 * request timeout, with the client's defaults (each hop gets a fresh budget), with {@code
 * useAbsoluteRequestDeadline} (one budget for the whole exchange), and with that and {@code
 * useEventLoopTimeouts}, a fresh client each, and reports how long each took and how it ended.
 * Uses only the public API (and {@link ClientFlags}), so it runs against ahc-deadline and every AHC
 * release; a variant whose setting the client lacks is not run.
 *
 * <p>Usage: {@code RedirectBudget URL TIMEOUT_MS TRANSPORT}, URL a {@link LoopbackServer}'s {@code
 * /redirect?n=K&delay=MS}, TRANSPORT as {@link BenchTransport} says. Before the variants, one GET
 * of the server's {@code /small} loads the client's classes, so the first variant's time is the
 * chain's. Prints one line per variant: {@code OUTCOME <variant> <ran> <elapsed ms> <result>},
 * variant one of {@link Variant#id()}, ran {@code false} (and elapsed -1) when the client has no
 * such setting, result {@code HTTP <status>} or the failure's simple class name and message.
 */
public final class RedirectBudget {
  private RedirectBudget() {}

  /** The configurations the chain runs with, in this order. */
  enum Variant {
    /** The client's defaults: every hop gets the whole request timeout. */
    DEFAULTS("defaults", false, false),
    /** {@code setUseAbsoluteRequestDeadline(true)}: one budget, on the client's timer. */
    ABSOLUTE("absolute", true, false),
    /** And {@code setUseEventLoopTimeouts(true)}: the budget's end on the channel's event loop. */
    ABSOLUTE_EVENT_LOOP("absolute+eventloop", true, true);

    private final String id;
    final boolean absoluteDeadline;
    final boolean eventLoopTimeouts;

    Variant(String id, boolean absoluteDeadline, boolean eventLoopTimeouts) {
      this.id = id;
      this.absoluteDeadline = absoluteDeadline;
      this.eventLoopTimeouts = eventLoopTimeouts;
    }

    /** The word in an OUTCOME line. */
    String id() {
      return id;
    }

    /** The variant named {@code id}. */
    static Variant parse(String id) {
      for (Variant v : values()) {
        if (v.id.equals(id)) {
          return v;
        }
      }
      throw new IllegalArgumentException(
          "variant: " + id + " (expected defaults, absolute or absolute+eventloop)");
    }

    /** True if this client's builder has every setting the variant needs. */
    boolean supported() {
      return (!absoluteDeadline || ClientFlags.isSupported(ClientFlags.USE_ABSOLUTE_REQUEST_DEADLINE))
          && (!eventLoopTimeouts || ClientFlags.isSupported(ClientFlags.USE_EVENT_LOOP_TIMEOUTS));
    }
  }

  /** One OUTCOME line, read back by the parent. */
  static final class Outcome {
    final Variant variant;
    final boolean ran;
    final long elapsedMillis;
    final String result;

    Outcome(Variant variant, boolean ran, long elapsedMillis, String result) {
      this.variant = variant;
      this.ran = ran;
      this.elapsedMillis = elapsedMillis;
      this.result = result;
    }

    /** This outcome as the child prints it. */
    String line() {
      return "OUTCOME " + variant.id() + " " + ran + " " + elapsedMillis + " " + result;
    }

    /** The outcomes among a child's output lines, in order. */
    static List<Outcome> parseAll(List<String> output) throws IOException {
      List<Outcome> outcomes = new ArrayList<>();
      for (String line : output) {
        if (!line.startsWith("OUTCOME ")) {
          continue;
        }
        String[] parts = line.split(" ", 5);
        if (parts.length != 5) {
          throw new IOException(
              "outcome line: " + line + " (expected OUTCOME VARIANT RAN MILLIS RESULT)");
        }
        outcomes.add(
            new Outcome(Variant.parse(parts[1]), Boolean.parseBoolean(parts[2]),
                Long.parseLong(parts[3]), parts[4]));
      }
      if (outcomes.isEmpty()) {
        throw new IOException("no OUTCOME line in the child's output: " + output);
      }
      return outcomes;
    }
  }

  public static void main(String[] args) throws InterruptedException, IOException {
    if (args.length != 3) {
      throw new IllegalArgumentException(
          "arguments: " + args.length + " (expected URL TIMEOUT_MS TRANSPORT)");
    }
    String url = args[0];
    long timeoutMillis = Long.parseLong(args[1]);
    BenchTransport transport = BenchTransport.parse(args[2]);
    warmUp(url, transport);
    for (Variant variant : Variant.values()) {
      Outcome outcome =
          variant.supported()
              ? run(url, timeoutMillis, variant, transport)
              : new Outcome(variant, false, -1, "-");
      System.out.println(outcome.line());
    }
  }

  /** One GET of the server's /small with a throwaway client: class loading out of the way. */
  private static void warmUp(String url, BenchTransport transport)
      throws InterruptedException, IOException {
    String small = url.substring(0, url.indexOf("/redirect")) + "/small";
    DefaultAsyncHttpClientConfig.Builder builder = new DefaultAsyncHttpClientConfig.Builder();
    transport.apply(builder);
    try (AsyncHttpClient client = Dsl.asyncHttpClient(builder.build())) {
      client.prepareGet(small).execute().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new IOException("warm-up GET " + small + " failed", e);
    }
  }

  /** GETs {@code url} with redirects followed, the given request timeout and the variant's flags. */
  static Outcome run(String url, long requestTimeoutMillis, Variant variant, BenchTransport transport)
      throws InterruptedException, IOException {
    DefaultAsyncHttpClientConfig.Builder builder =
        new DefaultAsyncHttpClientConfig.Builder()
            .setRequestTimeout(Duration.ofMillis(requestTimeoutMillis))
            .setFollowRedirect(true);
    transport.apply(builder);
    if (variant.absoluteDeadline) {
      ClientFlags.set(builder, ClientFlags.USE_ABSOLUTE_REQUEST_DEADLINE, true);
    }
    if (variant.eventLoopTimeouts) {
      ClientFlags.set(builder, ClientFlags.USE_EVENT_LOOP_TIMEOUTS, true);
    }
    try (AsyncHttpClient client = Dsl.asyncHttpClient(builder.build())) {
      long start = System.nanoTime();
      String result;
      try {
        Response response = client.prepareGet(url).execute().get(30, TimeUnit.SECONDS);
        result = "HTTP " + response.getStatusCode();
      } catch (ExecutionException e) {
        Throwable cause = e.getCause() == null ? e : e.getCause();
        result = cause.getClass().getSimpleName() + ": " + cause.getMessage();
      } catch (TimeoutException e) {
        result = "no outcome within 30 s (the client's timeout did not fire)";
      }
      long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      return new Outcome(variant, true, elapsed, result.replace('\n', ' '));
    }
  }
}

package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.net.URI;

/**
 * Child-JVM entry point of the paced "floor": the least work a Netty client does per request when
 * an application thread starts the requests, paced by {@link ClosedLoop} as the AsyncHttpClient API
 * clients are in {@link AhcThroughputMain}. Each call runs on the pacer thread, takes an idle
 * keep-alive connection of a {@link RawGetPool} and writes a pre-encoded GET from there; the
 * response completes it on the connection's loop. Unlike {@link RawNettyThroughputMain} (the
 * ceiling: requests written on the loop, pipelined), its CPU per request is what the AsyncHttpClient
 * API clients' compares with at the same rate.
 *
 * <p>Usage: {@code RawNettyPacedMain URL IN_FLIGHT RATE WARMUP_MS MEASURE_MS}: IN_FLIGHT
 * connections, RATE requests per second. Prints {@code WINDOW_START} (see {@link Meter#measure})
 * and then the {@link Meter.Window#resultLine} line, whose errors include connections lost.
 */
public final class RawNettyPacedMain {
  static final int MAX_IN_FLIGHT = 10_000;

  private RawNettyPacedMain() {}

  /** The command line, checked. */
  static final class Settings {
    final URI uri;
    final int inFlight;
    final long rate;
    final long warmupMillis;
    final long measureMillis;

    private Settings(URI uri, int inFlight, long rate, long warmupMillis, long measureMillis) {
      this.uri = uri;
      this.inFlight = inFlight;
      this.rate = rate;
      this.warmupMillis = warmupMillis;
      this.measureMillis = measureMillis;
    }

    static Settings parse(String... args) {
      if (args.length != 5) {
        throw new IllegalArgumentException(
            "arguments: " + args.length + " (expected URL IN_FLIGHT RATE WARMUP_MS MEASURE_MS)");
      }
      URI uri = httpUri(args[0]);
      // Unpaced, ClosedLoop would start calls on the loops that complete them: that is the
      // ceiling's job (RawNettyThroughputMain), not this one's.
      long rate = number("RATE", args[2], 1, Long.MAX_VALUE, "requests per second, 1 or more");
      // one connection per call in flight, each a local port
      int inFlight =
          (int) number("IN_FLIGHT", args[1], 1, MAX_IN_FLIGHT, "connections, 1 to " + MAX_IN_FLIGHT);
      long warmup = number("WARMUP_MS", args[3], 0, Long.MAX_VALUE, "milliseconds, 0 or more");
      long measure = number("MEASURE_MS", args[4], 1, Long.MAX_VALUE, "milliseconds, 1 or more");
      return new Settings(uri, inFlight, rate, warmup, measure);
    }

    private static URI httpUri(String text) {
      String expected = " (expected http://HOST:PORT/PATH)";
      URI uri;
      try {
        uri = new URI(text);
      } catch (java.net.URISyntaxException e) {
        throw new IllegalArgumentException("URL: " + text + expected, e);
      }
      // The raw GET carries neither TLS nor a default port: both must be explicit.
      if (!"http".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0
          || uri.getRawPath() == null || uri.getRawPath().isEmpty()) {
        throw new IllegalArgumentException("URL: " + text + expected);
      }
      return uri;
    }

    private static long number(String name, String text, long min, long max, String expected) {
      long value;
      try {
        value = Long.parseLong(text);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(name + ": " + text + " (expected " + expected + ")", e);
      }
      if (value < min || value > max) {
        throw new IllegalArgumentException(name + ": " + text + " (expected " + expected + ")");
      }
      return value;
    }
  }

  public static void main(String[] args) throws IOException, InterruptedException {
    Settings settings = Settings.parse(args);
    try (RawGetPool pool =
        RawGetPool.open(
            settings.uri, settings.inFlight, Runtime.getRuntime().availableProcessors())) {
      ClosedLoop loop = new ClosedLoop(pool::start, settings.inFlight, settings.rate);
      loop.start();
      Meter.Window window = Meter.measure(loop::completed, settings.warmupMillis,
          settings.measureMillis);
      boolean drained = loop.stop(30_000);
      long lost = pool.lostConnections();
      String firstError = loop.firstError();
      if (firstError.isEmpty() && lost > 0) {
        firstError = lost + " connections closed by the server (expected keep-alive)";
      } else if (firstError.isEmpty() && !drained) {
        firstError = "calls still in flight 30 s after the window (expected all answered)";
      }
      // A call that never ends is an error the loop cannot count: it only counts completions.
      long errors = loop.errors() + lost + (drained ? 0 : 1);
      System.out.println(window.resultLine(errors, firstError));
    }
  }
}

package io.github.ahcdeadline.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The shape of the timeout-precision-under-load run, shared by the runner, which
 * parses them from its command line, and each child JVM, which gets them back as arguments.
 *
 * <p>Options, each {@code --name value}: {@code --rate} keep-alive GETs per second (5000), {@code
 * --in-flight} most load requests in flight (32), {@code --timeout-rate} requests per second to
 * the route that never answers (200, half pooled and half new), {@code --deadlines} request
 * timeouts in ms, one measured window each (20,1000), {@code --warmup} seconds before the first
 * window (10), {@code --measure} seconds per window (20), {@code --settle} seconds before each
 * later window, after its deadline is set (2), {@code --stock} primed pooled connections kept ready
 * (16). Fractions of a second are allowed for the durations.
 */
final class UnderLoadSettings {
  // mutable until handed to a run; one thread
  long loadRate = 5000;
  int inFlight = 32;
  long timeoutRate = 200;
  long[] deadlinesMillis = {20, 1000};
  long warmupMillis = 10_000;
  long measureMillis = 20_000;
  long settleMillis = 2_000;
  int stock = 16;

  /**
   * Applies option {@code name} with {@code value}; false if {@code name} is not one of these
   * settings (the runner has options of its own).
   */
  boolean apply(String name, String value) {
    switch (name) {
      case "--rate":
        loadRate = atLeast(name, Long.parseLong(value), 1);
        return true;
      case "--in-flight":
        inFlight = (int) atLeast(name, Integer.parseInt(value), 1);
        return true;
      case "--timeout-rate":
        timeoutRate = atLeast(name, Long.parseLong(value), 2);
        return true;
      case "--deadlines":
        deadlinesMillis = TimerPrecision.parseLongs(value);
        for (long d : deadlinesMillis) {
          atLeast(name, d, 1);
        }
        return true;
      case "--warmup":
        warmupMillis = seconds(name, value);
        return true;
      case "--measure":
        measureMillis = Math.max(1, seconds(name, value));
        return true;
      case "--settle":
        settleMillis = seconds(name, value);
        return true;
      case "--stock":
        stock = (int) atLeast(name, Integer.parseInt(value), 1);
        return true;
      default:
        return false;
    }
  }

  /** Parses {@code --name value} pairs, all of them settings. */
  static UnderLoadSettings parse(String[] args) {
    UnderLoadSettings s = new UnderLoadSettings();
    for (int i = 0; i < args.length; i += 2) {
      if (i + 1 >= args.length || !s.apply(args[i], args[i + 1])) {
        throw new IllegalArgumentException(
            "option: " + args[i] + " (expected one of the UnderLoadSettings options, with a value)");
      }
    }
    return s;
  }

  /** These settings as options that {@link #parse} reads back. */
  List<String> toArgs() {
    List<String> args = new ArrayList<>();
    add(args, "--rate", Long.toString(loadRate));
    add(args, "--in-flight", Integer.toString(inFlight));
    add(args, "--timeout-rate", Long.toString(timeoutRate));
    StringBuilder csv = new StringBuilder();
    for (long d : deadlinesMillis) {
      csv.append(csv.length() == 0 ? "" : ",").append(d);
    }
    add(args, "--deadlines", csv.toString());
    add(args, "--warmup", secondsText(warmupMillis));
    add(args, "--measure", secondsText(measureMillis));
    add(args, "--settle", secondsText(settleMillis));
    add(args, "--stock", Integer.toString(stock));
    return args;
  }

  /**
   * A child's upper bound of wall time: warm-up, each window with its settle time, drain
   * (deadline + the wait for stragglers) and a minute for JVM start and shutdown.
   */
  long childTimeoutSeconds(long stragglerWaitMillis) {
    long millis = warmupMillis + 60_000;
    for (long d : deadlinesMillis) {
      millis += settleMillis + measureMillis + d + stragglerWaitMillis;
    }
    return millis / 1000 + 1;
  }

  /** One line for a table title: what the load and the timeout requests were. */
  String describe() {
    return String.format(
        Locale.ROOT,
        "load: keep-alive GET /small paced to %d/s (at most %d in flight); timeouts: %d/s to"
            + " /never, half on pooled connections, half on new ones; %s s warm-up, then per"
            + " deadline %s s measured (%s s settling before each later one)",
        loadRate,
        inFlight,
        timeoutRate,
        secondsText(warmupMillis),
        secondsText(measureMillis),
        secondsText(settleMillis));
  }

  private static void add(List<String> args, String name, String value) {
    args.add(name);
    args.add(value);
  }

  private static long atLeast(String name, long value, long min) {
    if (value < min) {
      throw new IllegalArgumentException(name + ": " + value + " (expected >= " + min + ")");
    }
    return value;
  }

  private static long seconds(String name, String value) {
    double s = Double.parseDouble(value);
    if (!(s >= 0) || s > 86_400) {
      throw new IllegalArgumentException(name + ": " + value + " s (expected 0 to 86400)");
    }
    return Math.round(s * 1000);
  }

  static String secondsText(long millis) {
    return millis % 1000 == 0
        ? Long.toString(millis / 1000)
        : String.format(Locale.ROOT, "%.3f", millis / 1000.0).replaceAll("0+$", "");
  }
}

package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One client at one deadline of the timeout-precision-under-load run, read back from what its
 * child JVM ({@link LoadedTimeoutRun}) printed: the RESULT line's counts and the lags of the timed
 * out requests, all of them and per half.
 */
final class UnderLoadResult {
  /** The whole-number fields of a RESULT line, all required. */
  static final List<String> COUNTS =
      List.of(
          "deadline", "loadRequests", "loadNanos", "loadErrors", "tick", "dropped", "waitedPooled",
          "primerFailures", "probeP99Nanos", "probeMaxNanos", "pooledSent", "pooledReused", "newSent", "newConnected", "timeouts",
          "others", "unended");

  // immutable
  private final String client;
  private final Map<String, Long> counts = new HashMap<>();
  private final boolean modeApplied;
  private final String firstOther;
  private final long deadlineMillis;
  private final LagStats all;
  private final LagStats pooled;
  private final LagStats fresh;
  private final long gcMaxNanos;
  private final String channel;

  private UnderLoadResult(String client, String resultLine, long[] pooledLags, long[] newLags)
      throws IOException {
    this.client = client;
    for (String key : COUNTS) {
      counts.put(key, wholeNumber(resultLine, key));
    }
    // Optional: a RESULT line from before the field (or a child that could not listen) has none.
    this.gcMaxNanos =
        resultLine.contains(" gcMaxNanos=") ? wholeNumber(resultLine, "gcMaxNanos") : -1;
    // Optional too: "-" when the child connected nothing, "" from before the field.
    this.channel = resultLine.contains(" channel=") ? ChildJvm.fieldOf(resultLine, "channel") : "";
    this.modeApplied = Boolean.parseBoolean(ChildJvm.fieldOf(resultLine, "modeApplied"));
    this.firstOther = ChildJvm.fieldOf(resultLine, "firstOther");
    this.deadlineMillis = count("deadline");
    long[] both = new long[pooledLags.length + newLags.length];
    System.arraycopy(pooledLags, 0, both, 0, pooledLags.length);
    System.arraycopy(newLags, 0, both, pooledLags.length, newLags.length);
    this.all = LagStats.of(both);
    this.pooled = LagStats.of(pooledLags);
    this.fresh = LagStats.of(newLags);
  }

  private static long wholeNumber(String resultLine, String key) throws IOException {
    String value = ChildJvm.fieldOf(resultLine, key);
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new IOException(key + ": " + value + " (expected a whole number) in " + resultLine, e);
    }
  }

  /**
   * The results in a child's output, one per RESULT line, each with the LAG lines of its deadline.
   *
   * @throws IOException if the output has no RESULT line or a malformed one
   */
  static List<UnderLoadResult> parse(String client, List<String> output) throws IOException {
    Map<String, List<Long>> lags = new HashMap<>();
    List<UnderLoadResult> results = new ArrayList<>();
    for (String line : output) {
      String[] parts = line.split(" ", -1);
      if (parts.length == 4 && parts[0].equals(TimeoutTally.LAG_LINE)) {
        lags.computeIfAbsent(parts[1] + " " + parts[2], k -> new ArrayList<>())
            .add(Long.parseLong(parts[3]));
      } else if (line.startsWith("RESULT ")) {
        String deadline = ChildJvm.fieldOf(line, "deadline");
        results.add(
            new UnderLoadResult(
                client,
                line,
                toArray(lags.remove(deadline + " " + TimeoutTally.halfCode(TimeoutPlan.Half.POOLED))),
                toArray(lags.remove(deadline + " " + TimeoutTally.halfCode(TimeoutPlan.Half.NEW)))));
      }
    }
    if (results.isEmpty()) {
      throw new IOException("no RESULT line in the child's output (" + output.size() + " lines)");
    }
    return results;
  }

  private static long[] toArray(List<Long> values) {
    return values == null ? new long[0] : values.stream().mapToLong(Long::longValue).toArray();
  }

  /** The client's label. */
  String client() {
    return client;
  }

  /** The request timeout of the window. */
  long deadlineMillis() {
    return deadlineMillis;
  }

  /** Lags of every timed-out request. */
  LagStats all() {
    return all;
  }

  /** Lags of the timed-out requests sent on pooled connections. */
  LagStats pooled() {
    return pooled;
  }

  /** Lags of the timed-out requests sent on new connections. */
  LagStats fresh() {
    return fresh;
  }

  /** The load's achieved rate over the window, requests per second. */
  double loadRate() {
    long nanos = count("loadNanos");
    return nanos <= 0 ? Double.NaN : count("loadRequests") * 1e9 / nanos;
  }

  /**
   * The {@link WakeupProbe}'s p99 and largest lateness over the window, {@code p99/max} in ms, or
   * {@code -} when it recorded nothing.
   */
  String probeCell() {
    long p99 = count("probeP99Nanos");
    long max = count("probeMaxNanos");
    if (p99 < 0 || max < 0) {
      return "-";
    }
    return LagStats.ms(p99 / 1e6) + "/" + LagStats.ms(max / 1e6);
  }

  /**
   * What the client ran on (NIO, epoll, io_uring), from the class of its first connection's
   * channel; {@code ?} when the child did not say.
   */
  String transportCell() {
    return channel.isEmpty() || channel.equals("-") ? "?" : BenchTransport.describeChannel(channel);
  }

  /** The window's longest collector pause in ms, or {@code -} when not measured. */
  String gcCell() {
    return gcMaxNanos < 0 ? "-" : LagStats.ms(gcMaxNanos / 1e6);
  }

  /** A count of the RESULT line, one of {@link #COUNTS}. */
  long count(String key) {
    Long value = counts.get(key);
    if (value == null) {
      throw new IllegalArgumentException("count: " + key + " (expected one of " + COUNTS + ")");
    }
    return value;
  }

  /** False when event-loop mode was asked for and the client has no such setting. */
  boolean modeApplied() {
    return modeApplied;
  }

  /** The first timeout request that ended another way, described, or "". */
  String firstOther() {
    return firstOther;
  }
}

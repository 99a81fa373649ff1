package io.github.ahcdeadline.bench;

import java.util.Arrays;
import java.util.Locale;

/**
 * p50, p99 and p99.9 of a set of latency samples, by sorting them (HdrHistogram is not on the
 * child JVMs' classpath, and a few tens of thousands of longs sort in milliseconds). A percentile
 * is the nearest-rank value: the smallest sample with at least p% of the samples at or below it,
 * so p99.9 of 1000 samples is the largest but one, and of fewer than 1000 the largest.
 */
final class LatencySummary {
  private final int count;
  private final long p50Micros;
  private final long p99Micros;
  private final long p999Micros;
  private final long maxMicros;

  LatencySummary(int count, long p50Micros, long p99Micros, long p999Micros, long maxMicros) {
    this.count = count;
    this.p50Micros = p50Micros;
    this.p99Micros = p99Micros;
    this.p999Micros = p999Micros;
    this.maxMicros = maxMicros;
  }

  /** The number of samples. */
  int count() {
    return count;
  }

  /** The median, microseconds. */
  long p50Micros() {
    return p50Micros;
  }

  /** The 99th percentile, microseconds. */
  long p99Micros() {
    return p99Micros;
  }

  /** The 99.9th percentile, microseconds. */
  long p999Micros() {
    return p999Micros;
  }

  /** The largest sample, microseconds. */
  long maxMicros() {
    return maxMicros;
  }

  /** The summary of the first {@code count} of {@code nanos} (left as it is: a copy is sorted). */
  static LatencySummary ofNanos(long[] nanos, int count) {
    if (count < 0 || count > nanos.length) {
      throw new IllegalArgumentException(
          "count: " + count + " (expected 0 to " + nanos.length + ")");
    }
    if (count == 0) {
      return new LatencySummary(0, 0, 0, 0, 0);
    }
    long[] sorted = Arrays.copyOf(nanos, count);
    Arrays.sort(sorted);
    return new LatencySummary(
        count,
        percentile(sorted, 50) / 1000,
        percentile(sorted, 99) / 1000,
        percentile(sorted, 99.9) / 1000,
        sorted[count - 1] / 1000);
  }

  /** The nearest-rank {@code p}th percentile of {@code sorted} (ascending, not empty). */
  static long percentile(long[] sorted, double p) {
    if (sorted.length == 0 || !(p > 0 && p <= 100)) {
      throw new IllegalArgumentException(
          "percentile " + p + " of " + sorted.length + " samples (expected 0 < p <= 100, samples)");
    }
    // rank in 1..n; the small epsilon keeps 99.9% of 1000 at rank 999 despite binary fractions
    long rank = (long) Math.ceil(p / 100.0 * sorted.length - 1e-9);
    return sorted[(int) Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  /** Microseconds as milliseconds with one decimal: "2.1". */
  static String millis(long micros) {
    return String.format(Locale.ROOT, "%.1f", micros / 1000.0);
  }
}

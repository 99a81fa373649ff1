package io.github.ahcdeadline.bench;

import java.util.Arrays;
import java.util.Locale;

/**
 * Summary of a sample of lags, each in nanoseconds: mean, nearest-rank percentiles, min and max,
 * reported in milliseconds.
 *
 * <p>Uses the JDK only, so a child JVM running either client can load it.
 */
public final class LagStats {
  private static final double NANOS_PER_MILLI = 1_000_000.0;

  private final long[] sorted;
  private final double meanNanos;

  private LagStats(long[] sorted) {
    this.sorted = sorted;
    double sum = 0;
    for (long lag : sorted) {
      sum += lag;
    }
    this.meanNanos = sorted.length == 0 ? Double.NaN : sum / sorted.length;
  }

  /** Summarises a copy of {@code lagsNanos}; the caller's array is left untouched. */
  public static LagStats of(long[] lagsNanos) {
    long[] copy = lagsNanos.clone();
    Arrays.sort(copy);
    return new LagStats(copy);
  }

  /** Number of samples. */
  public int count() {
    return sorted.length;
  }

  /** Mean lag in ms, NaN for an empty sample. */
  public double meanMillis() {
    return meanNanos / NANOS_PER_MILLI;
  }

  /** Smallest lag in ms, NaN for an empty sample. */
  public double minMillis() {
    return sorted.length == 0 ? Double.NaN : sorted[0] / NANOS_PER_MILLI;
  }

  /** Largest lag in ms, NaN for an empty sample. */
  public double maxMillis() {
    return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1] / NANOS_PER_MILLI;
  }

  /**
   * The nearest-rank percentile in ms: the smallest sample such that at least {@code percent}% of
   * the samples are at or below it. NaN for an empty sample.
   *
   * @param percent in (0, 100]
   */
  public double percentileMillis(double percent) {
    if (!(percent > 0 && percent <= 100)) {
      throw new IllegalArgumentException("percent: " + percent + " (expected in (0, 100])");
    }
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
    return sorted[Math.max(1, rank) - 1] / NANOS_PER_MILLI;
  }

  /** The fraction of samples at or below {@code millis}, in [0, 1]; 0 for an empty sample. */
  public double fractionAtOrBelow(double millis) {
    if (sorted.length == 0) {
      return 0;
    }
    long limit = (long) Math.floor(millis * NANOS_PER_MILLI);
    int low = 0;
    int high = sorted.length;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (sorted[mid] <= limit) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return (double) low / sorted.length;
  }

  /** {@code value} in ms with one decimal, sign shown when negative: {@code 1.8}, {@code -0.3}. */
  public static String ms(double value) {
    return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.1f", value);
  }

  /** The cells {@code mean, p50, p99, max} formatted with {@link #ms(double)}. */
  public String[] summaryCells() {
    return new String[] {
      ms(meanMillis()), ms(percentileMillis(50)), ms(percentileMillis(99)), ms(maxMillis())
    };
  }
}

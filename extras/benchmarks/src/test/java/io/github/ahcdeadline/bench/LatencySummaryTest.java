package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LatencySummaryTest {
  /** 1 ms to {@code n} ms in nanoseconds, largest first (the summary must sort). */
  private static long[] descendingMillis(int n) {
    long[] nanos = new long[n];
    for (int i = 0; i < n; i++) {
      nanos[i] = (n - i) * 1_000_000L;
    }
    return nanos;
  }

  @Test
  void nearestRankPercentilesOfAThousand() {
    LatencySummary s = LatencySummary.ofNanos(descendingMillis(1000), 1000);
    assertEquals(1000, s.count());
    assertEquals(500_000, s.p50Micros());
    assertEquals(990_000, s.p99Micros());
    assertEquals(999_000, s.p999Micros());
    assertEquals(1_000_000, s.maxMicros());
  }

  @Test
  void fewerSamplesThanTheRankNeedsGiveTheLargest() {
    LatencySummary s = LatencySummary.ofNanos(descendingMillis(10), 10);
    assertEquals(5_000, s.p50Micros());
    assertEquals(10_000, s.p99Micros());
    assertEquals(10_000, s.p999Micros());
  }

  @Test
  void onlyTheFirstCountSamplesCountAndTheInputStaysAsItWas() {
    long[] nanos = {5_000_000, 1_000_000, 9_000_000_000L};
    LatencySummary s = LatencySummary.ofNanos(nanos, 2);
    assertEquals(5_000, s.maxMicros());
    assertEquals(1_000, s.p50Micros());
    assertArrayEquals(new long[] {5_000_000, 1_000_000, 9_000_000_000L}, nanos);
  }

  @Test
  void noSamplesIsAllZero() {
    LatencySummary s = LatencySummary.ofNanos(new long[4], 0);
    assertEquals(0, s.count());
    assertEquals(0, s.p999Micros());
    assertThrows(IllegalArgumentException.class, () -> LatencySummary.ofNanos(new long[4], 5));
  }

  @Test
  void millisHaveOneDecimal() {
    assertEquals("2.1", LatencySummary.millis(2_149));
    assertEquals("200.0", LatencySummary.millis(200_000));
  }
}

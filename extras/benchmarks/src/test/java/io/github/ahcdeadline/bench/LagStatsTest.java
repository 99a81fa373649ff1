package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LagStatsTest {
  private static final long MS = 1_000_000L;

  @Test
  void summarisesOneToHundredMillis() {
    long[] lags = new long[100];
    for (int i = 0; i < 100; i++) {
      // Reverse order: the summary must not depend on input order.
      lags[i] = (100 - i) * MS;
    }
    LagStats stats = LagStats.of(lags);
    assertEquals(100, stats.count());
    assertEquals(50.5, stats.meanMillis(), 1e-9);
    assertEquals(50.0, stats.percentileMillis(50), 1e-9);
    assertEquals(99.0, stats.percentileMillis(99), 1e-9);
    assertEquals(100.0, stats.percentileMillis(100), 1e-9);
    assertEquals(1.0, stats.minMillis(), 1e-9);
    assertEquals(100.0, stats.maxMillis(), 1e-9);
    assertArrayEquals(new String[] {"50.5", "50.0", "99.0", "100.0"}, stats.summaryCells());
    assertEquals(100 * MS, lags[0], "caller's array untouched");
  }

  @Test
  void nearestRankOnSmallSamples() {
    LagStats stats = LagStats.of(new long[] {3 * MS, 1 * MS, 2 * MS});
    assertEquals(2.0, stats.percentileMillis(50), 1e-9);
    assertEquals(3.0, stats.percentileMillis(99), 1e-9);
    assertEquals(1.0, stats.percentileMillis(1), 1e-9);
  }

  @Test
  void keepsNegativeLagsAndFormatsThem() {
    LagStats stats = LagStats.of(new long[] {-300_000L, 250_000L});
    assertEquals(-0.025, stats.meanMillis(), 1e-9);
    assertEquals("-0.3", LagStats.ms(stats.minMillis()));
    assertEquals("0.3", LagStats.ms(stats.maxMillis()));
  }

  @Test
  void emptySampleIsNotANumber() {
    LagStats stats = LagStats.of(new long[0]);
    assertEquals(0, stats.count());
    assertTrue(Double.isNaN(stats.meanMillis()));
    assertTrue(Double.isNaN(stats.percentileMillis(99)));
    assertEquals("n/a", LagStats.ms(stats.maxMillis()));
    assertEquals(0.0, stats.fractionAtOrBelow(1.0));
  }

  @Test
  void fractionAtOrBelow() {
    LagStats stats = LagStats.of(new long[] {1 * MS, 2 * MS, 2 * MS, 4 * MS});
    assertEquals(0.0, stats.fractionAtOrBelow(0.5));
    assertEquals(0.75, stats.fractionAtOrBelow(2.0));
    assertEquals(1.0, stats.fractionAtOrBelow(4.0));
  }

  @Test
  void rejectsPercentOutOfRange() {
    LagStats stats = LagStats.of(new long[] {MS});
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> stats.percentileMillis(0));
    assertEquals("percent: 0.0 (expected in (0, 100])", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> stats.percentileMillis(100.5));
  }
}

package org.asynchttpclient.netty.hop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The partition figures hedging reads: the head-latency percentile and the hedge budget (G4). */
class HedgeStatsTest {

  @Test
  void noPercentileBeforeEnoughSamples() {
    HedgeStats s = new HedgeStats();
    for (int i = 1; i < HedgeStats.MIN_SAMPLES; i++) {
      s.record(i * 1_000_000L);
    }
    assertEquals(0, s.percentileNanos(95));
    s.record(HedgeStats.MIN_SAMPLES * 1_000_000L);
    assertEquals(19_000_000L, s.percentileNanos(95)); // ceil(0.95 * 20) = the 19th of 1..20 ms
  }

  @Test
  void thePercentileFollowsTheRecentWindow() {
    HedgeStats s = new HedgeStats();
    // 100 samples: 98 of 2 ms, 2 of 200 ms.
    for (int i = 0; i < 100; i++) {
      s.record(i % 50 == 49 ? 200_000_000L : 2_000_000L);
    }
    assertEquals(2_000_000L, s.percentileNanos(95));
    assertEquals(200_000_000L, s.percentileNanos(99));
    // A full window of 50 ms samples pushes the old ones out.
    for (int i = 0; i < HedgeStats.WINDOW; i++) {
      s.record(50_000_000L);
    }
    assertEquals(50_000_000L, s.percentileNanos(99));
  }

  @Test
  void hedgesNeverExceedTheirShareOfRequests() {
    HedgeStats s = new HedgeStats();
    int hedges = 0;
    for (int request = 0; request < 1000; request++) {
      s.earn(0.05);
      if (s.spend()) { // every request would like a hedge: a slow server
        hedges++;
      }
    }
    assertEquals(50, hedges, 1);
  }

  @Test
  void aQuietPartitionSavesAtMostTenHedges() {
    HedgeStats s = new HedgeStats();
    for (int request = 0; request < 1000; request++) {
      s.earn(0.5);
    }
    int burst = 0;
    while (s.spend()) {
      burst++;
    }
    assertEquals((int) HedgeStats.MAX_TOKENS, burst);
    assertFalse(s.spend());
    s.earn(1.0);
    assertTrue(s.spend());
  }
}

package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TailDelayTest {
  private static final int DRAWS = 10_000;

  @Test
  void aboutTwoPercentAreSlowAndTheRestFast() {
    TailDelay delay = new TailDelay(TailDelay.DEFAULT_SEED);
    int slow = 0;
    for (int i = 0; i < DRAWS; i++) {
      long millis = delay.nextMillis();
      if (millis == TailDelay.SLOW_MILLIS) {
        slow++;
      } else {
        assertEquals(TailDelay.FAST_MILLIS, millis);
      }
    }
    // 2% of 10000 is 200, with a standard deviation of 14: 150..250 is over 3.5 of them
    assertTrue(slow >= 150 && slow <= 250, slow + " slow of " + DRAWS);
  }

  @Test
  void theSameSeedDrawsTheSameSequence() {
    TailDelay a = new TailDelay(7);
    TailDelay b = new TailDelay(7);
    for (int i = 0; i < DRAWS; i++) {
      assertEquals(a.nextMillis(), b.nextMillis(), "draw " + i);
    }
  }

  @Test
  void describesItself() {
    assertEquals("98% 2 ms, 2% 200 ms", new TailDelay(1).describe());
  }

  @Test
  void theCoinKeepsItsBounds() {
    SeededCoin never = new SeededCoin(3, 0);
    SeededCoin always = new SeededCoin(3, 1);
    for (int i = 0; i < 1000; i++) {
      assertEquals(false, never.flip());
      assertEquals(true, always.flip());
    }
    assertThrows(IllegalArgumentException.class, () -> new SeededCoin(3, 1.5));
    assertThrows(IllegalArgumentException.class, () -> new SeededCoin(3, Double.NaN));
  }
}

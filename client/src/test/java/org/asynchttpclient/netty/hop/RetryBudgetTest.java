package org.asynchttpclient.netty.hop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.concurrent.Ticker;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The client's retry budget over its sliding window, on a clock the test moves (G4). */
class RetryBudgetTest {
  /** A ticker that stands still until told. */
  private static final class Clock implements Ticker {
    long now = 5_000_000_000L;

    @Override
    public long initialNanoTime() {
      return 0;
    }

    @Override
    public long nanoTime() {
      return now;
    }

    @Override
    public void sleep(long delay, TimeUnit unit) {
      now += unit.toNanos(delay);
    }
  }

  private static int retriesAllowed(RetryBudget b) {
    int n = 0;
    while (b.allows() && n < 100_000) {
      b.spend();
      n++;
    }
    return n;
  }

  @Test
  void retriesStayUnderTheirShareOfRequestsPlusTheFloor() {
    Clock clock = new Clock();
    RetryBudget b = new RetryBudget(20, clock);
    for (int i = 0; i < 1000; i++) {
      b.request();
    }
    // 20% of 1000, plus 10 a second over the 10 s window.
    assertEquals(200 + RetryBudget.FLOOR_PER_SECOND * RetryBudget.WINDOW_SECONDS, retriesAllowed(b));
    assertFalse(b.allows());
  }

  @Test
  void spentRetriesLeaveTheWindowAfterTenSeconds() {
    Clock clock = new Clock();
    RetryBudget b = new RetryBudget(0, clock);
    assertEquals(100, retriesAllowed(b));
    clock.now += TimeUnit.SECONDS.toNanos(9);
    assertFalse(b.allows(), "nine seconds later the retries still count");
    clock.now += TimeUnit.SECONDS.toNanos(1);
    assertTrue(b.allows(), "ten seconds later they have left the window");
    assertEquals(100, retriesAllowed(b));
  }

  @Test
  void aLongPauseClearsEveryBucket() {
    Clock clock = new Clock();
    RetryBudget b = new RetryBudget(50, clock);
    for (int i = 0; i < 400; i++) {
      b.request();
    }
    retriesAllowed(b);
    clock.now += TimeUnit.HOURS.toNanos(1);
    b.request();
    b.request();
    assertEquals(1 + 100, retriesAllowed(b));
  }
}

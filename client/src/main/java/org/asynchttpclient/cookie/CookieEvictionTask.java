package org.asynchttpclient.cookie;

import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A timer task that drops expired cookies from a store every {@code evictDelayMs} milliseconds, by
 * scheduling itself again on the timer that ran it. It stops once that timer refuses new tasks (the
 * timer was stopped). A delay of 0 or less runs it at every tick of the timer.
 */
public class CookieEvictionTask implements TimerTask {

  private final long evictDelayMs;
  private final CookieStore cookieStore;

  public CookieEvictionTask(long evictDelayMs, CookieStore cookieStore) {
    this.evictDelayMs = evictDelayMs;
    this.cookieStore = cookieStore;
  }

  @Override
  public void run(Timeout timeout) throws Exception {
    try {
      cookieStore.evictExpired();
    } finally {
      reschedule(timeout);
    }
  }

  private void reschedule(Timeout timeout) {
    try {
      timeout.timer().newTimeout(this, evictDelayMs, TimeUnit.MILLISECONDS);
    } catch (IllegalStateException | RejectedExecutionException stopped) {
      // HashedWheelTimer throws IllegalStateException once stopped; other timers may reject. Either way
      // the client is closing and there is nothing left to evict for.
    }
  }
}

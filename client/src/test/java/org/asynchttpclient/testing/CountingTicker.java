package org.asynchttpclient.testing;

import io.netty.util.concurrent.Ticker;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A ticker that tells another's time and counts how often it was asked: clock-read budgets. */
public final class CountingTicker implements Ticker {
  private final Ticker source;
  private final AtomicInteger reads = new AtomicInteger();

  public CountingTicker(Ticker source) {
    this.source = source;
  }

  /** Reads of {@link #nanoTime()} since this ticker was made or last {@linkplain #reset reset}. */
  public int reads() {
    return reads.get();
  }

  public void reset() {
    reads.set(0);
  }

  @Override
  public long initialNanoTime() {
    return source.initialNanoTime();
  }

  @Override
  public long nanoTime() {
    reads.incrementAndGet();
    return source.nanoTime();
  }

  @Override
  public void sleep(long delay, TimeUnit unit) throws InterruptedException {
    source.sleep(delay, unit);
  }
}

package org.asynchttpclient.netty.hop;

import io.netty.util.concurrent.Ticker;

/**
 * The client's retry budget ({@code retryBudgetPercent}): a retry of a request the server may have
 * processed is allowed only while the retries of the last {@link #WINDOW_SECONDS} seconds stay under
 * that percentage of the requests of the same seconds, plus {@link #FLOOR_PER_SECOND} a second,
 * so that a failing server is not sent several times its load (G4). Counted in one-second
 * buckets of the engine's ticker.
 *
 * <p>Threads: any; guarded by this object's monitor. Made only when the budget is configured.
 */
public final class RetryBudget {
  static final int WINDOW_SECONDS = 10;
  static final int FLOOR_PER_SECOND = 10;
  private static final long SECOND = 1_000_000_000L;

  // immutable
  private final double fraction;
  private final Ticker ticker;

  // guarded by this
  private final long[] requests = new long[WINDOW_SECONDS];
  private final long[] retries = new long[WINDOW_SECONDS];
  /** The second (ticker nanos / 1e9) the newest bucket counts. */
  private long newest;

  public RetryBudget(int percent, Ticker ticker) {
    this.fraction = percent / 100.0;
    this.ticker = ticker;
    this.newest = ticker.nanoTime() / SECOND;
  }

  /** A request was submitted. */
  public synchronized void request() {
    requests[bucket()]++;
  }

  /** Whether a retry may be sent now. */
  public synchronized boolean allows() {
    bucket();
    long req = 0;
    long ret = 0;
    for (int i = 0; i < WINDOW_SECONDS; i++) {
      req += requests[i];
      ret += retries[i];
    }
    return ret < fraction * req + (double) FLOOR_PER_SECOND * WINDOW_SECONDS;
  }

  /** A retry was sent. */
  public synchronized void spend() {
    retries[bucket()]++;
  }

  /** The index of the current second's bucket, clearing the seconds that passed since the last. */
  private int bucket() {
    long now = ticker.nanoTime() / SECOND;
    long passed = now - newest;
    if (passed > 0) {
      for (long s = 1; s <= Math.min(passed, WINDOW_SECONDS); s++) {
        int i = (int) Math.floorMod(newest + s, (long) WINDOW_SECONDS);
        requests[i] = 0;
        retries[i] = 0;
      }
      newest = now;
    }
    return (int) Math.floorMod(newest, (long) WINDOW_SECONDS);
  }
}

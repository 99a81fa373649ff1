package org.asynchttpclient.testing;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Bounded waits for tests. {@link #until} is the one poll, for client-side state that offers
 * nothing to wait on (pool contents, open channels, live allocations). Anything that can be waited
 * on is: server-side events through a {@link Signal} (the servers' {@code await}), exchanges with
 * their futures or {@link RecordingHandler#ended()}, threads with {@code join}.
 */
public final class Await {
  private Await() {}

  /**
   * A monitor for state that other threads (a server's loop) change: they call {@link #signal()}
   * after each change, and a test waits in {@link #await} for a condition over that state, woken by
   * every signal instead of polling.
   */
  public static final class Signal {
    /** Wakes every {@link #await}, which then checks its condition again. */
    public synchronized void signal() {
      notifyAll();
    }

    /** Waits up to {@code timeout} for {@code condition}; says whether it became true. */
    public synchronized boolean await(BooleanSupplier condition, Duration timeout)
        throws InterruptedException {
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!condition.getAsBoolean()) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
      return true;
    }
  }

  /**
   * Waits up to {@code seconds} for {@code f}, which must fail; returns the ExecutionException that
   * carries why, and fails the test if {@code f} succeeds or is still running then.
   */
  public static ExecutionException failed(Future<?> f, long seconds) {
    return assertThrows(ExecutionException.class, () -> f.get(seconds, TimeUnit.SECONDS));
  }

  /** Polls {@code condition} every millisecond for up to {@code timeout}; fails if it stays false. */
  public static void until(BooleanSupplier condition, Duration timeout, Supplier<String> what) {
    if (!untilOrNot(condition, timeout)) {
      throw new AssertionError("still false after " + timeout.toMillis() + " ms: " + what.get());
    }
  }

  /** Polls {@code condition} every millisecond for up to {@code timeout}; says whether it held. */
  public static boolean untilOrNot(BooleanSupplier condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
    return true;
  }
}

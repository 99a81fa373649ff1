package org.asynchttpclient.testing;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The one bounded poll, for client-side state that offers nothing to wait on (pool contents, open
 * channels, live allocations). Anything that can be waited on is: server-side events with the
 * servers' own {@code await}, exchanges with their futures or {@link RecordingHandler#ended()},
 * threads with {@code join}.
 */
public final class Await {
  private Await() {}

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

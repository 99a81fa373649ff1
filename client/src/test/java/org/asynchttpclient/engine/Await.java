package org.asynchttpclient.engine;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Bounded polling for client-side state that offers nothing to wait on (pool contents, open
 * channels, live threads). Server-side events use the servers' own {@code await}.
 */
final class Await {
  private Await() {}

  /** Polls {@code condition} every millisecond for up to {@code timeout}; fails if it stays false. */
  static void until(BooleanSupplier condition, Duration timeout, Supplier<String> what) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("still false after " + timeout.toMillis() + " ms: " + what.get());
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }
}

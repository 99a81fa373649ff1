package org.asynchttpclient.netty;

import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.asynchttpclient.TimeoutStats;
import org.asynchttpclient.exception.ExchangeTimeoutException;

/**
 * Counts the timeouts that ended exchanges and how late each fired, for {@link TimeoutStats}.
 *
 * <p>Threads: any thread records (the firing timeout's: a loop or the timer); reads may race with
 * records, so a snapshot's fields are each exact but not necessarily from the same instant.
 */
final class TimeoutCounters {
  // any thread
  private final LongAdder requestTimeouts = new LongAdder();
  private final LongAdder readTimeouts = new LongAdder();
  private final LongAdder lateNanos = new LongAdder();
  private final LongAccumulator maxLateNanos = new LongAccumulator(Math::max, 0);

  void record(ExchangeTimeoutException e) {
    if (e.getKind() == ExchangeTimeoutException.Kind.READ) {
      readTimeouts.increment();
    } else {
      requestTimeouts.increment();
    }
    lateNanos.add(e.getLateNanos());
    maxLateNanos.accumulate(e.getLateNanos());
  }

  TimeoutStats snapshot() {
    return new TimeoutStats(
        requestTimeouts.sum(), readTimeouts.sum(), lateNanos.sum(), maxLateNanos.get());
  }
}

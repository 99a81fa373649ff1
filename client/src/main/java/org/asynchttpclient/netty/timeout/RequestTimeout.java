package org.asynchttpclient.netty.timeout;

import io.netty.channel.EventLoop;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.jetbrains.annotations.Nullable;

/**
 * The request timeout of one attempt: fires at a fixed deadline (the hop's own timeout, or what
 * is left of the exchange's budget when that is sooner).
 *
 * <p>In timer mode, armed for a channel's loop, it waits in that loop's {@link RequestDeadlines}
 * (one timer entry for all of them) when it fits a lane there; else, and in event-loop mode, and
 * without a channel yet (connecting), it is scheduled on its own.
 *
 * <p>On a loop it is armed in two stages when long. A loop's blocking wait oversleeps in
 * proportion to its length (the kernel's timer slack, about 0.1%, plus NIO's rounding to whole
 * milliseconds): a 1 s timeout would fire 1 to 2 ms late. So it first wakes a little early, then
 * waits the short, precise remainder.
 */
final class RequestTimeout extends TimeoutTask {
  private static final long TWO_STAGE_ABOVE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
  private static final long EARLY_TOLERANCE_NANOS = TimeUnit.MICROSECONDS.toNanos(100);

  // immutable
  private final long deadlineNanos;
  /** The list of the carrier's loop in timer mode; null in event-loop mode or without a channel. */
  private final @Nullable RequestDeadlines deadlines;

  // guarded by the lock of `deadlines`: this task's place in one of its lanes (once a wake has
  // taken it out, `next` chains it to the others taken with it, read by that wake alone)
  @Nullable RequestTimeout prev;
  @Nullable RequestTimeout next;
  RequestDeadlines.@Nullable Lane lane;

  RequestTimeout(
      TimeoutScheduler scheduler,
      AttemptTimeouts.Owner owner,
      @Nullable EventLoop loop,
      long deadlineNanos,
      long budgetNanos) {
    super(scheduler, owner, loop, budgetNanos);
    this.deadlineNanos = deadlineNanos;
    this.deadlines = loop == null || scheduler.usesEventLoop() ? null : scheduler.deadlinesOf(loop);
  }

  @Override
  @Nullable Object firstSchedule(long delayNanos) {
    RequestDeadlines list = deadlines;
    if (list != null && list.add(this)) {
      return list;
    }
    return super.firstSchedule(delayNanos);
  }

  @Override
  void unschedule(Object handle) {
    if (handle instanceof RequestDeadlines) {
      ((RequestDeadlines) handle).remove(this);
    } else {
      super.unschedule(handle);
    }
  }

  @Override
  long untilDue(long nowNanos) {
    long remaining = deadlineNanos - nowNanos;
    // Woken within the tolerance of the deadline: that is the deadline.
    return remaining > EARLY_TOLERANCE_NANOS ? remaining : Math.min(0, remaining);
  }

  @Override
  long nextDelay(long remainingNanos) {
    if (loop == null || remainingNanos <= TWO_STAGE_ABOVE_NANOS) {
      return remainingNanos;
    }
    long slack = Math.max(TimeUnit.MILLISECONDS.toNanos(2), remainingNanos / 200);
    return remainingNanos - slack;
  }

  @Override
  ExchangeTimeoutException.Kind kind() {
    return ExchangeTimeoutException.Kind.REQUEST;
  }

  @Override
  public long deadlineNanos() {
    return deadlineNanos;
  }
}

package org.asynchttpclient.netty.timeout;

import io.netty.channel.EventLoop;
import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.jetbrains.annotations.Nullable;

/**
 * One armed timeout of one attempt: the task and its cancellation handle in one object, so arming
 * allocates nothing beside the scheduler's own entry (E9).
 *
 * <pre>
 *            cancel()
 *   ARMED ---------------------------------&gt; CANCELLED
 *     |  \
 *     |   \ run(), not due yet: scheduled again for what is left, stays ARMED
 *     |     (the short second stage of a long timeout on a loop; a read timeout whose
 *     |      channel was read from meanwhile)
 *     | run(), due
 *     v
 *   EXPIRED ---&gt; owner.onExpired(kind, ...)
 * </pre>
 *
 * Cancel and expiry each leave ARMED by one compare-and-set on {@code state}: exactly one wins,
 * and only the winner acts. The owner (an attempt) then decides whether the expiry still matters,
 * so the timeout of an attempt that is no longer current ends nothing.
 *
 * <p>Threads: {@link #start} on the arming thread; {@link #run} on the timer's thread or the loop;
 * {@link #cancel} from any thread.
 */
abstract class TimeoutTask implements TimerTask, Runnable, PendingTimeout {
  private static final int ARMED = 0;
  private static final int CANCELLED = 1;
  private static final int EXPIRED = 2;

  private static final AtomicIntegerFieldUpdater<TimeoutTask> STATE =
      AtomicIntegerFieldUpdater.newUpdater(TimeoutTask.class, "state");
  private static final AtomicReferenceFieldUpdater<TimeoutTask, Object> HANDLE =
      AtomicReferenceFieldUpdater.newUpdater(TimeoutTask.class, Object.class, "handle");

  // immutable
  final TimeoutScheduler scheduler;
  final AttemptTimeouts.Owner owner;
  /** The channel's loop in event-loop mode, null on the timer. */
  final @Nullable EventLoop loop;
  /** The timeout's length, as the exception reports it. */
  final long budgetNanos;

  // any thread
  private volatile int state = ARMED;
  /**
   * The pending schedule (a {@link Timeout} or a {@link ScheduledFuture}). Written only by the
   * thread that schedules: {@link #start} publishes the first one with a compare-and-set from
   * null, because the task may already have run and scheduled itself again; after that only the
   * task's own {@link #run} writes it, and runs never overlap (each schedules at most the next).
   */
  private volatile @Nullable Object handle;

  TimeoutTask(TimeoutScheduler scheduler, AttemptTimeouts.Owner owner, @Nullable EventLoop loop, long budgetNanos) {
    this.scheduler = scheduler;
    this.owner = owner;
    this.loop = scheduler.usesEventLoop() ? loop : null;
    this.budgetNanos = budgetNanos;
  }

  /**
   * Nanos from {@code now} until the task is due; zero or less when it is. May update state that
   * only the task's runs touch (a read timeout's window).
   */
  abstract long untilDue(long nowNanos);

  /** The delay of the next schedule when {@link #untilDue} says {@code remaining}. */
  long nextDelay(long remainingNanos) {
    return remainingNanos;
  }

  abstract ExchangeTimeoutException.Kind kind();

  /** Schedules the first run. Call once, after the task is published where cancel can find it. */
  final void start(long delayNanos) {
    Object h = firstSchedule(delayNanos);
    if (h == null) {
      return;
    }
    HANDLE.compareAndSet(this, null, h);
    if (state != ARMED) {
      unschedule(h); // cancelled while being scheduled: leave no live entry (E7)
    }
  }

  /**
   * Schedules the first run on its own; returns the handle, or null when even the timer refused.
   * A task that can share a schedule with others overrides this.
   */
  @Nullable Object firstSchedule(long delayNanos) {
    return scheduler.schedule(this, loop, nextDelay(delayNanos));
  }

  /** Takes back what {@link #firstSchedule} or a run scheduled; never throws. */
  void unschedule(Object handle) {
    TimeoutScheduler.cancel(handle);
  }

  @Override
  public final void run(Timeout timeout) {
    run();
  }

  @Override
  public final void run() {
    if (state != ARMED) {
      return;
    }
    long now = scheduler.ticker().nanoTime();
    long remaining = untilDue(now);
    if (remaining > 0) {
      Object h = scheduler.schedule(this, loop, nextDelay(remaining));
      handle = h;
      if (h != null && state != ARMED) {
        TimeoutScheduler.cancel(h);
      }
      return;
    }
    if (!STATE.compareAndSet(this, ARMED, EXPIRED)) {
      return;
    }
    owner.onExpired(kind(), budgetNanos, now + remaining, now);
  }

  @Override
  public final boolean cancel() {
    if (!STATE.compareAndSet(this, ARMED, CANCELLED)) {
      return false;
    }
    Object h = handle;
    if (h != null) {
      unschedule(h);
    }
    return true;
  }

  @Override
  public final boolean isArmed() {
    return state == ARMED;
  }

  @Override
  public final boolean onLoop() {
    return handle instanceof ScheduledFuture;
  }
}

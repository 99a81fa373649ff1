package org.asynchttpclient.netty.timeout;

import io.netty.channel.EventLoop;
import io.netty.util.Timeout;
import io.netty.util.Timer;
import io.netty.util.TimerTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jetbrains.annotations.Nullable;

/**
 * One armed timeout: the task and its cancellation handle in one object, so arming allocates
 * nothing beside the scheduler's own entry. It runs either on the client's {@link Timer} or on an
 * {@link EventLoop}; exactly one of the two handles is set at a time.
 *
 * <p>Threads: armed and cancelled from any thread; handles are volatile.
 */
abstract class TimeoutTask implements TimerTask, Runnable {
  private volatile @Nullable Timeout timerHandle;
  private volatile @Nullable ScheduledFuture<?> loopHandle;
  private volatile boolean cancelled;

  @Override
  public final void run(Timeout timeout) {
    run();
  }

  /**
   * Schedules on the timer. Returns false if the timer refused (stopped): the client is closing
   * and fails its exchanges itself.
   */
  final boolean armOnTimer(Timer timer, long delayNanos) {
    try {
      timerHandle = timer.newTimeout(this, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
      return true;
    } catch (IllegalStateException | RejectedExecutionException e) {
      return false;
    }
  }

  /**
   * Schedules on {@code loop}; if the loop refuses (shutting down), falls back to the timer so
   * the exchange is never left without a timeout.
   */
  final boolean armOnLoop(EventLoop loop, Timer fallback, long delayNanos) {
    try {
      loopHandle = loop.schedule((Runnable) this, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
      return true;
    } catch (RejectedExecutionException e) {
      return armOnTimer(fallback, delayNanos);
    }
  }

  /**
   * Takes the task off the timer without cancelling it, so it can be armed again elsewhere.
   * Returns false when it was not on the timer or has already run.
   */
  final boolean leaveTimer() {
    Timeout t = timerHandle;
    if (t == null) {
      return false;
    }
    timerHandle = null;
    return t.cancel();
  }

  /**
   * Takes the task off the loop it is scheduled on without cancelling it, so it can be armed on
   * another loop. Returns false when it was not on a loop or has already run.
   */
  final boolean leaveLoop() {
    ScheduledFuture<?> f = loopHandle;
    if (f == null) {
      return false;
    }
    loopHandle = null;
    try {
      return f.cancel(false);
    } catch (RejectedExecutionException e) {
      return true; // that loop is gone and will never run it
    }
  }

  /** Whether the task currently sits on a timer (as opposed to a loop). */
  final boolean onTimer() {
    return timerHandle != null;
  }

  final @Nullable ScheduledFuture<?> loopHandle() {
    return loopHandle;
  }

  final boolean isCancelled() {
    return cancelled;
  }

  /**
   * Cancels the task. Never throws: a loop that is shutting down may refuse the cancellation
   * from another thread, which then reports "not cancelled" (the loop will not run it anyway).
   */
  final boolean cancel() {
    cancelled = true;
    boolean done = false;
    Timeout t = timerHandle;
    if (t != null) {
      timerHandle = null;
      done = t.cancel();
    }
    ScheduledFuture<?> f = loopHandle;
    if (f != null) {
      loopHandle = null;
      try {
        done |= f.cancel(false);
      } catch (RejectedExecutionException e) {
        // loop shut down: the entry dies with it
      }
    }
    return done;
  }
}

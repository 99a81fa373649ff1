package org.asynchttpclient.netty.timeout;

import io.netty.channel.EventLoop;
import io.netty.util.Timeout;
import io.netty.util.Timer;
import io.netty.util.concurrent.Ticker;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jetbrains.annotations.Nullable;

/**
 * Where the client's timeouts run and what clock they read: the client's {@link Timer} by
 * default, or, with {@code useEventLoopTimeouts}, the event loop of the channel that carries the
 * exchange (E1: only that loop, never one drawn from the group). A loop that refuses a schedule
 * (it is shutting down) hands the timeout to the timer instead (E5), so nothing is left without
 * one.
 *
 * <p>Immutable and shared by every exchange of a client.
 */
public final class TimeoutScheduler {
  // immutable
  private final Timer timer;
  private final Ticker ticker;
  private final boolean useEventLoop;

  public TimeoutScheduler(Timer timer, Ticker ticker, boolean useEventLoop) {
    this.timer = timer;
    this.ticker = ticker;
    this.useEventLoop = useEventLoop;
  }

  public Ticker ticker() {
    return ticker;
  }

  public Timer timer() {
    return timer;
  }

  public boolean usesEventLoop() {
    return useEventLoop;
  }

  /**
   * Schedules {@code task} after {@code delayNanos}: on {@code loop} in event-loop mode when one
   * is given, else on the timer. Returns the handle to cancel it with, or null when even the timer
   * refused (it is stopped: the client is closing and fails its exchanges itself).
   */
  @Nullable Object schedule(TimeoutTask task, @Nullable EventLoop loop, long delayNanos) {
    long delay = Math.max(0, delayNanos);
    if (useEventLoop && loop != null) {
      try {
        return loop.schedule((Runnable) task, delay, TimeUnit.NANOSECONDS);
      } catch (RejectedExecutionException shuttingDown) {
        // fall through to the timer
      }
    }
    try {
      return timer.newTimeout(task, delay, TimeUnit.NANOSECONDS);
    } catch (IllegalStateException | RejectedExecutionException stopped) {
      return null;
    }
  }

  /**
   * Takes a schedule back. Never throws: a loop shutting down may refuse the cancellation from
   * another thread (E6); it will not run the task anyway.
   */
  static void cancel(Object handle) {
    if (handle instanceof Timeout) {
      ((Timeout) handle).cancel();
    } else if (handle instanceof ScheduledFuture) {
      try {
        ((ScheduledFuture<?>) handle).cancel(false);
      } catch (RejectedExecutionException loopGone) {
        // the entry dies with its loop
      }
    }
  }
}

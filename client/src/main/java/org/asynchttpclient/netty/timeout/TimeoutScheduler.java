package org.asynchttpclient.netty.timeout;

import io.netty.channel.EventLoop;
import io.netty.util.Timeout;
import io.netty.util.Timer;
import io.netty.util.TimerTask;
import io.netty.util.concurrent.Ticker;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jetbrains.annotations.Nullable;

/**
 * The one home of the engine's timers, and the clock they read.
 *
 * <ul>
 *   <li>Request and read timeouts ({@link #schedule}): the client's {@link Timer} by default, or,
 *       with {@code useEventLoopTimeouts}, the event loop of the channel that carries the exchange
 *       (E1: only that loop, never one drawn from the group). A loop that refuses a schedule (it
 *       is shutting down) hands the timeout to the timer instead (E5), so nothing is left without
 *       one.
 *   <li>Timers that belong on the timer whatever the mode ({@link #onTimer}): the pool's idle
 *       cleaner (E10), a wait for a connection permit.
 *   <li>Timers of one connection, on its own loop ({@link #onLoop}): HTTP/2 idle, TTL and PING
 *       checks, WebSocket idle, pong and close waits.
 * </ul>
 *
 * When the timer is also a clock ({@link TickerTimer}: a test's manual timer), every one of these
 * goes through it, loop timers included (the timer hands them to their loop when they fall due),
 * so advancing that clock drives them all and no test has to sleep.
 *
 * <p>In timer mode, request timeouts armed for a channel's loop share one timer entry per loop
 * ({@link RequestDeadlines}); the lists live here, one per loop, made on first use.
 *
 * <p>Shared by every exchange of a client; immutable but for that map of lists.
 */
public final class TimeoutScheduler {
  // immutable
  private final Timer timer;
  private final Ticker ticker;
  private final boolean useEventLoop;

  // any thread
  private final ConcurrentHashMap<EventLoop, RequestDeadlines> deadlines = new ConcurrentHashMap<>();

  public TimeoutScheduler(Timer timer, Ticker ticker, boolean useEventLoop) {
    this.timer = timer;
    this.ticker = ticker;
    this.useEventLoop = useEventLoop;
  }

  /**
   * A scheduler for loop timers alone, reading {@code ticker}: a WebSocket made by its public
   * constructor, outside any client. It has no timer: {@link #onTimer} schedules nothing.
   */
  public static TimeoutScheduler loopsOnly(Ticker ticker) {
    return new TimeoutScheduler(NO_TIMER, ticker, false);
  }

  /** Refuses every task, as a stopped timer does. */
  private static final Timer NO_TIMER =
      new Timer() {
        @Override
        public Timeout newTimeout(TimerTask task, long delay, TimeUnit unit) {
          throw new IllegalStateException("no timer: this scheduler runs loop timers only");
        }

        @Override
        public Set<Timeout> stop() {
          return Set.of();
        }
      };

  public Ticker ticker() {
    return ticker;
  }

  public boolean usesEventLoop() {
    return useEventLoop;
  }

  /** The request deadlines of the channels of {@code loop}. */
  RequestDeadlines deadlinesOf(EventLoop loop) {
    RequestDeadlines list = deadlines.get(loop);
    return list != null ? list : deadlines.computeIfAbsent(loop, l -> new RequestDeadlines(this));
  }

  /**
   * Schedules {@code task} after {@code delayNanos}: on {@code loop} in event-loop mode when one
   * is given, else on the timer. Returns the handle to cancel it with, or null when even the timer
   * refused (it is stopped: the client is closing and fails its exchanges itself).
   */
  @Nullable Object schedule(TimeoutTask task, @Nullable EventLoop loop, long delayNanos) {
    if (useEventLoop && loop != null) {
      try {
        return loop.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
      } catch (RejectedExecutionException shuttingDown) {
        // fall through to the timer
      }
    }
    return newTimeout(task, delayNanos);
  }

  /**
   * Runs {@code task} on {@code loop} after {@code delayNanos} (a connection's own timer). With a
   * clock timer ({@link TickerTimer}) the delay is kept on the timer, which hands the task to the
   * loop when it falls due. Returns the handle to {@link #cancel} it with, or null when the loop
   * or the timer refused (shutting down: the connection is going away with it).
   */
  public @Nullable Object onLoop(EventLoop loop, Runnable task, long delayNanos) {
    if (timer instanceof TickerTimer) {
      return newTimeout(t -> executeOn(loop, task), delayNanos);
    }
    try {
      return loop.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
    } catch (IllegalStateException | RejectedExecutionException shuttingDown) {
      return null;
    }
  }

  private static void executeOn(EventLoop loop, Runnable task) {
    try {
      loop.execute(task);
    } catch (RejectedExecutionException shuttingDown) {
      // the loop is gone, and with it what the task was for
    }
  }

  /**
   * Runs {@code task} on the timer after {@code delayNanos}, whatever the timeout mode (the pool
   * cleaner, a permit wait). Returns the handle to {@link #cancel} it with, or null when the timer
   * is stopped (the client is closing).
   */
  public @Nullable Object onTimer(Runnable task, long delayNanos) {
    return newTimeout(t -> task.run(), delayNanos);
  }

  private @Nullable Timeout newTimeout(TimerTask task, long delayNanos) {
    try {
      return timer.newTimeout(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
    } catch (IllegalStateException | RejectedExecutionException stopped) {
      return null;
    }
  }

  /**
   * Takes a schedule back; null (nothing scheduled) is allowed. Never throws: a loop shutting down
   * may refuse the cancellation from another thread (E6); it will not run the task anyway.
   */
  public static void cancel(@Nullable Object handle) {
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

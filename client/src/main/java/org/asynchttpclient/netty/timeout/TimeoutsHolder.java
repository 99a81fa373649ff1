package org.asynchttpclient.netty.timeout;

import org.asynchttpclient.exception.ExchangeTimeoutException;
import io.netty.channel.EventLoop;
import io.netty.util.Timer;
import io.netty.util.concurrent.Ticker;
import java.util.concurrent.TimeUnit;
import org.jetbrains.annotations.Nullable;

/**
 * The request and read timeouts of one exchange.
 *
 * <p>Where they run: on the client's {@link Timer} by default. With {@code useEventLoopTimeouts}
 * they run on the event loop of the channel that carries the exchange, and only that loop (never
 * one drawn from the group): the request timeout of a hop that opens a new connection is armed on
 * the timer before resolution, and moved onto the new channel's loop by {@link
 * #onChannelAttached} as soon as that channel exists (when its connect starts); a hop on a pooled channel arms straight on its
 * loop after the channel is attached. If a loop refuses the schedule (it is shutting down), the
 * timer takes the timeout instead.
 *
 * <p>Order: the holder is built and published to its exchange first, and only then armed: a loop
 * runs a short deadline at once, and the task must find everything in place. After recording a
 * handle, arming re-checks {@link Target#isDone()} so an exchange that ended meanwhile leaves no
 * live entry behind.
 *
 * <p>The request timeout bounds a hop until its response is complete; the read timeout, armed once
 * the request is written, fires when the channel stays silent that long and otherwise re-arms for
 * what is left, on the same loop.
 *
 * <p>Threads: every method may be called from any thread.
 */
public final class TimeoutsHolder {

  /** What the timeouts act on: the exchange. */
  public interface Target {
    boolean isDone();

    /** Ticker nanos of the last read on the current hop's channel. */
    long lastReadNanos();

    /** Called by an expiring timeout; the exchange decides whether it still matters. */
    void onTimeout(ExchangeTimeoutException.Kind kind, long budgetNanos, long deadlineNanos);
  }

  private final class RequestTimeout extends TimeoutTask {
    final long deadlineNanos;
    final long budgetNanos;
    // the loop it was last armed on, for the second stage of a long timeout
    volatile @Nullable EventLoop loop;

    RequestTimeout(long deadlineNanos, long budgetNanos) {
      this.deadlineNanos = deadlineNanos;
      this.budgetNanos = budgetNanos;
    }

    @Override
    public void run() {
      if (isCancelled()) {
        return;
      }
      long early = deadlineNanos - ticker.nanoTime();
      EventLoop l = loop;
      if (early > EARLY_TOLERANCE_NANOS && l != null) {
        arm(this, early, l); // first stage of a long timeout: the short remainder is precise
        return;
      }
      target.onTimeout(ExchangeTimeoutException.Kind.REQUEST, budgetNanos, deadlineNanos);
    }
  }

  /**
   * A loop's blocking wait oversleeps in proportion to its length (the kernel's timer slack on
   * epoll_wait, about 0.1%, plus NIO's rounding to whole milliseconds): a 1 s timeout fires 1 to 2
   * ms late. Long timeouts on a loop are therefore armed in two stages: first to wake a little
   * early, then for the short remainder, which is precise.
   */
  private static final long TWO_STAGE_ABOVE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

  private static final long EARLY_TOLERANCE_NANOS = TimeUnit.MICROSECONDS.toNanos(100);

  private static long firstStage(long delayNanos) {
    if (delayNanos <= TWO_STAGE_ABOVE_NANOS) {
      return delayNanos;
    }
    long slack = Math.max(TimeUnit.MILLISECONDS.toNanos(2), delayNanos / 200);
    return delayNanos - slack;
  }

  /** Re-arms itself (the same object, on the same loop) while reads keep arriving. */
  private final class ReadTimeout extends TimeoutTask {
    final long budgetNanos;
    final @Nullable EventLoop loop;
    // written by the task's own runs only
    volatile long windowStart;

    ReadTimeout(long windowStart, long budgetNanos, @Nullable EventLoop loop) {
      this.windowStart = windowStart;
      this.budgetNanos = budgetNanos;
      this.loop = loop;
    }

    @Override
    public void run() {
      if (isCancelled() || target.isDone()) {
        return;
      }
      long now = ticker.nanoTime();
      long quietSince = Math.max(target.lastReadNanos(), windowStart);
      long deadline = quietSince + budgetNanos;
      if (now >= deadline) {
        target.onTimeout(ExchangeTimeoutException.Kind.READ, budgetNanos, deadline);
      } else {
        windowStart = quietSince;
        arm(this, deadline - now, loop);
      }
    }
  }

  // immutable
  private final Timer timer;
  private final Ticker ticker;
  private final Target target;
  private final boolean useEventLoop;

  // any thread
  private volatile @Nullable RequestTimeout requestTimeout;
  private volatile @Nullable ReadTimeout readTimeout;

  public TimeoutsHolder(Timer timer, Ticker ticker, Target target, boolean useEventLoop) {
    this.timer = timer;
    this.ticker = ticker;
    this.target = target;
    this.useEventLoop = useEventLoop;
  }

  public boolean usesEventLoop() {
    return useEventLoop;
  }

  /**
   * Arms the request timeout of the current hop to expire at {@code deadlineNanos} (Ticker
   * time), replacing any armed one. {@code loop} is the channel's loop when the hop already has its
   * channel, null while connecting. A budget of zero or less arms nothing.
   */
  public void armRequestTimeout(long budgetNanos, long deadlineNanos, @Nullable EventLoop loop) {
    cancelRequestTimeout();
    if (budgetNanos <= 0) {
      return;
    }
    RequestTimeout task = new RequestTimeout(deadlineNanos, budgetNanos);
    requestTimeout = task;
    arm(task, deadlineNanos - ticker.nanoTime(), loop);
  }

  /**
   * The hop has a channel (connecting, or connected and attached): in event-loop mode the request
   * timeout leaves the timer, or the loop of a previous channel of this hop (a failed address), for
   * this channel's loop, keeping its deadline. Nothing happens in timer mode.
   */
  public void onChannelAttached(EventLoop loop) {
    RequestTimeout armed = requestTimeout;
    if (!useEventLoop || armed == null || armed.loop == loop) {
      return;
    }
    boolean moved = armed.onTimer() ? armed.leaveTimer() : armed.leaveLoop();
    if (!moved) {
      return; // already expired or cancelled: nothing to move
    }
    arm(armed, armed.deadlineNanos - ticker.nanoTime(), loop);
  }

  /**
   * Arms the read timeout once the request is written: it fires when the channel has been silent
   * for {@code budgetNanos}. Zero or less arms nothing.
   */
  public void armReadTimeout(long budgetNanos, @Nullable EventLoop loop) {
    cancelReadTimeout();
    if (budgetNanos <= 0) {
      return;
    }
    ReadTimeout task = new ReadTimeout(ticker.nanoTime(), budgetNanos, loop);
    arm(task, budgetNanos, loop);
  }

  private void arm(TimeoutTask task, long delayNanos, @Nullable EventLoop loop) {
    if (task instanceof ReadTimeout) {
      readTimeout = (ReadTimeout) task;
    }
    if (useEventLoop && loop != null) {
      if (task instanceof RequestTimeout) {
        ((RequestTimeout) task).loop = loop;
        delayNanos = firstStage(delayNanos);
      }
      task.armOnLoop(loop, timer, delayNanos);
    } else {
      task.armOnTimer(timer, delayNanos);
    }
    if (target.isDone()) {
      task.cancel();
    }
  }

  /** Cancels both timeouts; safe from any thread, any number of times. */
  public void cancel() {
    cancelRequestTimeout();
    cancelReadTimeout();
  }

  public void cancelReadTimeout() {
    ReadTimeout t = readTimeout;
    if (t != null) {
      readTimeout = null;
      t.cancel();
    }
  }

  private void cancelRequestTimeout() {
    RequestTimeout t = requestTimeout;
    if (t != null) {
      requestTimeout = null;
      t.cancel();
    }
  }

  /** Whether a request timeout is armed and not yet run or cancelled (tests, diagnostics). */
  public boolean isRequestTimeoutArmed() {
    RequestTimeout t = requestTimeout;
    return t != null && !t.isCancelled();
  }

  /** Deadline (Ticker nanos) of the armed request timeout, or -1 when none (tests, diagnostics). */
  public long requestDeadlineNanos() {
    RequestTimeout t = requestTimeout;
    return t == null || t.isCancelled() ? -1 : t.deadlineNanos;
  }

  /** Whether the armed request timeout sits on an event loop (tests, diagnostics). */
  public boolean isRequestTimeoutOnLoop() {
    RequestTimeout t = requestTimeout;
    return t != null && t.loopHandle() != null;
  }
}

package org.asynchttpclient.netty.timeout;

import io.netty.util.Timeout;
import io.netty.util.Timer;
import io.netty.util.TimerTask;
import io.netty.util.concurrent.Ticker;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.jetbrains.annotations.Nullable;

/**
 * The request and read timeouts of one exchange, armed on the client's {@link Timer}.
 *
 * <p>The holder is built, published to its exchange, and only then armed ({@link
 * #armRequestTimeout}): a timer may run a short deadline at once, and the task must find a fully
 * built holder and exchange. The request timeout bounds a hop from submission to the end of the
 * response; the read timeout, armed once the request is written ({@link #armReadTimeout}), bounds
 * the silence between two reads and re-arms itself for what is left after each read.
 *
 * <p>Threads: every method may be called from any thread. The armed handles are volatile; an
 * exchange that ends while a timeout is being armed is caught by re-checking {@link
 * Target#isDone()} after recording the handle, so no live entry is left behind.
 */
public final class TimeoutsHolder {

  /** What the timeouts act on: the exchange. */
  public interface Target {
    boolean isDone();

    /** Nanos of the last read on the current hop's channel ({@link Ticker} time). */
    long lastReadNanos();

    /** Called by an expiring timeout; the exchange decides whether it still matters. */
    void onTimeout(ExchangeTimeoutException.Kind kind, long budgetNanos, long deadlineNanos);
  }

  // immutable
  private final Timer timer;
  private final Ticker ticker;
  private final Target target;

  // any thread
  private volatile @Nullable Timeout requestTimeout;
  private volatile @Nullable Timeout readTimeout;

  public TimeoutsHolder(Timer timer, Ticker ticker, Target target) {
    this.timer = timer;
    this.ticker = ticker;
    this.target = target;
  }

  /**
   * Arms the request timeout to fire {@code budgetNanos} from now (replacing any armed one). A
   * budget of zero or less is "no timeout" and arms nothing.
   */
  public void armRequestTimeout(long budgetNanos) {
    cancelRequestTimeout();
    if (budgetNanos <= 0) {
      return;
    }
    long deadline = ticker.nanoTime() + budgetNanos;
    TimerTask task =
        t -> target.onTimeout(ExchangeTimeoutException.Kind.REQUEST, budgetNanos, deadline);
    requestTimeout = schedule(task, budgetNanos);
    if (target.isDone()) {
      cancelRequestTimeout();
    }
  }

  /**
   * Arms the read timeout of {@code budgetNanos}: it fires once the channel has been silent that
   * long, measured from the later of now and the last read. Zero or less arms nothing.
   */
  public void armReadTimeout(long budgetNanos) {
    cancelReadTimeout();
    if (budgetNanos <= 0) {
      return;
    }
    scheduleRead(budgetNanos, budgetNanos, ticker.nanoTime());
  }

  private void scheduleRead(long budgetNanos, long delayNanos, long armedAt) {
    long deadline = armedAt + budgetNanos;
    TimerTask task =
        t -> {
          if (target.isDone()) {
            return;
          }
          long now = ticker.nanoTime();
          long last = Math.max(target.lastReadNanos(), armedAt);
          long silentFor = now - last;
          if (silentFor >= budgetNanos) {
            target.onTimeout(ExchangeTimeoutException.Kind.READ, budgetNanos, last + budgetNanos);
          } else {
            scheduleRead(budgetNanos, budgetNanos - silentFor, last);
          }
        };
    readTimeout = schedule(task, delayNanos);
    if (target.isDone()) {
      cancelReadTimeout();
    }
  }

  private @Nullable Timeout schedule(TimerTask task, long delayNanos) {
    try {
      return timer.newTimeout(task, delayNanos, TimeUnit.NANOSECONDS);
    } catch (IllegalStateException | RejectedExecutionException e) {
      // The timer is stopped: the client is closing and fails every exchange itself.
      return null;
    }
  }

  /** Cancels both timeouts; safe from any thread, any number of times. */
  public void cancel() {
    cancelRequestTimeout();
    cancelReadTimeout();
  }

  public void cancelReadTimeout() {
    Timeout t = readTimeout;
    if (t != null) {
      readTimeout = null;
      t.cancel();
    }
  }

  private void cancelRequestTimeout() {
    Timeout t = requestTimeout;
    if (t != null) {
      requestTimeout = null;
      t.cancel();
    }
  }

  /** Whether a request timeout is currently armed (for tests and diagnostics). */
  public boolean isRequestTimeoutArmed() {
    Timeout t = requestTimeout;
    return t != null && !t.isExpired() && !t.isCancelled();
  }
}

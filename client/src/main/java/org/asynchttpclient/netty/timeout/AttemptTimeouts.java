package org.asynchttpclient.netty.timeout;

import io.netty.channel.EventLoop;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.jetbrains.annotations.Nullable;

/**
 * The request and read timeouts of one attempt (one hop of an exchange).
 *
 * <p>Where they run (see {@link TimeoutScheduler}): with {@code useEventLoopTimeouts}, the request
 * timeout of an attempt that opens a new connection is armed on the timer before resolution (so
 * it bounds DNS, connect and TLS: E2) and {@linkplain #moveTo moved} onto the new channel's loop
 * as soon as the channel exists; an attempt on a pooled channel arms straight on that channel's
 * loop, after the channel is attached (E3). The read timeout is armed once the request is
 * written, on the channel's loop (E8).
 *
 * <p>Order (E4, E7): the attempt is built and published to its exchange before anything is armed,
 * since a loop runs a short deadline at once; each arming publishes its task here first and then
 * re-checks {@link Owner#isOver()}, while whoever ends the attempt or the exchange first records
 * that and then cancels what it finds here. One of the two always sees the other.
 *
 * <p>Threads: {@code request} and {@code read} are written by the attempt as it proceeds (arm,
 * each move, the read arm), never concurrently: each write happens after the previous one through
 * the attempt's own chain of callbacks. {@link #cancel} reads them from any thread.
 */
public final class AttemptTimeouts {

  /** What the timeouts serve: the attempt. */
  public interface Owner {
    /** Whether the attempt is no longer current, or its exchange has ended. */
    boolean isOver();

    /** Ticker nanos of the last read on the attempt's channel. */
    long lastReadNanos();

    /**
     * A timeout won its own compare-and-set: the attempt decides whether it still matters (it is
     * still the exchange's current one) and, if so, times the exchange out.
     */
    void onExpired(
        ExchangeTimeoutException.Kind kind, long budgetNanos, long deadlineNanos, long nowNanos);
  }

  // immutable
  private final TimeoutScheduler scheduler;
  private final Owner owner;

  // written in sequence by the attempt, read by cancel() from any thread
  private volatile PendingTimeout request = PendingTimeout.NONE;
  private volatile PendingTimeout read = PendingTimeout.NONE;

  public AttemptTimeouts(TimeoutScheduler scheduler, Owner owner) {
    this.scheduler = scheduler;
    this.owner = owner;
  }

  /**
   * Arms the request timeout to expire at {@code deadlineNanos}, on {@code loop} (the channel's,
   * once the attempt has one) or on the timer. {@code budgetNanos} is what the exception reports.
   */
  public void armRequest(long budgetNanos, long deadlineNanos, @Nullable EventLoop loop) {
    RequestTimeout task = new RequestTimeout(scheduler, owner, loop, deadlineNanos, budgetNanos);
    request = task;
    start(task, deadlineNanos - scheduler.ticker().nanoTime());
  }

  /**
   * The attempt has a channel now (connecting, or a later address of the same attempt): in
   * event-loop mode the request timeout leaves the timer, or a previous channel's loop, for this
   * one, keeping its deadline. Nothing happens in timer mode or when nothing is armed.
   */
  public void moveTo(EventLoop loop) {
    PendingTimeout armed = request;
    if (!scheduler.usesEventLoop() || !(armed instanceof RequestTimeout)) {
      return;
    }
    RequestTimeout current = (RequestTimeout) armed;
    if (current.loop == loop || !current.cancel()) {
      return; // already there, or already expired or cancelled: nothing to move
    }
    armRequest(current.budgetNanos(), current.deadlineNanos(), loop);
  }

  /** Arms the read timeout once the request is written; {@link TimeoutValues#NONE} arms nothing. */
  public void armRead(long budgetNanos, EventLoop loop) {
    if (TimeoutValues.isNone(budgetNanos)) {
      return;
    }
    ReadTimeout task =
        new ReadTimeout(scheduler, owner, loop, scheduler.ticker().nanoTime(), budgetNanos);
    read = task;
    start(task, budgetNanos);
  }

  private void start(TimeoutTask task, long delayNanos) {
    task.start(delayNanos);
    if (owner.isOver()) {
      task.cancel();
    }
  }

  /** Cancels both timeouts; safe from any thread, any number of times. */
  public void cancel() {
    request.cancel();
    read.cancel();
  }

  /** The armed request timeout, or {@link PendingTimeout#NONE} (diagnostics and tests). */
  public PendingTimeout request() {
    return request;
  }

  /** The armed read timeout, or {@link PendingTimeout#NONE} (diagnostics and tests). */
  public PendingTimeout read() {
    return read;
  }
}

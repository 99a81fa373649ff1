package org.asynchttpclient.netty.timeout;

import io.netty.channel.EventLoop;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.exception.ExchangeTimeoutException.Kind;
import org.jetbrains.annotations.Nullable;

/**
 * The timeouts of one attempt (one hop of an exchange), one slot per {@link Kind}: request, read.
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
 * <p>Threads: the slots (one per {@link Kind}) are written by the attempt as it proceeds (arm, each
 * move, the read arm), never concurrently: each write happens after the previous one through the
 * attempt's own chain of callbacks. {@link #cancel} reads them from any thread.
 */
public final class AttemptTimeouts {

  /** What the timeouts serve: the attempt. */
  public interface Owner {
    /** Whether the attempt is no longer current, or its exchange has ended. */
    boolean isOver();

    /** Ticker nanos of the last read on the attempt's channel. */
    long lastReadNanos();

    /**
     * Whether the handler has suspended the response body (its reads stopped on purpose): the
     * read timeout then waits, and counts its quiet window again from the resume, which {@link
     * #lastReadNanos} records before this turns false.
     */
    default boolean readPaused() {
      return false;
    }

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

  private static final Kind[] KINDS = Kind.values();
  private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(PendingTimeout[].class);

  // One slot per kind of timeout, written (volatile) in sequence by the attempt, read by cancel()
  // from any thread. A new kind is a constant of Kind, its task class and its arm method.
  private final PendingTimeout[] slots = new PendingTimeout[KINDS.length];

  public AttemptTimeouts(TimeoutScheduler scheduler, Owner owner) {
    this.scheduler = scheduler;
    this.owner = owner;
    for (Kind k : KINDS) {
      // Plain: the array is reached only through final fields, which publish it with these.
      SLOT.set(slots, k.ordinal(), PendingTimeout.NONE);
    }
  }

  /** The timeout of {@code kind} armed last, or {@link PendingTimeout#NONE}. */
  public PendingTimeout slot(Kind kind) {
    return (PendingTimeout) SLOT.getVolatile(slots, kind.ordinal());
  }

  private void arm(Kind kind, TimeoutTask task, long delayNanos) {
    SLOT.setVolatile(slots, kind.ordinal(), task);
    task.start(delayNanos);
    if (owner.isOver()) {
      task.cancel();
    }
  }

  /**
   * Arms the request timeout to expire at {@code deadlineNanos}, on {@code loop} (the channel's,
   * once the attempt has one) or on the timer. {@code budgetNanos} is what the exception reports.
   */
  public void armRequest(long budgetNanos, long deadlineNanos, @Nullable EventLoop loop) {
    armRequest(budgetNanos, deadlineNanos, loop, scheduler.ticker().nanoTime());
  }

  /** {@link #armRequest(long, long, EventLoop)} with {@code now} just read from the ticker. */
  private void armRequest(long budgetNanos, long deadlineNanos, @Nullable EventLoop loop, long now) {
    RequestTimeout task = new RequestTimeout(scheduler, owner, loop, deadlineNanos, budgetNanos);
    arm(Kind.REQUEST, task, deadlineNanos - now);
  }

  /**
   * Arms the hop's request timeout to expire at {@code deadlineNanos} reporting {@code budgetNanos},
   * on {@code loop} (the carrier's, once the hop has one: E3) or on the timer (while waiting for a
   * permit or connecting: E2); {@code never} arms nothing. Called again once armed, it only moves
   * the timeout onto {@code loop}: a hop's timeout is never restarted. Returns false, having
   * expired it, when the deadline has already passed (such a hop must not be sent: D3), else
   * whether the attempt goes on.
   */
  public boolean armRequestOnce(boolean never, long budgetNanos, long deadlineNanos, @Nullable EventLoop loop) {
    if (never || request() != PendingTimeout.NONE) {
      if (loop != null) {
        moveTo(loop); // nothing to move when never armed
      }
      return !owner.isOver();
    }
    long now = scheduler.ticker().nanoTime();
    if (deadlineNanos <= now) {
      owner.onExpired(Kind.REQUEST, budgetNanos, deadlineNanos, now);
      return false;
    }
    armRequest(budgetNanos, deadlineNanos, loop, now);
    return !owner.isOver();
  }

  /**
   * The attempt has a channel now (connecting, or a later address of the same attempt): in
   * event-loop mode the request timeout leaves the timer, or a previous channel's loop, for this
   * one, keeping its deadline. Nothing happens in timer mode or when nothing is armed.
   */
  public void moveTo(EventLoop loop) {
    PendingTimeout armed = slot(Kind.REQUEST);
    if (!scheduler.usesEventLoop() || !(armed instanceof RequestTimeout)) {
      return;
    }
    RequestTimeout current = (RequestTimeout) armed;
    if (current.loop == loop || !current.cancel()) {
      return; // already there, or already expired or cancelled: nothing to move
    }
    armRequest(current.budgetNanos, current.deadlineNanos(), loop);
  }

  /**
   * Arms the read timeout once the request is written; {@link TimeoutValues#NONE} arms nothing.
   *
   * <p>Nor does a read timeout that could never fire first: its deadline only moves later (each
   * read pushes it back), so when even its earliest one, {@code now + budgetNanos}, is not before
   * the armed request timeout's deadline, the request timeout ends the attempt before it, and the
   * timeouts of an attempt are only ever cancelled together. That is the case with the defaults
   * (60 s each), where it saves a schedule and a cancellation per request.
   */
  public void armRead(long budgetNanos, EventLoop loop) {
    if (TimeoutValues.isNone(budgetNanos)) {
      return;
    }
    PendingTimeout request = request();
    long now = scheduler.ticker().nanoTime();
    if (request.isArmed() && request.deadlineNanos() - now <= budgetNanos) {
      return;
    }
    arm(Kind.READ, new ReadTimeout(scheduler, owner, loop, now, budgetNanos), budgetNanos);
  }

  /** Cancels every timeout; safe from any thread, any number of times. */
  public void cancel() {
    for (Kind k : KINDS) {
      slot(k).cancel();
    }
  }

  /** The armed request timeout, or {@link PendingTimeout#NONE} (diagnostics and tests). */
  public PendingTimeout request() {
    return slot(Kind.REQUEST);
  }

  /** The armed read timeout, or {@link PendingTimeout#NONE} (diagnostics and tests). */
  public PendingTimeout read() {
    return slot(Kind.READ);
  }
}

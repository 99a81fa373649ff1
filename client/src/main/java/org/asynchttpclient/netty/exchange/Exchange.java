package org.asynchttpclient.netty.exchange;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Request;
import org.asynchttpclient.events.ExchangeOutcome;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.exception.ExchangeTimeoutException.Kind;
import org.asynchttpclient.netty.hop.FollowUpMemory;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One user request, from submission to its single outcome. It is the {@link ListenableFuture}
 * the caller holds, and it owns what spans the request's hops: the outcome, the deadline, the
 * handler, the follow-up memory and the current {@link Attempt} (which holds the hop's connection
 * permit). A redirect, retry or auth replay is a new attempt of the same exchange, never a new exchange.
 *
 * <pre>
 *                 complete(keepAlive) / done()
 *          +-----------------------------------------&gt; COMPLETED
 *          |      fail(t) / abort(t) / IO error
 *  PENDING +-----------------------------------------&gt; FAILED
 *          |      timedOut(attempt, ...) / budget spent before a hop
 *          +-----------------------------------------&gt; TIMED_OUT
 *          |      cancel() / CompletableFuture view
 *          +-----------------------------------------&gt; CANCELLED
 * </pre>
 *
 * Exactly one transition leaves PENDING, decided by one compare-and-set on {@code state} (O1).
 * Only its winner acts: it cancels the current attempt's timeouts, takes its carrier and recycles
 * it into the pool (a complete, keep-alive response) or closes it (everything else), gives the
 * permit back, and only then tells the handler (one terminal callback) and completes the future
 * (O2). Losers return {@code false} and touch nothing, so a timeout that fires after the response
 * completed is a no-op, and cancel never throws because of a race with completion (O5).
 *
 * <p>Threads: terminal methods may be called from any thread. Response callbacks to the handler
 * run on the carrier's event loop while the exchange is PENDING.
 */
public final class Exchange<T> extends ExchangeFuture<T> {
  private static final Logger LOGGER = LoggerFactory.getLogger(Exchange.class);

  static final int PENDING = 0;
  static final int COMPLETED = 1;
  static final int FAILED = 2;
  static final int TIMED_OUT = 3;
  static final int CANCELLED = 4;

  /** The listeners' name of each state, by its number (PENDING's is never reported). */
  private static final ExchangeOutcome[] OUTCOMES = {
    ExchangeOutcome.FAILED, ExchangeOutcome.COMPLETED, ExchangeOutcome.FAILED,
    ExchangeOutcome.TIMED_OUT, ExchangeOutcome.CANCELLED
  };

  private static final AtomicIntegerFieldUpdater<Exchange> STATE =
      AtomicIntegerFieldUpdater.newUpdater(Exchange.class, "state");

  private static final AtomicIntegerFieldUpdater<Exchange> PLACED =
      AtomicIntegerFieldUpdater.newUpdater(Exchange.class, "placed");

  @SuppressWarnings("rawtypes")
  private static final AtomicReferenceFieldUpdater<Exchange, Attempt> CURRENT =
      AtomicReferenceFieldUpdater.newUpdater(Exchange.class, Attempt.class, "current");

  private static final VarHandle HANDLER = HopRoute.field(MethodHandles.lookup(), "handler", AsyncHandler.class);

  // immutable
  /** What the exchange remembers from hop to hop for its follow-ups. */
  private final FollowUpMemory followUps = new FollowUpMemory();

  // any thread
  /** PENDING (0, the default: no store in the constructor) until the outcome is decided. */
  private volatile int state;
  /** Replaced only by a response or I/O exception filter, between hops. */
  @SuppressWarnings("NullAway.Init") // set (plain) in the constructor
  private volatile AsyncHandler<T> handler;
  /**
   * Written by the hop driver ({@link #begin}), one hop after the other, and within a hedged hop
   * by its {@link HedgeGroup} (under the group's monitor): the winner of the response heads, or
   * another attempt when the current one was dropped.
   */
  private volatile @Nullable Attempt current;
  /** The loop counting this exchange in the client's LoopPlacement, plus one; 0 for none. */
  private volatile int placed;
  // confined to the submitting loop's thread (acted on only where inEventLoop() is true)
  /** The loop running {@code execute} for this exchange, while that call has not returned. */
  private @Nullable EventLoop submitFrame;
  // guarded by the monitor of the InFlightExchanges stripe this exchange is in (see there); the
  // stripe is also read without it, as a hint that is checked again under the monitor
  @Nullable Exchange<?> inFlightPrev;
  @Nullable Exchange<?> inFlightNext;
  volatile @Nullable Object inFlightStripe;

  /** {@code absoluteDeadline} is resolved once, here (D1); the budget may be TimeoutValues.NONE. */
  public Exchange(
      ExchangeServices services,
      Request request,
      AsyncHandler<T> handler,
      boolean absoluteDeadline,
      long budgetNanos) {
    super(services, request, absoluteDeadline, budgetNanos);
    // Plain: the exchange reaches other threads only through synchronising hand-offs (the loop's
    // task queue, the volatile current attempt), which order this store before their reads.
    HANDLER.set(this, handler);
    followUps.foldRedirectRefusals(request);
  }

  /** Records the placement {@code slot} (positive) if none is recorded; true if this call did. */
  public boolean markPlaced(int slot) {
    return PLACED.compareAndSet(this, 0, slot);
  }

  /** Takes the recorded placement slot out, once: 0 when none (or another call took it). */
  public int takePlaced() {
    return placed == 0 ? 0 : PLACED.getAndSet(this, 0);
  }

  public AsyncHandler<T> handler() {
    return handler;
  }

  /**
   * Marks (loop) and unmarks (null) the stretch of {@code execute} that runs the first hop inline
   * on one of the client's loops: an outcome decided inside it still happens at once, but the
   * handler and the future hear it as the loop's next task, never inside the caller's own {@code
   * execute} frame, before the caller holds the future. On the submitting loop only.
   */
  public void submitFrame(@Nullable EventLoop loop) {
    this.submitFrame = loop;
  }

  /**
   * Replaces the handler, as a response or I/O exception filter may: only between hops, so a
   * handler never sees half of a response.
   */
  public void handler(AsyncHandler<T> replacement) {
    this.handler = replacement;
  }

  /** The request of the current hop (the submitted one before the first hop starts). */
  @Override
  public Request request() {
    Attempt a = current;
    return a != null ? a.request() : original;
  }

  /** The current attempt, or null before the first one starts. */
  public @Nullable Attempt current() {
    return current;
  }

  public FollowUpMemory followUps() {
    return followUps;
  }

  @Override
  public boolean isDone() {
    return state != PENDING;
  }

  @Override
  public boolean isCancelled() {
    return state == CANCELLED;
  }

  // ---- hops and permit
  /**
   * Publishes the next attempt (the previous one must have ended) and frees what the previous
   * hop's wire request still holds. Returns null when the exchange has ended meanwhile.
   */
  public @Nullable Attempt begin(AttemptBuilder next) {
    Attempt previous = current;
    next.number = previous == null ? 0 : previous.number() + 1;
    Attempt attempt = new Attempt(next);
    followUps.foldRedirectRefusals(attempt.request());
    HedgeGroup hedges = attempt.hedges();
    if (hedges != null) {
      hedges.primary(attempt);
    }
    current = attempt;
    if (previous != null) {
      previous.wire().release();
    }
    if (isDone()) {
      attempt.wire().release();
      return null;
    }
    return attempt;
  }

  /**
   * Fails the exchange with a timeout when its whole budget is already spent (D3), before a hop
   * takes a permit or a connection or writes. Returns whether the exchange may go on.
   */
  public boolean checkBudget() {
    if (!deadline.isAbsolute()) {
      return !isDone(); // no budget to spend (the default): no clock read
    }
    return checkBudget(services.timeouts().ticker().nanoTime());
  }

  /** {@link #checkBudget()} at {@code now}, a reading of the engine's ticker just taken. */
  public boolean checkBudget(long now) {
    if (deadline.spentAt(now)) {
      timedOut(
          current, Kind.REQUEST, deadline.budgetNanos(), deadline.deadlineNanos(), now, true);
      return false;
    }
    return !isDone();
  }

  /**
   * Builds a hedge of {@code primary}, the current hop's attempt, and adds it to the hop's group;
   * null when the group refuses it (a head came, the exchange ended, or enough were sent): it is
   * then never sent.
   */
  public @Nullable Attempt beginHedge(AttemptBuilder hedge, Attempt primary) {
    HedgeGroup group = primary.hedges();
    Attempt h = new Attempt(hedge.hedgeOf(primary));
    // Under ROUND_ROBIN the hedge goes where the primary was pinned, so that its connection is
    // dialed to, and pooled under, the address of the partition it looks in.
    List<InetSocketAddress> pinned = primary.pinnedAddresses();
    if (pinned != null) {
      h.pin(primary.partitionKey(), pinned);
    }
    if (group == null || !group.add(h)) {
      h.wire().release();
      return null;
    }
    return h;
  }

  /** {@code winner}'s head came first: it is the hop's attempt from now on. Under the group's monitor. */
  void makeCurrent(Attempt winner) {
    current = winner;
  }

  /** {@code dropped} failed beside {@code other}: the hop goes on with that. Under the group's monitor. */
  void replaceCurrent(Attempt dropped, Attempt other) {
    CURRENT.compareAndSet(this, dropped, other);
  }

  /**
   * Takes the current attempt's permit, for a connection that keeps it (pooled or handed over);
   * null when it holds none (see {@link Attempt#takePermit}).
   */
  public @Nullable Object takePermit() {
    Attempt a = current;
    return a != null ? a.takePermit() : null;
  }

  // ---- terminal transitions
  /**
   * The response ended normally. {@code keepAlive} says whether the channel may go back to the
   * pool. Runs on the carrier's event loop. An exception thrown by the handler's {@code
   * onCompleted} goes to its {@code onThrowable} and fails the future, as in 3.0.11.
   */
  public boolean complete(boolean keepAlive) {
    return completeWith(keepAlive, null);
  }

  /**
   * The hop's response handed the channel over to another protocol (a WebSocket's 101), decided
   * like {@link #complete}; the winner hands it over ({@link #handOver}), and if that throws, the
   * exchange fails with it. Runs on the channel's event loop.
   */
  public boolean completeWithHandover(Runnable handover) {
    return completeWith(false, handover);
  }

  private boolean completeWith(boolean keepAlive, @Nullable Runnable handover) {
    if (!STATE.compareAndSet(this, PENDING, COMPLETED)) {
      return false;
    }
    Attempt a = current;
    Throwable handoverFailure = null;
    if (handover != null) {
      handoverFailure = handOver(a, handover);
    } else if (a != null) {
      a.release(keepAlive);
    }
    releaseAttempts(a);
    services.unregister(this);
    if (handoverFailure != null) {
      services.events().ended(this, a, ExchangeOutcome.FAILED, handoverFailure);
      tellHandlerAndFuture(FAILED, handoverFailure);
      return true;
    }
    services.events().ended(this, a, ExchangeOutcome.COMPLETED, null);
    T value;
    try {
      value = handler.onCompleted();
    } catch (Throwable t) {
      // As in 3.0.11: the handler hears it in onThrowable and the future fails with it.
      tellHandlerAndFuture(FAILED, t);
      return true;
    }
    result.completeInternal(value);
    return true;
  }

  /**
   * Completes the exchange by handing its connection over to another protocol, for the outcome's
   * winner: the attempt's timeouts stop (the request timeout does not apply to what follows), its
   * carrier is taken without being pooled or closed and keeps the permit until it closes (as in
   * 3.0.11), and the hand-over runs, which now owns the channel; if it throws, the channel is
   * closed. Returns null when the hand-over ran, else what it threw. On the channel's event loop.
   */
  private @Nullable Throwable handOver(@Nullable Attempt attempt, Runnable handover) {
    Object permit = takePermit();
    Channel handedOver = null;
    if (attempt != null) {
      attempt.timeouts().cancel();
      handedOver = attempt.takeCarrier(); // null if the outcome's winner took it already
      attempt.wire().release();
    }
    if (permit != null && handedOver != null) {
      services.parkPermit(handedOver, permit);
    } else if (permit != null) {
      services.releasePermit(permit);
    }
    try {
      handover.run();
      return null;
    } catch (Throwable t) {
      if (handedOver != null) {
        services.closeChannel(handedOver);
      }
      return t;
    }
  }

  /**
   * Fails the exchange with {@code cause} (I/O error, refused request, handler failure). An I/O
   * failure without a message (Netty's {@code ClosedChannelException}, say) reaches the caller as
   * an {@link IOException} that names where the hop went, with it as the cause: a bare "null"
   * tells an operator nothing.
   */
  public boolean fail(Throwable cause) {
    return finishExceptionally(FAILED, cause instanceof IOException && cause.getMessage() == null ? named(cause) : cause);
  }

  private IOException named(Throwable cause) {
    Attempt a = current;
    SocketAddress remote = a != null ? a.remoteAddress() : null;
    String where = remote != null ? remote.toString() : TimeoutFailures.hostAndPort(request().getUri());
    String protocol = a != null ? a.protocolVersion() : null;
    return new IOException(
        cause.getClass().getSimpleName() + " on the connection to " + where
            + (protocol != null ? " (" + protocol + ")" : ""),
        cause);
  }

  @Override
  public void abort(Throwable t) {
    finishExceptionally(FAILED, t);
  }

  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    return finishExceptionally(CANCELLED, new CancellationException("Exchange cancelled"));
  }

  /** The handler asked to stop (ABORT): the exchange completes with what the handler has. */
  @Override
  public void done() {
    complete(false);
  }

  /**
   * A timeout decided: {@code attempt}'s own (which it already ended), or the exchange's budget
   * found spent before a hop ({@code beforeSend}; attempt is then the last one, or null). The
   * listeners hear the typed exception, the handler and the future what {@link TimeoutFailures}
   * gives the caller (T1).
   */
  void timedOut(
      @Nullable Attempt attempt,
      Kind kind,
      long budgetNanos,
      long deadlineNanos,
      long nowNanos,
      boolean beforeSend) {
    if (isDone()) {
      return;
    }
    boolean typed = services.typedTimeoutExceptions();
    ExchangeTimeoutException e =
        TimeoutFailures.describe(
            attempt, attempt != null ? attempt : current, kind, budgetNanos,
            nowNanos - deadline.submitNanos(), nowNanos - deadlineNanos, beforeSend, typed);
    if (!STATE.compareAndSet(this, PENDING, TIMED_OUT)) {
      return;
    }
    // Counted before anyone can observe the failure, so stats read from a callback include it.
    services.onTimeoutFired(e);
    if (attempt != null) {
      services.events().timeoutFired(attempt, e);
    }
    finishDecided(TIMED_OUT, e, TimeoutFailures.forCaller(e, typed));
  }

  @Override
  boolean abortForExternalCompletion(T value) {
    if (!STATE.compareAndSet(this, PENDING, CANCELLED)) {
      return false;
    }
    releaseResources();
    CancellationException cause = new CancellationException("Exchange completed by its caller");
    services.events().ended(this, current, ExchangeOutcome.CANCELLED, cause);
    notifyThrowable(cause);
    return result.completeInternal(value);
  }

  /** Abort from the CompletableFuture view; says whether this call decided the outcome. */
  @Override
  boolean abortFromView(Throwable t) {
    return finishExceptionally(t instanceof CancellationException ? CANCELLED : FAILED, t);
  }

  private boolean finishExceptionally(int terminal, Throwable cause) {
    if (!STATE.compareAndSet(this, PENDING, terminal)) {
      return false;
    }
    finishDecided(terminal, cause, cause);
    return true;
  }

  /**
   * The winner's side effects, in order, once its compare-and-set decided the outcome; listeners
   * hear {@code listenerCause}, the handler and the future {@code cause}.
   */
  private void finishDecided(int terminal, Throwable listenerCause, Throwable cause) {
    releaseResources();
    services.events().ended(this, current, OUTCOMES[terminal], listenerCause);
    EventLoop frame = submitFrame;
    if (frame != null && frame.inEventLoop()) {
      frame.execute(() -> tellHandlerAndFuture(terminal, cause));
      return;
    }
    tellHandlerAndFuture(terminal, cause);
  }

  private void tellHandlerAndFuture(int terminal, Throwable cause) {
    notifyThrowable(cause);
    if (terminal == CANCELLED) {
      result.cancelInternal();
    } else {
      result.failInternal(cause);
    }
  }

  private void releaseResources() {
    Attempt a = current;
    if (a != null) {
      a.release(false);
    }
    releaseAttempts(a);
    services.unregister(this);
  }

  /** Gives back {@code a}'s permit, and abandons the other attempts of its hedged hop, if any. */
  private static void releaseAttempts(@Nullable Attempt a) {
    if (a == null) {
      return;
    }
    a.releasePermit();
    HedgeGroup hedges = a.hedges();
    if (hedges != null) {
      hedges.abandonAllBut(a);
    }
  }

  private void notifyThrowable(Throwable cause) {
    try {
      handler.onThrowable(cause);
    } catch (Throwable t) {
      LOGGER.debug("AsyncHandler.onThrowable threw; ignoring", t);
    }
  }

  // ---- ListenableFuture
  /** Pushes the current hop's read timeout back, as a read on its channel would. */
  @Override
  public void touch() {
    Attempt a = current;
    if (a != null) {
      a.touch();
    }
  }

  @Override
  public String toString() {
    return "Exchange{state=" + state + ", attempt=" + current + '}';
  }
}

package org.asynchttpclient.netty.exchange;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import java.net.SocketAddress;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.netty.timeout.TimeoutsHolder;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One user request, from submission to its single outcome. It is the {@link ListenableFuture}
 * the caller holds, and it owns the outcome, the timeouts, the current hop's channel and the
 * connection permit. A redirect, retry or auth replay is a new hop of the same exchange.
 *
 * <pre>
 *                 complete(keepAlive) / done()
 *          +-----------------------------------------&gt; COMPLETED
 *          |      fail(t) / abort(t) / IO error
 *  PENDING +-----------------------------------------&gt; FAILED
 *          |      onTimeout(request | read)
 *          +-----------------------------------------&gt; TIMED_OUT
 *          |      cancel() / CompletableFuture view
 *          +-----------------------------------------&gt; CANCELLED
 * </pre>
 *
 * Exactly one transition leaves PENDING, decided by one compare-and-set on {@code state}. Only its
 * winner acts: it cancels the timeouts, recycles the channel into the pool (a complete, keep-alive
 * response) or closes it (everything else), gives the permit back, and only then tells the handler
 * (one terminal callback) and completes the future. Losers return {@code false} and touch nothing,
 * so a timeout that fires after the response completed is a no-op, and cancel never throws
 * because of a race with completion.
 *
 * <p>Threads: terminal methods may be called from any thread. Response callbacks to the handler
 * run on the channel's event loop while the exchange is PENDING.
 */
public final class Exchange<T> implements ListenableFuture<T>, TimeoutsHolder.Target {
  private static final Logger LOGGER = LoggerFactory.getLogger(Exchange.class);

  static final int PENDING = 0;
  static final int COMPLETED = 1;
  static final int FAILED = 2;
  static final int TIMED_OUT = 3;
  static final int CANCELLED = 4;

  private static final AtomicIntegerFieldUpdater<Exchange> STATE =
      AtomicIntegerFieldUpdater.newUpdater(Exchange.class, "state");

  @SuppressWarnings("rawtypes")
  private static final AtomicReferenceFieldUpdater<Exchange, Object> PERMIT =
      AtomicReferenceFieldUpdater.newUpdater(Exchange.class, Object.class, "permitKey");

  // immutable
  private final ExchangeServices services;
  private final long submitNanos;
  private final ExchangeCompletableFuture<T> result;
  private final TimeoutsHolder timeouts;
  /** Resolved once at creation (request value, else config): redirects rebuild requests. */
  private final boolean absoluteDeadline;
  /** Ticker nanos when the whole exchange's budget is spent; Long.MAX_VALUE for none. */
  private final long exchangeDeadlineNanos;
  private final long exchangeBudgetNanos;
  /**
   * A random hash drawn without contention: the client keeps every exchange in a concurrent set
   * until it ends, and the identity hash (made on first use, in the object header) showed as a
   * percent of a keep-alive request's CPU.
   */
  private final int hash = ThreadLocalRandom.current().nextInt();

  // any thread
  /** Replaced only by a response or I/O exception filter, between hops. */
  private volatile AsyncHandler<T> handler;
  private volatile int state = PENDING;
  private volatile @Nullable Object permitKey;
  private volatile @Nullable Channel channel;
  private volatile Request request;
  private volatile int hop;
  private volatile long lastReadNanos;
  private volatile @Nullable SocketAddress remoteAddress;
  private volatile int retries;
  private volatile @Nullable NettyRequest nettyRequest;
  /** Per-exchange memory of the follow-up logic (redirect and auth counters, challenges seen). */
  private volatile @Nullable Object followUpState;
  /** Sticky: once a hop left the first origin, credentials are never re-derived from config. */
  private volatile boolean credentialsDropped;
  /** The pool partition of the current hop (target and proxy), set when the hop is sent. */
  private volatile @Nullable Object partitionKey;

  /**
   * @param absoluteDeadline whether the request timeout bounds the whole exchange (all hops)
   * @param budgetNanos the request timeout of the first hop; negative for none (zero expires at
   *     once, as a zero request timeout does in 3.0.11)
   */
  public Exchange(
      ExchangeServices services,
      Request request,
      AsyncHandler<T> handler,
      boolean absoluteDeadline,
      long budgetNanos) {
    this.services = services;
    this.request = request;
    this.handler = handler;
    this.submitNanos = services.ticker().nanoTime();
    this.lastReadNanos = submitNanos;
    this.absoluteDeadline = absoluteDeadline;
    this.exchangeBudgetNanos = budgetNanos;
    this.exchangeDeadlineNanos =
        absoluteDeadline && budgetNanos >= 0 ? submitNanos + budgetNanos : Long.MAX_VALUE;
    this.result = new ExchangeCompletableFuture<>(this);
    this.timeouts =
        new TimeoutsHolder(
            services.timer(), services.ticker(), this, services.useEventLoopTimeouts());
  }

  /** An exchange whose hops each get their own request timeout (3.0.11's behaviour). */
  public Exchange(ExchangeServices services, Request request, AsyncHandler<T> handler) {
    this(services, request, handler, false, -1);
  }

  /** Identity equality (not overridden) with a hash that is cheaper than the identity hash. */
  @Override
  public int hashCode() {
    return hash;
  }

  public boolean absoluteDeadline() {
    return absoluteDeadline;
  }

  /**
   * Arms the current hop's request timeout: {@code hopTimeoutNanos} from now, or what is left of
   * the exchange's budget if that is less (absolute deadline). {@code loop} is the hop channel's
   * loop once it has one. Returns false, and fails the exchange with a timeout, when the budget
   * is already spent: such a hop must not be sent.
   */
  public boolean armHopTimeout(long hopTimeoutNanos, @Nullable EventLoop loop) {
    long now = services.ticker().nanoTime();
    long deadline = hopTimeoutNanos >= 0 ? now + hopTimeoutNanos : Long.MAX_VALUE;
    long budget = hopTimeoutNanos;
    if (exchangeDeadlineNanos <= deadline) {
      deadline = exchangeDeadlineNanos;
      budget = exchangeBudgetNanos;
    }
    if (deadline == Long.MAX_VALUE) {
      timeouts.armRequestTimeout(0, deadline, loop);
      return true;
    }
    if (deadline <= now) {
      onTimeout(ExchangeTimeoutException.Kind.REQUEST, budget, deadline);
      return false;
    }
    timeouts.armRequestTimeout(budget, deadline, loop);
    return true;
  }

  /**
   * Checks, before a permit, a connection or a write, whether the exchange's absolute budget is
   * already spent; if so fails it with a timeout and returns false.
   */
  public boolean checkBudget() {
    if (exchangeDeadlineNanos == Long.MAX_VALUE) {
      return !isDone();
    }
    if (services.ticker().nanoTime() >= exchangeDeadlineNanos) {
      onTimeout(ExchangeTimeoutException.Kind.REQUEST, exchangeBudgetNanos, exchangeDeadlineNanos);
      return false;
    }
    return !isDone();
  }

  // ---- accessors

  public AsyncHandler<T> handler() {
    return handler;
  }

  /**
   * Replaces the handler, as a response or I/O exception filter may. Only between hops (before the
   * current response reaches the handler): a handler never sees half of a response.
   */
  public void handler(AsyncHandler<T> replacement) {
    this.handler = replacement;
  }

  /** The request of the current hop. */
  public Request request() {
    return request;
  }

  public int hop() {
    return hop;
  }

  public long submitNanos() {
    return submitNanos;
  }

  public TimeoutsHolder timeouts() {
    return timeouts;
  }

  public @Nullable Channel channel() {
    return channel;
  }

  @Override
  public boolean isDone() {
    return state != PENDING;
  }

  @Override
  public boolean isCancelled() {
    return state == CANCELLED;
  }

  // ---- hops, channel and permit

  /** Starts a new hop of this exchange with the given request (redirect, retry, auth replay). */
  public void newHop(Request next) {
    this.request = next;
    this.hop++;
  }

  /**
   * Records the permit taken for this hop. When the exchange has already ended, the permit goes
   * straight back and false is returned.
   */
  public boolean attachPermit(Object partitionKey) {
    permitKey = partitionKey;
    if (isDone()) {
      releasePermit();
      return false;
    }
    return true;
  }

  /** Gives the permit back; safe to call any number of times, from any thread. */
  public void releasePermit() {
    Object key = PERMIT.getAndSet(this, null);
    if (key != null) {
      services.releasePermit(key);
    }
  }

  /**
   * Publishes the channel carrying the current hop. If the exchange ended meanwhile, the channel
   * is closed and false is returned: nobody else would.
   */
  public boolean attachChannel(Channel ch) {
    this.channel = ch;
    this.remoteAddress = ch.remoteAddress();
    if (isDone()) {
      this.channel = null;
      ch.close();
      return false;
    }
    timeouts.onChannelAttached(ch.eventLoop());
    return true;
  }

  /** The wire request of the current hop, once encoded. */
  public @Nullable NettyRequest nettyRequest() {
    return nettyRequest;
  }

  /** Records the wire request of a new hop, freeing the previous hop's. */
  public void nettyRequest(NettyRequest request) {
    NettyRequest previous = this.nettyRequest;
    this.nettyRequest = request;
    if (previous != null && previous != request) {
      previous.release();
    }
  }

  public @Nullable Object partitionKey() {
    return partitionKey;
  }

  public void partitionKey(Object key) {
    this.partitionKey = key;
  }

  public @Nullable Object followUpState() {
    return followUpState;
  }

  public void followUpState(@Nullable Object state) {
    this.followUpState = state;
  }

  /** Whether a hop crossed origins: from then on the config's Realm is not applied. */
  public boolean credentialsDropped() {
    return credentialsDropped;
  }

  public void dropCredentials() {
    this.credentialsDropped = true;
  }

  /** Counts one more replay of the current hop after a connection failure; returns the count. */
  public int incrementRetries() {
    return ++retries;
  }

  /**
   * Publishes a channel whose connect has only started: a cancel or timeout now closes it (which
   * aborts the connect), and in event-loop mode the request timeout moves onto its loop at once,
   * so that a burst of connects does not leave timeouts waiting for the timer's next tick.
   */
  public boolean connecting(Channel ch) {
    this.channel = ch;
    if (isDone()) {
      this.channel = null;
      ch.close();
      return false;
    }
    timeouts.onChannelAttached(ch.eventLoop());
    return true;
  }

  /** Forgets the channel without closing it (for a retry on a fresh connection). */
  public void detachChannel() {
    this.channel = null;
  }

  /** Marks a read on the current channel, which pushes the read timeout back. */
  @Override
  public void touch() {
    lastReadNanos = services.ticker().nanoTime();
  }

  @Override
  public long lastReadNanos() {
    return lastReadNanos;
  }

  // ---- terminal transitions

  /**
   * The response ended normally. {@code keepAlive} says whether the channel may go back to the
   * pool. Runs on the channel's event loop.
   */
  public boolean complete(boolean keepAlive) {
    if (!STATE.compareAndSet(this, PENDING, COMPLETED)) {
      return false;
    }
    timeouts.cancel();
    Channel ch = channel;
    channel = null;
    if (ch != null) {
      if (keepAlive && ch.isActive()) {
        services.recycle(ch, this);
      } else {
        services.closeChannel(ch);
      }
    }
    releasePermit();
    releaseRequest();
    services.unregister(this);
    T value;
    try {
      value = handler.onCompleted();
    } catch (Throwable t) {
      result.failInternal(t);
      return true;
    }
    result.completeInternal(value);
    return true;
  }

  /** Fails the exchange with {@code cause} (I/O error, refused request, handler failure). */
  public boolean fail(Throwable cause) {
    return finishExceptionally(FAILED, cause);
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

  @Override
  public void onTimeout(ExchangeTimeoutException.Kind kind, long budgetNanos, long deadlineNanos) {
    if (isDone()) {
      return;
    }
    long now = services.ticker().nanoTime();
    ExchangeTimeoutException e =
        new ExchangeTimeoutException(
            kind,
            TimeUnit.NANOSECONDS.toMillis(budgetNanos),
            TimeUnit.NANOSECONDS.toMillis(now - submitNanos),
            hop,
            remoteAddress,
            Math.max(0, now - deadlineNanos));
    if (!STATE.compareAndSet(this, PENDING, TIMED_OUT)) {
      return;
    }
    // Counted before anyone can observe the failure, so stats read from a callback include it.
    services.onTimeoutFired(e);
    finishDecided(TIMED_OUT, e);
  }

  boolean abortForExternalCompletion(T value) {
    if (!STATE.compareAndSet(this, PENDING, CANCELLED)) {
      return false;
    }
    releaseResources();
    notifyThrowable(new CancellationException("Exchange completed by its caller"));
    return result.completeInternal(value);
  }

  /** Abort from the CompletableFuture view; says whether this call decided the outcome. */
  boolean abortFromView(Throwable t) {
    return finishExceptionally(t instanceof CancellationException ? CANCELLED : FAILED, t);
  }

  private boolean finishExceptionally(int terminal, Throwable cause) {
    if (!STATE.compareAndSet(this, PENDING, terminal)) {
      return false;
    }
    finishDecided(terminal, cause);
    return true;
  }

  /** The winner's side effects, in order, once its compare-and-set decided the outcome. */
  private void finishDecided(int terminal, Throwable cause) {
    releaseResources();
    notifyThrowable(cause);
    if (terminal == CANCELLED) {
      result.cancelInternal();
    } else {
      result.failInternal(cause);
    }
  }

  private void releaseResources() {
    timeouts.cancel();
    Channel ch = channel;
    channel = null;
    if (ch != null) {
      services.closeChannel(ch);
    }
    releasePermit();
    releaseRequest();
    services.unregister(this);
  }

  /** Frees what the last hop's wire request still holds (open files, subscriptions). */
  private void releaseRequest() {
    NettyRequest nr = nettyRequest;
    if (nr != null) {
      nr.release();
    }
  }

  private void notifyThrowable(Throwable cause) {
    try {
      handler.onThrowable(cause);
    } catch (Throwable t) {
      LOGGER.debug("AsyncHandler.onThrowable threw; ignoring", t);
    }
  }

  // ---- Future / ListenableFuture

  @Override
  public T get() throws InterruptedException, ExecutionException {
    return result.get();
  }

  @Override
  public T get(long timeout, TimeUnit unit)
      throws InterruptedException, ExecutionException, TimeoutException {
    return result.get(timeout, unit);
  }

  @Override
  public ListenableFuture<T> addListener(Runnable listener, @Nullable Executor exec) {
    if (exec == null) {
      result.whenComplete((v, t) -> listener.run());
    } else {
      result.whenCompleteAsync((v, t) -> listener.run(), exec);
    }
    return this;
  }

  @Override
  public CompletableFuture<T> toCompletableFuture() {
    return result;
  }

  @Override
  public String toString() {
    return "Exchange{state="
        + state
        + ", hop="
        + hop
        + ", uri="
        + request.getUri()
        + ", channel="
        + channel
        + '}';
  }
}

package org.asynchttpclient.netty.exchange;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Request;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.events.ExchangeView;
import org.jetbrains.annotations.Nullable;

/**
 * The outside of an {@link Exchange}: the future the caller holds (waiting, listeners, the {@link
 * CompletableFuture} view, all reading one {@link ExchangeCompletableFuture} that only the
 * outcome's winner completes) and the {@link ExchangeView} that event listeners read. Kept apart
 * so that {@link Exchange} reads as the outcome and its hops.
 *
 * <p>Threads: any.
 */
abstract class ExchangeFuture<T> implements ListenableFuture<T>, ExchangeView {
  // immutable
  final ExchangeServices services;
  final Request original;
  final ExchangeDeadline deadline;
  final ExchangeCompletableFuture<T> result;
  /**
   * A random hash drawn without contention: the client keeps every exchange in a concurrent set
   * until it ends, and the identity hash (made on first use, in the object header) showed as a
   * percent of a keep-alive request's CPU.
   */
  private final int hash = ThreadLocalRandom.current().nextInt();

  // any thread
  /** Listeners' per-exchange values; written by listeners, one event at a time. */
  private volatile @Nullable Object[] attachments;

  ExchangeFuture(
      ExchangeServices services, Request original, boolean absoluteDeadline, long budgetNanos) {
    this.services = services;
    this.original = original;
    this.deadline =
        new ExchangeDeadline(
            services.timeouts().ticker().nanoTime(), absoluteDeadline, budgetNanos);
    this.result = new ExchangeCompletableFuture<>(this);
  }

  public final ExchangeServices services() {
    return services;
  }

  public final ExchangeDeadline deadline() {
    return deadline;
  }

  // ---- ExchangeView

  @Override
  public final Request originalRequest() {
    return original;
  }

  @Override
  public final long startNanos() {
    return deadline.submitNanos();
  }

  @Override
  public final boolean hasAbsoluteDeadline() {
    return deadline.isAbsolute();
  }

  @Override
  public final long remainingNanos() {
    return deadline.remainingAt(services.timeouts().ticker().nanoTime());
  }

  @Override
  public final @Nullable Object getAttachment(ExchangeListener listener) {
    return services.events().attachment(attachments, listener);
  }

  @Override
  public final void setAttachment(ExchangeListener listener, @Nullable Object value) {
    attachments = services.events().attach(attachments, listener, value);
  }

  // ---- ListenableFuture

  /** The view completed from outside with a value: stop the exchange, then deliver it. */
  abstract boolean abortForExternalCompletion(T value);

  /** The view completed exceptionally or cancelled from outside: stop the exchange. */
  abstract boolean abortFromView(Throwable t);

  /** Identity equality (not overridden) with a hash that is cheaper than the identity hash. */
  @Override
  public final int hashCode() {
    return hash;
  }

  @Override
  public final T get() throws InterruptedException, ExecutionException {
    return result.get();
  }

  @Override
  public final T get(long timeout, TimeUnit unit)
      throws InterruptedException, ExecutionException, TimeoutException {
    return result.get(timeout, unit);
  }

  @Override
  public final ListenableFuture<T> addListener(Runnable listener, @Nullable Executor exec) {
    if (exec == null) {
      result.whenComplete((v, t) -> listener.run());
    } else {
      result.whenCompleteAsync((v, t) -> listener.run(), exec);
    }
    return this;
  }

  @Override
  public final CompletableFuture<T> toCompletableFuture() {
    return result;
  }
}

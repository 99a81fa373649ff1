package org.asynchttpclient.netty.exchange;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.ListenableFuture;
import org.jetbrains.annotations.Nullable;

/**
 * The future side of an {@link Exchange}: waiting, listeners and the {@link CompletableFuture}
 * view, all reading one {@link ExchangeCompletableFuture} that only the exchange's outcome winner
 * completes. Kept apart so that {@link Exchange} reads as the outcome and its hops.
 *
 * <p>Threads: any.
 */
abstract class ExchangeFuture<T> implements ListenableFuture<T> {
  // immutable
  final ExchangeCompletableFuture<T> result;
  /**
   * A random hash drawn without contention: the client keeps every exchange in a concurrent set
   * until it ends, and the identity hash (made on first use, in the object header) showed as a
   * percent of a keep-alive request's CPU.
   */
  private final int hash = ThreadLocalRandom.current().nextInt();

  ExchangeFuture() {
    this.result = new ExchangeCompletableFuture<>(this);
  }

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

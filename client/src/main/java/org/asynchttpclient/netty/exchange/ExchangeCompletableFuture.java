package org.asynchttpclient.netty.exchange;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.jetbrains.annotations.Nullable;

/**
 * The {@link CompletableFuture} view of an exchange, as returned by {@code toCompletableFuture()}.
 *
 * <p>Completing it from outside stops the exchange rather than only completing a future: {@link
 * #cancel}, {@link #completeExceptionally} (and so {@code orTimeout}, which completes it
 * exceptionally) and {@link #complete} (and so {@code completeOnTimeout}) go through the exchange's
 * single compare-and-set, so the channel is closed and the permit released before any dependent
 * stage runs. Dependent stages are plain futures: completing one of them does not reach back.
 */
final class ExchangeCompletableFuture<T> extends CompletableFuture<T> {
  private final ExchangeFuture<T> exchange;

  ExchangeCompletableFuture(ExchangeFuture<T> exchange) {
    this.exchange = exchange;
  }

  @Override
  public boolean complete(T value) {
    // completeOnTimeout and user code: the work stops, then the value is delivered.
    return exchange.abortForExternalCompletion(value);
  }

  @Override
  public boolean completeExceptionally(Throwable ex) {
    return exchange.abortFromView(ex);
  }

  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    return exchange.cancel(mayInterruptIfRunning);
  }

  @Override
  public <U> CompletableFuture<U> newIncompleteFuture() {
    return new CompletableFuture<>();
  }

  // The exchange's own completions, after it has won its compare-and-set.

  @SuppressWarnings("NullAway") // a handler's onCompleted may legitimately return null
  boolean completeInternal(@Nullable T value) {
    return super.complete(value);
  }

  boolean failInternal(Throwable ex) {
    return super.completeExceptionally(ex);
  }

  boolean cancelInternal() {
    return super.completeExceptionally(new CancellationException("Exchange cancelled"));
  }
}

package org.asynchttpclient;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The future of one exchange, with listeners and a {@link CompletableFuture} view.
 *
 * @param <V> the type of the handler's result
 */
public interface ListenableFuture<V> extends Future<V> {

  /** Completes the future with the handler's result; called by the client, not by users. */
  void done();

  /** Fails the future and the exchange with {@code t}. */
  void abort(Throwable t);

  /** Records activity on the exchange (used by the idle/read timeout). */
  void touch();

  /**
   * Runs {@code listener} once the future is done, on {@code exec}, or on the completing thread when
   * {@code exec} is null (AHC 3.0.11 accepts null here without annotating the parameter; it stays
   * unannotated so the public API compares equal).
   */
  ListenableFuture<V> addListener(Runnable listener, Executor exec);

  /** A {@link CompletableFuture} that completes when this future does. */
  CompletableFuture<V> toCompletableFuture();

  /**
   * A future that has already failed, returned when an exchange cannot even start (for example a request
   * filter refused it or the client is closed). {@link #get()} throws an {@link ExecutionException}
   * wrapping the cause; the {@link #toCompletableFuture() CompletableFuture view} fails with the cause
   * itself, as the view of a live exchange does.
   *
   * @param <T> the type of the result the exchange would have produced
   */
  class CompletedFailure<T> implements ListenableFuture<T> {

    private final ExecutionException failure;

    public CompletedFailure(Throwable t) {
      this.failure = new ExecutionException(t);
    }

    public CompletedFailure(String message, Throwable t) {
      this.failure = new ExecutionException(message, t);
    }

    /** Always false: the future is already done. */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      return false;
    }

    @Override
    public boolean isCancelled() {
      return false;
    }

    @Override
    public boolean isDone() {
      return true;
    }

    @Override
    public T get() throws ExecutionException {
      throw failure;
    }

    @Override
    public T get(long timeout, TimeUnit unit) throws ExecutionException {
      throw failure;
    }

    @Override
    public void done() {}

    @Override
    public void abort(Throwable t) {}

    @Override
    public void touch() {}

    @Override
    public ListenableFuture<T> addListener(Runnable listener, Executor exec) {
      if (exec != null) {
        exec.execute(listener);
      } else {
        listener.run();
      }
      return this;
    }

    @Override
    public CompletableFuture<T> toCompletableFuture() {
      CompletableFuture<T> view = new CompletableFuture<>();
      Throwable cause = failure.getCause();
      view.completeExceptionally(cause != null ? cause : failure);
      return view;
    }
  }
}

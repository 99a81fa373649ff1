package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface ListenableFuture<V> extends java.util.concurrent.Future<V> {
  void done();
  void abort(java.lang.Throwable p0);
  void touch();
  org.asynchttpclient.ListenableFuture<V> addListener(java.lang.Runnable p0, java.util.concurrent.Executor p1);
  java.util.concurrent.CompletableFuture<V> toCompletableFuture();
  public static class CompletedFailure<T> implements org.asynchttpclient.ListenableFuture<T> {
    public CompletedFailure(java.lang.Throwable p0) { throw new UnsupportedOperationException("stub"); }
    public CompletedFailure(java.lang.String p0, java.lang.Throwable p1) { throw new UnsupportedOperationException("stub"); }
    public boolean cancel(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public boolean isCancelled() { throw new UnsupportedOperationException("stub"); }
    public boolean isDone() { throw new UnsupportedOperationException("stub"); }
    public T get() throws java.util.concurrent.ExecutionException { throw new UnsupportedOperationException("stub"); }
    public T get(long p0, java.util.concurrent.TimeUnit p1) throws java.util.concurrent.ExecutionException { throw new UnsupportedOperationException("stub"); }
    public void done() { throw new UnsupportedOperationException("stub"); }
    public void abort(java.lang.Throwable p0) { throw new UnsupportedOperationException("stub"); }
    public void touch() { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.ListenableFuture<T> addListener(java.lang.Runnable p0, java.util.concurrent.Executor p1) { throw new UnsupportedOperationException("stub"); }
    public java.util.concurrent.CompletableFuture<T> toCompletableFuture() { throw new UnsupportedOperationException("stub"); }
  }
}

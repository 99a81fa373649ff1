package org.asynchttpclient.filter;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class ReleasePermitOnComplete {
  public static <T> org.asynchttpclient.AsyncHandler<T> wrap(org.asynchttpclient.AsyncHandler<T> p0, java.util.concurrent.Semaphore p1) { throw new UnsupportedOperationException("stub"); }
  private ReleasePermitOnComplete() {}
}

package org.asynchttpclient.exception;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class FilterException extends java.lang.Exception {
  public FilterException(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public FilterException(java.lang.String p0, java.lang.Throwable p1) { throw new UnsupportedOperationException("stub"); }
}

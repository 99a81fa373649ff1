package org.asynchttpclient.handler;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class MaxRedirectException extends java.lang.Exception {
  public MaxRedirectException(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
}

package org.asynchttpclient.exception;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class TooManyConnectionsException extends java.io.IOException {
  public TooManyConnectionsException(int p0) { throw new UnsupportedOperationException("stub"); }
}

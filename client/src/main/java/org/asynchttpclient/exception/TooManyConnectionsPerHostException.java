package org.asynchttpclient.exception;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class TooManyConnectionsPerHostException extends java.io.IOException {
  public TooManyConnectionsPerHostException(int p0) { throw new UnsupportedOperationException("stub"); }
}

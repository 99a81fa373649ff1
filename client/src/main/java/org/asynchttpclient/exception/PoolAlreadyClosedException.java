package org.asynchttpclient.exception;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class PoolAlreadyClosedException extends java.io.IOException {
  // TODO field public org.asynchttpclient.exception.PoolAlreadyClosedException INSTANCE
  public static final org.asynchttpclient.exception.PoolAlreadyClosedException INSTANCE = stubField();
  private PoolAlreadyClosedException() {}
  private static <X> X stubField() { throw new UnsupportedOperationException("stub"); }
}

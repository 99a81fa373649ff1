package org.asynchttpclient.exception;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class RemotelyClosedException extends java.io.IOException {
  // TODO field public org.asynchttpclient.exception.RemotelyClosedException INSTANCE
  public static final org.asynchttpclient.exception.RemotelyClosedException INSTANCE = stubField();
  private RemotelyClosedException() {}
  private static <X> X stubField() { throw new UnsupportedOperationException("stub"); }
}

package org.asynchttpclient.exception;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class ChannelClosedException extends java.io.IOException {
  // TODO field public org.asynchttpclient.exception.ChannelClosedException INSTANCE
  public static final org.asynchttpclient.exception.ChannelClosedException INSTANCE = stubField();
  private ChannelClosedException() {}
  private static <X> X stubField() { throw new UnsupportedOperationException("stub"); }
}

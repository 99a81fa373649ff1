package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class AsyncHttpClientState {
  public boolean isClosed() { throw new UnsupportedOperationException("stub"); }
  private AsyncHttpClientState() {}
}

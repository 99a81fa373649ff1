package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public enum HttpProtocol {
  HTTP_1_0, HTTP_1_1, HTTP_2;
  public java.lang.String getText() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String toString() { throw new UnsupportedOperationException("stub"); }
}

package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public abstract class HttpResponseStatus {
  protected HttpResponseStatus(org.asynchttpclient.uri.Uri p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.uri.Uri getUri() { throw new UnsupportedOperationException("stub"); }
  public abstract int getStatusCode();
  public abstract java.lang.String getStatusText();
  public abstract java.lang.String getProtocolName();
  public abstract int getProtocolMajorVersion();
  public abstract int getProtocolMinorVersion();
  public abstract java.lang.String getProtocolText();
  public abstract java.net.SocketAddress getRemoteAddress();
  public abstract java.net.SocketAddress getLocalAddress();
  public java.lang.String toString() { throw new UnsupportedOperationException("stub"); }
}

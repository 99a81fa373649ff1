package org.asynchttpclient.proxy;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public enum ProxyType {
  HTTP, HTTPS, SOCKS_V4, SOCKS_V5;
  public boolean isHttp() { throw new UnsupportedOperationException("stub"); }
  public boolean isSocks() { throw new UnsupportedOperationException("stub"); }
}

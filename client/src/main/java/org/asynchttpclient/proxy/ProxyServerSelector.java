package org.asynchttpclient.proxy;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface ProxyServerSelector {
  // TODO field public org.asynchttpclient.proxy.ProxyServerSelector NO_PROXY_SELECTOR
  public static final org.asynchttpclient.proxy.ProxyServerSelector NO_PROXY_SELECTOR = stubField();
  org.asynchttpclient.proxy.ProxyServer select(org.asynchttpclient.uri.Uri p0);
  private static <X> X stubField() { throw new UnsupportedOperationException("stub"); }
}

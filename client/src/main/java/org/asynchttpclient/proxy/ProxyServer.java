package org.asynchttpclient.proxy;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class ProxyServer {
  public ProxyServer(java.lang.String p0, int p1, int p2, org.asynchttpclient.Realm p3, java.util.List<java.lang.String> p4, org.asynchttpclient.proxy.ProxyType p5, java.util.function.Function<org.asynchttpclient.Request, io.netty.handler.codec.http.HttpHeaders> p6) { throw new UnsupportedOperationException("stub"); }
  public ProxyServer(java.lang.String p0, int p1, int p2, org.asynchttpclient.Realm p3, java.util.List<java.lang.String> p4, org.asynchttpclient.proxy.ProxyType p5) { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getHost() { throw new UnsupportedOperationException("stub"); }
  public int getPort() { throw new UnsupportedOperationException("stub"); }
  public int getSecuredPort() { throw new UnsupportedOperationException("stub"); }
  public java.util.List<java.lang.String> getNonProxyHosts() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.Realm getRealm() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.proxy.ProxyType getProxyType() { throw new UnsupportedOperationException("stub"); }
  public java.util.function.Function<org.asynchttpclient.Request, io.netty.handler.codec.http.HttpHeaders> getCustomHeaders() { throw new UnsupportedOperationException("stub"); }
  public boolean isIgnoredForHost(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public static class Builder {
    public Builder(java.lang.String p0, int p1) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.proxy.ProxyServer.Builder setSecuredPort(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.proxy.ProxyServer.Builder setRealm(org.asynchttpclient.Realm p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.proxy.ProxyServer.Builder setRealm(org.asynchttpclient.Realm.Builder p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.proxy.ProxyServer.Builder setNonProxyHost(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.proxy.ProxyServer.Builder setNonProxyHosts(java.util.List<java.lang.String> p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.proxy.ProxyServer.Builder setProxyType(org.asynchttpclient.proxy.ProxyType p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.proxy.ProxyServer.Builder setCustomHeaders(java.util.function.Function<org.asynchttpclient.Request, io.netty.handler.codec.http.HttpHeaders> p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.proxy.ProxyServer build() { throw new UnsupportedOperationException("stub"); }
  }
}

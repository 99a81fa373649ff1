package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface SslEngineFactory {
  javax.net.ssl.SSLEngine newSslEngine(org.asynchttpclient.AsyncHttpClientConfig p0, java.lang.String p1, int p2);
  default javax.net.ssl.SSLEngine newSslEngine(org.asynchttpclient.AsyncHttpClientConfig p0, java.lang.String p1, int p2, boolean p3) { throw new UnsupportedOperationException("stub"); }
  default void init(org.asynchttpclient.AsyncHttpClientConfig p0) throws javax.net.ssl.SSLException { throw new UnsupportedOperationException("stub"); }
  default void destroy() { throw new UnsupportedOperationException("stub"); }
}

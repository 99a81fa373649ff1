package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class Dsl {
  public static org.asynchttpclient.AsyncHttpClient asyncHttpClient() { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.AsyncHttpClient asyncHttpClient(org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder p0) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.AsyncHttpClient asyncHttpClient(org.asynchttpclient.AsyncHttpClientConfig p0) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.RequestBuilder get(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.RequestBuilder put(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.RequestBuilder post(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.RequestBuilder delete(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.RequestBuilder head(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.RequestBuilder options(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.RequestBuilder patch(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.RequestBuilder trace(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.RequestBuilder request(java.lang.String p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.proxy.ProxyServer.Builder proxyServer(java.lang.String p0, int p1) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder config() { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.Realm.Builder realm(org.asynchttpclient.Realm p0) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.Realm.Builder realm(org.asynchttpclient.Realm.AuthScheme p0, java.lang.String p1, java.lang.String p2) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.Realm.Builder basicAuthRealm(java.lang.String p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.Realm.Builder digestAuthRealm(java.lang.String p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.Realm.Builder ntlmAuthRealm(java.lang.String p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.Realm.Builder scramSha256AuthRealm(java.lang.String p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  private Dsl() {}
}

package org.asynchttpclient.cookie;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class ThreadSafeCookieStore implements org.asynchttpclient.cookie.CookieStore {
  public ThreadSafeCookieStore() { throw new UnsupportedOperationException("stub"); }
  public void add(org.asynchttpclient.uri.Uri p0, io.netty.handler.codec.http.cookie.Cookie p1) { throw new UnsupportedOperationException("stub"); }
  public java.util.List<io.netty.handler.codec.http.cookie.Cookie> get(org.asynchttpclient.uri.Uri p0) { throw new UnsupportedOperationException("stub"); }
  public java.util.List<io.netty.handler.codec.http.cookie.Cookie> getAll() { throw new UnsupportedOperationException("stub"); }
  public boolean remove(java.util.function.Predicate<io.netty.handler.codec.http.cookie.Cookie> p0) { throw new UnsupportedOperationException("stub"); }
  public boolean clear() { throw new UnsupportedOperationException("stub"); }
  public void evictExpired() { throw new UnsupportedOperationException("stub"); }
  public int incrementAndGet() { throw new UnsupportedOperationException("stub"); }
  public int decrementAndGet() { throw new UnsupportedOperationException("stub"); }
  public int count() { throw new UnsupportedOperationException("stub"); }
  public java.util.Map<java.lang.String, java.util.Map<org.asynchttpclient.cookie.ThreadSafeCookieStore.CookieKey, org.asynchttpclient.cookie.ThreadSafeCookieStore.StoredCookie>> getUnderlying() { throw new UnsupportedOperationException("stub"); }
  public static final class DomainUtils {
    public static java.lang.String getSubDomain(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    private DomainUtils() {}
  }
  static final class CookieKey {
  }
  static final class StoredCookie {
  }
}

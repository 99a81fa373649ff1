package org.asynchttpclient.cookie;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface CookieStore extends org.asynchttpclient.util.Counted {
  void add(org.asynchttpclient.uri.Uri p0, io.netty.handler.codec.http.cookie.Cookie p1);
  java.util.List<io.netty.handler.codec.http.cookie.Cookie> get(org.asynchttpclient.uri.Uri p0);
  java.util.List<io.netty.handler.codec.http.cookie.Cookie> getAll();
  boolean remove(java.util.function.Predicate<io.netty.handler.codec.http.cookie.Cookie> p0);
  boolean clear();
  void evictExpired();
}

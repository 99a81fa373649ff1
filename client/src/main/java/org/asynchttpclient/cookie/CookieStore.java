package org.asynchttpclient.cookie;

import io.netty.handler.codec.http.cookie.Cookie;
import java.util.List;
import java.util.function.Predicate;
import org.asynchttpclient.uri.Uri;
import org.asynchttpclient.util.Counted;

/**
 * Keeps the cookies that responses set and hands back those that apply to a request, in the manner of
 * RFC 6265. A store may be shared by several clients: its {@link Counted} count says how many use it, and
 * the last one to close it may clear it. Implementations must be thread-safe.
 */
public interface CookieStore extends Counted {

  /**
   * Stores a cookie set by a response from {@code uri}; a cookie that is already expired deletes the
   * stored one of the same name, domain and path instead.
   */
  void add(Uri uri, Cookie cookie);

  /** The stored, unexpired cookies that apply to a request to {@code uri}. */
  List<Cookie> get(Uri uri);

  /** All stored, unexpired cookies. */
  List<Cookie> getAll();

  /** Removes every cookie that {@code predicate} accepts; returns whether any was removed. */
  boolean remove(Predicate<Cookie> predicate);

  /** Removes every cookie; returns whether there was any. */
  boolean clear();

  /** Drops the cookies whose lifetime has ended. */
  void evictExpired();
}

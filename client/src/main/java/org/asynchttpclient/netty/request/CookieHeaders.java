package org.asynchttpclient.netty.request;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.ClientCookieEncoder;
import io.netty.handler.codec.http.cookie.Cookie;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code Cookie} header a caller wrote by hand, beside the request's cookies (its own {@code
 * addCookie} ones and the cookie store's), as AHC 3.0.14 combines them: the caller's header first,
 * as written, then each request cookie whose name the header does not already carry. AHC 3.0.13 and
 * before let the request cookies overwrite the header.
 *
 * <p>Stateless.
 */
public final class CookieHeaders {
  private CookieHeaders() {}

  /** Sets the {@code Cookie} header of {@code headers}: the caller's, merged with {@code cookies}. */
  static void merge(HttpHeaders headers, List<Cookie> cookies, ClientCookieEncoder encoder) {
    List<String> written = headers.getAll(HttpHeaderNames.COOKIE);
    if (written.isEmpty()) {
      headers.set(HttpHeaderNames.COOKIE, encoder.encode(cookies));
      return;
    }
    Set<String> names = new HashSet<>();
    for (String value : written) {
      for (String pair : value.split(";")) {
        names.add(name(pair));
      }
    }
    List<Cookie> added = new ArrayList<>(cookies.size());
    for (Cookie cookie : cookies) {
      if (!names.contains(cookie.name())) {
        added.add(cookie);
      }
    }
    String header = String.join("; ", written);
    headers.set(HttpHeaderNames.COOKIE, added.isEmpty() ? header : header + "; " + encoder.encode(added));
  }

  /**
   * Drops from the {@code Cookie} header of {@code headers} the pairs named in {@code names}, and the
   * header itself when nothing is left.
   *
   * @return whether anything was dropped
   */
  public static boolean drop(HttpHeaders headers, Set<String> names) {
    List<String> written = headers.getAll(HttpHeaderNames.COOKIE);
    if (written.isEmpty() || names.isEmpty()) {
      return false;
    }
    List<String> kept = new ArrayList<>();
    boolean dropped = false;
    for (String value : written) {
      for (String pair : value.split(";")) {
        String trimmed = pair.trim();
        if (trimmed.isEmpty()) {
          continue;
        }
        if (names.contains(name(trimmed))) {
          dropped = true;
        } else {
          kept.add(trimmed);
        }
      }
    }
    if (!dropped) {
      return false;
    }
    if (kept.isEmpty()) {
      headers.remove(HttpHeaderNames.COOKIE);
    } else {
      headers.set(HttpHeaderNames.COOKIE, String.join("; ", kept));
    }
    return true;
  }

  /** The name of one {@code name=value} pair of a {@code Cookie} header. */
  private static String name(String pair) {
    int equals = pair.indexOf('=');
    return (equals < 0 ? pair : pair.substring(0, equals)).trim();
  }
}

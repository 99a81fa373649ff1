package org.asynchttpclient.netty.hop;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.ClientCookieDecoder;
import io.netty.handler.codec.http.cookie.Cookie;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilder;
import org.asynchttpclient.cookie.CookieStore;
import org.asynchttpclient.netty.request.CookieHeaders;
import org.asynchttpclient.netty.request.HopRequestBuilder;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Everything the engine does with the client's {@link CookieStore}: storing what responses set
 * ({@link #store}), adding the store's cookies to a submitted request ({@link
 * #withStoredCookies}), and choosing which cookies each next hop carries.
 *
 * <p>Which cookies the next hop carries: the caller's own cookies (never overwritten by the store:
 * CVE-2024-53990) plus the store's cookies for the next URI whose names the caller did not use.
 *
 * <p>The first hop's request already holds the store's cookies for the first URI, mixed with the
 * caller's; a cookie counts as the store's when the store still holds it with the same name and
 * value. A caller's cookie is given up only when the server it was sent to replaces or deletes a
 * cookie of that name in the response being followed: the next hop then carries what that server
 * asked for, not a value it just retired (a session rotated at login, for example).
 *
 * <p>Stateless; the caller's list lives in {@link FollowUpState}.
 */
public final class HopCookies {
  private HopCookies() {}

  /**
   * The Set-Cookie decoder {@code useLaxCookieEncoder} selects, strict by default as in AHC: the
   * strict encoder refuses the values only the lax decoder accepts (a space, a quote, a comma), so
   * storing one would make every later request to its domain fail until it expired.
   */
  private static ClientCookieDecoder decoder(AsyncHttpClientConfig config) {
    return config.isUseLaxCookieEncoder() ? ClientCookieDecoder.LAX : ClientCookieDecoder.STRICT;
  }

  /** Stores the cookies a response head sets for {@code uri}; nothing without a store. */
  public static void store(AsyncHttpClientConfig config, Uri uri, HttpHeaders headers) {
    CookieStore store = config.getCookieStore();
    if (store == null || !headers.contains(HttpHeaderNames.SET_COOKIE)) {
      return; // most responses set none: skip building an empty list for each
    }
    ClientCookieDecoder decoder = decoder(config);
    for (String value : headers.getAll(HttpHeaderNames.SET_COOKIE)) {
      Cookie cookie = decode(decoder, value);
      if (cookie != null) {
        store.add(uri, cookie);
      }
    }
  }

  /**
   * The cookie a Set-Cookie value sets, or null when it is malformed: such a header is ignored (RFC
   * 6265 section 5.2), the response and its other cookies go on as if it were not there.
   */
  private static @Nullable Cookie decode(ClientCookieDecoder decoder, String value) {
    try {
      return decoder.decode(value);
    } catch (IllegalArgumentException malformed) {
      return null;
    }
  }

  /**
   * Adds the store's cookies for the request's URI, except those whose name the request already
   * carries: cookies the caller set are never overwritten by the store (the flaw behind
   * CVE-2024-53990 in 3.0.x).
   */
  public static Request withStoredCookies(Request request, @Nullable CookieStore store) {
    if (store == null) {
      return request;
    }
    List<Cookie> stored = store.get(request.getUri());
    if (stored.isEmpty()) {
      return request;
    }
    Set<String> own = new HashSet<>();
    for (Cookie c : request.getCookies()) {
      own.add(c.name());
    }
    RequestBuilder rb = null;
    for (Cookie c : stored) {
      if (!own.contains(c.name())) {
        if (rb == null) {
          rb = request.toBuilder();
        }
        rb.addCookie(c);
      }
    }
    return rb == null ? request : rb.build();
  }

  /** The caller's cookies that survive this response, before any credential stripping. */
  static List<Cookie> callerCookies(
      FollowUpState state, Request current, HttpHeaders response, AsyncHttpClientConfig config) {
    CookieStore store = config.getCookieStore();
    List<Cookie> remembered = state.callerCookies;
    boolean first = remembered == null;
    List<Cookie> base = remembered == null ? current.getCookies() : remembered;
    if (store == null || base.isEmpty()) {
      return new ArrayList<>(base);
    }
    List<Cookie> stored = store.get(current.getUri());
    Set<String> replaced = replacedByResponse(response, stored, decoder(config));
    List<Cookie> kept = new ArrayList<>(base.size());
    for (Cookie cookie : base) {
      if (!replaced.contains(cookie.name()) && !(first && holdsSame(stored, cookie))) {
        kept.add(cookie);
      }
    }
    return kept;
  }

  /**
   * {@code next}, whose {@code Cookie} header (the caller's own, carried from {@code current}) loses
   * the cookies this response deleted or replaced, as {@link #callerCookies} does for the caller's
   * {@code addCookie} ones; {@code next} itself when it has no such header, there is no store or the
   * response touched none of its names.
   */
  static Request withCallerHeader(
      Request next, Request current, HttpHeaders response, AsyncHttpClientConfig config) {
    CookieStore store = config.getCookieStore();
    if (store == null
        || !next.getHeaders().contains(HttpHeaderNames.COOKIE)
        || !response.contains(HttpHeaderNames.SET_COOKIE)) {
      return next;
    }
    Set<String> replaced = replacedByResponse(response, store.get(current.getUri()), decoder(config));
    HttpHeaders headers = next.getHeaders().copy();
    if (!CookieHeaders.drop(headers, replaced)) {
      return next;
    }
    return new HopRequestBuilder(next).setHeaders(headers).build();
  }

  /** The cookies of the next hop: the caller's first, then the store's for {@code next}. */
  static List<Cookie> forNextHop(List<Cookie> caller, Uri next, @Nullable CookieStore store) {
    List<Cookie> cookies = new ArrayList<>(caller);
    if (store == null) {
      return cookies;
    }
    Set<String> names = new HashSet<>();
    for (Cookie cookie : caller) {
      names.add(cookie.name());
    }
    for (Cookie cookie : store.get(next)) {
      if (names.add(cookie.name())) {
        cookies.add(cookie);
      }
    }
    return cookies;
  }

  /**
   * Names the response deleted, or set to a value the store accepted for the current URI (a
   * Set-Cookie the store refused, for another domain say, replaces nothing).
   */
  private static Set<String> replacedByResponse(
      HttpHeaders response, List<Cookie> stored, ClientCookieDecoder decoder) {
    Set<String> names = new HashSet<>();
    for (String header : response.getAll(HttpHeaderNames.SET_COOKIE)) {
      Cookie set = decode(decoder, header);
      if (set == null) {
        continue;
      }
      boolean deletion = set.maxAge() != Cookie.UNDEFINED_MAX_AGE && set.maxAge() <= 0;
      if (deletion || holdsSame(stored, set)) {
        names.add(set.name());
      }
    }
    return names;
  }

  private static boolean holdsSame(List<Cookie> stored, Cookie cookie) {
    for (Cookie candidate : stored) {
      if (candidate.name().equals(cookie.name()) && candidate.value().equals(cookie.value())) {
        return true;
      }
    }
    return false;
  }
}

package org.asynchttpclient.netty.request;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.Cookie;
import java.util.ArrayList;
import java.util.List;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.request.body.NettyBody;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Builds the request of the next hop from the current one. Everything per-request is kept
 * (timeouts, absolute-deadline flag, follow-redirect flag, proxy, resolver, pool partitioning,
 * local address, charset, range); what is adjusted is the target, the method and body, the
 * credentials and the cookies.
 */
public final class NextHopRequests {
  private NextHopRequests() {}

  /**
   * The request that follows a redirect to {@code next}.
   *
   * @param keepBody false to drop the body and the headers describing it (a switch to GET)
   * @param strip true to drop every credential: {@code Authorization}, {@code
   *     Proxy-Authorization}, explicit {@code Cookie} headers and the realm
   * @param cookies the cookies of the next hop (already without the caller's when stripping)
   */
  public static Request redirect(
      Request current,
      Uri next,
      String method,
      boolean keepBody,
      boolean strip,
      List<Cookie> cookies) {
    HopRequestBuilder b = new HopRequestBuilder(current).setUri(next).setMethod(method);
    HttpHeaders headers = current.getHeaders().copy();
    if (!keepBody) {
      b.clearBody();
      headers
          .remove(HttpHeaderNames.CONTENT_LENGTH)
          .remove(HttpHeaderNames.CONTENT_TYPE)
          .remove(HttpHeaderNames.CONTENT_ENCODING)
          .remove(HttpHeaderNames.TRANSFER_ENCODING)
          .remove(HttpHeaderNames.EXPECT);
    }
    if (!Origins.sameOrigin(current.getUri(), next)) {
      // A Host header, a virtual host and a resolved address all name the previous target.
      b.clearTargetOverrides();
      headers.remove(HttpHeaderNames.HOST);
    }
    // A handshake's credentials answered one challenge of the previous resource (on its
    // connection, for NTLM); the next resource challenges afresh.
    dropHandshakeCredentials(headers, HttpHeaderNames.AUTHORIZATION);
    dropHandshakeCredentials(headers, HttpHeaderNames.PROXY_AUTHORIZATION);
    if (strip) {
      headers
          .remove(HttpHeaderNames.AUTHORIZATION)
          .remove(HttpHeaderNames.PROXY_AUTHORIZATION)
          .remove(HttpHeaderNames.COOKIE);
      b.clearRealm();
    } else {
      Realm realm = current.getRealm();
      if (realm != null) {
        b.setRealm(reuse(realm));
      }
    }
    return b.setHeaders(headers).setCookies(cookies).build();
  }

  private static void dropHandshakeCredentials(HttpHeaders headers, CharSequence name) {
    List<String> values = headers.getAll(name);
    List<String> kept = new ArrayList<>(values.size());
    for (String v : values) {
      if (!isHandshakeCredentials(v)) {
        kept.add(v);
      }
    }
    if (kept.size() < values.size()) {
      headers.set(name, kept);
    }
  }

  private static boolean isHandshakeCredentials(String value) {
    return value.regionMatches(true, 0, "NTLM ", 0, 5)
        || value.regionMatches(true, 0, "Negotiate ", 0, 10)
        || value.regionMatches(true, 0, "SCRAM-", 0, 6);
  }

  /**
   * The body the current hop sent, or null when it sent none. Read from the wire request rather
   * than the {@link Request}: the encoder chose it from the request's body fields, so every kind of
   * body counts, and a field set to nothing (no form parameters, no parts) does not.
   */
  public static @Nullable NettyBody sentBody(Exchange<?> ex) {
    Attempt current = ex.current();
    NettyRequest sent = current != null ? current.wire() : null;
    return sent != null ? sent.getBody() : null;
  }

  /** Whether the current hop's body, if any, can be written again (a stream cannot). */
  public static boolean bodyReplayable(Exchange<?> ex) {
    NettyBody body = sentBody(ex);
    return body == null || body.isReplayable();
  }

  /**
   * A realm about to be sent once more: a Digest realm holding a server nonce counts one more
   * use of that nonce (RFC 7616 section 3.4: nc increases with each request using the nonce).
   */
  public static Realm reuse(Realm realm) {
    String nonce = realm.getNonce();
    if (realm.getScheme() != Realm.AuthScheme.DIGEST || nonce == null || nonce.isEmpty()) {
      return realm;
    }
    return Dsl.realm(realm).setNc(nonceCount(parseNonceCount(realm.getNc()) + 1)).build();
  }

  private static long parseNonceCount(@Nullable String nc) {
    if (nc == null || nc.isEmpty()) {
      return 0;
    }
    try {
      return Long.parseLong(nc, 16);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** Eight lower-case hex digits, wrapping after ffffffff as RFC 7616 leaves no larger value. */
  public static String nonceCount(long count) {
    long bounded = count < 1 || count > 0xffffffffL ? 1 : count;
    String hex = Long.toHexString(bounded);
    return "00000000".substring(hex.length()) + hex;
  }
}

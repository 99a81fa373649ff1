package org.asynchttpclient.netty.hop;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.Cookie;
import java.util.List;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.request.EntityBodyHash;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.proxy.ProxyServer;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers a 401 ({@code WWW-Authenticate}) or 407 ({@code Proxy-Authenticate}) challenge by
 * replaying the same request once with credentials, when a usable realm is known: the request's,
 * else (for 401, unless a redirect to another origin dropped credentials) the client's.
 *
 * <ul>
 *   <li>Basic: replayed with the realm made preemptive, so the encoder sends {@code Basic ...};
 *       not replayed when the failed hop already carried an {@code Authorization}.
 *   <li>Digest (MD5, SHA-256, SHA-512-256, their -sess forms; qop auth or auth-int): replayed with
 *       a realm built from the challenge (nonce, opaque, algorithm, qop, nonce count 1). With
 *       auth-int only (auth is preferred when offered) the body's hash is part of the answer, so a
 *       body that is not in memory (see {@link EntityBodyHash}) leaves the challenge unanswered.
 * </ul>
 *
 * One replay per challenged resource: a second 401 after the replay goes to the handler, except a
 * Digest challenge saying {@code stale=true}, which earns one more replay with the fresh nonce.
 * A request whose body cannot be produced twice is not replayed. Other schemes (NTLM, SPNEGO,
 * Kerberos, SCRAM) are not answered here.
 */
final class AuthFollowUp {
  private static final Logger LOGGER = LoggerFactory.getLogger(AuthFollowUp.class);

  private final AsyncHttpClientConfig config;

  AuthFollowUp(AsyncHttpClientConfig config) {
    this.config = config;
  }

  /** The replay answering a 401, or null to deliver the 401 to the handler. */
  @Nullable Request unauthorized(Exchange<?> ex, HttpHeaders headers) {
    FollowUpState state = FollowUpState.of(ex);
    Request current = ex.request();
    Realm realm = current.getRealm();
    if (realm == null && !ex.credentialsDropped()) {
      realm = config.getRealm();
    }
    List<String> challenges = headers.getAll(HttpHeaderNames.WWW_AUTHENTICATE);
    if (realm == null || challenges.isEmpty() || !NextHopRequests.bodyReplayable(ex)) {
      return null;
    }
    String digest = challenge(challenges, "Digest");
    boolean staleRetry =
        state.authReplayed
            && !state.staleReplayed
            && realm.getScheme() == Realm.AuthScheme.DIGEST
            && digest != null
            && "true".equalsIgnoreCase(Realm.Builder.matchParam(digest, "stale"));
    if (state.authReplayed && !staleRetry) {
      return null; // these credentials were refused: the handler hears the 401
    }
    Realm answer =
        answer(realm, challenges, current, sentHeader(ex, HttpHeaderNames.AUTHORIZATION), false);
    if (answer == null) {
      return null;
    }
    List<Cookie> caller = HopCookies.callerCookies(state, current, headers, config.getCookieStore());
    ex.followUpState(state.authReplayed(staleRetry, caller));
    List<Cookie> cookies = HopCookies.forNextHop(caller, current.getUri(), config.getCookieStore());
    return NextHopRequests.withRealm(current, answer, cookies);
  }

  /**
   * The replay answering a 407 from the request's proxy, or null. The proxy realm travels on a
   * copy of the request's {@link ProxyServer}.
   */
  @Nullable Request proxyUnauthorized(Exchange<?> ex, HttpHeaders headers) {
    FollowUpState state = FollowUpState.of(ex);
    Request current = ex.request();
    ProxyServer proxy = current.getProxyServer();
    Realm realm = proxy != null ? proxy.getRealm() : null;
    List<String> challenges = headers.getAll(HttpHeaderNames.PROXY_AUTHENTICATE);
    if (proxy == null
        || realm == null
        || state.proxyAuthReplayed
        || challenges.isEmpty()
        || !NextHopRequests.bodyReplayable(ex)) {
      return null;
    }
    Realm answer =
        answer(
            realm, challenges, current, sentHeader(ex, HttpHeaderNames.PROXY_AUTHORIZATION), true);
    if (answer == null) {
      return null;
    }
    ProxyServer answered =
        new ProxyServer(
            proxy.getHost(),
            proxy.getPort(),
            proxy.getSecuredPort(),
            answer,
            proxy.getNonProxyHosts(),
            proxy.getProxyType(),
            proxy.getCustomHeaders());
    List<Cookie> caller = HopCookies.callerCookies(state, current, headers, config.getCookieStore());
    ex.followUpState(state.proxyAuthReplayed(caller));
    List<Cookie> cookies = HopCookies.forNextHop(caller, current.getUri(), config.getCookieStore());
    return new HopRequestBuilder(current).setProxyServer(answered).setCookies(cookies).build();
  }

  /** The realm that answers one of {@code challenges}, or null when none can be answered. */
  private static @Nullable Realm answer(
      Realm realm, List<String> challenges, Request current, boolean alreadySent, boolean proxy) {
    switch (realm.getScheme()) {
      case BASIC:
        if (challenge(challenges, "Basic") == null || alreadySent) {
          return null; // not offered, or these very credentials failed
        }
        return Dsl.realm(realm).setUsePreemptiveAuth(true).build();
      case DIGEST:
        String challenge = challenge(challenges, "Digest");
        if (challenge == null || realm.getPrincipal() == null || realm.getPassword() == null) {
          return null;
        }
        return digest(realm, challenge, current, proxy);
      default:
        return null;
    }
  }

  private static @Nullable Realm digest(
      Realm realm, String challenge, Request current, boolean proxy) {
    // A fresh builder: nothing of an earlier challenge (nonce, opaque, qop, count) may leak in.
    Realm.Builder b =
        new Realm.Builder(realm.getPrincipal(), realm.getPassword())
            .setScheme(Realm.AuthScheme.DIGEST)
            .setUseAbsoluteURI(realm.isUseAbsoluteURI())
            .setOmitQuery(realm.isOmitQuery())
            .setUsePreemptiveAuth(true)
            .setUri(current.getUri())
            .setMethodName(current.getMethod());
    if (proxy) {
      b.parseProxyAuthenticateHeader(challenge);
    } else {
      b.parseWWWAuthenticateHeader(challenge);
    }
    String nonce = b.getNonceValue();
    if (nonce == null || nonce.isEmpty()) {
      return null; // without a nonce the parser would fall back to Basic: never send that
    }
    b.setNc(NextHopRequests.nonceCount(1));
    if ("auth-int".equals(b.getQopValue()) && !EntityBodyHash.isHashable(current)) {
      // The encoder hashes the body for each hop; one it cannot hash gets no answer at all.
      LOGGER.debug("Cannot answer the Digest challenge {}: the body is not in memory", challenge);
      return null;
    }
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      LOGGER.debug("Cannot answer the Digest challenge {}: {}", challenge, e.getMessage());
      return null; // an algorithm or qop this client does not implement
    }
  }

  /** The first challenge of {@code scheme} (case-insensitive), or null. */
  static @Nullable String challenge(List<String> challenges, String scheme) {
    for (String value : challenges) {
      String trimmed = value.trim();
      if (trimmed.regionMatches(true, 0, scheme, 0, scheme.length())
          && (trimmed.length() == scheme.length()
              || Character.isWhitespace(trimmed.charAt(scheme.length())))) {
        return trimmed;
      }
    }
    return null;
  }

  private static boolean sentHeader(Exchange<?> ex, CharSequence name) {
    NettyRequest sent = ex.nettyRequest();
    return sent != null && sent.getHttpRequest().headers().contains(name);
  }

}

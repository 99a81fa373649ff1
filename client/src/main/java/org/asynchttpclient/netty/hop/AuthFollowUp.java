package org.asynchttpclient.netty.hop;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.Cookie;
import java.io.IOException;
import java.util.List;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.auth.AuthHandshake;
import org.asynchttpclient.netty.auth.AuthHandshakes;
import org.asynchttpclient.netty.auth.ChallengeAnswers;
import org.asynchttpclient.netty.auth.DigestRspAuth;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.request.HopRequestBuilder;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.netty.request.NextHopRequests;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Answers a 401 ({@code WWW-Authenticate}) or 407 ({@code Proxy-Authenticate}) challenge by
 * replaying the same request once with credentials, when a usable realm is known: the request's,
 * else (for 401, unless a redirect to another origin dropped credentials) the client's.
 *
 * <p>The answer itself (Basic made preemptive; Digest from the challenge, with the body's hash for
 * auth-int) is {@link ChallengeAnswers}'s; a challenge it cannot answer goes to the handler.
 *
 * <p>One replay per challenged resource: a second 401 after the replay goes to the handler, except a
 * Digest challenge saying {@code stale=true}, which earns one more replay with the fresh nonce.
 * A request whose body cannot be produced twice is not replayed.
 *
 * <p>The multi-round schemes (NTLM, SPNEGO/Kerberos, SCRAM-SHA-256) run an {@link AuthHandshake}
 * kept in the exchange's {@link FollowUpState}: every challenge it can answer is one more hop, and
 * an NTLM round asks for the next hop on the same connection ({@link #sameConnection}). The
 * response that ends a handshake goes through {@link #finish} (SCRAM verifies the server there).
 */
final class AuthFollowUp {
  private static final String AUTHENTICATION_INFO = "Authentication-Info";
  private static final String PROXY_AUTHENTICATION_INFO = "Proxy-Authentication-Info";

  private final AsyncHttpClientConfig config;
  private final AuthHandshakes handshakes;

  AuthFollowUp(AsyncHttpClientConfig config) {
    this.config = config;
    this.handshakes = new AuthHandshakes(config.isNtlmV2Only());
  }

  /** The replay answering a 401, or null to deliver the 401 to the handler. */
  @Nullable Request unauthorized(Exchange<?> ex, HttpHeaders headers) throws Exception {
    FollowUpState state = ex.followUps().state();
    Request current = ex.request();
    Realm realm = originRealm(ex);
    List<String> challenges = headers.getAll(HttpHeaderNames.WWW_AUTHENTICATE);
    if (realm == null || challenges.isEmpty() || !NextHopRequests.bodyReplayable(ex)) {
      return null;
    }
    if (AuthHandshakes.isHandshakeScheme(realm.getScheme())) {
      Uri uri = current.getUri();
      return handshakeRound(ex, state, realm, challenges, headers, uri.getHost(), uri.getExplicitPort(), false);
    }
    String digest = ChallengeAnswers.challenge(challenges, "Digest");
    boolean staleRetry =
        state.authReplayed
            && !state.staleReplayed
            && realm.getScheme() == Realm.AuthScheme.DIGEST
            && digest != null
            && "true".equalsIgnoreCase(Realm.Builder.matchParam(digest, "stale"));
    if (state.authReplayed && !staleRetry) {
      return null; // these credentials were refused: the handler hears the 401
    }
    Realm answer = answer(ex, realm, challenges, false);
    if (answer == null) {
      return null;
    }
    List<Cookie> caller = HopCookies.callerCookies(state, current, headers, config);
    ex.followUps().state(state.authReplayed(staleRetry, caller));
    return replay(current, new HopRequestBuilder(current).setRealm(answer), caller, headers);
  }

  /**
   * The replay answering a 407 from the request's proxy, or null. The proxy realm travels on a
   * copy of the request's {@link ProxyServer}.
   */
  @Nullable Request proxyUnauthorized(Exchange<?> ex, HttpHeaders headers) throws Exception {
    FollowUpState state = ex.followUps().state();
    Request current = ex.request();
    ProxyServer proxy = current.getProxyServer();
    if (proxy != null && !readsTheRequest(proxy, current.getUri())) {
      // Through a CONNECT tunnel or SOCKS the proxy never sees this request: the 407 came from
      // beyond it, and the proxy's credentials are not for whoever that is (3.0.13).
      return null;
    }
    Realm realm = proxy != null ? proxy.getRealm() : null;
    List<String> challenges = headers.getAll(HttpHeaderNames.PROXY_AUTHENTICATE);
    if (proxy == null || realm == null || challenges.isEmpty() || !NextHopRequests.bodyReplayable(ex)) {
      return null;
    }
    if (AuthHandshakes.isHandshakeScheme(realm.getScheme())) {
      return handshakeRound(ex, state, realm, challenges, headers, proxy.getHost(), proxy.getPort(), true);
    }
    if (state.proxyAuthReplayed) {
      return null;
    }
    Realm answer = answer(ex, realm, challenges, true);
    if (answer == null) {
      return null;
    }
    ProxyServer answered = ChallengeAnswers.withRealm(proxy, answer);
    List<Cookie> caller = HopCookies.callerCookies(state, current, headers, config);
    ex.followUps().state(state.proxyAuthReplayed(caller));
    return replay(current, new HopRequestBuilder(current).setProxyServer(answered), caller, headers);
  }

  /**
   * Whether {@code proxy} reads the request to {@code uri} itself: an HTTP proxy forwarding a plain
   * http request. An https or WebSocket request goes through a CONNECT tunnel, and SOCKS relays
   * bytes; the CONNECT's own 407 is answered where the tunnel is opened.
   */
  private static boolean readsTheRequest(ProxyServer proxy, Uri uri) {
    return proxy.getProxyType().isHttp() && !uri.isSecured() && !uri.isWebSocket();
  }

  /**
   * One round of the realm's handshake: the replay carrying the handshake's next credentials, or
   * null when it has none (the challenge goes to the handler).
   */
  private @Nullable Request handshakeRound(Exchange<?> ex, FollowUpState state, Realm realm,
      List<String> challenges, HttpHeaders headers, String host, int port, boolean proxy) throws Exception {
    AuthHandshake handshake = proxy ? state.proxyHandshake : state.originHandshake;
    if (handshake == null) {
      handshake = handshakes.start(realm, host, port);
      if (handshake == null) {
        return null;
      }
    }
    String credentials = handshake.answer(challenges);
    if (credentials == null) {
      return null;
    }
    Request current = ex.request();
    List<Cookie> caller = HopCookies.callerCookies(state, current, headers, config);
    ex.followUps().state(state.handshakeRound(handshake, proxy, hop(ex), caller));
    HopRequestBuilder rb = new HopRequestBuilder(current).setHeader(authorization(proxy), credentials);
    return replay(current, rb, caller, headers);
  }

  /**
   * The replay {@code rb} makes of {@code current}, carrying the caller's cookies that survive the
   * challenge's response ({@code caller}) and the store's for the same URI.
   */
  private Request replay(Request current, HopRequestBuilder rb, List<Cookie> caller, HttpHeaders headers) {
    List<Cookie> cookies = HopCookies.forNextHop(caller, current.getUri(), config.getCookieStore());
    return HopCookies.withCallerHeader(rb.setCookies(cookies).build(), current, headers, config);
  }

  /**
   * A response that is not a challenge ends the handshakes in progress: each checks it (SCRAM
   * verifies the server's signature) and is then forgotten.
   *
   * @throws Exception to fail the exchange instead of delivering this response
   */
  void finish(Exchange<?> ex, int status, HttpHeaders headers) throws Exception {
    verifyDigestServer(ex, status, headers);
    FollowUpState state = ex.followUps().state();
    AuthHandshake proxy = state.proxyHandshake;
    AuthHandshake origin = state.originHandshake;
    if ((proxy == null || status == 407) && (origin == null || status == 401 || status == 407)) {
      return;
    }
    ex.followUps().state(state.handshakesFinished());
    if (proxy != null && status != 407) {
      proxy.finish(status, headers, true);
    }
    if (origin != null && status != 401 && status != 407) {
      origin.finish(status, headers, false);
    }
  }

  /**
   * A response that is not a challenge to Digest credentials the hop sent is checked for the
   * server's {@code rspauth} ({@link DigestRspAuth}): the origin's in {@code Authentication-Info},
   * the proxy's in {@code Proxy-Authentication-Info}.
   *
   * @throws IOException {@code Digest rspauth verification failed}
   */
  private void verifyDigestServer(Exchange<?> ex, int status, HttpHeaders headers) throws IOException {
    NettyRequest wire = wire(ex);
    if (wire == null || status == 407) {
      return;
    }
    Request request = ex.request();
    String proxyCredentials = wire.credentials(HttpHeaderNames.PROXY_AUTHORIZATION);
    ProxyServer proxy = request.getProxyServer();
    Realm proxyRealm = proxy != null ? proxy.getRealm() : null;
    if (proxyCredentials != null && proxyRealm != null && proxyRealm.getScheme() == Realm.AuthScheme.DIGEST) {
      DigestRspAuth.verify(headers.get(PROXY_AUTHENTICATION_INFO), proxyRealm, proxyCredentials);
    }
    String credentials = wire.credentials(HttpHeaderNames.AUTHORIZATION);
    if (credentials == null || status == 401) {
      return;
    }
    Realm realm = originRealm(ex);
    if (realm != null && realm.getScheme() == Realm.AuthScheme.DIGEST) {
      DigestRspAuth.verify(headers.get(AUTHENTICATION_INFO), realm, credentials);
    }
  }

  /**
   * The realm for the origin: the request's, else the client's unless a redirect to another origin
   * dropped credentials.
   */
  private @Nullable Realm originRealm(Exchange<?> ex) {
    Realm own = ex.request().getRealm();
    return own != null || ex.followUps().credentialsDropped() ? own : config.getRealm();
  }

  /** Whether the hop after the current one must use the current connection (an NTLM round). */
  static boolean sameConnection(Exchange<?> ex) {
    return ex.followUps().state().sameConnectionAfterHop == hop(ex);
  }

  private static int hop(Exchange<?> ex) {
    Attempt current = ex.current();
    return current != null ? current.number() : 0;
  }

  /** The request as the current hop wrote it, or null before it has one. */
  private static @Nullable NettyRequest wire(Exchange<?> ex) {
    Attempt current = ex.current();
    return current != null ? current.wire() : null;
  }

  private static CharSequence authorization(boolean proxy) {
    return proxy ? HttpHeaderNames.PROXY_AUTHORIZATION : HttpHeaderNames.AUTHORIZATION;
  }

  /** The realm answering one of {@code challenges} with a replay of the exchange's request. */
  private static @Nullable Realm answer(
      Exchange<?> ex, Realm realm, List<String> challenges, boolean proxy) {
    Request current = ex.request();
    NettyRequest sent = wire(ex);
    boolean alreadySent = sent != null && sent.credentials(authorization(proxy)) != null;
    return ChallengeAnswers.answer(
        realm, challenges, current.getUri(), current.getMethod(), current, alreadySent, proxy);
  }
}

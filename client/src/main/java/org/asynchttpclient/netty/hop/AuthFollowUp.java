package org.asynchttpclient.netty.hop;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.Cookie;
import java.util.List;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.proxy.ProxyServer;
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
 * A request whose body cannot be produced twice is not replayed. Other schemes (NTLM, SPNEGO,
 * Kerberos, SCRAM) are not answered here.
 */
final class AuthFollowUp {
  private final AsyncHttpClientConfig config;

  AuthFollowUp(AsyncHttpClientConfig config) {
    this.config = config;
  }

  /** The replay answering a 401, or null to deliver the 401 to the handler. */
  @Nullable Request unauthorized(Exchange<?> ex, HttpHeaders headers) {
    FollowUpState state = ex.followUp();
    Request current = ex.request();
    Realm realm = current.getRealm();
    if (realm == null && !ex.credentialsDropped()) {
      realm = config.getRealm();
    }
    List<String> challenges = headers.getAll(HttpHeaderNames.WWW_AUTHENTICATE);
    if (realm == null || challenges.isEmpty() || !NextHopRequests.bodyReplayable(ex)) {
      return null;
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
    List<Cookie> caller = HopCookies.callerCookies(state, current, headers, config.getCookieStore());
    ex.followUp(state.authReplayed(staleRetry, caller));
    List<Cookie> cookies = HopCookies.forNextHop(caller, current.getUri(), config.getCookieStore());
    return NextHopRequests.withRealm(current, answer, cookies);
  }

  /**
   * The replay answering a 407 from the request's proxy, or null. The proxy realm travels on a
   * copy of the request's {@link ProxyServer}.
   */
  @Nullable Request proxyUnauthorized(Exchange<?> ex, HttpHeaders headers) {
    FollowUpState state = ex.followUp();
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
    Realm answer = answer(ex, realm, challenges, true);
    if (answer == null) {
      return null;
    }
    ProxyServer answered = ChallengeAnswers.withRealm(proxy, answer);
    List<Cookie> caller = HopCookies.callerCookies(state, current, headers, config.getCookieStore());
    ex.followUp(state.proxyAuthReplayed(caller));
    List<Cookie> cookies = HopCookies.forNextHop(caller, current.getUri(), config.getCookieStore());
    return new HopRequestBuilder(current).setProxyServer(answered).setCookies(cookies).build();
  }

  /** The realm answering one of {@code challenges} with a replay of the exchange's request. */
  private static @Nullable Realm answer(
      Exchange<?> ex, Realm realm, List<String> challenges, boolean proxy) {
    Request current = ex.request();
    CharSequence credentials =
        proxy ? HttpHeaderNames.PROXY_AUTHORIZATION : HttpHeaderNames.AUTHORIZATION;
    return ChallengeAnswers.answer(
        realm,
        challenges,
        current.getUri(),
        current.getMethod(),
        current,
        sentHeader(ex, credentials),
        proxy);
  }

  private static boolean sentHeader(Exchange<?> ex, CharSequence name) {
    Attempt current = ex.current();
    NettyRequest sent = current != null ? current.wire() : null;
    return sent != null && sent.getHttpRequest().headers().contains(name);
  }

}

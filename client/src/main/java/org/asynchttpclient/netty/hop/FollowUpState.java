package org.asynchttpclient.netty.hop;

import io.netty.handler.codec.http.cookie.Cookie;
import java.util.Collections;
import java.util.List;
import org.asynchttpclient.netty.auth.AuthHandshake;
import org.jetbrains.annotations.Nullable;

/**
 * What the follow-up logic remembers about one exchange between its hops: how many redirects it
 * followed, whether the current resource's challenge was already answered, which cookies the
 * caller put on the request (as opposed to those the cookie store added), the handshakes of the
 * multi-round schemes in progress, and whether the next hop must stay on the current connection.
 *
 * <p>Immutable (a handshake object inside is mutable, and confined to the exchange's hops): each
 * decision stores a new instance with {@code Exchange.followUps().state(FollowUpState)}. Hops are sequential,
 * so at most one thread decides for an exchange at a time.
 */
public final class FollowUpState {
  public static final FollowUpState INITIAL = new FollowUpState(0, false, false, false, null, null, null, -1);

  final int redirects;
  /** A 401 of the current resource was answered with credentials. */
  final boolean authReplayed;
  /** A 401 carrying {@code stale=true} was answered after {@link #authReplayed}. */
  final boolean staleReplayed;
  /** A 407 was answered with proxy credentials. */
  final boolean proxyAuthReplayed;
  /** The caller's own cookies still to send; null until the first follow-up hop is built. */
  final @Nullable List<Cookie> callerCookies;
  /** The origin's NTLM, SPNEGO or SCRAM handshake in progress, if any. */
  final @Nullable AuthHandshake originHandshake;
  /** The proxy's NTLM, SPNEGO or SCRAM handshake in progress, if any. */
  final @Nullable AuthHandshake proxyHandshake;
  /**
   * The hop whose successor must travel on the same connection (an NTLM round), or -1. Compared
   * with the exchange's hop number, so a later decision never inherits it; and a new decision pins
   * no connection unless it says so: every transition but {@link #handshakeRound} passes -1.
   */
  final int sameConnectionAfterHop;

  private FollowUpState(int redirects, boolean authReplayed, boolean staleReplayed, boolean proxyAuthReplayed,
      @Nullable List<Cookie> callerCookies, @Nullable AuthHandshake originHandshake,
      @Nullable AuthHandshake proxyHandshake, int sameConnectionAfterHop) {
    this.redirects = redirects;
    this.authReplayed = authReplayed;
    this.staleReplayed = staleReplayed;
    this.proxyAuthReplayed = proxyAuthReplayed;
    this.callerCookies = callerCookies == null ? null : Collections.unmodifiableList(callerCookies);
    this.originHandshake = originHandshake;
    this.proxyHandshake = proxyHandshake;
    this.sameConnectionAfterHop = sameConnectionAfterHop;
  }

  /** A redirect was followed: the new resource may challenge again, and handshakes start over. */
  FollowUpState redirected(List<Cookie> callerCookies) {
    return new FollowUpState(redirects + 1, false, false, false, callerCookies, null, null, -1);
  }

  FollowUpState authReplayed(boolean stale, List<Cookie> callerCookies) {
    return new FollowUpState(redirects, true, staleReplayed || stale, proxyAuthReplayed, callerCookies,
        originHandshake, proxyHandshake, -1);
  }

  FollowUpState proxyAuthReplayed(List<Cookie> callerCookies) {
    return new FollowUpState(redirects, authReplayed, staleReplayed, true, callerCookies,
        originHandshake, proxyHandshake, -1);
  }

  /**
   * A round of {@code handshake} was answered at hop {@code hop}; its successor stays on this
   * connection when the scheme is connection-bound.
   */
  FollowUpState handshakeRound(AuthHandshake handshake, boolean proxy, int hop, List<Cookie> callerCookies) {
    return new FollowUpState(redirects, authReplayed, staleReplayed, proxyAuthReplayed, callerCookies,
        proxy ? originHandshake : handshake, proxy ? handshake : proxyHandshake,
        handshake.connectionBound() ? hop : -1);
  }

  /** The handshakes are over (the response was not a challenge). */
  FollowUpState handshakesFinished() {
    return new FollowUpState(redirects, authReplayed, staleReplayed, proxyAuthReplayed, callerCookies,
        null, null, -1);
  }
}

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
  public static final FollowUpState INITIAL = new FollowUpState();

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
   * with the exchange's hop number, so a later decision never inherits it.
   */
  final int sameConnectionAfterHop;

  private FollowUpState() {
    this.redirects = 0;
    this.authReplayed = false;
    this.staleReplayed = false;
    this.proxyAuthReplayed = false;
    this.callerCookies = null;
    this.originHandshake = null;
    this.proxyHandshake = null;
    this.sameConnectionAfterHop = -1;
  }

  private FollowUpState(Builder b) {
    this.redirects = b.redirects;
    this.authReplayed = b.authReplayed;
    this.staleReplayed = b.staleReplayed;
    this.proxyAuthReplayed = b.proxyAuthReplayed;
    this.callerCookies = b.callerCookies == null ? null : Collections.unmodifiableList(b.callerCookies);
    this.originHandshake = b.originHandshake;
    this.proxyHandshake = b.proxyHandshake;
    this.sameConnectionAfterHop = b.sameConnectionAfterHop;
  }

  /** A redirect was followed: the new resource may challenge again, and handshakes start over. */
  FollowUpState redirected(List<Cookie> callerCookies) {
    Builder b = new Builder(this);
    b.redirects = redirects + 1;
    b.authReplayed = false;
    b.staleReplayed = false;
    b.proxyAuthReplayed = false;
    b.callerCookies = callerCookies;
    b.originHandshake = null;
    b.proxyHandshake = null;
    return new FollowUpState(b);
  }

  FollowUpState authReplayed(boolean stale, List<Cookie> callerCookies) {
    Builder b = new Builder(this);
    b.authReplayed = true;
    b.staleReplayed = staleReplayed || stale;
    b.callerCookies = callerCookies;
    return new FollowUpState(b);
  }

  FollowUpState proxyAuthReplayed(List<Cookie> callerCookies) {
    Builder b = new Builder(this);
    b.proxyAuthReplayed = true;
    b.callerCookies = callerCookies;
    return new FollowUpState(b);
  }

  /**
   * A round of {@code handshake} was answered at hop {@code hop}; its successor stays on this
   * connection when the scheme is connection-bound.
   */
  FollowUpState handshakeRound(AuthHandshake handshake, boolean proxy, int hop, List<Cookie> callerCookies) {
    Builder b = new Builder(this);
    if (proxy) {
      b.proxyHandshake = handshake;
    } else {
      b.originHandshake = handshake;
    }
    b.callerCookies = callerCookies;
    b.sameConnectionAfterHop = handshake.connectionBound() ? hop : -1;
    return new FollowUpState(b);
  }

  /** The handshakes are over (the response was not a challenge). */
  FollowUpState handshakesFinished() {
    Builder b = new Builder(this);
    b.originHandshake = null;
    b.proxyHandshake = null;
    return new FollowUpState(b);
  }

  /** A mutable copy used only while one transition builds the next state. */
  private static final class Builder {
    int redirects;
    boolean authReplayed;
    boolean staleReplayed;
    boolean proxyAuthReplayed;
    @Nullable List<Cookie> callerCookies;
    @Nullable AuthHandshake originHandshake;
    @Nullable AuthHandshake proxyHandshake;
    int sameConnectionAfterHop;

    Builder(FollowUpState s) {
      this.redirects = s.redirects;
      this.authReplayed = s.authReplayed;
      this.staleReplayed = s.staleReplayed;
      this.proxyAuthReplayed = s.proxyAuthReplayed;
      this.callerCookies = s.callerCookies;
      this.originHandshake = s.originHandshake;
      this.proxyHandshake = s.proxyHandshake;
      // A new decision pins no connection unless it says so.
      this.sameConnectionAfterHop = -1;
    }
  }
}

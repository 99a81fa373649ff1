package org.asynchttpclient.netty.hop;

import io.netty.handler.codec.http.cookie.Cookie;
import java.util.Collections;
import java.util.List;
import org.asynchttpclient.netty.exchange.Exchange;
import org.jetbrains.annotations.Nullable;

/**
 * What the follow-up logic remembers about one exchange between its hops: how many redirects it
 * followed, whether the current resource's challenge was already answered, and which cookies the
 * caller put on the request (as opposed to those the cookie store added).
 *
 * <p>Immutable: each decision stores a new instance with {@link Exchange#followUp(FollowUpState)}.
 * Hops are sequential, so at most one thread decides for an exchange at a time.
 */
public final class FollowUpState {
  public static final FollowUpState INITIAL = new FollowUpState(0, false, false, false, null);

  final int redirects;
  /** A 401 of the current resource was answered with credentials. */
  final boolean authReplayed;
  /** A 401 carrying {@code stale=true} was answered after {@link #authReplayed}. */
  final boolean staleReplayed;
  /** A 407 was answered with proxy credentials. */
  final boolean proxyAuthReplayed;
  /** The caller's own cookies still to send; null until the first follow-up hop is built. */
  final @Nullable List<Cookie> callerCookies;

  private FollowUpState(
      int redirects,
      boolean authReplayed,
      boolean staleReplayed,
      boolean proxyAuthReplayed,
      @Nullable List<Cookie> callerCookies) {
    this.redirects = redirects;
    this.authReplayed = authReplayed;
    this.staleReplayed = staleReplayed;
    this.proxyAuthReplayed = proxyAuthReplayed;
    this.callerCookies = callerCookies == null ? null : Collections.unmodifiableList(callerCookies);
  }

  /** A redirect was followed: the new resource may challenge again. */
  FollowUpState redirected(List<Cookie> callerCookies) {
    return new FollowUpState(redirects + 1, false, false, false, callerCookies);
  }

  FollowUpState authReplayed(boolean stale, List<Cookie> callerCookies) {
    return new FollowUpState(
        redirects, true, staleReplayed || stale, proxyAuthReplayed, callerCookies);
  }

  FollowUpState proxyAuthReplayed(List<Cookie> callerCookies) {
    return new FollowUpState(redirects, authReplayed, staleReplayed, true, callerCookies);
  }
}

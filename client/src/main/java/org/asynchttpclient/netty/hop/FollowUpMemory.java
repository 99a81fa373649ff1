package org.asynchttpclient.netty.hop;

import org.asynchttpclient.Request;

/**
 * What an exchange remembers from one hop to the next for its follow-ups: the state of the last
 * follow-up decision ({@link FollowUpState}: redirects followed, the handshake under way), whether
 * a hop crossed origins and so dropped the credentials for good, the redirect refusals any of its
 * requests asked for (sticky: a request rebuilt later cannot relax them), the replays made after
 * connection failures, and whether a body has been sent (a later hop must then produce it again).
 *
 * <p>Threads: written by the hop that holds the exchange at the time (the follow-up logic on the
 * carrier's loop, the hop driver as a hop begins, the failed hop's thread for a replay), one hop
 * after the other, never concurrently; every field is volatile so the next hop, on another thread,
 * reads what the previous one wrote.
 */
public final class FollowUpMemory {
  // written one hop at a time (see above), read by the next
  private volatile FollowUpState state = FollowUpState.INITIAL;
  private volatile boolean credentialsDropped;
  private volatile boolean refuseSchemeDowngrade;
  private volatile boolean refuseCrossOriginBody;
  private volatile int retries;
  private volatile int unprocessedReplays;
  private volatile boolean bodySent;

  public FollowUpState state() {
    return state;
  }

  /** Stores the state a follow-up decision leads to. */
  public void state(FollowUpState next) {
    this.state = next;
  }

  /** Whether a hop crossed origins: from then on the config's Realm is not applied. */
  public boolean credentialsDropped() {
    return credentialsDropped;
  }

  public void dropCredentials() {
    this.credentialsDropped = true;
  }

  /**
   * Whether a request of this exchange (the submitted one or any hop's) asked to refuse redirects
   * from {@code https}/{@code wss} to an unsecured scheme. The client's own setting is not in it:
   * the redirect logic adds that.
   */
  public boolean refusesSchemeDowngrade() {
    return refuseSchemeDowngrade;
  }

  /** Whether a request of this exchange asked to refuse redirects that resend the body elsewhere. */
  public boolean refusesCrossOriginBody() {
    return refuseCrossOriginBody;
  }

  /**
   * Adds what {@code request} asks of redirects to what earlier hops asked: a refusal, once asked
   * for, holds for the rest of the exchange. A hop's request may have been rebuilt from scratch (by
   * a response or I/O exception filter, which the caller's settings do not reach), and it must not
   * be able to relax the caller's posture; a request that asks for more still tightens it.
   */
  public void foldRedirectRefusals(Request request) {
    if (Boolean.TRUE.equals(request.getRefuseSchemeDowngradeOnRedirect())) {
      refuseSchemeDowngrade = true;
    }
    if (Boolean.TRUE.equals(request.getRefuseCrossOriginBodyOnRedirect())) {
      refuseCrossOriginBody = true;
    }
  }

  /**
   * Records that the current hop starts sending the request body and says whether an earlier hop
   * already did (the body must then be produced again: see {@code NettyBody#rewindForReplay}).
   */
  public boolean markBodySent() {
    boolean before = bodySent;
    bodySent = true;
    return before;
  }

  /** Replays of the exchange's request the server provably did not process, so far. */
  public int unprocessedReplays() {
    return unprocessedReplays;
  }

  /** Counts one more such replay; returns the new count. */
  public int incrementUnprocessedReplays() {
    return ++unprocessedReplays;
  }

  /** Retries under AsyncHttpClient's rules (maxRequestRetry), so far. */
  public int retries() {
    return retries;
  }

  public int incrementRetries() {
    return ++retries;
  }
}

package org.asynchttpclient.netty.exchange;

import org.asynchttpclient.netty.timeout.TimeoutValues;

/**
 * When an exchange's request-timeout budget runs out, computed once at submission (D2: on the
 * monotonic ticker, so a wall-clock step neither removes nor shortens it) and never restarted by a
 * hop. Without an absolute deadline (3.0.11's behaviour, D7) every hop gets its own full request
 * timeout and the exchange itself has no deadline.
 *
 * <p>Each attempt arms min(its own timeout, what is left): {@code hopDeadline}.
 *
 * <p>Immutable.
 */
public final class ExchangeDeadline {
  /** Ticker nanos of the exchange's deadline when there is none. */
  static final long NEVER = Long.MAX_VALUE;

  // immutable
  private final long submitNanos;
  private final long budgetNanos;
  private final long deadlineNanos;

  /**
   * @param absolute whether the request timeout bounds the whole exchange
   * @param budgetNanos the first hop's request timeout, or {@link TimeoutValues#NONE}
   */
  ExchangeDeadline(long submitNanos, boolean absolute, long budgetNanos) {
    this.submitNanos = submitNanos;
    this.budgetNanos = budgetNanos;
    this.deadlineNanos =
        absolute && !TimeoutValues.isNone(budgetNanos) ? submitNanos + budgetNanos : NEVER;
  }

  public long submitNanos() {
    return submitNanos;
  }

  public boolean isAbsolute() {
    return deadlineNanos != NEVER;
  }

  /** Whether the exchange's whole budget is spent at {@code nowNanos}. */
  public boolean spentAt(long nowNanos) {
    return deadlineNanos != NEVER && nowNanos >= deadlineNanos;
  }

  /** What is left of the budget at {@code nowNanos}, never negative; -1 without a deadline. */
  public long remainingAt(long nowNanos) {
    return deadlineNanos == NEVER ? -1 : Math.max(0, deadlineNanos - nowNanos);
  }

  /** The exchange's budget, for a timeout that the exchange deadline decided. */
  public long budgetNanos() {
    return budgetNanos;
  }

  public long deadlineNanos() {
    return deadlineNanos;
  }

  /**
   * The ticker time at which a hop starting at {@code nowNanos}, whose own request timeout is
   * {@code hopTimeoutNanos}, must end: the sooner of its own deadline and the exchange's, or
   * {@link #NEVER} when neither exists.
   */
  public long hopDeadline(long nowNanos, long hopTimeoutNanos) {
    long own =
        TimeoutValues.isNone(hopTimeoutNanos) ? NEVER : saturatedAdd(nowNanos, hopTimeoutNanos);
    return Math.min(own, deadlineNanos);
  }

  /**
   * The ticker time at which hop {@code hop}, begun at {@code hopStartNanos}, must end. Counted
   * from when the caller submitted (the first hop) or the hop began, not from the arming: the work
   * in between (building the request, the pool, a thread hop) is the caller's wait too, and a
   * timeout counted from the arming would fire that much late to them.
   */
  public long hopDeadline(int hop, long hopStartNanos, long hopTimeoutNanos) {
    return hopDeadline(hop == 0 ? submitNanos : hopStartNanos, hopTimeoutNanos);
  }

  /** The budget a timeout firing at {@code hopDeadline} reports: the exchange's or the hop's. */
  public long reportedBudget(long hopDeadline, long hopTimeoutNanos) {
    return hopDeadline == deadlineNanos ? budgetNanos : hopTimeoutNanos;
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < a ? NEVER : sum;
  }
}

package org.asynchttpclient.exception;

import java.net.SocketAddress;
import java.util.concurrent.TimeoutException;
import org.jetbrains.annotations.Nullable;

/**
 * The failure of an exchange whose request or read timeout expired. Besides a message that reads
 * well in a log line it carries the figures as data: which timeout, the budget it had, how long
 * the exchange had run, which hop it was on, where it was talking to, and how late the expiry
 * fired compared with its deadline (a large value means the timer or event loop is running late).
 */
public final class ExchangeTimeoutException extends TimeoutException {
  private static final long serialVersionUID = 1L;

  /** Which timeout expired. */
  public enum Kind {
    REQUEST("Request"),
    READ("Read");

    private final String label;

    Kind(String label) {
      this.label = label;
    }
  }

  private final Kind kind;
  private final long budgetMillis;
  private final long elapsedMillis;
  private final int hop;
  private final @Nullable SocketAddress remoteAddress;
  private final long lateNanos;

  public ExchangeTimeoutException(
      Kind kind,
      long budgetMillis,
      long elapsedMillis,
      int hop,
      @Nullable SocketAddress remoteAddress,
      long lateNanos) {
    super(
        kind.label
            + " timeout to "
            + (remoteAddress == null ? "(not connected)" : remoteAddress.toString())
            + " after "
            + budgetMillis
            + " ms (elapsed "
            + elapsedMillis
            + " ms, hop "
            + hop
            + ", fired "
            + (lateNanos / 1_000) / 1000.0
            + " ms after its deadline)");
    this.kind = kind;
    this.budgetMillis = budgetMillis;
    this.elapsedMillis = elapsedMillis;
    this.hop = hop;
    this.remoteAddress = remoteAddress;
    this.lateNanos = lateNanos;
  }

  public Kind getKind() {
    return kind;
  }

  /** The timeout that expired, in milliseconds. */
  public long getBudgetMillis() {
    return budgetMillis;
  }

  /** Time from the exchange's submission to the expiry, in milliseconds. */
  public long getElapsedMillis() {
    return elapsedMillis;
  }

  /** 0 for the first attempt, then one more for each redirect, retry or auth replay. */
  public int getHop() {
    return hop;
  }

  public @Nullable SocketAddress getRemoteAddress() {
    return remoteAddress;
  }

  /** How long after its deadline the expiry actually ran, in nanoseconds. */
  public long getLateNanos() {
    return lateNanos;
  }
}

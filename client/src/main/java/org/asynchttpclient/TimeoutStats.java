package org.asynchttpclient;

import java.util.Objects;

/**
 * How a client's timeouts have fired since it started: how many exchanges ended by a request or
 * read timeout, and how late the expiries ran after their deadlines. A mean or maximum lateness of
 * more than a millisecond or two means the timer or the event loops are running behind (blocked by
 * callbacks, or starved of CPU). Immutable; an addition of this project beside {@link ClientStats}.
 */
public final class TimeoutStats {
  /** No timeout has fired. */
  public static final TimeoutStats NONE = new TimeoutStats(0, 0, 0, 0);

  private final long requestTimeouts;
  private final long readTimeouts;
  private final long totalLateNanos;
  private final long maxLateNanos;

  public TimeoutStats(
      long requestTimeouts, long readTimeouts, long totalLateNanos, long maxLateNanos) {
    this.requestTimeouts = requestTimeouts;
    this.readTimeouts = readTimeouts;
    this.totalLateNanos = totalLateNanos;
    this.maxLateNanos = maxLateNanos;
  }

  /** Exchanges that ended by a timeout, request or read. */
  public long getTimeoutsFired() {
    return requestTimeouts + readTimeouts;
  }

  public long getRequestTimeouts() {
    return requestTimeouts;
  }

  public long getReadTimeouts() {
    return readTimeouts;
  }

  /** Mean time from deadline to expiry over the timeouts that fired, in nanoseconds. */
  public long getMeanLateNanos() {
    long n = getTimeoutsFired();
    return n == 0 ? 0 : totalLateNanos / n;
  }

  /** The latest an expiry ran after its deadline, in nanoseconds. */
  public long getMaxLateNanos() {
    return maxLateNanos;
  }

  @Override
  public String toString() {
    return "TimeoutStats{request="
        + requestTimeouts
        + ", read="
        + readTimeouts
        + ", meanLateMs="
        + getMeanLateNanos() / 1_000_000.0
        + ", maxLateMs="
        + maxLateNanos / 1_000_000.0
        + '}';
  }

  @Override
  public boolean equals(@org.jetbrains.annotations.Nullable Object o) {
    if (!(o instanceof TimeoutStats)) {
      return false;
    }
    TimeoutStats t = (TimeoutStats) o;
    return requestTimeouts == t.requestTimeouts
        && readTimeouts == t.readTimeouts
        && totalLateNanos == t.totalLateNanos
        && maxLateNanos == t.maxLateNanos;
  }

  @Override
  public int hashCode() {
    return Objects.hash(requestTimeouts, readTimeouts, totalLateNanos, maxLateNanos);
  }
}

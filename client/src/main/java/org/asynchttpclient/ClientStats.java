package org.asynchttpclient;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jetbrains.annotations.Nullable;

/** Connection counts of a client at one moment, per host (key: host as the pool names it). Immutable. */
public class ClientStats {

  private final Map<String, HostStats> statsPerHost;
  private final TimeoutStats timeoutStats;

  /** Copies {@code statsPerHost}. */
  public ClientStats(Map<String, HostStats> statsPerHost) {
    this(statsPerHost, TimeoutStats.NONE);
  }

  /** Copies {@code statsPerHost}; {@code timeoutStats} says how the client's timeouts fired. */
  public ClientStats(Map<String, HostStats> statsPerHost, TimeoutStats timeoutStats) {
    this.statsPerHost = Collections.unmodifiableMap(new LinkedHashMap<>(statsPerHost));
    this.timeoutStats = timeoutStats;
  }

  /** Timeouts fired so far and how late they ran (an addition of this project). */
  public TimeoutStats getTimeoutStats() {
    return timeoutStats;
  }

  /** Immutable. */
  public Map<String, HostStats> getStatsPerHost() {
    return statsPerHost;
  }

  /** Active plus idle connections over all hosts. */
  public long getTotalConnectionCount() {
    return getTotalActiveConnectionCount() + getTotalIdleConnectionCount();
  }

  public long getTotalActiveConnectionCount() {
    long total = 0;
    for (HostStats host : statsPerHost.values()) {
      total += host.getHostActiveConnectionCount();
    }
    return total;
  }

  public long getTotalIdleConnectionCount() {
    long total = 0;
    for (HostStats host : statsPerHost.values()) {
      total += host.getHostIdleConnectionCount();
    }
    return total;
  }

  /**
   * 3.0.11's sentence, {@code There are 8 total connections, 6 are active and 2 are idle.}; the
   * per-host counts and {@link #getTimeoutStats()} have their own {@code toString}.
   */
  @Override
  public String toString() {
    return "There are " + getTotalConnectionCount() + " total connections, " + getTotalActiveConnectionCount()
        + " are active and " + getTotalIdleConnectionCount() + " are idle.";
  }

  @Override
  public boolean equals(@Nullable Object other) {
    if (this == other) {
      return true;
    }
    return other instanceof ClientStats
        && statsPerHost.equals(((ClientStats) other).statsPerHost)
        && timeoutStats.equals(((ClientStats) other).timeoutStats);
  }

  @Override
  public int hashCode() {
    return 31 * statsPerHost.hashCode() + timeoutStats.hashCode();
  }
}

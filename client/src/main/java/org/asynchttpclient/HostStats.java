package org.asynchttpclient;

import org.jetbrains.annotations.Nullable;

/** Connection counts of one host at one moment: active (in use) and idle (pooled). Immutable. */
public class HostStats {

  private final long activeConnectionCount;
  private final long idleConnectionCount;

  public HostStats(long activeConnectionCount, long idleConnectionCount) {
    this.activeConnectionCount = activeConnectionCount;
    this.idleConnectionCount = idleConnectionCount;
  }

  /** Active plus idle connections. */
  public long getHostConnectionCount() {
    return activeConnectionCount + idleConnectionCount;
  }

  public long getHostActiveConnectionCount() {
    return activeConnectionCount;
  }

  public long getHostIdleConnectionCount() {
    return idleConnectionCount;
  }

  @Override
  public String toString() {
    return "There are " + getHostConnectionCount() + " total connections, " + activeConnectionCount
        + " are active and " + idleConnectionCount + " are idle.";
  }

  @Override
  public boolean equals(@Nullable Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof HostStats)) {
      return false;
    }
    HostStats that = (HostStats) other;
    return activeConnectionCount == that.activeConnectionCount
        && idleConnectionCount == that.idleConnectionCount;
  }

  @Override
  public int hashCode() {
    return 31 * Long.hashCode(activeConnectionCount) + Long.hashCode(idleConnectionCount);
  }
}

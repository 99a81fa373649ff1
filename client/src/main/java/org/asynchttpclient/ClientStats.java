package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class ClientStats {
  public ClientStats(java.util.Map<java.lang.String, org.asynchttpclient.HostStats> p0) { throw new UnsupportedOperationException("stub"); }
  public java.util.Map<java.lang.String, org.asynchttpclient.HostStats> getStatsPerHost() { throw new UnsupportedOperationException("stub"); }
  public long getTotalConnectionCount() { throw new UnsupportedOperationException("stub"); }
  public long getTotalActiveConnectionCount() { throw new UnsupportedOperationException("stub"); }
  public long getTotalIdleConnectionCount() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String toString() { throw new UnsupportedOperationException("stub"); }
  public boolean equals(java.lang.Object p0) { throw new UnsupportedOperationException("stub"); }
  public int hashCode() { throw new UnsupportedOperationException("stub"); }
}

package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class HostStats {
  public HostStats(long p0, long p1) { throw new UnsupportedOperationException("stub"); }
  public long getHostConnectionCount() { throw new UnsupportedOperationException("stub"); }
  public long getHostActiveConnectionCount() { throw new UnsupportedOperationException("stub"); }
  public long getHostIdleConnectionCount() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String toString() { throw new UnsupportedOperationException("stub"); }
  public boolean equals(java.lang.Object p0) { throw new UnsupportedOperationException("stub"); }
  public int hashCode() { throw new UnsupportedOperationException("stub"); }
}

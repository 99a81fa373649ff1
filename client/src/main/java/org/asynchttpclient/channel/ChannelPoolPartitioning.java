package org.asynchttpclient.channel;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface ChannelPoolPartitioning {
  java.lang.Object getPartitionKey(org.asynchttpclient.uri.Uri p0, java.lang.String p1, org.asynchttpclient.proxy.ProxyServer p2);
  public static class CompositePartitionKey {
    public boolean equals(java.lang.Object p0) { throw new UnsupportedOperationException("stub"); }
    public int hashCode() { throw new UnsupportedOperationException("stub"); }
    public java.lang.String toString() { throw new UnsupportedOperationException("stub"); }
    private CompositePartitionKey() {}
  }
  public static class PartitionKey {
    public boolean equals(java.lang.Object p0) { throw new UnsupportedOperationException("stub"); }
    public int hashCode() { throw new UnsupportedOperationException("stub"); }
    private PartitionKey() {}
  }
  public static enum PerHostChannelPoolPartitioning implements org.asynchttpclient.channel.ChannelPoolPartitioning {
    INSTANCE;
    public java.lang.Object getPartitionKey(org.asynchttpclient.uri.Uri p0, java.lang.String p1, org.asynchttpclient.proxy.ProxyServer p2) { throw new UnsupportedOperationException("stub"); }
  }
}

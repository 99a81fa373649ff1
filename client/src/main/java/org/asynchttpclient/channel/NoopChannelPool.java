package org.asynchttpclient.channel;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public enum NoopChannelPool implements org.asynchttpclient.channel.ChannelPool {
  INSTANCE;
  public boolean offer(io.netty.channel.Channel p0, java.lang.Object p1) { throw new UnsupportedOperationException("stub"); }
  public io.netty.channel.Channel poll(java.lang.Object p0) { throw new UnsupportedOperationException("stub"); }
  public boolean removeAll(io.netty.channel.Channel p0) { throw new UnsupportedOperationException("stub"); }
  public boolean isOpen() { throw new UnsupportedOperationException("stub"); }
  public void destroy() { throw new UnsupportedOperationException("stub"); }
  public void flushPartitions(java.util.function.Predicate<java.lang.Object> p0) { throw new UnsupportedOperationException("stub"); }
  public java.util.Map<java.lang.String, java.lang.Long> getIdleChannelCountPerHost() { throw new UnsupportedOperationException("stub"); }
}

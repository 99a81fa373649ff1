package org.asynchttpclient.channel;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface ChannelPool {
  boolean offer(io.netty.channel.Channel p0, java.lang.Object p1);
  io.netty.channel.Channel poll(java.lang.Object p0);
  boolean removeAll(io.netty.channel.Channel p0);
  boolean isOpen();
  void destroy();
  void flushPartitions(java.util.function.Predicate<java.lang.Object> p0);
  java.util.Map<java.lang.String, java.lang.Long> getIdleChannelCountPerHost();
}

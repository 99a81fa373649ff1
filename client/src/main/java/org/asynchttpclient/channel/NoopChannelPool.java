package org.asynchttpclient.channel;

import io.netty.channel.Channel;
import java.util.Collections;
import java.util.Map;
import java.util.function.Predicate;
import org.jetbrains.annotations.Nullable;

/** A pool that keeps nothing: every connection is closed after its exchange. */
public enum NoopChannelPool implements ChannelPool {
  INSTANCE;

  /** Always false: the caller closes the connection. */
  @Override
  public boolean offer(Channel channel, Object partitionKey) {
    return false;
  }

  /** Always null. */
  @Override
  public @Nullable Channel poll(Object partitionKey) {
    return null;
  }

  @Override
  public boolean removeAll(Channel channel) {
    return false;
  }

  @Override
  public boolean isOpen() {
    return true;
  }

  @Override
  public void destroy() {}

  @Override
  public void flushPartitions(Predicate<Object> predicate) {}

  @Override
  public Map<String, Long> getIdleChannelCountPerHost() {
    return Collections.emptyMap();
  }
}

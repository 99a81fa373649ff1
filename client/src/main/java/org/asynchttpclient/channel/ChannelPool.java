package org.asynchttpclient.channel;

import io.netty.channel.Channel;
import java.util.Map;
import java.util.function.Predicate;
import org.jetbrains.annotations.Nullable;

/** Keeps idle connections for reuse, grouped by partition key (typically scheme, host, port and proxy). */
public interface ChannelPool {

  /**
   * Adds an idle connection under {@code partitionKey}.
   *
   * <p>As AHC 3.0.12 documents it: {@code false} means refused, and the caller still owns the
   * channel and closes it; {@code true} means the caller no longer owns it, though an implementation
   * may return true without adding anything (the default pool does when this very channel is already
   * pooled: a second entry would hand it to two requests).
   *
   * @return whether the pool took it; if not, the caller closes it
   */
  boolean offer(Channel channel, Object partitionKey);

  /** Takes an idle connection of {@code partitionKey} out of the pool, or returns null if there is none. */
  @Nullable
  Channel poll(Object partitionKey);

  /** Removes every occurrence of {@code channel}; returns whether it was in the pool. */
  boolean removeAll(Channel channel);

  /** Whether the pool still accepts connections (it has not been destroyed). */
  boolean isOpen();

  /** Closes every pooled connection and stops accepting new ones. */
  void destroy();

  /** Closes and removes the connections of every partition whose key {@code predicate} accepts. */
  void flushPartitions(Predicate<Object> predicate);

  /** How many idle connections the pool holds, per host. */
  Map<String, Long> getIdleChannelCountPerHost();
}

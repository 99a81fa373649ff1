package org.asynchttpclient.netty.channel;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import org.jetbrains.annotations.Nullable;

/**
 * The connection permit of a channel that no exchange is using: idle in the pool, or carrying a
 * WebSocket. As in 3.0.11, {@code maxConnections} and {@code maxConnectionsPerHost} count open
 * connections, idle ones included: a permit is taken when a connection is opened and given back
 * when it closes. While an exchange uses the connection the exchange holds the permit (so a
 * timeout or cancel gives it back before the caller hears of it, O2); when the connection goes
 * idle the permit is parked on the channel, and the next exchange that polls the channel takes it
 * back ({@link #take}). If the channel closes while parked, its close gives the permit back.
 *
 * <p>Threads: any. The parked permit is taken or released by one atomic swap, so exactly one of a
 * polling exchange and the channel's close gets it.
 */
public final class ParkedPermit {
  private static final AttributeKey<ParkedPermit> PARKED = AttributeKey.valueOf("ahc.parkedPermit");
  private static final AttributeKey<Boolean> WATCHED =
      AttributeKey.valueOf("ahc.parkedPermitWatched");

  // immutable
  private final Object partitionKey;
  private final ConnectionPermits permits;

  private ParkedPermit(Object partitionKey, ConnectionPermits permits) {
    this.partitionKey = partitionKey;
    this.permits = permits;
  }

  /** Parks the permit taken for {@code partitionKey} on {@code channel} until it is taken or the channel closes. */
  public static void park(Channel channel, Object partitionKey, ConnectionPermits permits) {
    channel.attr(PARKED).set(new ParkedPermit(partitionKey, permits));
    // One listener per channel, however often it is pooled; it runs at once if already closed.
    if (channel.attr(WATCHED).setIfAbsent(Boolean.TRUE) == null) {
      channel.closeFuture().addListener(f -> release(channel));
    }
  }

  /** Takes the permit parked on {@code channel}: its partition key, or null when none is. */
  public static @Nullable Object take(Channel channel) {
    ParkedPermit p = unpark(channel);
    return p == null ? null : p.partitionKey;
  }

  /** Gives back the permit parked on {@code channel}, if any. */
  public static void release(Channel channel) {
    ParkedPermit p = unpark(channel);
    if (p != null) {
      p.permits.release(p.partitionKey);
    }
  }

  private static @Nullable ParkedPermit unpark(Channel channel) {
    return channel.hasAttr(PARKED) ? channel.attr(PARKED).getAndSet(null) : null;
  }
}

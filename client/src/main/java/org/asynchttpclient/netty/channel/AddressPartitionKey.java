package org.asynchttpclient.netty.channel;

import io.netty.channel.Channel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Objects;
import org.jetbrains.annotations.Nullable;

/**
 * The pool partition of a hop under {@code LoadBalance.ROUND_ROBIN}: the request's own partition
 * key (its {@code ChannelPoolPartitioning}'s, per host) and one address of that host, so idle
 * HTTP/1.1 connections and HTTP/2 connections are kept and reused per address. Connection permits
 * stay keyed by the base: {@code maxConnectionsPerHost} counts per host.
 *
 * <p>Immutable.
 */
public final class AddressPartitionKey {
  // immutable
  private final Object base;
  private final InetAddress address;

  public AddressPartitionKey(Object base, InetAddress address) {
    this.base = base;
    this.address = address;
  }

  /** {@code key}'s per-host key: its base when it is one of these, else the key itself. */
  public static Object baseOf(Object key) {
    return key instanceof AddressPartitionKey ? ((AddressPartitionKey) key).base : key;
  }

  /**
   * The key of a connection that reached {@code remote}: this one when it is this key's address
   * (or unknown), else the same base with the address actually connected (a failover).
   */
  public AddressPartitionKey at(@Nullable SocketAddress remote) {
    if (!(remote instanceof InetSocketAddress)) {
      return this;
    }
    InetAddress actual = ((InetSocketAddress) remote).getAddress();
    return actual == null || actual.equals(address) ? this : new AddressPartitionKey(base, actual);
  }

  @Override
  public boolean equals(@Nullable Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof AddressPartitionKey)) {
      return false;
    }
    AddressPartitionKey that = (AddressPartitionKey) o;
    return base.equals(that.base) && address.equals(that.address);
  }

  @Override
  public int hashCode() {
    return Objects.hash(base, address);
  }

  @Override
  public String toString() {
    return base + "@" + address.getHostAddress();
  }

  /**
   * The partition to pool {@code carrier} in after a hop of partition {@code key}: the hop's own,
   * except that a hop pinned to an address whose connect failed over to another address pools
   * the connection under that address.
   */
  public static Object poolKey(Object key, Channel carrier) {
    return key instanceof AddressPartitionKey ? ((AddressPartitionKey) key).at(carrier.remoteAddress()) : key;
  }
}

package org.asynchttpclient.netty.connect;

import io.netty.util.concurrent.Ticker;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The failed-IP cooldown of AHC 3.0.12: an address whose TCP connect failed goes to the back of
 * its host's order for the cooldown period, in every {@code LoadBalance} mode. It is never
 * dropped: the others go first, it still follows them (so a host whose addresses all failed is
 * still tried), and once the period is over it takes its resolver place again.
 *
 * <p>As in 3.0.12 a failure is recorded only for the host being connected to: the {@link Dialer}
 * reports the failed connects of a target host with several addresses (one address has no order
 * to change), never those to a proxy.
 *
 * <p>Bounded memory: only hosts with an address cooling down are tracked. A host is added by its
 * first failure and leaves once its entries expired (pruned whenever the host is ordered); at
 * most {@link #MAX_HOSTS} hosts are tracked: a new one past that first prunes every expired
 * entry, then, if none was, forgets an arbitrary host. A host that is only ordered, however many
 * addresses it has, costs nothing. Time is the engine's ticker, so tests drive it with their clock.
 *
 * <p>Thread-safe: a host's table is added, and removed once empty, by atomic operations on its
 * key, so a failure recorded as the host's last entry expires is never recorded in a table
 * already removed.
 */
final class FailedAddressCooldown {
  static final int MAX_HOSTS = 4096;

  // immutable
  private final long periodNanos;
  private final Ticker ticker;

  // any thread: host -> (address -> ticker time its cooldown ends); no host with an empty table
  // but for the moment between its last entry's expiry and its removal
  private final ConcurrentHashMap<String, ConcurrentHashMap<InetSocketAddress, Long>> hosts =
      new ConcurrentHashMap<>();

  FailedAddressCooldown(long periodNanos, Ticker ticker) {
    this.periodNanos = periodNanos;
    this.ticker = ticker;
  }

  /**
   * {@code addresses} with those cooling down moved to the back, each part in its given order;
   * the same list when none is (one address, or nothing recorded).
   */
  List<InetSocketAddress> order(String host, List<InetSocketAddress> addresses) {
    if (addresses.size() <= 1) {
      return addresses;
    }
    ConcurrentHashMap<InetSocketAddress, Long> cooling = hosts.get(host);
    if (cooling == null) {
      return addresses;
    }
    long now = ticker.nanoTime();
    // Expired entries go first, those of addresses no longer resolved included.
    cooling.entrySet().removeIf(e -> e.getValue() - now <= 0);
    if (cooling.isEmpty()) {
      // Removed only if still empty, under the key's lock: a failure recorded meanwhile stays.
      hosts.computeIfPresent(host, (h, c) -> c.isEmpty() ? null : c);
      return addresses;
    }
    List<InetSocketAddress> front = new ArrayList<>(addresses.size());
    List<InetSocketAddress> back = new ArrayList<>(2);
    for (InetSocketAddress a : addresses) {
      (cooling.containsKey(a) ? back : front).add(a);
    }
    if (back.isEmpty() || front.isEmpty()) {
      return addresses; // none cooling, or all: resolver order either way
    }
    front.addAll(back);
    return front;
  }

  /** A connect to {@code address} of {@code host}, the host being connected to, failed. */
  void failed(String host, InetSocketAddress address) {
    long until = ticker.nanoTime() + periodNanos;
    if (!hosts.containsKey(host) && hosts.size() >= MAX_HOSTS) {
      makeRoom(until - periodNanos);
    }
    hosts.compute(
        host,
        (h, cooling) -> {
          ConcurrentHashMap<InetSocketAddress, Long> c =
              cooling != null ? cooling : new ConcurrentHashMap<>(4);
          c.put(address, until);
          return c;
        });
  }

  /** Hosts tracked (tests). */
  int hostsTracked() {
    return hosts.size();
  }

  /** Full: every expired entry goes (and hosts left empty); if none did, an arbitrary host. */
  private void makeRoom(long now) {
    int before = hosts.size();
    for (Map.Entry<String, ConcurrentHashMap<InetSocketAddress, Long>> e : hosts.entrySet()) {
      e.getValue().entrySet().removeIf(a -> a.getValue() - now <= 0);
      if (e.getValue().isEmpty()) {
        hosts.computeIfPresent(e.getKey(), (h, c) -> c.isEmpty() ? null : c);
      }
    }
    if (hosts.size() >= before) {
      Iterator<String> it = hosts.keySet().iterator();
      if (it.hasNext()) {
        it.next();
        it.remove();
      }
    }
  }
}

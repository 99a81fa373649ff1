package org.asynchttpclient.netty.connect;

import io.netty.util.concurrent.Ticker;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The failed-IP cooldown of AHC 3.0.12: an address whose TCP connect failed goes to the back of
 * its host's order for the cooldown period, in every {@code LoadBalance} mode. It is never
 * dropped: the others go first, it still follows them (so a host whose addresses all failed is
 * still tried), and once the period is over it takes its resolver place again.
 *
 * <p>Bounded memory: an entry lives for the period (expired ones are pruned whenever the host is
 * ordered); at most {@link #MAX_HOSTS} hosts are tracked, an arbitrary one forgotten past that.
 * As in 3.0.12 a failure is recorded only for a host being connected to (one {@link #order} saw):
 * a failure never adds a host. Time is the engine's ticker, so tests drive it with their clock.
 *
 * <p>Thread-safe.
 */
final class FailedAddressCooldown {
  static final int MAX_HOSTS = 4096;

  // immutable
  private final long periodNanos;
  private final Ticker ticker;

  // any thread: host -> (address -> ticker time its cooldown ends)
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
      forgetOneIfFull();
      hosts.computeIfAbsent(host, h -> new ConcurrentHashMap<>());
      return addresses;
    }
    if (cooling.isEmpty()) {
      return addresses;
    }
    long now = ticker.nanoTime();
    // Expired entries go first, those of addresses no longer resolved included.
    cooling.entrySet().removeIf(e -> e.getValue() - now <= 0);
    if (cooling.isEmpty()) {
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

  /** A connect to {@code address} of {@code host} failed; ignored for a host not being tracked. */
  void failed(String host, InetSocketAddress address) {
    ConcurrentHashMap<InetSocketAddress, Long> cooling = hosts.get(host);
    if (cooling != null) {
      cooling.put(address, ticker.nanoTime() + periodNanos);
    }
  }

  /** Hosts tracked (tests). */
  int hostsTracked() {
    return hosts.size();
  }

  private void forgetOneIfFull() {
    if (hosts.size() >= MAX_HOSTS) {
      Iterator<String> it = hosts.keySet().iterator();
      if (it.hasNext()) {
        it.next();
        it.remove();
      }
    }
  }
}

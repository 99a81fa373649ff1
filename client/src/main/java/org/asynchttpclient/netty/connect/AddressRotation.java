package org.asynchttpclient.netty.connect;

import java.net.InetSocketAddress;
import java.util.AbstractList;
import java.util.Iterator;
import java.util.List;
import java.util.RandomAccess;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code LoadBalance.ROUND_ROBIN}'s rotation: each request to a host starts from the next of its
 * resolved addresses (request k starts at address k modulo their count, the others following in
 * resolver order, so failover keeps them all). One counter per host, at most {@link #MAX_HOSTS}
 * of them: past that an arbitrary host is forgotten (its rotation restarts), so a client that
 * meets many hosts keeps bounded memory.
 *
 * <p>Thread-safe.
 */
final class AddressRotation {
  static final int MAX_HOSTS = 4096;

  // any thread
  private final ConcurrentHashMap<String, AtomicInteger> counters = new ConcurrentHashMap<>();

  /** {@code resolved} rotated for the next request to {@code host}; the same list for one address. */
  List<InetSocketAddress> next(String host, List<InetSocketAddress> resolved) {
    int n = resolved.size();
    if (n <= 1) {
      return resolved;
    }
    AtomicInteger counter = counters.get(host);
    if (counter == null) {
      forgetOneIfFull();
      counter = counters.computeIfAbsent(host, h -> new AtomicInteger());
    }
    int first = (counter.getAndIncrement() & Integer.MAX_VALUE) % n;
    return first == 0 ? resolved : new Rotated(resolved, first);
  }

  /** Hosts with a counter (tests). */
  int hostsTracked() {
    return counters.size();
  }

  private void forgetOneIfFull() {
    if (counters.size() >= MAX_HOSTS) {
      Iterator<String> it = counters.keySet().iterator();
      if (it.hasNext()) {
        it.next();
        it.remove();
      }
    }
  }

  /** A read-only view of a list starting at {@code first} and wrapping around: no copy. */
  private static final class Rotated extends AbstractList<InetSocketAddress> implements RandomAccess {
    private final List<InetSocketAddress> list;
    private final int first;

    Rotated(List<InetSocketAddress> list, int first) {
      this.list = list;
      this.first = first;
    }

    @Override
    public InetSocketAddress get(int i) {
      int n = list.size();
      if (i < 0 || i >= n) {
        throw new IndexOutOfBoundsException("index " + i + " (expected 0 to " + (n - 1) + ")");
      }
      int j = first + i;
      return list.get(j < n ? j : j - n);
    }

    @Override
    public int size() {
      return list.size();
    }
  }
}

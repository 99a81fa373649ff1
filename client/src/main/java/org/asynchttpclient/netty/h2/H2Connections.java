package org.asynchttpclient.netty.h2;

import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.List;
import org.jetbrains.annotations.Nullable;

/**
 * The connections of one partition that take new streams (PREFACE or OPEN; a connection that
 * drains or closes leaves the list), oldest first, and which of them a new stream goes to.
 *
 * <p>A new stream goes to the oldest connection with a free slot that carries fewer than {@link
 * #BUSY_STREAMS} streams, else to the connection with a free slot carrying fewest (ties: the
 * oldest). Filling the oldest first under light load leaves the further connections without
 * streams, so that they close after the idle timeout; under load, the least loaded spreads the
 * streams over the connections, and so over their event loops.
 *
 * <p>Threads: not thread-safe; guarded by the owning {@link H2Partition}'s monitor.
 */
final class H2Connections {
  /**
   * Streams every connection of a partition carries before a further one is opened. RFC 9113
   * section 9.1 asks for one connection per origin, and opening one costs a handshake and a
   * connection permit; a handful of streams does not keep one connection's loop busy, while at
   * 8 or more in flight on loopback the two loops of a connection (the client's and the server's)
   * are what bounds the rate (docs/benchmarks.md, HTTP/2).
   */
  static final int BUSY_STREAMS = 8;

  // guarded by the partition's monitor
  private final List<H2Connection> list = new ArrayList<>(2);

  boolean isEmpty() {
    return list.isEmpty();
  }

  int size() {
    return list.size();
  }

  boolean contains(H2Connection c) {
    return list.contains(c);
  }

  /** Adds {@code c} as the newest connection. */
  void add(H2Connection c) {
    list.add(c);
  }

  /** Removes {@code c}; false when it was not in the list (it drained or closed before). */
  boolean remove(H2Connection c) {
    return list.remove(c);
  }

  /** The oldest connection, or null. */
  @Nullable H2Connection oldest() {
    return list.isEmpty() ? null : list.get(0);
  }

  /** The connection a new stream goes to (see the class doc); null when none has a free slot. */
  @Nullable H2Connection pick() {
    H2Connection least = null;
    for (H2Connection c : list) {
      if (!c.hasFreeSlot()) {
        continue;
      }
      if (c.active < BUSY_STREAMS) {
        return c;
      }
      if (least == null || c.active < least.active) {
        least = c;
      }
    }
    return least;
  }

  /**
   * Whether a further connection may help. RFC 9113 section 9.1 asks for one connection per
   * origin: another opens when every one is at its stream limit (a request would otherwise wait for
   * a stream; as OkHttp does), fewer than {@code limit}; or, when the user raised {@code cap} above
   * 1, under load: every one OPEN and carrying {@link #BUSY_STREAMS} streams, fewer than {@code cap}.
   */
  boolean mayOpenFurther(int cap, int limit) {
    if (list.isEmpty()) {
      return false;
    }
    return (list.size() < cap && allOpenAnd(true)) || (list.size() < limit && allOpenAnd(false));
  }

  /** Whether every connection is OPEN and at its stream limit (none empty). */
  boolean allAtStreamLimit() {
    return !list.isEmpty() && allOpenAnd(false);
  }

  /** Every connection OPEN, and each at its stream limit or, when {@code orBusy}, busy. */
  private boolean allOpenAnd(boolean orBusy) {
    for (H2Connection c : list) {
      boolean full = !c.hasFreeSlot() || (orBusy && c.active >= BUSY_STREAMS);
      if (c.state != H2Connection.State.OPEN || !full) {
        return false;
      }
    }
    return true;
  }

  /**
   * Grants free slots to live waiters in order, each on the connection {@link #pick} names
   * (counted active there at once); the caller opens their streams once the monitor is released.
   */
  List<H2Waiter> grant(H2WaitQueue waiters) {
    if (waiters.isEmpty()) {
      return List.of();
    }
    List<H2Waiter> granted = new ArrayList<>();
    H2Connection c;
    while ((c = pick()) != null) {
      H2Waiter w = waiters.pollLive();
      if (w == null) {
        break;
      }
      c.grantTo(w);
      granted.add(w);
    }
    return granted;
  }

  /**
   * Moves the first connection found OPEN and past its TTL to DRAINING, out of the list, and
   * returns it; null if none is. A TTL timer on a loop may run late: a hop arriving meanwhile
   * must not get a stream on it.
   */
  @Nullable H2Connection retirePastTtl(H2Lifetime lifetime) {
    for (H2Connection c : list) {
      if (c.state == H2Connection.State.OPEN && lifetime.expired(c)) {
        c.state = H2Connection.State.DRAINING;
        list.remove(c);
        return c;
      }
    }
    return null;
  }

  /** The loop of each connection, oldest first (a loop twice if it carries two). */
  List<EventLoop> loops() {
    List<EventLoop> loops = new ArrayList<>(list.size());
    for (H2Connection c : list) {
      loops.add(c.loop());
    }
    return loops;
  }
}

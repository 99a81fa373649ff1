package org.asynchttpclient.netty.h2;

import java.util.ArrayList;
import java.util.List;
import org.asynchttpclient.netty.channel.ParkedPermit;
import org.asynchttpclient.netty.exchange.Exchange;
import org.jetbrains.annotations.Nullable;

/**
 * The state of one HTTP/2 partition ({@link H2Partition}, which draws its state machine) and the
 * steps its transitions share: detaching a connection, electing an opener, handing free slots
 * to waiters. A class of its own so that each stays readable in one sitting.
 *
 * <p>Threads: any; every mutable field is guarded by the partition's monitor (this object's), and
 * the methods not marked synchronized say whether they must hold it.
 */
abstract class H2PartitionState {
  // immutable
  final H2Partition.Actions actions;
  final H2Lifetime lifetime;
  /**
   * Connections opened for load alone (each carrying {@link H2Connections#BUSY_STREAMS} streams):
   * http2MaxConnectionsPerPartition, within the per-host and global limits.
   */
  final int cap;
  /**
   * Connections at most when every one is at its stream limit (the server's
   * SETTINGS_MAX_CONCURRENT_STREAMS, or http2MaxConcurrentStreams): the per-host and global limits,
   * or none.
   */
  final int limit;

  // guarded by this (the partition's monitor)
  final H2Connections connections = new H2Connections();
  /** The hop opening the partition's first connection (none is usable yet). */
  @Nullable Exchange<?> opener;
  /** The hop opening a further connection; at most one at a time. */
  @Nullable Exchange<?> extraOpener;
  boolean http1;
  final H2WaitQueue waiters = new H2WaitQueue();
  /**
   * Whether a hop was routed here since the registry's previous sweep ({@link
   * H2Partition#retireIfUnused}); true at first, so that a new partition outlives the sweep that
   * may run between its creation and its first hop.
   */
  boolean usedSinceSweep = true;
  /**
   * Set once, when the registry's sweep takes the partition out of its map: it takes no hop and no
   * connection from then on (a hop routed to it is routed again, to the key's new partition).
   */
  boolean retired;

  H2PartitionState(H2Partition.Actions actions, H2Lifetime lifetime, int cap, int limit) {
    this.actions = actions;
    this.lifetime = lifetime;
    this.cap = cap;
    this.limit = Math.max(cap, limit);
  }

  void resumeAll(List<H2Waiter> resume) {
    for (H2Waiter w : resume) {
      if (!w.isOver()) {
        actions.resume(w);
      }
    }
  }

  /**
   * Detaches {@code c} if it takes new streams and takes the hops waiting for it: its further
   * opener's, and all the partition's if it was the last; none if it was detached before (a
   * connection that drained earlier: its waiters went on). Under the monitor.
   */
  List<H2Waiter> takeWaitersOf(H2Connection c) {
    if (!connections.remove(c)) {
      return List.of();
    }
    H2Waiter first = c.takeFirstWaiter();
    List<H2Waiter> cut = connections.isEmpty() ? waiters.drainAll() : List.of();
    lostConnectionLocked();
    return first == null ? cut : prepend(first, cut);
  }

  /** With no connection left, the further opener's connection will be the first. Under the monitor. */
  void lostConnectionLocked() {
    if (connections.isEmpty() && opener == null && extraOpener != null) {
      opener = extraOpener;
      extraOpener = null;
    }
  }

  static List<H2Waiter> prepend(H2Waiter first, List<H2Waiter> rest) {
    List<H2Waiter> all = new ArrayList<>(rest.size() + 1);
    all.add(first);
    all.addAll(rest);
    return all;
  }

  /**
   * Closes {@code c} if it has no stream left (it is draining). A permit it holds (round robin)
   * goes back now: a draining connection takes no new stream, so it no longer counts against
   * {@code maxConnectionsPerHost} and a replacement may open while its last streams finish.
   */
  void drainedOrIdle(H2Connection c) {
    ParkedPermit.release(c.channel);
    boolean closeNow;
    synchronized (this) {
      closeNow = c.active == 0;
    }
    if (closeNow) {
      actions.close(c);
    }
  }

  /**
   * The client retires {@code c} (idle, TTL, keepAlive off, refusals): it takes no new stream.
   * Returns a hop to route again, if any: its further opener while other connections go on, or,
   * when it was the last, a waiter to open the next (unless an opener is at work). Holding the
   * monitor.
   */
  @Nullable H2Waiter detach(H2Connection c) {
    if (!connections.remove(c)) {
      return null;
    }
    H2Waiter first = c.takeFirstWaiter();
    if (!connections.isEmpty()) {
      return first == null || first.isOver() ? null : first;
    }
    if (first != null) {
      waiters.addFirst(first);
    }
    lostConnectionLocked();
    return opener == null ? electOpener() : null;
  }

  @Nullable H2Waiter electOpener() {
    H2Waiter w = waiters.pollLive();
    if (w != null) {
      opener = w.exchange;
    }
    return w;
  }

  void openAll(List<H2Waiter> open) {
    for (H2Waiter w : open) {
      actions.openStream(w);
    }
  }
}

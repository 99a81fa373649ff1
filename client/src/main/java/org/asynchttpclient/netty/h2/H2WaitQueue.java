package org.asynchttpclient.netty.h2;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.jetbrains.annotations.Nullable;

/**
 * The hops of one partition waiting for its connection or a stream slot, first come first
 * served, bounded. A waiter whose hop is over stays until its turn comes (then it is skipped) or
 * until the queue is full (then every such waiter is purged).
 *
 * <p>Threads: not thread-safe; guarded by the owning {@link H2Partition}'s monitor.
 */
final class H2WaitQueue {
  /** The most hops one partition lets wait, as 3.0.11 bounds its queue of pending streams. */
  static final int MAX_WAITING = 10_000;

  // guarded by the partition's monitor
  private final ArrayDeque<H2Waiter> waiters = new ArrayDeque<>();

  /** Queues {@code w} last; false when the queue is full of live waiters. */
  boolean offer(H2Waiter w) {
    if (waiters.size() >= MAX_WAITING && !waiters.removeIf(H2Waiter::isOver)) {
      return false;
    }
    waiters.addLast(w);
    return true;
  }

  /** Puts {@code w} at the head: the opener of a connection goes first on it. */
  void addFirst(H2Waiter w) {
    waiters.addFirst(w);
  }

  /** The first waiter whose hop is not over, removed; the over ones before it are dropped. */
  @Nullable H2Waiter pollLive() {
    H2Waiter w;
    while ((w = waiters.pollFirst()) != null) {
      if (!w.isOver()) {
        return w;
      }
    }
    return null;
  }

  /** Every waiter, removed, in order. */
  List<H2Waiter> drainAll() {
    List<H2Waiter> all = new ArrayList<>(waiters);
    waiters.clear();
    return all;
  }

  boolean isEmpty() {
    return waiters.isEmpty();
  }

  /**
   * Hands the hops that waited for a stream of {@code c}, which went away ({@code how}), to the
   * hop driver at once rather than at their timeouts: nothing of them was sent, so the replay
   * decision sends them again, on another connection, within their budget (3.0.11 and 3.0.12 fail
   * them).
   */
  static void cutAll(List<H2Waiter> cut, H2Connection c, String how, H2Partition.Actions actions) {
    for (H2Waiter w : cut) {
      if (!w.isOver()) {
        String why = H2ConnectionCause.get(c.channel);
        actions.cut(
            w,
            new IOException(
                "HTTP/2 connection to " + c.channel.remoteAddress() + " " + how
                    + (why != null ? " (" + why + ")" : "") + " while the request waited for a stream"),
            c);
      }
    }
  }
}

package org.asynchttpclient.netty.channel;

import io.netty.channel.EventLoop;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;
import org.asynchttpclient.netty.channel.DefaultChannelPool.IdleChannel;
import org.jetbrains.annotations.Nullable;

/**
 * One partition's idle channels, the most recently offered on top, under one lock. A pool's
 * partition sees a push and a pop per request from several threads (the loops give channels back,
 * the callers' threads take them): a lock held for a few array operations costs one atomic and
 * touches one object, where a lock-free linked deque costs several compare-and-sets over nodes
 * another thread allocated.
 *
 * <p>Nothing is called out of the lock: entries taken out are returned, and the caller closes
 * their channels after it let go (a close on the channel's own loop may come straight back to the
 * pool to remove that channel).
 *
 * <p>Every way out of the stack marks the entry {@linkplain IdleChannel#taken taken} under the
 * lock, so an entry is taken exactly when it is no longer here.
 *
 * <p>Threads: any; every method holds the lock.
 */
final class IdleStack {
  // guarded by this
  private final ArrayDeque<IdleChannel> entries = new ArrayDeque<>();

  synchronized void push(IdleChannel idle) {
    entries.addFirst(idle);
  }

  /** The top entry, taken out, or null when empty. */
  synchronized @Nullable IdleChannel pop() {
    IdleChannel top = entries.pollFirst();
    return top != null ? take(top) : null;
  }

  /**
   * The topmost entry among the first {@code scan} whose channel is on {@code loop}, taken out,
   * or null when none of them is.
   */
  synchronized @Nullable IdleChannel popOn(EventLoop loop, int scan) {
    int seen = 0;
    for (Iterator<IdleChannel> it = entries.iterator(); it.hasNext() && seen < scan; seen++) {
      IdleChannel idle = it.next();
      if (idle.channel.eventLoop() == loop) {
        it.remove();
        return take(idle);
      }
    }
    return null;
  }

  /** Takes {@code idle} out; false when it is not here (another thread took it). */
  synchronized boolean remove(IdleChannel idle) {
    if (!entries.removeFirstOccurrence(idle)) {
      return false;
    }
    take(idle);
    return true;
  }

  /** Takes out every entry {@code doomed} accepts and returns them. */
  synchronized List<IdleChannel> removeIf(Predicate<IdleChannel> doomed) {
    List<IdleChannel> removed = new ArrayList<>();
    for (Iterator<IdleChannel> it = entries.iterator(); it.hasNext(); ) {
      IdleChannel idle = it.next();
      if (doomed.test(idle)) {
        it.remove();
        removed.add(take(idle));
      }
    }
    return removed;
  }

  /** Takes out every entry and returns them. */
  synchronized List<IdleChannel> drain() {
    List<IdleChannel> all = new ArrayList<>(entries);
    entries.clear();
    for (IdleChannel idle : all) {
      take(idle);
    }
    return all;
  }

  private static IdleChannel take(IdleChannel idle) {
    idle.taken = true;
    return idle;
  }

  /** The entries as they are now. */
  synchronized List<IdleChannel> snapshot() {
    return new ArrayList<>(entries);
  }
}

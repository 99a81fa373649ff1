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
 * <p>A stack leaves its pool's map when it is empty and unused ({@link #sweep}), when its last
 * channel closed ({@link #retireIfEmpty}), or when it is flushed ({@link #drainAndRetire}); it is
 * then <em>retired</em>, under the lock, and never takes an entry again: {@link #push} refuses,
 * and the offering thread pushes to the partition's new stack instead. So a channel offered while
 * its partition is being removed is never left in a stack nobody polls or sweeps.
 *
 * <pre>
 *   LIVE --(empty at a sweep and no push since the previous one; emptied by a channel's close;
 *           drained by a flush or destroy)--&gt; RETIRED (push refuses; removed from the map)
 * </pre>
 *
 * <p>Threads: any; every method holds the lock.
 */
final class IdleStack {
  // immutable
  /** The partition key this stack is mapped under. */
  final Object key;

  // guarded by this
  private final ArrayDeque<IdleChannel> entries = new ArrayDeque<>();
  /**
   * Whether an entry was pushed since the previous {@link #sweep}: a partition whose connection
   * is in use at the sweep (empty, but pushed again request after request) is kept. True at first,
   * so that a new stack outlives the sweep that may run between its creation and its first push.
   */
  private boolean pushedSinceSweep = true;
  /** Set once: the stack is no longer in its pool's map and takes no entry. */
  private boolean retired;

  IdleStack(Object key) {
    this.key = key;
  }

  /** Pushes {@code idle} on top; false, with nothing done, when this stack is retired. */
  synchronized boolean push(IdleChannel idle) {
    if (retired) {
      return false;
    }
    entries.addFirst(idle);
    pushedSinceSweep = true;
    return true;
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

  /**
   * The topmost entry among the first {@code scan} whose channel's loop {@code placement} does not
   * pass over for {@code preferred}, taken out, or null when there is none.
   */
  synchronized @Nullable IdleChannel popUnless(LoopPlacement placement, EventLoop preferred, int scan) {
    int seen = 0;
    for (Iterator<IdleChannel> it = entries.iterator(); it.hasNext() && seen < scan; seen++) {
      IdleChannel idle = it.next();
      if (!placement.passOver(idle.channel.eventLoop(), preferred)) {
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

  /** Retires this stack if it holds nothing; returns whether it is retired now. */
  synchronized boolean retireIfEmpty() {
    if (entries.isEmpty()) {
      retired = true;
    }
    return retired;
  }

  /**
   * The cleaner's visit: takes out every entry {@code doomed} accepts (none when it is null),
   * adding it to {@code removed}, then retires the stack if it is left empty and saw no push since
   * the previous visit. Returns whether it is retired.
   */
  synchronized boolean sweep(@Nullable Predicate<IdleChannel> doomed, List<IdleChannel> removed) {
    for (Iterator<IdleChannel> it = entries.iterator(); doomed != null && it.hasNext(); ) {
      IdleChannel idle = it.next();
      if (doomed.test(idle)) {
        it.remove();
        removed.add(take(idle));
      }
    }
    if (entries.isEmpty() && !pushedSinceSweep) {
      retired = true;
    }
    pushedSinceSweep = false;
    return retired;
  }

  /** Takes out every entry and returns them; the stack is retired. */
  synchronized List<IdleChannel> drainAndRetire() {
    retired = true;
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

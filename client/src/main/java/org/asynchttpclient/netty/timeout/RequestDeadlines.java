package org.asynchttpclient.netty.timeout;

import org.jetbrains.annotations.Nullable;

/**
 * In timer mode, the request timeouts armed for the channels of one event loop, kept in deadline
 * order behind one wake on the timer, instead of one timer entry per request.
 *
 * <p>Why: a timer entry per request cost an offer to the wheel's queue, which every loop and the
 * timer's thread share, and another for its cancellation, for every request, although almost every
 * request completes long before its timeout. Here arming appends the task to a list and
 * cancelling unlinks it, under a lock only the loop's thread takes in the normal course (and the
 * timer's thread when the wake runs); the wake is scheduled for the earliest deadline and, while
 * requests keep completing, runs about once per timeout period.
 *
 * <p>Not in event-loop mode: there a timeout is a schedule on the loop made from the loop itself,
 * an insert into a queue no other thread touches, and its precision is what that mode promises;
 * jar against jar the lists took nothing measurable off that mode's CPU per request, while a
 * loaded run of the precision benchmark could not rule out a cost to its tail.
 *
 * <p>Order without sorting: requests armed with one budget arrive in deadline order, so the tasks
 * are kept in first-in first-out lanes ({@value #MAX_LANES} at most), each of one budget, and a
 * task joins a lane of its budget only when its deadline is not before the lane's last one, else
 * an empty lane. A task that fits none (a later hop of an exchange with an absolute deadline,
 * whose deadline is earlier than its budget says, once the lanes are taken; a fifth budget) is
 * scheduled on its own, as before. So every lane stays sorted, and its head is its earliest
 * deadline.
 *
 * <p>The wake:
 *
 * <pre>
 *   none --add(t), t earlier than the wake's deadline--&gt; scheduled(for t's deadline)
 *   scheduled --add(u), u earlier still--&gt; scheduled(for u; the old wake is cancelled, and stale
 *                                          if it runs anyway)
 *   scheduled --runs--&gt; takes out and runs every task whose deadline has come, again while more
 *                        came meanwhile, then scheduled(for the earliest head left) or none
 * </pre>
 *
 * A cancelled head does not move the wake: it runs at the old deadline, finds nothing due, and is
 * scheduled again for the head it finds. It runs on the timer, so an expiry is delivered on the
 * timer's thread, as before. Tasks taken out run their own
 * {@link TimeoutTask#run}: their compare-and-set against a cancel still decides, outside the
 * lock.
 *
 * <p>Threads: everything below is guarded by {@code this}; the lanes' links live in the tasks
 * ({@link RequestTimeout#prev}, {@link RequestTimeout#next}, {@link RequestTimeout#lane}).
 * {@link #add} runs on the arming thread, {@link #remove} on any cancelling thread, the wake on
 * the timer's thread.
 */
final class RequestDeadlines {
  static final int MAX_LANES = 4;
  private static final int MAX_ROUNDS = 16;

  /** Tasks of one budget, in deadline order. Guarded by the enclosing list. */
  static final class Lane {
    long budgetNanos;
    @Nullable RequestTimeout head;
    @Nullable RequestTimeout tail;
  }

  private final class Wake implements Runnable {
    /** The deadline it was scheduled for. */
    final long deadline;

    @Nullable Object handle;

    Wake(long deadline) {
      this.deadline = deadline;
    }

    @Override
    public void run() {
      expire(this);
    }
  }

  // immutable
  private final TimeoutScheduler scheduler;
  private final Lane[] lanes = new Lane[MAX_LANES];

  // guarded by this
  private @Nullable Wake wake;

  RequestDeadlines(TimeoutScheduler scheduler) {
    this.scheduler = scheduler;
    for (int i = 0; i < MAX_LANES; i++) {
      lanes[i] = new Lane();
    }
  }

  /**
   * Appends {@code task} to the lane of its budget and makes sure a wake comes by its deadline.
   * Returns false, having done nothing, when it fits no lane: the caller schedules it on its own.
   */
  synchronized boolean add(RequestTimeout task) {
    long deadline = task.deadlineNanos();
    Lane lane = laneFor(task.budgetNanos, deadline);
    if (lane == null) {
      return false;
    }
    RequestTimeout last = lane.tail;
    task.prev = last;
    task.next = null;
    task.lane = lane;
    if (last == null) {
      lane.head = task;
    } else {
      last.next = task;
    }
    lane.tail = task;
    Wake current = wake;
    if (current == null || deadline - current.deadline < 0) {
      scheduleWake(deadline, scheduler.ticker().nanoTime());
    }
    return true;
  }

  private @Nullable Lane laneFor(long budgetNanos, long deadline) {
    Lane empty = null;
    for (Lane lane : lanes) {
      RequestTimeout last = lane.tail;
      if (lane.budgetNanos == budgetNanos && (last == null || last.deadlineNanos() - deadline <= 0)) {
        return lane;
      }
      if (last == null && empty == null) {
        empty = lane;
      }
    }
    if (empty != null) {
      empty.budgetNanos = budgetNanos;
    }
    return empty;
  }

  /** Unlinks {@code task} if it is still in a lane; any thread, any number of times. */
  synchronized void remove(RequestTimeout task) {
    Lane lane = task.lane;
    if (lane != null) {
      unlink(lane, task);
    }
  }

  private void unlink(Lane lane, RequestTimeout task) {
    RequestTimeout before = task.prev;
    RequestTimeout after = task.next;
    if (before == null) {
      lane.head = after;
    } else {
      before.next = after;
    }
    if (after == null) {
      lane.tail = before;
    } else {
      after.prev = before;
    }
    task.prev = null;
    task.next = null;
    task.lane = null;
  }

  /**
   * The wake: takes out what is due and runs it, again while more has fallen due meanwhile (a
   * storm of timeouts, whose expiries take time; at most {@value #MAX_ROUNDS} rounds), then
   * schedules the next wake for the earliest deadline left.
   */
  private void expire(Wake w) {
    RuntimeException failed = null;
    for (int round = 1; ; round++) {
      RequestTimeout due;
      boolean last;
      synchronized (this) {
        if (wake != w) {
          break; // replaced by an earlier wake, which takes over
        }
        long now = scheduler.ticker().nanoTime();
        due = takeDue(now);
        last = due == null || round == MAX_ROUNDS;
        if (last) {
          wake = null;
          scheduleForEarliest(now);
        }
      }
      failed = runAll(due, failed);
      if (last) {
        break;
      }
    }
    if (failed != null) {
      throw failed; // for the timer to log
    }
  }

  /** Takes out every task whose deadline has come, in the order taken, chained through next. */
  private @Nullable RequestTimeout takeDue(long now) {
    RequestTimeout due = null;
    RequestTimeout lastDue = null;
    for (Lane lane : lanes) {
      RequestTimeout head;
      // Strictly due: a task behind the head is not taken early, though that costs it a wake of
      // its own when it is only microseconds behind.
      while ((head = lane.head) != null && head.deadlineNanos() - now <= 0) {
        unlink(lane, head);
        if (lastDue == null) {
          due = head;
        } else {
          lastDue.next = head;
        }
        lastDue = head;
      }
    }
    return due;
  }

  private void scheduleForEarliest(long now) {
    RequestTimeout earliest = null;
    for (Lane lane : lanes) {
      RequestTimeout head = lane.head;
      if (head != null && (earliest == null || head.deadlineNanos() - earliest.deadlineNanos() < 0)) {
        earliest = head;
      }
    }
    if (earliest != null) {
      scheduleWake(earliest.deadlineNanos(), now);
    }
  }

  /**
   * Runs the tasks of a chain {@link #takeDue} made, outside the lock. Each must run even if one
   * before it throws (an owner's expiry reaching a user's callback): the first failure is kept, the
   * later ones added to it.
   */
  private static @Nullable RuntimeException runAll(
      @Nullable RequestTimeout due, @Nullable RuntimeException failed) {
    RuntimeException first = failed;
    RequestTimeout task = due;
    while (task != null) {
      RequestTimeout following = task.next;
      task.next = null;
      try {
        task.run();
      } catch (RuntimeException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
      task = following;
    }
    return first;
  }

  private void scheduleWake(long deadline, long now) {
    Wake old = wake;
    Wake w = new Wake(deadline);
    wake = w;
    Object h = scheduler.onTimer(w, deadline - now);
    if (h == null) {
      wake = null; // the timer is stopped: the client is closing and ends its exchanges itself
    } else {
      w.handle = h;
    }
    if (old != null) {
      TimeoutScheduler.cancel(old.handle);
    }
  }

  /** How many tasks wait in the lanes (tests). */
  synchronized int size() {
    int size = 0;
    for (Lane lane : lanes) {
      for (RequestTimeout t = lane.head; t != null; t = t.next) {
        size++;
      }
    }
    return size;
  }
}

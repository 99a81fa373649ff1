package org.asynchttpclient.testing;

import io.netty.util.Timeout;
import io.netty.util.Timer;
import io.netty.util.TimerTask;
import io.netty.util.concurrent.MockTicker;
import io.netty.util.concurrent.Ticker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.netty.timeout.TickerTimer;
import org.jetbrains.annotations.Nullable;

/**
 * A timer that is also the clock: nothing fires until the test {@linkplain #advance advances} the
 * time, and then every task that fell due runs on the advancing thread, in deadline order (tasks
 * scheduled while advancing included, when due). Handed to a client as its {@code nettyTimer},
 * the engine reads its timeouts' clock from {@link #ticker()} too (see {@link TickerTimer}), so
 * tests decide exactly when and in which order timeouts fire, without sleeping.
 */
public final class ManualTimer implements TickerTimer {
  private final MockTicker clock = Ticker.newMockTicker();
  private final CountingTicker ticker = new CountingTicker(new HookedTicker());
  private final List<Entry> pending = new ArrayList<>();
  private long sequence;
  private boolean stopped;
  private volatile @Nullable Thread advancing;
  private volatile @Nullable Runnable onNextRead;

  /**
   * The clock as the engine sees it. A hook set with {@link #onNextReadWhileRunning} runs inside
   * the next read made by a task this timer is running: between a task's start and what it does
   * with the time, which is where a timeout decides whether it expired.
   */
  private final class HookedTicker implements Ticker {
    @Override
    public long initialNanoTime() {
      return clock.initialNanoTime();
    }

    @Override
    public long nanoTime() {
      Runnable hook = onNextRead;
      if (hook != null && Thread.currentThread() == advancing) {
        onNextRead = null;
        hook.run();
      }
      return clock.nanoTime();
    }

    @Override
    public void sleep(long delay, TimeUnit unit) throws InterruptedException {
      clock.sleep(delay, unit);
    }
  }

  private final class Entry implements Timeout {
    final TimerTask task;
    final long deadline;
    final long order;
    boolean cancelled;
    boolean expired;

    Entry(TimerTask task, long deadline, long order) {
      this.task = task;
      this.deadline = deadline;
      this.order = order;
    }

    @Override
    public Timer timer() {
      return ManualTimer.this;
    }

    @Override
    public TimerTask task() {
      return task;
    }

    @Override
    public boolean isExpired() {
      synchronized (ManualTimer.this) {
        return expired;
      }
    }

    @Override
    public boolean isCancelled() {
      synchronized (ManualTimer.this) {
        return cancelled;
      }
    }

    @Override
    public boolean cancel() {
      synchronized (ManualTimer.this) {
        if (expired || cancelled) {
          return false;
        }
        cancelled = true;
        pending.remove(this);
        return true;
      }
    }
  }

  @Override
  public Ticker ticker() {
    return ticker;
  }

  /** How many times the engine (or anyone) read {@link #ticker()} so far. */
  public long reads() {
    return ticker.reads();
  }

  /** The clock itself, to move time without running what falls due. */
  public MockTicker clock() {
    return clock;
  }

  /**
   * Runs {@code hook} once, inside the next clock read made by a task this timer runs (see {@link
   * HookedTicker}): a test's way to make something happen after a timeout started running and
   * before it acts.
   */
  public void onNextReadWhileRunning(Runnable hook) {
    this.onNextRead = hook;
  }

  @Override
  public synchronized Timeout newTimeout(TimerTask task, long delay, TimeUnit unit) {
    if (stopped) {
      throw new IllegalStateException("ManualTimer stopped");
    }
    Entry e = new Entry(task, clock.nanoTime() + Math.max(0, unit.toNanos(delay)), sequence++);
    pending.add(e);
    return e;
  }

  /** Advances the clock by {@code d} and runs what fell due, on this thread. */
  public void advance(Duration d) {
    clock.advance(d.toNanos(), TimeUnit.NANOSECONDS);
    runDue();
  }

  /** Runs what is due now without moving the clock. */
  public void runDue() {
    Thread previous = advancing;
    advancing = Thread.currentThread();
    try {
      runDueOnThisThread();
    } finally {
      advancing = previous;
    }
  }

  private void runDueOnThisThread() {
    for (int guard = 0; guard < 100_000; guard++) {
      Entry next;
      synchronized (this) {
        next =
            pending.stream()
                .filter(e -> e.deadline <= clock.nanoTime())
                .min(Comparator.<Entry>comparingLong(e -> e.deadline).thenComparingLong(e -> e.order))
                .orElse(null);
        if (next == null) {
          return;
        }
        pending.remove(next);
        next.expired = true;
      }
      try {
        next.task.run(next);
      } catch (Exception ex) {
        throw new IllegalStateException("timer task failed", ex);
      }
    }
    throw new IllegalStateException("more than 100000 timer tasks fell due: a task re-arms itself at once");
  }

  /** How many tasks wait (neither run nor cancelled). */
  public synchronized int pendingCount() {
    return pending.size();
  }

  /** The tasks that wait, earliest first. */
  public synchronized List<TimerTask> pendingTasks() {
    List<Entry> sorted = new ArrayList<>(pending);
    sorted.sort(Comparator.comparingLong(e -> e.deadline));
    List<TimerTask> tasks = new ArrayList<>();
    for (Entry e : sorted) {
      tasks.add(e.task);
    }
    return tasks;
  }

  @Override
  public synchronized Set<Timeout> stop() {
    stopped = true;
    Set<Timeout> left = Collections.unmodifiableSet(new HashSet<>(pending));
    pending.clear();
    return left;
  }
}

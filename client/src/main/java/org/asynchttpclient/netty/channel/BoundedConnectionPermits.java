package org.asynchttpclient.netty.channel;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.asynchttpclient.exception.TooManyConnectionsException;
import org.asynchttpclient.exception.TooManyConnectionsPerHostException;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.jetbrains.annotations.Nullable;

/**
 * Permits limited by {@code maxConnections} and {@code maxConnectionsPerHost}. When none is free,
 * a request waits up to {@code acquireFreeChannelTimeout} for one, without blocking any thread
 * (3.0.11 parks the caller's thread, which may be an event loop); with a zero wait it fails at once
 * with {@link TooManyConnectionsException} or {@link TooManyConnectionsPerHostException}.
 *
 * <p>Threads: any. State is guarded by {@code this}; callbacks run outside the lock.
 */
public final class BoundedConnectionPermits implements ConnectionPermits {

  private static final class Waiter {
    final Object key;
    final Callback callback;
    @Nullable Object timeout;

    Waiter(Object key, Callback callback) {
      this.key = key;
      this.callback = callback;
    }
  }

  // immutable
  private final int maxTotal;
  private final int maxPerKey;
  private final long acquireTimeoutNanos;
  private final TimeoutScheduler scheduler;

  // guarded by this
  private int total;
  /** Permits held per partition key; a key is removed with its last permit. */
  private final Map<Object, Integer> perKey = new HashMap<>();
  private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
  private @Nullable IOException closed;

  /**
   * @param maxTotal at most this many permits in all; zero or less: no limit
   * @param maxPerKey at most this many per partition key; zero or less: no limit
   * @param acquireTimeoutNanos how long a request may wait for a permit; zero or less: no wait
   */
  public BoundedConnectionPermits(
      int maxTotal, int maxPerKey, long acquireTimeoutNanos, TimeoutScheduler scheduler) {
    this.maxTotal = maxTotal;
    this.maxPerKey = maxPerKey;
    this.acquireTimeoutNanos = acquireTimeoutNanos;
    this.scheduler = scheduler;
  }

  @Override
  public void acquire(Object partitionKey, Callback callback) {
    IOException failure;
    synchronized (this) {
      if (closed != null) {
        failure = closed;
      } else if (tryTake(partitionKey)) {
        failure = null;
      } else if (acquireTimeoutNanos > 0) {
        Waiter w = new Waiter(partitionKey, callback);
        waiters.addLast(w);
        w.timeout = scheduler.onTimer(() -> expire(w), acquireTimeoutNanos);
        return;
      } else {
        failure = limitFailure();
      }
    }
    callback.accept(failure);
  }

  @Override
  public synchronized boolean tryAcquire(Object partitionKey) {
    return closed == null && waiters.isEmpty() && tryTake(partitionKey);
  }

  private IOException limitFailure() {
    if (maxTotal > 0 && total >= maxTotal) {
      return new TooManyConnectionsException(maxTotal);
    }
    return new TooManyConnectionsPerHostException(maxPerKey);
  }

  private void expire(Waiter w) {
    IOException failure;
    synchronized (this) {
      if (!waiters.remove(w)) {
        return;
      }
      failure = limitFailure();
    }
    w.callback.accept(failure);
  }

  // guarded by this
  private boolean tryTake(Object key) {
    if (maxTotal > 0 && total >= maxTotal) {
      return false;
    }
    int used = perKey.getOrDefault(key, 0);
    if (maxPerKey > 0 && used >= maxPerKey) {
      return false;
    }
    total++;
    perKey.put(key, used + 1);
    return true;
  }

  @Override
  public void release(Object partitionKey) {
    List<Waiter> granted = new ArrayList<>(1);
    synchronized (this) {
      Integer used = perKey.get(partitionKey);
      if (used == null) {
        throw new IllegalStateException(
            "permit released for " + partitionKey + " (expected one to be held)");
      }
      if (used == 1) {
        perKey.remove(partitionKey);
      } else {
        perKey.put(partitionKey, used - 1);
      }
      total--;
      Iterator<Waiter> it = waiters.iterator();
      while (it.hasNext()) {
        Waiter w = it.next();
        if (tryTake(w.key)) {
          it.remove();
          granted.add(w);
          if (maxTotal > 0 && total >= maxTotal) {
            break;
          }
        }
      }
    }
    for (Waiter w : granted) {
      TimeoutScheduler.cancel(w.timeout);
      w.callback.accept(null);
    }
  }

  @Override
  public synchronized boolean atGlobalLimit() {
    return maxTotal > 0 && total >= maxTotal;
  }

  @Override
  public void connectionIdle(Object partitionKey) {
    Waiter found = null;
    synchronized (this) {
      Iterator<Waiter> it = waiters.iterator();
      while (it.hasNext()) {
        Waiter w = it.next();
        if (w.key.equals(partitionKey)) {
          it.remove();
          found = w;
          break;
        }
      }
    }
    if (found != null) {
      TimeoutScheduler.cancel(found.timeout);
      found.callback.idleConnectionOffered();
    }
  }

  @Override
  public void close(IOException cause) {
    List<Waiter> failed;
    synchronized (this) {
      closed = cause;
      failed = new ArrayList<>(waiters);
      waiters.clear();
    }
    for (Waiter w : failed) {
      TimeoutScheduler.cancel(w.timeout);
      w.callback.accept(cause);
    }
  }

  /** Permits currently held, for tests and stats. */
  public synchronized int held() {
    return total;
  }

  /**
   * Partition keys with a permit held: a key leaves the count with its last permit, so a client
   * that called many hosts keeps nothing for those it no longer has a connection to (tests).
   */
  synchronized int keysTracked() {
    return perKey.size();
  }
}

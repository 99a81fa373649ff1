package org.asynchttpclient.netty.h2;

import io.netty.util.concurrent.Ticker;
import java.util.function.LongSupplier;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.netty.channel.DefaultChannelPool;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.asynchttpclient.netty.timeout.TimeoutValues;
import org.jetbrains.annotations.Nullable;

/**
 * How long an HTTP/2 connection may live, from the options an HTTP/1.1 pooled connection obeys:
 *
 * <ul>
 *   <li>{@code pooledConnectionIdleTimeout}: a connection with no open stream for that long
 *       closes (GOAWAY NO_ERROR, then close) and leaves its partition;
 *   <li>{@code connectionTtl}: once that long has passed since the connection was made, it takes
 *       no new stream (the next request opens a new connection) and closes when its last stream
 *       ends;
 *   <li>{@code keepAlive} false: a connection closes when its last stream ends.
 * </ul>
 *
 * Zero or negative durations mean no limit, as for the HTTP/1.1 pool. Time is read from the
 * engine's {@link Ticker}; the checks themselves run on the connection's event loop and decide
 * under the partition's monitor (see {@link H2Partition}), so that a request arriving as the
 * connection ends either gets its stream before the connection is marked DRAINING or opens a new
 * one, never a stream on a closing connection.
 *
 * <p>Threads: any; immutable.
 */
final class H2Lifetime {
  // immutable
  private final TimeoutScheduler scheduler;
  private final Ticker ticker;
  private final long idleNanos;
  private final long ttlNanos;
  private final boolean keepAlive;

  H2Lifetime(AsyncHttpClientConfig config, TimeoutScheduler scheduler) {
    this.scheduler = scheduler;
    this.ticker = scheduler.ticker();
    this.idleNanos = TimeoutValues.poolNanos(config.getPooledConnectionIdleTimeout());
    this.ttlNanos = TimeoutValues.poolNanos(config.getConnectionTtl());
    this.keepAlive = config.isKeepAlive();
  }

  /** Arms the TTL check of a new connection, if the client has a TTL; on the connection's loop. */
  void armTtl(H2Partition p, H2Connection c) {
    if (ttlNanos > 0) {
      after(c, ttlLeft(c), () -> retireIfExpired(p, c));
    }
  }

  /**
   * Runs {@code check} on {@code c}'s loop after {@code delayNanos} (the engine's loop timer, so a
   * test's manual clock drives it); a positive result is the time to run it again after.
   */
  private void after(H2Connection c, long delayNanos, LongSupplier check) {
    scheduler.onLoop(
        c.loop(),
        () -> {
          long left = check.getAsLong();
          if (left > 0) {
            after(c, left, check);
          }
        },
        delayNanos);
  }

  /** When the connection on {@code channel} was made, as the HTTP/1.1 pool counts its TTL. */
  long createdAt(io.netty.channel.Channel channel) {
    Long created = channel.attr(DefaultChannelPool.CREATED_AT).get();
    return created != null ? created : ticker.nanoTime();
  }

  /** Nanoseconds of idleness left before {@code c} closes; guarded by the partition. */
  long idleLeft(H2Connection c) {
    return idleNanos - (ticker.nanoTime() - c.idleSinceNanos);
  }

  /** Nanoseconds left before {@code c} passes its TTL; Long.MAX_VALUE without one. */
  long ttlLeft(H2Connection c) {
    return ttlNanos > 0 ? ttlNanos - (ticker.nanoTime() - c.createdNanos) : Long.MAX_VALUE;
  }

  /** Whether {@code c} must take no new stream now and close once it has none. */
  boolean expired(H2Connection c) {
    return ttlLeft(c) <= 0;
  }

  /** What a connection left with no stream must do once the monitor is released. */
  static final class Quiet {
    static final Quiet NOTHING = new Quiet(false, false, null);
    final boolean close;
    final boolean armIdleCheck;
    final @Nullable H2Waiter next;

    Quiet(boolean close, boolean armIdleCheck, @Nullable H2Waiter next) {
      this.close = close;
      this.armIdleCheck = armIdleCheck;
      this.next = next;
    }
  }

  /**
   * Decides what an OPEN connection of {@code p} with no stream does: drain and close (keepAlive
   * off, TTL passed), or wait idle from now, with one idle check armed. Holding {@code p}'s monitor.
   */
  Quiet quietLocked(H2Partition p, H2Connection c) {
    if (c.state != H2Connection.State.OPEN || c.active > 0) {
      return Quiet.NOTHING;
    }
    if (!keepAlive || expired(c)) {
      return new Quiet(true, false, p.detach(c));
    }
    c.idleSinceNanos = ticker.nanoTime();
    if (idleNanos <= 0 || c.idleCheckArmed) {
      return Quiet.NOTHING;
    }
    c.idleCheckArmed = true;
    return new Quiet(false, true, null);
  }

  /** Carries out {@code quiet} once {@code p}'s monitor is released. */
  void afterQuiet(H2Partition p, H2Connection c, Quiet quiet) {
    p.resume(quiet.next);
    if (quiet.close) {
      p.actions.close(c);
    }
    if (quiet.armIdleCheck) {
      after(c, idleLeft(c), () -> retireIfIdle(p, c));
    }
  }

  /**
   * The idle check of {@code c}, on its loop: still idle for the whole idle
   * timeout, it leaves the partition and closes, and 0 is returned; idle for less, the idleness
   * still to wait (the check stays armed); busy again, 0 (its next last stream arms a new check).
   */
  private long retireIfIdle(H2Partition p, H2Connection c) {
    assert c.loop().inEventLoop() : "idle checks run on the connection's loop";
    H2Waiter next;
    synchronized (p) {
      c.idleCheckArmed = false;
      if (c.state != H2Connection.State.OPEN || c.active > 0) {
        return 0;
      }
      long left = idleLeft(c);
      if (left > 0) {
        c.idleCheckArmed = true;
        return left;
      }
      next = p.detach(c);
    }
    p.resume(next);
    p.actions.close(c);
    return 0;
  }

  /**
   * The TTL check of {@code c}, on its loop: past its TTL it takes no new stream
   * and closes once it has none, and 0 is returned; else the time left to its TTL.
   */
  private long retireIfExpired(H2Partition p, H2Connection c) {
    assert c.loop().inEventLoop() : "TTL checks run on the connection's loop";
    H2Waiter next;
    synchronized (p) {
      if (c.state != H2Connection.State.OPEN && c.state != H2Connection.State.PREFACE) {
        return 0;
      }
      long left = ttlLeft(c);
      if (left > 0) {
        return left;
      }
      next = p.detach(c);
    }
    p.resume(next);
    p.drainedOrIdle(c);
    return 0;
  }
}

package org.asynchttpclient.netty.h2;

import io.netty.util.concurrent.Ticker;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.netty.channel.DefaultChannelPool;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.asynchttpclient.netty.timeout.TimeoutValues;

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

  long now() {
    return ticker.nanoTime();
  }

  /**
   * Checks after the idle timeout, on {@code c}'s loop, whether {@code c} has stayed idle; again
   * for what is left while it has been idle for less ({@link H2Partition#retireIfIdle}).
   */
  void armIdleCheck(H2Partition p, H2Connection c, long delayNanos) {
    after(c, delayNanos, () -> p.retireIfIdle(c), next -> armIdleCheck(p, c, next));
  }

  /** Arms the TTL check of a new connection, if the client has a TTL; on the connection's loop. */
  void armTtl(H2Partition p, H2Connection c) {
    if (hasTtl()) {
      armTtl(p, c, ttlLeft(c));
    }
  }

  private void armTtl(H2Partition p, H2Connection c, long delayNanos) {
    after(c, delayNanos, () -> p.retireIfExpired(c), next -> armTtl(p, c, next));
  }

  /**
   * Runs {@code check} on {@code c}'s loop after {@code delayNanos} (the engine's loop timer, so a
   * test's manual clock drives it); a positive result is the time to check again after.
   */
  private void after(H2Connection c, long delayNanos, LongSupplier check, LongConsumer again) {
    scheduler.onLoop(
        c.loop(),
        () -> {
          long left = check.getAsLong();
          if (left > 0) {
            again.accept(left);
          }
        },
        delayNanos);
  }

  /** When the connection on {@code channel} was made, as the HTTP/1.1 pool counts its TTL. */
  long createdAt(io.netty.channel.Channel channel) {
    Long created = channel.attr(DefaultChannelPool.CREATED_AT).get();
    return created != null ? created : now();
  }

  boolean hasIdleTimeout() {
    return idleNanos > 0;
  }

  boolean hasTtl() {
    return ttlNanos > 0;
  }

  /** Nanoseconds of idleness left before {@code c} closes; guarded by the partition. */
  long idleLeft(H2Connection c) {
    return idleNanos - (now() - c.idleSinceNanos);
  }

  /** Nanoseconds left before {@code c} passes its TTL; Long.MAX_VALUE without one. */
  long ttlLeft(H2Connection c) {
    return ttlNanos > 0 ? ttlNanos - (now() - c.createdNanos) : Long.MAX_VALUE;
  }

  /** Whether {@code c} must take no new stream now and close once it has none. */
  boolean expired(H2Connection c) {
    return ttlLeft(c) <= 0;
  }

  /** Whether a connection whose last stream just ended closes rather than waits idle. */
  boolean closesWhenQuiet(H2Connection c) {
    return !keepAlive || expired(c);
  }
}

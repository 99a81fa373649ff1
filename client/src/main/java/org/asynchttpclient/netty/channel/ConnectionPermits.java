package org.asynchttpclient.netty.channel;

import java.io.IOException;
import java.util.function.Consumer;
import org.jetbrains.annotations.Nullable;

/**
 * The permits that bound how many connections are open at once, in total and per partition, idle
 * ones included, as in 3.0.11. A permit is taken before a new connection is opened and given back
 * when it closes: the exchange using the connection holds it ({@code Exchange#releasePermit}), an
 * idle or handed-over connection has it parked on its channel ({@link ParkedPermit}). Reusing a
 * pooled connection takes no new permit.
 */
public interface ConnectionPermits {

  /** Receives the outcome of {@link #acquire}: {@code null} when the permit was granted. */
  interface Callback extends Consumer<@Nullable IOException> {
    /**
     * Instead of a permit: a connection of the waiter's partition just went idle in the pool (see
     * {@link #connectionIdle}); the waiter no longer waits and should take that connection. The
     * default treats it as no news and is never called by {@link #UNLIMITED}.
     */
    default void idleConnectionOffered() {}
  }

  /**
   * Takes a permit for {@code partitionKey} and calls {@code callback} exactly once: with {@code
   * null} once the permit is granted, or with the failure. The callback may run on the calling
   * thread, on the thread releasing a permit, or on the timer.
   */
  void acquire(Object partitionKey, Callback callback);

  /**
   * Takes a permit for {@code partitionKey} only if one is free now, without waiting; false
   * otherwise (then {@link #acquire} waits for one).
   */
  boolean tryAcquire(Object partitionKey);

  void release(Object partitionKey);

  /**
   * A connection of {@code partitionKey} went idle in the pool with its permit parked: one
   * waiter for that partition, if any, is told to take it ({@link Callback#idleConnectionOffered})
   * rather than wait for a connection to close. 3.0.11 leaves such a waiter waiting until its
   * {@code acquireFreeChannelTimeout} ends, beside an idle connection it could use.
   */
  default void connectionIdle(Object partitionKey) {}

  /** Whether every permit of the global limit ({@code maxConnections}) is taken. */
  default boolean atGlobalLimit() {
    return false;
  }

  /** Fails every waiter; called when the client closes. */
  void close(IOException cause);

  /** No limits: nothing to count. */
  ConnectionPermits UNLIMITED =
      new ConnectionPermits() {
        @Override
        public void acquire(Object partitionKey, Callback callback) {
          callback.accept(null);
        }

        @Override
        public boolean tryAcquire(Object partitionKey) {
          return true;
        }

        @Override
        public void release(Object partitionKey) {}

        @Override
        public void close(IOException cause) {}
      };
}

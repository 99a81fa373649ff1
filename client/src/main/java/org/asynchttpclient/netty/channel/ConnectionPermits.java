package org.asynchttpclient.netty.channel;

import java.io.IOException;
import java.util.function.Consumer;
import org.jetbrains.annotations.Nullable;

/**
 * The permits that bound how many exchanges hold a connection at once, in total and per
 * partition. A permit is taken before a pooled channel is polled or a new one opened, and given
 * back once when the exchange ends (see {@code Exchange#releasePermit}).
 */
public interface ConnectionPermits {

  /** Receives the outcome of {@link #acquire}: {@code null} when the permit was granted. */
  interface Callback extends Consumer<@Nullable IOException> {}

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

package org.asynchttpclient.netty.channel;

import java.io.IOException;

/**
 * Adapts a user's {@link ConnectionSemaphore} (from a {@link ConnectionSemaphoreFactory} set on the
 * config) to {@link ConnectionPermits}. The user's semaphore may block the calling thread while it
 * waits, as in 3.0.11.
 */
public final class SemaphoreFactoryPermits implements ConnectionPermits {
  private final ConnectionSemaphore semaphore;

  public SemaphoreFactoryPermits(ConnectionSemaphore semaphore) {
    this.semaphore = semaphore;
  }

  @Override
  public void acquire(Object partitionKey, Callback callback) {
    try {
      semaphore.acquireChannelLock(partitionKey);
    } catch (IOException e) {
      callback.accept(e);
      return;
    }
    callback.accept(null);
  }

  /** A user's semaphore has no way to try without waiting: always through {@link #acquire}. */
  @Override
  public boolean tryAcquire(Object partitionKey) {
    return false;
  }

  @Override
  public void release(Object partitionKey) {
    semaphore.releaseChannelLock(partitionKey);
  }

  @Override
  public void close(IOException cause) {}
}

package org.asynchttpclient.netty.channel;

import io.netty.channel.EventLoopGroup;
import java.io.IOException;

/**
 * Adapts a user's {@link ConnectionSemaphore} (from a {@link ConnectionSemaphoreFactory} set on the
 * config) to {@link ConnectionPermits}. Called on one of the client's event loops (a redirect, a
 * retry or an auth replay continues there), it asks with {@code nonBlocking} true, as AHC 3.0.12
 * does: a semaphore that waited there would stall every connection of that loop, the one that would
 * give the permit back included. Elsewhere (the caller's thread in {@code execute}) it may block
 * while it waits, as in 3.0.11. A semaphore that keeps the default {@link
 * ConnectionSemaphore#acquireChannelLock(Object, boolean)} ignores the hint.
 */
public final class SemaphoreFactoryPermits implements ConnectionPermits {
  private final ConnectionSemaphore semaphore;
  private final EventLoopGroup group;

  public SemaphoreFactoryPermits(ConnectionSemaphore semaphore, EventLoopGroup group) {
    this.semaphore = semaphore;
    this.group = group;
  }

  @Override
  public void acquire(Object partitionKey, Callback callback) {
    try {
      semaphore.acquireChannelLock(partitionKey, CallerLoop.isOneOf(group));
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

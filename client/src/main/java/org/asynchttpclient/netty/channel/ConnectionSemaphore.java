package org.asynchttpclient.netty.channel;

import java.io.IOException;

/**
 * Limits how many connections a client opens. A permit is taken before a connection is opened or
 * reused and given back once the exchange that held it ends.
 */
public interface ConnectionSemaphore {
  /**
   * Takes a permit for the given partition key.
   *
   * @throws IOException when no permit can be had (too many connections, in total or per host)
   */
  void acquireChannelLock(Object partitionKey) throws IOException;

  /**
   * Takes a permit for the given partition key, without waiting when {@code nonBlocking}: then, with
   * no permit free, it throws at once. The client passes {@code true} when it asks from one of its
   * event loops (a redirect, retry or auth replay continues there), where waiting would stall every
   * connection of that loop; {@code false} from any other thread. Added in AHC 3.0.12; this default
   * ignores the hint and calls {@link #acquireChannelLock(Object)}, so an implementation written for
   * 3.0.11 behaves as before.
   *
   * @param partitionKey the partition key
   * @param nonBlocking whether to fail at once rather than wait for a permit
   * @throws IOException when no permit can be had (too many connections, in total or per host)
   */
  default void acquireChannelLock(Object partitionKey, boolean nonBlocking) throws IOException {
    acquireChannelLock(partitionKey);
  }

  /** Gives back a permit taken with {@link #acquireChannelLock(Object)} for the same key. */
  void releaseChannelLock(Object partitionKey);
}

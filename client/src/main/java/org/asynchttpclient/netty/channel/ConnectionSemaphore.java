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

  /** Gives back a permit taken with {@link #acquireChannelLock(Object)} for the same key. */
  void releaseChannelLock(Object partitionKey);
}

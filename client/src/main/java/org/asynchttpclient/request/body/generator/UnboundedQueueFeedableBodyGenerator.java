package org.asynchttpclient.request.body.generator;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A feedable generator with an unbounded queue: {@link #feed} always accepts. Memory is bounded only
 * by how fast the connection drains what the application feeds.
 */
public final class UnboundedQueueFeedableBodyGenerator
    extends QueueBasedFeedableBodyGenerator<ConcurrentLinkedQueue<BodyChunk>> {

  /** Creates a generator with an empty queue. */
  public UnboundedQueueFeedableBodyGenerator() {
    super(new ConcurrentLinkedQueue<>());
  }

  @Override
  protected boolean offer(BodyChunk chunk) {
    return queue.offer(chunk);
  }
}

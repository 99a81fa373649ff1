package org.asynchttpclient.request.body.generator;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A feedable generator whose queue holds at most {@code capacity} chunks. As in AHC 3.0.11,
 * {@link #feed} does not block: it returns {@code false} when the queue is full, and the caller keeps
 * the buffer and may feed it again later.
 */
public final class BoundedQueueFeedableBodyGenerator
    extends QueueBasedFeedableBodyGenerator<BlockingQueue<BodyChunk>> {

  /**
   * Creates a generator with room for {@code capacity} chunks.
   *
   * @param capacity the queue capacity, at least 1
   */
  public BoundedQueueFeedableBodyGenerator(int capacity) {
    super(new ArrayBlockingQueue<>(checkCapacity(capacity), true));
  }

  private static int checkCapacity(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity: " + capacity + " (expected >= 1)");
    }
    return capacity;
  }

  @Override
  protected boolean offer(BodyChunk chunk) throws InterruptedException {
    return queue.offer(chunk);
  }
}

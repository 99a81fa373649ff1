package org.asynchttpclient.request.body.generator;

import io.netty.buffer.ByteBuf;
import java.util.Objects;
import java.util.Queue;
import org.asynchttpclient.request.body.Body;
import org.jetbrains.annotations.Nullable;

/**
 * A feedable generator backed by a queue of chunks. {@link #feed} may be called from any thread;
 * the body created by {@link #createBody()} drains the same queue, so there is one body per
 * generator in practice and it cannot be replayed.
 *
 * <p>Chunks fed before the body is created wait in the queue. Each holds a reference of the
 * generator's own to its buffer (see {@link FeedableBodyGenerator#feed}), released once the chunk is
 * written; if the body is closed (request finished, failed or cancelled), chunks still queued and
 * chunks fed later let go of theirs.
 *
 * @param <T> the queue type
 */
public abstract class QueueBasedFeedableBodyGenerator<T extends Queue<BodyChunk>>
    implements FeedableBodyGenerator {

  /** The chunks fed and not yet written. */
  protected final T queue;

  // Any thread: set by the transport, read by feeding threads.
  private volatile @Nullable FeedListener listener;
  private volatile @Nullable PushBody body;

  /**
   * Creates a generator over {@code queue}.
   *
   * @param queue the queue; must be safe for concurrent producers and one consumer
   */
  protected QueueBasedFeedableBodyGenerator(T queue) {
    this.queue = Objects.requireNonNull(queue, "queue");
  }

  @Override
  public Body createBody() {
    PushBody created = new PushBody(queue);
    body = created;
    return created;
  }

  /**
   * Adds a chunk to the queue.
   *
   * @param chunk the chunk
   * @return whether the chunk was accepted
   * @throws Exception if the queue refused it with an error
   */
  protected abstract boolean offer(BodyChunk chunk) throws Exception;

  @Override
  public boolean feed(ByteBuf buffer, boolean isLast) throws Exception {
    Objects.requireNonNull(buffer, "buffer");
    // The queue's own reference: the caller keeps (and releases) the one it fed with.
    buffer.retain();
    boolean offered;
    try {
      offered = offer(new BodyChunk(buffer, isLast));
    } catch (Exception e) {
      buffer.release();
      FeedListener current = listener;
      if (current != null) {
        current.onError(e);
      }
      throw e;
    }
    if (!offered) {
      buffer.release();
      return false;
    }
    PushBody current = body;
    if (current != null) {
      current.releaseIfClosed();
    }
    FeedListener currentListener = listener;
    if (currentListener != null) {
      currentListener.onContentAdded();
    }
    return true;
  }

  @Override
  public void setListener(FeedListener listener) {
    this.listener = listener;
  }
}

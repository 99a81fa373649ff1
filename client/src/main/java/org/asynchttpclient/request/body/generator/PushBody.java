package org.asynchttpclient.request.body.generator;

import io.netty.buffer.ByteBuf;
import java.util.Objects;
import java.util.Queue;
import org.asynchttpclient.request.body.Body;

/**
 * A body drained from a queue of {@link BodyChunk}s that producers fill, typically through a
 * {@link QueueBasedFeedableBodyGenerator}.
 *
 * <p>Each queued chunk holds one reference to its buffer for the body (a {@link
 * QueueBasedFeedableBodyGenerator} takes it when the chunk is fed): the body releases it exactly once,
 * when the chunk has been copied out completely or when the body is closed with the chunk still
 * queued.
 *
 * <p>Threads: producers only add to the queue, which must therefore be safe for one consumer and
 * concurrent producers (for example {@code ConcurrentLinkedQueue} or {@code ArrayBlockingQueue}).
 * Draining and closing happen under this object's monitor, so a producer that discovers the body
 * closed can release late chunks without racing the writer.
 *
 * <pre>
 *   DRAINING --last chunk copied--> FINISHED
 *   DRAINING | FINISHED --close()--> CLOSED (queued chunks released)
 * </pre>
 */
public final class PushBody implements Body {

  private final Queue<BodyChunk> queue;

  // Guarded by this.
  private boolean finished;
  private boolean closed;

  /**
   * Creates a body that drains {@code queue}.
   *
   * @param queue the chunks to send, in order
   */
  public PushBody(Queue<BodyChunk> queue) {
    this.queue = Objects.requireNonNull(queue, "queue");
  }

  @Override
  public long getContentLength() {
    return -1L;
  }

  @Override
  public synchronized BodyState transferTo(ByteBuf target) {
    if (finished || closed) {
      return BodyState.STOP;
    }
    boolean wrote = false;
    while (target.isWritable()) {
      BodyChunk chunk = queue.peek();
      if (chunk == null) {
        return wrote ? BodyState.CONTINUE : BodyState.SUSPEND;
      }
      ByteBuf source = chunk.buffer;
      int count = Math.min(source.readableBytes(), target.writableBytes());
      if (count > 0) {
        target.writeBytes(source, count);
        wrote = true;
      }
      if (source.isReadable()) {
        // The target is full; the rest of this chunk goes into the next buffer.
        break;
      }
      queue.poll();
      source.release();
      if (chunk.last) {
        finished = true;
        return wrote ? BodyState.CONTINUE : BodyState.STOP;
      }
    }
    return BodyState.CONTINUE;
  }

  /** Releases every chunk still queued; later transfers report {@link BodyState#STOP}. */
  @Override
  public synchronized void close() {
    closed = true;
    releaseQueued();
  }

  /**
   * Called by a producer after queuing: if the body is already closed nobody will drain the chunk,
   * so it is released here.
   */
  synchronized void releaseIfClosed() {
    if (closed) {
      releaseQueued();
    }
  }

  private void releaseQueued() {
    BodyChunk chunk;
    while ((chunk = queue.poll()) != null) {
      chunk.buffer.release();
    }
  }
}

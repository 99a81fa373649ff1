package org.asynchttpclient.request.body.generator;

import io.netty.buffer.ByteBuf;

/**
 * A generator whose content is pushed by the application, possibly from another thread, while the
 * request is being written. Its bodies cannot be replayed.
 */
public interface FeedableBodyGenerator extends BodyGenerator {

  /**
   * Queues a chunk of the body.
   *
   * <p>When this returns {@code true} the generator owns {@code buffer} and releases it once it has
   * been written or the body is closed. When it returns {@code false} or throws, the caller still
   * owns it.
   *
   * @param buffer the bytes to send
   * @param isLast whether this is the final chunk
   * @return whether the chunk was accepted ({@code false} when a bounded queue is full)
   * @throws Exception if queuing failed
   */
  boolean feed(ByteBuf buffer, boolean isLast) throws Exception;

  /**
   * Sets the listener told about fed chunks; the transport installs its own when it starts writing.
   *
   * @param listener the listener
   */
  void setListener(FeedListener listener);
}

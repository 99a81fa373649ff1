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
   * <p>The caller's reference to {@code buffer} stays the caller's, as in 3.0.11 (which never
   * released a fed buffer): a pooled buffer is released by its caller when it is done with it, even
   * right after feeding it. When this returns {@code true} the generator has taken a reference of its
   * own ({@code retain()}), which it releases once the buffer has been written or the body is
   * closed; when it returns {@code false} or throws, it has taken none. The generator reads the
   * buffer itself, so its reader index moves as it is written.
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

package org.asynchttpclient;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;

/**
 * One chunk of a response body. An implementation may wrap a pooled buffer that is only valid during the
 * {@link AsyncHandler#onBodyPartReceived(HttpResponseBodyPart)} call it is handed to.
 */
public abstract class HttpResponseBodyPart {

  private final boolean last;

  /** @param last whether this is the final chunk of the body */
  protected HttpResponseBodyPart(boolean last) {
    this.last = last;
  }

  /** The number of bytes in this chunk. */
  public abstract int length();

  /** The chunk's bytes as an array. */
  public abstract byte[] getBodyPartBytes();

  /** The chunk's bytes as a {@link ByteBuffer}. */
  public abstract ByteBuffer getBodyByteBuffer();

  /** The chunk's bytes as a {@link ByteBuf}; do not release it, the client owns it. */
  public abstract ByteBuf getBodyByteBuf();

  /** Whether this is the final chunk of the body. */
  public boolean isLast() {
    return last;
  }
}

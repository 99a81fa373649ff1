package org.asynchttpclient.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import org.asynchttpclient.HttpResponseBodyPart;

/**
 * A body part holding its own copy of the bytes, taken at construction: it stays valid after the
 * network buffer is released, on any thread. Made by
 * {@link org.asynchttpclient.AsyncHttpClientConfig.ResponseBodyPartFactory#EAGER}.
 */
public class EagerResponseBodyPart extends HttpResponseBodyPart {

  private final byte[] bytes;

  /** Copies the readable bytes of {@code buf} without moving its indices or its reference count. */
  public EagerResponseBodyPart(ByteBuf buf, boolean last) {
    super(last);
    this.bytes = ByteBufUtil.getBytes(buf);
  }

  /** The part's own array, not a copy: callers must not modify it. */
  @Override
  public byte[] getBodyPartBytes() {
    return bytes;
  }

  @Override
  public int length() {
    return bytes.length;
  }

  /** A read-only view of the part's bytes. */
  @Override
  public ByteBuffer getBodyByteBuffer() {
    return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
  }

  /** An unpooled buffer over the part's bytes; releasing it is optional. */
  @Override
  public ByteBuf getBodyByteBuf() {
    return Unpooled.wrappedBuffer(bytes);
  }
}

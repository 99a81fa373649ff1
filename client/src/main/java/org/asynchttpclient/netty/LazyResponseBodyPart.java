package org.asynchttpclient.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.ByteBuffer;
import org.asynchttpclient.HttpResponseBodyPart;

/**
 * A body part that borrows the network buffer, without copying or retaining it: it is valid only
 * during the handler callback that receives it, on that callback's thread. Keep nothing from it
 * past the callback unless copied ({@link #getBodyPartBytes()} copies). Made by
 * {@link org.asynchttpclient.AsyncHttpClientConfig.ResponseBodyPartFactory#LAZY}.
 */
public class LazyResponseBodyPart extends HttpResponseBodyPart {

  private final ByteBuf buf;

  /** Wraps {@code buf} as it is; the caller keeps ownership and releases it after the callback. */
  public LazyResponseBodyPart(ByteBuf buf, boolean last) {
    super(last);
    this.buf = buf;
  }

  /** The borrowed buffer itself: do not release it, and do not use it after the callback. */
  @Override
  public ByteBuf getBodyByteBuf() {
    return buf;
  }

  @Override
  public int length() {
    return buf.readableBytes();
  }

  /** A copy of the readable bytes, safe to keep. */
  @Override
  public byte[] getBodyPartBytes() {
    return ByteBufUtil.getBytes(buf);
  }

  /** A view sharing the borrowed buffer's memory: valid only during the callback. */
  @Override
  public ByteBuffer getBodyByteBuffer() {
    return buf.nioBuffer();
  }
}

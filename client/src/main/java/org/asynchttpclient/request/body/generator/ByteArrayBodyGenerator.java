package org.asynchttpclient.request.body.generator;

import io.netty.buffer.ByteBuf;
import java.util.Objects;
import org.asynchttpclient.request.body.Body;

/**
 * A replayable generator over a byte array. The array is not copied: do not change it while a
 * request using it may still be sent.
 */
public final class ByteArrayBodyGenerator implements BodyGenerator {

  private final byte[] bytes;

  /**
   * Creates a generator over {@code bytes}.
   *
   * @param bytes the body content
   */
  public ByteArrayBodyGenerator(byte[] bytes) {
    this.bytes = Objects.requireNonNull(bytes, "bytes");
  }

  @Override
  public Body createBody() {
    return new ByteBody();
  }

  /** A cursor over the generator's array; used by one thread at a time. */
  public final class ByteBody implements Body {

    private int position;

    /** Creates a cursor at the start of the array. */
    protected ByteBody() {}

    @Override
    public long getContentLength() {
      return bytes.length;
    }

    @Override
    public BodyState transferTo(ByteBuf target) {
      int remaining = bytes.length - position;
      if (remaining == 0) {
        return BodyState.STOP;
      }
      int count = Math.min(remaining, target.writableBytes());
      target.writeBytes(bytes, position, count);
      position += count;
      return BodyState.CONTINUE;
    }

    @Override
    public void close() {
      // Nothing to release: the array belongs to the generator.
    }
  }
}

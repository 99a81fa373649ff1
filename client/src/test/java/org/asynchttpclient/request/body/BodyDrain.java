package org.asynchttpclient.request.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import org.asynchttpclient.request.body.Body.BodyState;

/** Test helpers that read bodies completely through small buffers or slow channels. */
public final class BodyDrain {

  private BodyDrain() {}

  /**
   * Reads {@code body} to the end through buffers of {@code chunkSize} bytes that cannot grow, as a
   * writer does: the bytes of every call count, those of the call that says STOP included (AHC
   * 3.0.12's contract). Checks that a synchronous body never suspends, and that a call after STOP
   * says STOP again with nothing written.
   */
  public static byte[] drain(Body body, int chunkSize) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int calls = 0; ; calls++) {
      assertTrue(calls < 1_000_000, "body never reported STOP");
      ByteBuf target = Unpooled.buffer(chunkSize, chunkSize);
      try {
        BodyState state = body.transferTo(target);
        assertNotEquals(BodyState.SUSPEND, state, "a synchronous body suspended");
        byte[] chunk = new byte[target.readableBytes()];
        target.readBytes(chunk);
        out.write(chunk);
        if (state == BodyState.STOP) {
          target.clear();
          assertEquals(BodyState.STOP, body.transferTo(target), "a call after STOP");
          assertEquals(0, target.readableBytes(), "bytes written after STOP");
          return out.toByteArray();
        }
      } finally {
        target.release();
      }
    }
  }

  /** Reads {@code body} to the end through a channel that accepts {@code perWrite} bytes a call. */
  public static byte[] drain(RandomAccessBody body, SlowChannel channel) throws IOException {
    for (int calls = 0; ; calls++) {
      assertTrue(calls < 1_000_000, "body never reported the end");
      long written = body.transferTo(channel);
      if (written < 0) {
        return channel.bytes();
      }
    }
  }

  /** A channel that takes at most a fixed number of bytes per write, like a busy socket. */
  public static final class SlowChannel implements WritableByteChannel {
    private final int perWrite;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private boolean open = true;

    public SlowChannel(int perWrite) {
      this.perWrite = perWrite;
    }

    @Override
    public int write(ByteBuffer src) {
      int count = Math.min(perWrite, src.remaining());
      for (int i = 0; i < count; i++) {
        out.write(src.get());
      }
      return count;
    }

    @Override
    public boolean isOpen() {
      return open;
    }

    @Override
    public void close() {
      open = false;
    }

    public byte[] bytes() {
      return out.toByteArray();
    }
  }
}

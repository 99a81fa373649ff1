package org.asynchttpclient.netty.request.body;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import org.asynchttpclient.request.body.RandomAccessBody;
import org.junit.jupiter.api.Test;

class RandomAccessBodyRegionTest {

  /** Writes its content in slices of at most {@code step} bytes per call, like a socket taking partial writes. */
  private static final class SlicedBody implements RandomAccessBody {
    private final byte[] content;
    private final long declared;
    private final int step;
    private int position;
    boolean closed;

    SlicedBody(String content, long declared, int step) {
      this.content = content.getBytes(US_ASCII);
      this.declared = declared;
      this.step = step;
    }

    @Override
    public long getContentLength() {
      return declared;
    }

    @Override
    public BodyState transferTo(ByteBuf target) {
      throw new UnsupportedOperationException("region path only");
    }

    @Override
    public long transferTo(WritableByteChannel target) throws IOException {
      if (position == content.length) {
        return -1;
      }
      int n = Math.min(step, content.length - position);
      target.write(ByteBuffer.wrap(content, position, n));
      position += n;
      return n;
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  @Test
  void transfersTheWholeBodyAcrossPartialWritesAndClosesItOnRelease() throws IOException {
    SlicedBody body = new SlicedBody("multipart-bytes", 15, 4);
    RandomAccessBodyRegion region = new RandomAccessBodyRegion(body);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    WritableByteChannel target = Channels.newChannel(out);
    while (region.transferred() < region.count()) {
      region.transferTo(target, region.transferred());
    }
    assertEquals("multipart-bytes", out.toString(US_ASCII.name()));
    assertEquals(15, region.transferred());
    assertTrue(region.release());
    assertTrue(body.closed);
  }

  @Test
  void aBodyEndingBeforeItsDeclaredLengthFails() throws IOException {
    RandomAccessBodyRegion region = new RandomAccessBodyRegion(new SlicedBody("abc", 10, 8));
    WritableByteChannel target = Channels.newChannel(new ByteArrayOutputStream());
    region.transferTo(target, 0);
    IOException e = assertThrows(IOException.class, () -> region.transferTo(target, 3));
    assertEquals("request body ended after 3 bytes (expected the declared Content-Length 10)", e.getMessage());
    region.release();
  }
}

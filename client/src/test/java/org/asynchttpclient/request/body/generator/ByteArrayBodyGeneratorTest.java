package org.asynchttpclient.request.body.generator;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.asynchttpclient.request.body.BodyDrain.drain;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.asynchttpclient.request.body.Body;
import org.asynchttpclient.request.body.Body.BodyState;
import org.junit.jupiter.api.Test;

class ByteArrayBodyGeneratorTest {

  private static final byte[] CONTENT = "The quick brown fox jumps over the lazy dog".getBytes(US_ASCII);

  @Test
  void reportsLengthAndReproducesBytesThroughSmallBuffers() throws Exception {
    try (Body body = new ByteArrayBodyGenerator(CONTENT).createBody()) {
      assertEquals(43, body.getContentLength());
      assertArrayEquals(CONTENT, drain(body, 7));
    }
  }

  @Test
  void eachBodyStartsAtTheBeginning() throws Exception {
    ByteArrayBodyGenerator generator = new ByteArrayBodyGenerator(CONTENT);
    Body first = generator.createBody();
    ByteBuf target = Unpooled.buffer(10, 10);
    try {
      assertEquals(BodyState.CONTINUE, first.transferTo(target));
      assertEquals("The quick ", target.toString(US_ASCII));
      try (Body second = generator.createBody()) {
        assertArrayEquals(CONTENT, drain(second, 7));
      }
      target.clear();
      assertEquals(BodyState.CONTINUE, first.transferTo(target));
      assertEquals("brown fox ", target.toString(US_ASCII));
    } finally {
      target.release();
      first.close();
    }
  }

  @Test
  void emptyArrayStopsAtOnce() throws Exception {
    Body body = new ByteArrayBodyGenerator(new byte[0]).createBody();
    ByteBuf target = Unpooled.buffer(4, 4);
    try {
      assertEquals(0, body.getContentLength());
      assertEquals(BodyState.STOP, body.transferTo(target));
      assertEquals(0, target.readableBytes());
    } finally {
      target.release();
    }
  }

  @Test
  void writesNothingIntoAFullBuffer() throws Exception {
    Body body = new ByteArrayBodyGenerator(CONTENT).createBody();
    ByteBuf full = Unpooled.buffer(2, 2).writeZero(2);
    try {
      assertEquals(BodyState.CONTINUE, body.transferTo(full));
      assertEquals(2, full.readableBytes());
      assertArrayEquals(CONTENT, drain(body, 50));
    } finally {
      full.release();
    }
  }
}

package org.asynchttpclient.request.body.generator;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.asynchttpclient.request.body.BodyDrain.drain;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import org.asynchttpclient.request.body.Body;
import org.junit.jupiter.api.Test;

class InputStreamBodyGeneratorTest {

  private static final byte[] CONTENT = "0123456789abcdefghijklmnopqrstuvwxyz".getBytes(US_ASCII);

  /** Records whether it was closed. */
  private static final class TrackedStream extends ByteArrayInputStream {
    boolean closed;

    TrackedStream(byte[] bytes) {
      super(bytes);
    }

    @Override
    public void close() throws IOException {
      closed = true;
      super.close();
    }
  }

  @Test
  void unknownLengthReadsToTheEndOfTheStream() throws Exception {
    TrackedStream stream = new TrackedStream(CONTENT);
    InputStreamBodyGenerator generator = new InputStreamBodyGenerator(stream);
    assertEquals(-1, generator.getContentLength());
    Body body = generator.createBody();
    assertEquals(-1, body.getContentLength());
    assertArrayEquals(CONTENT, drain(body, 7));
    assertFalse(stream.closed);
    body.close();
    assertTrue(stream.closed);
  }

  @Test
  void knownLengthSendsExactlyThatMany() throws Exception {
    try (Body body = new InputStreamBodyGenerator(new ByteArrayInputStream(CONTENT), 10).createBody()) {
      assertEquals(10, body.getContentLength());
      assertEquals("0123456789", new String(drain(body, 7), US_ASCII));
    }
  }

  @Test
  void streamShorterThanDeclaredLengthFails() throws Exception {
    try (Body body = new InputStreamBodyGenerator(new ByteArrayInputStream(CONTENT), 40).createBody()) {
      EOFException e = assertThrows(EOFException.class, () -> drain(body, 7));
      assertEquals("input stream ended after 36 bytes (expected 40)", e.getMessage());
    }
  }

  @Test
  void refusesLengthBelowMinusOne() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new InputStreamBodyGenerator(new ByteArrayInputStream(CONTENT), -2));
    assertEquals("contentLength: -2 (expected >= -1)", e.getMessage());
  }
}

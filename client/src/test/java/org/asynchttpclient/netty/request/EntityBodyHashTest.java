package org.asynchttpclient.netty.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.RequestBuilder;
import org.junit.jupiter.api.Test;

class EntityBodyHashTest {
  // md5("hello"), sha-256("hello")
  private static final String MD5_HELLO = "5d41402abc4b2a76b9719d911017c592";
  private static final String SHA256_HELLO =
      "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";

  private static RequestBuilder post() {
    return Dsl.post("http://example.com/upload");
  }

  @Test
  void inMemoryBodiesHashTheirBytes() {
    byte[] hello = "hello".getBytes(StandardCharsets.US_ASCII);
    assertEquals(MD5_HELLO, EntityBodyHash.of(post().setBody(hello).build(), null));
    assertEquals(MD5_HELLO, EntityBodyHash.of(post().setBody("hello").build(), "MD5-sess"));
    assertEquals(SHA256_HELLO, EntityBodyHash.of(post().setBody("hello").build(), "SHA-256"));
    assertEquals(
        MD5_HELLO,
        EntityBodyHash.of(
            post().setBody(Arrays.asList("hel".getBytes(StandardCharsets.US_ASCII),
                "lo".getBytes(StandardCharsets.US_ASCII))).build(), "MD5"));
  }

  @Test
  void buffersAreHashedFromTheirPositionWithoutMovingIt() {
    ByteBuffer nio = ByteBuffer.wrap("xxhello".getBytes(StandardCharsets.US_ASCII));
    nio.position(2);
    assertEquals(MD5_HELLO, EntityBodyHash.of(post().setBody(nio).build(), "MD5"));
    assertEquals(2, nio.position());
    ByteBuf buf = Unpooled.copiedBuffer("xxhello", StandardCharsets.US_ASCII);
    try {
      buf.readerIndex(2);
      assertEquals(MD5_HELLO, EntityBodyHash.of(post().setBody(buf).build(), "MD5"));
      assertEquals(2, buf.readerIndex());
    } finally {
      buf.release();
    }
  }

  @Test
  void noBodyIsNullAndAStreamedBodyCannotBeHashed() {
    assertNull(EntityBodyHash.of(Dsl.get("http://example.com/").build(), "MD5"));
    assertNull(EntityBodyHash.of(null, "MD5"));
    assertEquals(
        EntityBodyHash.UNHASHABLE,
        EntityBodyHash.of(
            post().setBody(new ByteArrayInputStream(new byte[] {1})).build(), "MD5"));
    assertEquals(
        EntityBodyHash.UNHASHABLE,
        EntityBodyHash.of(post().addFormParam("a", "b").build(), "MD5"));
    assertFalse(EntityBodyHash.isHashable(post().setBody(new ByteArrayInputStream(new byte[] {1})).build()));
    assertTrue(EntityBodyHash.isHashable(post().setBody("x").build()));
    assertTrue(EntityBodyHash.isHashable(Dsl.get("http://example.com/").build()));
  }
}

package org.asynchttpclient.netty;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import org.asynchttpclient.AsyncHttpClientConfig.ResponseBodyPartFactory;
import org.asynchttpclient.HttpResponseBodyPart;
import org.junit.jupiter.api.Test;

class ResponseBodyPartFactoryTest {

  private static ByteBuf bytes(String text) {
    ByteBuf buf = Unpooled.buffer();
    buf.writeBytes(text.getBytes(US_ASCII));
    return buf;
  }

  @Test
  void eagerCopiesAndOutlivesTheBuffer() {
    ByteBuf buf = bytes("xxhello");
    buf.skipBytes(2);
    HttpResponseBodyPart part = ResponseBodyPartFactory.EAGER.newResponseBodyPart(buf, true);
    assertEquals(2, buf.readerIndex());
    assertEquals(1, buf.refCnt());
    buf.release();

    assertInstanceOf(EagerResponseBodyPart.class, part);
    assertTrue(part.isLast());
    assertEquals(5, part.length());
    assertArrayEquals("hello".getBytes(US_ASCII), part.getBodyPartBytes());
    ByteBuffer view = part.getBodyByteBuffer();
    assertTrue(view.isReadOnly());
    assertEquals(5, view.remaining());
    ByteBuf copy = part.getBodyByteBuf();
    try {
      assertEquals("hello", copy.toString(US_ASCII));
    } finally {
      copy.release();
    }
  }

  @Test
  void lazyBorrowsTheBufferWithoutRetainingIt() {
    ByteBuf buf = bytes("data");
    try {
      HttpResponseBodyPart part = ResponseBodyPartFactory.LAZY.newResponseBodyPart(buf, false);
      assertInstanceOf(LazyResponseBodyPart.class, part);
      assertFalse(part.isLast());
      assertSame(buf, part.getBodyByteBuf());
      assertEquals(1, buf.refCnt());
      assertEquals(4, part.length());
      byte[] copied = part.getBodyPartBytes();
      buf.setByte(0, 'D');
      assertArrayEquals("data".getBytes(US_ASCII), copied);
      assertEquals('D', part.getBodyByteBuffer().get(0));
      assertEquals(0, buf.readerIndex());
    } finally {
      buf.release();
    }
  }

  @Test
  void theFactoryEnumIsAbstractLikeIn3011() {
    // Constants with bodies make the enum class abstract (3.0.11's shape; revapi checks it).
    assertTrue(Modifier.isAbstract(ResponseBodyPartFactory.class.getModifiers()));
  }
}

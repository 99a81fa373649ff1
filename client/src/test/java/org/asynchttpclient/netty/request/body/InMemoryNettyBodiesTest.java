package org.asynchttpclient.netty.request.body;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelFuture;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class InMemoryNettyBodiesTest extends WireFixture {
  @Test
  void byteArrayBodyIsWrittenRawAndTwiceIdentically() {
    NettyBody body = new ByteArrayNettyBody("hello world".getBytes(US_ASCII));
    assertEquals(11, body.getContentLength());
    assertTrue(body.isReplayable());
    assertEquals("hello world", sent(body));
    assertEquals("hello world", sent(body));
  }

  @Test
  void compositeBodyConcatenatesItsPieces() {
    NettyBody body = new ByteArrayNettyBody(List.of("ab".getBytes(US_ASCII), new byte[0], "cde".getBytes(US_ASCII)));
    assertEquals(5, body.getContentLength());
    assertEquals("abcde", sent(body));
  }

  @Test
  void emptyByteArrayWritesOnlyTheEnd() {
    NettyBody body = new ByteArrayNettyBody(new byte[0]);
    assertEquals(0, body.getContentLength());
    assertEquals("", sent(body));
  }

  @Test
  void byteBufferBodyLeavesTheUserBufferPositionAlone() {
    ByteBuffer buffer = ByteBuffer.wrap("xxpayload".getBytes(US_ASCII));
    buffer.position(2);
    NettyBody body = new ByteBufferNettyBody(buffer);
    assertEquals(7, body.getContentLength());
    assertEquals("payload", sent(body));
    assertEquals("payload", sent(body));
    assertEquals(2, buffer.position());
  }

  @Test
  void byteBufBodyRetainsASliceForEachWriteAndLeavesOwnershipWithTheUser() {
    ByteBuf userBuffer = PooledByteBufAllocator.DEFAULT.buffer().writeBytes("skip-data".getBytes(US_ASCII));
    userBuffer.skipBytes(5);
    try {
      NettyBody body = new ByteBufNettyBody(userBuffer);
      assertEquals(4, body.getContentLength());
      assertEquals("data", sent(body));
      assertEquals(1, userBuffer.refCnt());
      assertEquals("data", sent(body));
      assertEquals(1, userBuffer.refCnt());
      assertEquals(5, userBuffer.readerIndex());
      body.release();
      assertEquals(1, userBuffer.refCnt());
    } finally {
      userBuffer.release();
    }
    assertEquals(0, userBuffer.refCnt());
  }

  @Test
  void byteBufBodyReleasedByItsOwnerFailsTheWriteInsteadOfThrowing() {
    ByteBuf userBuffer = PooledByteBufAllocator.DEFAULT.buffer().writeBytes("data".getBytes(US_ASCII));
    NettyBody body = new ByteBufNettyBody(userBuffer);
    userBuffer.release();
    ChannelFuture done = body.write(channel);
    assertFalse(done.isSuccess());
    assertInstanceOf(IllegalStateException.class, done.cause());
  }
}

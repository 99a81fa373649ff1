package org.asynchttpclient.netty.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.netty.handler.ResponseHandler;
import org.asynchttpclient.netty.hop.HopDecider;
import org.asynchttpclient.testing.Stub;
import org.junit.jupiter.api.Test;

/**
 * {@link HeadBuffer}: one buffer serves a connection's heads while each write gives it back, a
 * busy or short one is replaced, a long head gets a buffer of its own, and closing lets go of it.
 */
class HeadBufferTest {
  private final ByteBufAllocator alloc = new UnpooledByteBufAllocator(false);
  private final HeadBuffer heads = new HeadBuffer();

  /** What the channel does with a written head: the bytes go out, its reference is released. */
  private static void written(ByteBuf head) {
    head.release();
  }

  /** A connection that has carried one request: its next head starts the kept buffer. */
  private HeadBuffer afterOneRequest() {
    written(heads.take(alloc, 100));
    return heads;
  }

  @Test
  void aConnectionsFirstHeadKeepsNothing() {
    ByteBuf first = heads.take(alloc, 100);
    assertEquals(1, first.refCnt(), "the write's reference alone");
    assertFalse(heads.holds(), "a connection that carries one request keeps no buffer");
    written(first);
    assertEquals(0, first.refCnt());
    ByteBuf second = heads.take(alloc, 100);
    assertTrue(heads.holds(), "the second head starts the kept one");
    assertEquals(2, second.refCnt());
    written(second);
    heads.release();
    assertEquals(0, second.refCnt());
  }

  @Test
  void theSameBufferServesTheNextHeadOnceTheWriteReleasedIt() {
    afterOneRequest();
    ByteBuf first = heads.take(alloc, 100);
    first.writeBytes(new byte[100]);
    assertEquals(2, first.refCnt(), "the write's reference and the kept one");
    written(first);
    ByteBuf second = heads.take(alloc, 120);
    assertSame(first, second);
    assertEquals(0, second.readableBytes(), "emptied before it is written again");
    assertEquals(2, second.refCnt());
    written(second);
    heads.release();
    assertEquals(0, first.refCnt());
  }

  @Test
  void aBufferStillBeingWrittenIsNeverWrittenIntoAgain() {
    afterOneRequest();
    ByteBuf inFlight = heads.take(alloc, 50);
    inFlight.writeBytes(new byte[] {'G', 'E', 'T'});
    ByteBuf next = heads.take(alloc, 50);
    assertNotSame(inFlight, next);
    assertEquals(1, inFlight.refCnt(), "only the write holds the old one now");
    assertEquals('G', inFlight.getByte(0), "its bytes untouched");
    written(inFlight);
    assertEquals(0, inFlight.refCnt());
    written(next);
    ByteBuf again = heads.take(alloc, 50);
    assertSame(next, again, "the new one is kept");
    written(again);
    heads.release();
    assertEquals(0, next.refCnt());
  }

  @Test
  void aLongerHeadReplacesAShortBuffer() {
    afterOneRequest();
    ByteBuf small = heads.take(alloc, 10);
    assertEquals(HeadBuffer.MIN_CAPACITY, small.capacity());
    written(small);
    ByteBuf larger = heads.take(alloc, HeadBuffer.MIN_CAPACITY + 1);
    assertNotSame(small, larger);
    assertEquals(0, small.refCnt(), "the short one is let go");
    written(larger);
    heads.release();
    assertEquals(0, larger.refCnt());
  }

  @Test
  void aHeadLongerThanAnyKeptBufferGetsOneOfItsOwn() {
    afterOneRequest();
    ByteBuf kept = heads.take(alloc, 10);
    written(kept);
    ByteBuf huge = heads.take(alloc, HeadBuffer.MAX_KEPT + 1);
    assertNotSame(kept, huge);
    assertEquals(1, huge.refCnt(), "the write's alone");
    written(huge);
    assertEquals(0, huge.refCnt());
    assertSame(kept, heads.take(alloc, 10), "the kept one stays");
    written(kept);
    heads.release();
    assertEquals(0, kept.refCnt());
  }

  @Test
  void afterReleaseNothingIsKept() {
    heads.release();
    ByteBuf oneOff = heads.take(alloc, 10);
    assertEquals(1, oneOff.refCnt());
    assertFalse(heads.holds());
    written(oneOff);
    assertEquals(0, oneOff.refCnt());
  }

  @Test
  void theResponseHandlerLetsGoOfItsBufferWhenTheConnectionCloses() {
    // An idle connection: closing it only takes it out of the pool, which is all this stub allows.
    ResponseHandler handler =
        new ResponseHandler(
            new DefaultAsyncHttpClientConfig.Builder().build(),
            Stub.of(HopDecider.class, "decider", (method, args) -> {
              throw Stub.unexpected(method);
            }),
            Stub.of(ChannelPool.class, "pool", (method, args) -> {
              if (method.equals("removeAll")) {
                return true;
              }
              throw Stub.unexpected(method);
            }));
    EmbeddedChannel channel = new EmbeddedChannel(handler);
    FullHttpRequest get =
        new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/", Unpooled.EMPTY_BUFFER);
    ByteBuf first = DirectHeadWrite.encode(alloc, get, handler.heads());
    assertNotNull(first);
    written(first);
    ByteBuf head = DirectHeadWrite.encode(alloc, get, handler.heads()); // the first one kept
    assertNotNull(head);
    written(head);
    assertTrue(handler.heads().holds());
    channel.close();
    assertFalse(handler.heads().holds());
    assertEquals(0, head.refCnt(), "the kept reference released with the connection");
    channel.checkException();
  }
}

package org.asynchttpclient;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.asynchttpclient.HandlerTestFixtures.status;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import org.asynchttpclient.HandlerTestFixtures.BufferBodyPart;
import org.asynchttpclient.netty.EagerResponseBodyPart;
import org.junit.jupiter.api.Test;

class ResponseBuilderTest {

  private static final PooledByteBufAllocator ALLOC = new PooledByteBufAllocator(true);

  /** Accumulates a part the way the engine's lazy parts behave: the buffer dies right afterwards. */
  private static void accumulateLazy(Response.ResponseBuilder builder, String text, boolean last) {
    ByteBuf buf = ALLOC.directBuffer();
    try {
      buf.writeCharSequence(text, US_ASCII);
      builder.accumulate(new BufferBodyPart(buf, last));
      // Scribble over the memory before giving it back, so a builder that kept a reference would see
      // garbage even if the pool does not hand the memory out again.
      buf.setZero(0, buf.writerIndex());
    } finally {
      buf.release();
    }
  }

  @Test
  void buildWithoutStatusReturnsNull() {
    Response.ResponseBuilder builder = new Response.ResponseBuilder();
    builder.accumulate(new DefaultHttpHeaders().add("X-A", "1"));
    assertNull(builder.build());
  }

  @Test
  void lazyPartsAreCopiedAtAccumulateTime() {
    Response.ResponseBuilder builder = new Response.ResponseBuilder();
    builder.accumulate(status(200, "OK"));
    accumulateLazy(builder, "hello ", false);
    accumulateLazy(builder, "lazy ", false);
    accumulateLazy(builder, "world", true);

    Response response = builder.build();
    assertNotNull(response);
    assertEquals("hello lazy world", response.getResponseBody(US_ASCII));
    assertEquals(16, response.getResponseBodyAsBytes().length);
    assertTrue(response.hasResponseBody());
  }

  @Test
  void eagerAndLazyPartsJoinInArrivalOrderAndTheResponseOwnsItsCopy() {
    Response.ResponseBuilder builder = new Response.ResponseBuilder();
    builder.accumulate(status(200, "OK"));
    EagerResponseBodyPart eager =
        new EagerResponseBodyPart(Unpooled.copiedBuffer("eager ", US_ASCII), false);
    builder.accumulate(eager);
    accumulateLazy(builder, "lazy ", false);
    builder.accumulate(new EagerResponseBodyPart(Unpooled.copiedBuffer("end", US_ASCII), true));

    Response response = builder.build();
    assertNotNull(response);
    assertEquals("eager lazy end", response.getResponseBody(US_ASCII));
    // A caller scribbling on the bytes it got must not change the response.
    response.getResponseBodyAsBytes()[0] = 'X';
    assertEquals("eager lazy end", response.getResponseBody(US_ASCII));
  }

  @Test
  void aSingleEagerPartIsKeptWithoutAnotherCopy() {
    Response.ResponseBuilder builder = new Response.ResponseBuilder();
    builder.accumulate(status(200, "OK"));
    EagerResponseBodyPart only =
        new EagerResponseBodyPart(Unpooled.copiedBuffer("only", US_ASCII), true);
    builder.accumulate(only);
    Response response = builder.build();
    assertNotNull(response);
    assertEquals("only", response.getResponseBody(US_ASCII));
    // The part's array is the response's body: a write through it shows (the part's bytes are
    // documented as not to be modified, as in AHC 3.0.11, which kept the parts themselves).
    only.getBodyPartBytes()[0] = 'O';
    assertEquals("Only", response.getResponseBody(US_ASCII));
  }

  @Test
  void emptyPartsAreSkippedAndNoBodyMeansEmpty() {
    Response.ResponseBuilder builder = new Response.ResponseBuilder();
    builder.accumulate(status(204, "No Content"));
    builder.accumulate(new BufferBodyPart(Unpooled.EMPTY_BUFFER, true));
    Response response = builder.build();
    assertNotNull(response);
    assertFalse(response.hasResponseBody());
    assertEquals("", response.getResponseBody());
    assertEquals(0, response.getResponseBodyAsBytes().length);
  }

  @Test
  void buildTwiceKeepsFirstResponseUnchanged() {
    Response.ResponseBuilder builder = new Response.ResponseBuilder();
    builder.accumulate(status(200, "OK"));
    accumulateLazy(builder, "ab", false);
    accumulateLazy(builder, "cd", false);
    Response first = builder.build();
    accumulateLazy(builder, "ef", true);
    Response second = builder.build();

    assertNotNull(first);
    assertNotNull(second);
    assertEquals("abcd", first.getResponseBody(US_ASCII));
    assertEquals("abcdef", second.getResponseBody(US_ASCII));
  }

  @Test
  void trailingHeadersAreMergedWithoutTouchingTheResponseHeadersObject() {
    Response.ResponseBuilder builder = new Response.ResponseBuilder();
    builder.accumulate(status(200, "OK"));
    HttpHeaders head = new DefaultHttpHeaders().add("Content-Type", "text/plain");
    builder.accumulate(head);
    builder.accumulate(new DefaultHttpHeaders().add("X-Checksum", "abc"));

    Response response = builder.build();
    assertNotNull(response);
    assertEquals("text/plain", response.getHeader("content-type"));
    assertEquals("abc", response.getHeader("X-Checksum"));
    assertNull(head.get("X-Checksum"));
  }

  @Test
  void resetForgetsEverything() {
    Response.ResponseBuilder builder = new Response.ResponseBuilder();
    builder.accumulate(status(302, "Found"));
    builder.accumulate(new DefaultHttpHeaders().add("Location", "/next"));
    accumulateLazy(builder, "redirect body", true);
    builder.reset();
    assertNull(builder.build());

    builder.accumulate(status(200, "OK"));
    accumulateLazy(builder, "final", true);
    Response response = builder.build();
    assertNotNull(response);
    assertEquals(200, response.getStatusCode());
    assertNull(response.getHeader("Location"));
    assertArrayEquals("final".getBytes(US_ASCII), response.getResponseBodyAsBytes());
  }
}

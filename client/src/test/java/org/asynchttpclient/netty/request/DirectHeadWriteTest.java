package org.asynchttpclient.netty.request;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import java.util.ArrayList;
import java.util.List;
import org.asynchttpclient.netty.request.body.TestConfig;
import org.asynchttpclient.netty.request.body.Wire;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link DirectHeadWrite}: the bytes it writes are, head for head, those of Netty's request
 * encoder, and it declines every head the encoder would treat specially.
 */
class DirectHeadWriteTest {
  private final NettyRequestFactory factory = new NettyRequestFactory(TestConfig.defaults());
  private final EmbeddedChannel netty = Wire.newChannel();

  @AfterEach
  void release() {
    netty.finishAndReleaseAll();
  }

  /** What Netty's encoder, in the engine's pipeline, writes for {@code head}. */
  private String byNetty(HttpRequest head) {
    assertTrue(netty.writeAndFlush(head).isSuccess());
    return Wire.drain(netty);
  }

  private static String direct(HttpRequest head) {
    ByteBuf buf = DirectHeadWrite.encode(UnpooledByteBufAllocator.DEFAULT, head, null);
    assertNotNull(buf, () -> "declined " + head);
    try {
      assertEquals(buf.readableBytes(), buf.capacity(), "the buffer is sized exactly");
      return buf.toString(ISO_8859_1);
    } finally {
      buf.release();
    }
  }

  private static FullHttpRequest full(HttpMethod method, String target) {
    return new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, target, Unpooled.EMPTY_BUFFER);
  }

  private List<HttpRequest> heads() {
    List<HttpRequest> heads = new ArrayList<>();
    TestRequest plain = new TestRequest();
    heads.add(factory.newNettyRequest(plain, new HopTarget("http", "example.com", 8080, 80, "/a/b", "x=1&y=2", false),
        false, false, null, null).getHttpRequest());

    TestRequest busy = new TestRequest();
    busy.method = "DELETE";
    busy.headers.add("X-Many", "one").add("X-Many", "two").add("x-empty", "");
    busy.headers.add(new AsciiString("X-Ascii"), new AsciiString("ascii value"));
    busy.headers.add("X-Latin", "caf\u00e9").add("X-Wide", "\u20ac and \u4e2d");
    heads.add(factory.newNettyRequest(busy, new HopTarget("https", "example.com", -1, 443, "/d", null, true),
        false, false, "Basic dXNlcjpwYXNz", null).getHttpRequest());

    FullHttpRequest utf8Target = full(HttpMethod.valueOf("PURGE"), "/caf\u00e9/\u4e2d?q=\u00e9");
    utf8Target.headers().set(HttpHeaderNames.HOST, "example.com");
    heads.add(utf8Target);

    // Longer than the per-thread scratch array (which then grows), then longer than it keeps; the
    // short heads after them must come out whole from the larger array.
    FullHttpRequest longer = full(HttpMethod.GET, "/longer");
    longer.headers().set("x-long", "a".repeat(700));
    heads.add(longer);
    FullHttpRequest huge = full(HttpMethod.GET, "/huge");
    huge.headers().set("x-huge", "b".repeat(10_000));
    heads.add(huge);

    // Unpaired surrogates: one '?' each, alone and beside a two-byte char.
    heads.add(full(HttpMethod.GET, "/s\ud800t?\udc00"));
    heads.add(full(HttpMethod.GET, "/\u00e9\ud800"));

    FullHttpRequest emptyPost = full(HttpMethod.POST, "/form");
    emptyPost.headers().set(HttpHeaderNames.CONTENT_LENGTH, 0);
    heads.add(emptyPost);

    heads.add(full(HttpMethod.OPTIONS, "/"));
    return heads;
  }

  @Test
  void writesTheBytesOfNettysEncoder() {
    for (HttpRequest head : heads()) {
      // The encoder frees a full request's content; every head here holds the unreleasable empty buffer.
      String expected = byNetty(head);
      assertEquals(expected, direct(head), () -> "for " + head);
    }
  }

  @Test
  void writesLatinCharsAsOneByteAndWiderOnesAsAQuestionMarkAsNettyDoes() {
    FullHttpRequest head = full(HttpMethod.GET, "/");
    head.headers().set("x-text", "caf\u00e9 \u20ac");
    String text = direct(head);
    assertTrue(text.contains("x-text: caf\u00e9 ?\r\n"), text);
    assertEquals(byNetty(head), text);
  }

  @Test
  void declinesAHeadWithATransferEncoding() {
    FullHttpRequest head = full(HttpMethod.GET, "/");
    head.headers().set("Transfer-Encoding", "chunked");
    assertNull(DirectHeadWrite.encode(UnpooledByteBufAllocator.DEFAULT, head, null));
    assertEquals("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", byNetty(head),
        "Netty adds the last chunk, which the direct write would not");
  }

  @Test
  void writesAndFlushesTheHeadBelowTheCodecOrNothingWhenItDeclines() {
    FullHttpRequest eligible = full(HttpMethod.GET, "/p?q");
    String expected = byNetty(eligible);
    List<String> above = new ArrayList<>();
    netty.pipeline().addLast("above", new ChannelOutboundHandlerAdapter() {
      @Override
      public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        above.add("write");
        super.write(ctx, msg, promise);
      }

      @Override
      public void flush(ChannelHandlerContext ctx) throws Exception {
        above.add("flush");
        super.flush(ctx);
      }
    });
    HeadBuffer kept = new HeadBuffer();
    kept.take(UnpooledByteBufAllocator.DEFAULT, 1).release(); // the connection carried one request
    assertNotNull(DirectHeadWrite.writeAndFlush(netty, new NettyRequest(eligible), kept));
    assertEquals(expected, Wire.drain(netty), "written and flushed");
    assertEquals(List.of(), above, "neither the write nor the flush went through the handlers above");
    assertTrue(kept.holds(), "encoded into the connection's kept buffer");
    kept.release();

    assertNull(DirectHeadWrite.writeAndFlush(netty, new NettyRequest(full(HttpMethod.HEAD, "/")), new HeadBuffer()));
    FullHttpRequest chunked = full(HttpMethod.GET, "/");
    chunked.headers().set("Transfer-Encoding", "chunked");
    assertNull(DirectHeadWrite.writeAndFlush(netty, new NettyRequest(chunked), new HeadBuffer()));
    netty.flush();
    assertEquals("", Wire.drain(netty), "a declined head writes nothing");
  }

  @Test
  void writesBelowTheCodecOfAnEligibleHead() {
    ChannelHandlerContext codec = DirectHeadWrite.below(netty, full(HttpMethod.GET, "/p?q"));
    assertNotNull(codec);
    assertInstanceOf(HttpClientCodec.class, codec.handler());
    assertSame(netty.pipeline().context("http"), codec);
  }

  @Test
  void declinesHeadsTheCodecTreatsSpecially() {
    assertDeclined(full(HttpMethod.HEAD, "/"), "HEAD: the codec must know its response has no body");
    assertDeclined(full(HttpMethod.CONNECT, "/"), "CONNECT: the codec must know a tunnel follows");
    assertDeclined(full(HttpMethod.GET, "http://example.com"), "absolute form: Netty adds the slash");
    assertDeclined(full(HttpMethod.GET, "*"), "asterisk form");
    assertDeclined(full(HttpMethod.GET, ""), "empty target: Netty writes a slash");
    assertDeclined(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/"), "a head a body follows");
    assertDeclined(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/",
        Unpooled.wrappedBuffer(new byte[] {1})), "a head with content");
    assertDeclined(new DefaultFullHttpRequest(HttpVersion.HTTP_1_0, HttpMethod.GET, "/", Unpooled.EMPTY_BUFFER),
        "HTTP/1.0");
  }

  @Test
  void declinesAChannelWithoutTheCodec() {
    EmbeddedChannel bare = new EmbeddedChannel();
    try {
      assertNull(DirectHeadWrite.below(bare, full(HttpMethod.GET, "/")));
    } finally {
      bare.finishAndReleaseAll();
    }
  }

  private void assertDeclined(HttpRequest head, String why) {
    @Nullable ChannelHandlerContext codec = DirectHeadWrite.below(netty, head);
    try {
      assertNull(codec, why);
    } finally {
      if (head instanceof FullHttpRequest) {
        ((FullHttpRequest) head).release();
      }
    }
  }
}

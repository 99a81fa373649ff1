package org.asynchttpclient.netty.channel;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.compression.DecompressionException;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpContentDecompressor;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * The pipeline's inflater: responses without a content coding go by Netty's decoder untouched,
 * coded ones are still decoded around them on the same connection, {@code keepEncodingHeader} is
 * honoured, and reads with auto-read off are asked for exactly as Netty's decoder would.
 */
class ResponseDecompressorTest {
  private static final String TEXT = "inflated text, the same every time. ";

  private static byte[] gzip(String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
      gz.write(text.getBytes(US_ASCII));
    }
    return bytes.toByteArray();
  }

  private static HttpResponse head(String coding) {
    HttpResponse res = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    if (coding != null) {
      res.headers().set(HttpHeaderNames.CONTENT_ENCODING, coding);
    }
    return res;
  }

  private static LastHttpContent last(byte[] body) {
    return new DefaultLastHttpContent(Unpooled.wrappedBuffer(body));
  }

  /** Everything the channel handed on for one response: its head, then its body as text. */
  private static String drain(EmbeddedChannel ch, HttpResponse[] headOut) {
    StringBuilder body = new StringBuilder();
    for (Object o; (o = ch.readInbound()) != null; ) {
      if (o instanceof HttpResponse) {
        headOut[0] = (HttpResponse) o;
      }
      if (o instanceof HttpContent) {
        ByteBuf content = ((HttpContent) o).content();
        body.append(content.toString(US_ASCII));
        ((HttpContent) o).release();
      }
    }
    return body.toString();
  }

  @Test
  void aResponseWithoutACodingIsHandedOnWithoutNettysDecoderReadingIt() {
    AtomicInteger codingLookups = new AtomicInteger();
    DefaultHttpHeaders headers =
        new DefaultHttpHeaders() {
          @Override
          public String get(CharSequence name) {
            if (HttpHeaderNames.CONTENT_ENCODING.contentEqualsIgnoreCase(name)) {
              codingLookups.incrementAndGet();
            }
            return super.get(name);
          }
        };
    HttpResponse res = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, headers);
    LastHttpContent body = last("plain".getBytes(US_ASCII));
    EmbeddedChannel ch = new EmbeddedChannel(new ResponseDecompressor(false));

    ch.writeInbound(res, body);

    assertSame(res, ch.readInbound());
    LastHttpContent out = ch.readInbound();
    assertSame(body, out);
    assertEquals(1, out.refCnt(), "handed on with its one reference, none taken or dropped");
    out.release();
    assertEquals(0, codingLookups.get(), "Netty's decoder looked for a Content-Encoding");
    assertFalse(ch.finish());
  }

  @Test
  void aPlainResponseAfterAGzipOneIsNeitherDecodedNorCountedAgainstTheLimit() throws Exception {
    ResponseDecompressor inflater = new ResponseDecompressor(false);
    // 50 bytes: the gzip body inflates to 36, the plain one is 60 and must not count
    EmbeddedChannel ch = new EmbeddedChannel(inflater, new InflatedBodyLimit(50, inflater));
    HttpResponse[] head = new HttpResponse[1];

    ch.writeInbound(head("gzip"), last(gzip(TEXT)));
    assertEquals(TEXT, drain(ch, head));
    assertNull(head[0].headers().get(HttpHeaderNames.CONTENT_ENCODING));

    String plain = "0123456789".repeat(6);
    ch.writeInbound(head(null), new DefaultHttpContent(Unpooled.copiedBuffer(plain, US_ASCII)));
    ch.writeInbound(last(new byte[0]));
    assertEquals(plain, drain(ch, head));
    assertTrue(ch.isOpen(), "the plain body was counted as inflated");
    assertFalse(ch.finish());
  }

  @Test
  void theLimitJoinsThePipelineWithTheFirstCodedBodyAndBoundsIt() throws Exception {
    EmbeddedChannel ch = new EmbeddedChannel();
    ResponseDecompressor.installOnConnection(ch.pipeline(), false, 50);
    HttpResponse[] head = new HttpResponse[1];
    String plain = "0123456789".repeat(6);

    ch.writeInbound(head(null), last(plain.getBytes(US_ASCII)));
    assertEquals(plain, drain(ch, head));
    assertNull(ch.pipeline().get(ResponseDecompressor.LIMIT_NAME), "no coded body yet, no limit");

    ch.writeInbound(head("gzip"), last(gzip(TEXT)));
    assertEquals(TEXT, drain(ch, head), "36 inflated bytes are within the limit of 50");
    assertInstanceOf(InflatedBodyLimit.class, ch.pipeline().get(ResponseDecompressor.LIMIT_NAME));
    assertEquals(
        ResponseDecompressor.LIMIT_NAME,
        ch.pipeline().names().get(ch.pipeline().names().indexOf("inflater") + 1),
        "the limit counts what comes out of the inflater: right after it");

    byte[] over = gzip(TEXT + TEXT);
    DecompressionException failure =
        assertThrows(DecompressionException.class, () -> ch.writeInbound(head("gzip"), last(over)));
    assertEquals("HTTP/1.1 response body exceeds the maximum decompressed size of 50 bytes",
        failure.getMessage());
    assertFalse(ch.isOpen(), "a body past the limit closes the connection");
    drain(ch, head);
    assertFalse(ch.finish());
  }

  @Test
  void onAConnectionTheInflaterRefusesAForeignTransferCoding() throws Exception {
    EmbeddedChannel ch = new EmbeddedChannel();
    ResponseDecompressor.installOnConnection(ch.pipeline(), false, 0);
    HttpResponse res = head(null);
    res.headers().set(HttpHeaderNames.TRANSFER_ENCODING, "gzip");
    res.headers().set(HttpHeaderNames.CONTENT_LENGTH, 5);

    ch.writeInbound(res, last("hello".getBytes(US_ASCII)));

    HttpResponse[] head = new HttpResponse[1];
    drain(ch, head);
    assertSame(res, head[0]);
    assertTrue(head[0].decoderResult().isFailure(), "Transfer-Encoding: gzip was accepted");
    assertEquals(
        "Transfer-Encoding: gzip (expected exactly chunked, or none)",
        head[0].decoderResult().cause().getMessage());
    ch.finishAndReleaseAll();
  }

  @Test
  void aGzipResponseAfterPlainOnesIsDecoded() throws Exception {
    EmbeddedChannel ch = new EmbeddedChannel(new ResponseDecompressor(false));
    HttpResponse[] head = new HttpResponse[1];
    HttpResponse chunked = head(null);
    chunked.headers().set(HttpHeaderNames.TRANSFER_ENCODING, "chunked");
    ch.writeInbound(chunked, last("one".getBytes(US_ASCII)));
    assertEquals("one", drain(ch, head));
    HttpResponse continued =
        new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE);
    ch.writeInbound(continued, LastHttpContent.EMPTY_LAST_CONTENT);
    assertEquals("", drain(ch, head));
    assertSame(continued, head[0]);

    ch.writeInbound(head("gzip"), last(gzip(TEXT)));
    assertEquals(TEXT, drain(ch, head));
    assertNull(head[0].headers().get(HttpHeaderNames.CONTENT_ENCODING));
    assertFalse(ch.finish());
  }

  @Test
  void keepEncodingHeaderKeepsTheCodingOfADecodedBody() throws Exception {
    EmbeddedChannel ch = new EmbeddedChannel(new ResponseDecompressor(true));
    HttpResponse[] head = new HttpResponse[1];

    ch.writeInbound(head("gzip"), last(gzip(TEXT)));

    assertEquals(TEXT, drain(ch, head));
    assertEquals("gzip", head[0].headers().get(HttpHeaderNames.CONTENT_ENCODING));
    assertFalse(ch.finish());
  }

  @Test
  void itIsStillNettysDecompressorForInitializersThatLookItUpByType() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ch.pipeline().addLast("inflater", new ResponseDecompressor(false));
    assertInstanceOf(HttpContentDecompressor.class, ch.pipeline().get("inflater"));
    assertSame(ch.pipeline().get("inflater"), ch.pipeline().get(HttpContentDecompressor.class));
    ch.finishAndReleaseAll();
  }

  @Test
  void withAutoReadOffOnlyAReadThatHandedNothingOnAsksForAnother() throws Exception {
    AtomicInteger reads = new AtomicInteger();
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new ChannelOutboundHandlerAdapter() {
              @Override
              public void read(ChannelHandlerContext ctx) {
                reads.incrementAndGet();
                ctx.read();
              }
            },
            new ResponseDecompressor(false));
    ch.config().setAutoRead(false);
    HttpResponse[] head = new HttpResponse[1];
    int before = reads.get();

    // a plain response: something was handed on, no further read is needed
    ch.writeInbound(head(null), last("plain".getBytes(US_ASCII)));
    assertEquals("plain", drain(ch, head));
    assertEquals(before, reads.get(), "a read that handed on a plain response asked for another");

    // a gzip body split before its first inflated byte: nothing handed on, so ask for more
    byte[] coded = gzip(TEXT);
    ch.writeInbound(head("gzip"));
    drain(ch, head);
    ch.writeInbound(new DefaultHttpContent(Unpooled.wrappedBuffer(coded, 0, 4)));
    assertEquals(before + 1, reads.get(), "a read that handed nothing on did not ask for another");
    ch.writeInbound(last(java.util.Arrays.copyOfRange(coded, 4, coded.length)));
    assertEquals(TEXT, drain(ch, head));
    assertFalse(ch.finish());
  }

  @Test
  void contentCodingIsWhatNettysDecoderWouldDecode() {
    DefaultHttpHeaders h = new DefaultHttpHeaders();
    assertFalse(ResponseDecompressor.hasContentCoding(h));
    h.set(HttpHeaderNames.TRANSFER_ENCODING, "Chunked");
    assertFalse(ResponseDecompressor.hasContentCoding(h));
    h.set(HttpHeaderNames.TRANSFER_ENCODING, "gzip, chunked");
    assertTrue(ResponseDecompressor.hasContentCoding(h));
    h.remove(HttpHeaderNames.TRANSFER_ENCODING);
    h.set(HttpHeaderNames.CONTENT_ENCODING, "identity");
    assertTrue(ResponseDecompressor.hasContentCoding(h), "identity is Netty's to pass through");
  }
}

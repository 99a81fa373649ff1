package org.asynchttpclient.netty.h2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.util.ReferenceCountUtil;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;
import org.asynchttpclient.netty.channel.ResponseDecompressor;
import org.junit.jupiter.api.Test;

/**
 * The stream codec turns a request head into HEADERS (fields HTTP/2 takes as they are copied
 * directly, the others through Netty's conversion) and adds the inflater only when a response of
 * the stream has a content coding.
 */
class StreamCodecTest {
  private static EmbeddedChannel stream() {
    return new EmbeddedChannel(
        new StreamCodec(
            "https", codec -> ResponseDecompressor.installOnStream(codec, false, 0)));
  }

  private static Http2Headers sent(FullHttpRequest request) {
    EmbeddedChannel ch = stream();
    ch.writeOutbound(request);
    Http2HeadersFrame frame = ch.readOutbound();
    assertNotNull(frame, "a HEADERS frame");
    ch.finishAndReleaseAll();
    return frame.headers();
  }

  private static FullHttpRequest get() {
    return new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/p?q=1");
  }

  @Test
  void aPlainHeadIsSentWithLowercaseNamesAndHostAsAuthority() {
    FullHttpRequest request = get();
    request.headers().add("Host", "example.com:8443").add("Accept", "*/*").add("X-Mine", "A b");
    Http2Headers headers = sent(request);
    assertEquals("GET", headers.method().toString());
    assertEquals("/p?q=1", headers.path().toString());
    assertEquals("https", headers.scheme().toString());
    assertEquals("example.com:8443", headers.authority().toString());
    assertNull(headers.get("host"), "Host travels as :authority only");
    assertEquals("*/*", String.valueOf(headers.get("accept")));
    assertEquals("A b", String.valueOf(headers.get("x-mine")));
    assertNull(headers.get("X-Mine"), "names lowercased");
    assertEquals(6, headers.size(), "four pseudo-headers and two fields: " + headers);
  }

  @Test
  void aHeadWithConnectionSpecificFieldsOrCookiesGoesThroughTheConversion() {
    FullHttpRequest request = get();
    request.headers()
        .add("Host", "example.com")
        .add("Connection", "x-hop")
        .add("X-Hop", "1")
        .add("Keep-Alive", "timeout=5")
        .add("X-Kept", "2")
        .add("Cookie", "a=1; b=2");
    Http2Headers headers = sent(request);
    assertNull(headers.get("connection"));
    assertNull(headers.get("x-hop"), "a field the Connection header names is dropped");
    assertNull(headers.get("keep-alive"));
    assertNull(headers.get("host"));
    assertEquals("2", String.valueOf(headers.get("x-kept")));
    assertEquals(List.of("a=1", "b=2"), headers.getAll("cookie").stream().map(String::valueOf).collect(Collectors.toList()),
        "the cookie header split into crumbs");
  }

  @Test
  void theInflaterIsAddedOnlyForACodedResponse() throws IOException {
    EmbeddedChannel plain = stream();
    plain.writeInbound(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200"), false));
    plain.writeInbound(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("hello", StandardCharsets.US_ASCII), true));
    assertNull(plain.pipeline().get("inflater"), "no inflater for a response without a coding");
    assertTrue(plain.readInbound() instanceof HttpResponse);
    assertEquals("hello", body(plain));
    plain.finishAndReleaseAll();

    EmbeddedChannel coded = stream();
    coded.writeInbound(
        new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200").add("content-encoding", "gzip"), false));
    assertNotNull(coded.pipeline().get("inflater"), "added for the coded response");
    coded.writeInbound(new DefaultHttp2DataFrame(Unpooled.wrappedBuffer(gzip("hello")), true));
    HttpResponse head = coded.readInbound();
    assertFalse(head.headers().contains("content-encoding"), "decoded, the coding removed");
    assertEquals("hello", body(coded));
    coded.finishAndReleaseAll();
  }

  private static String body(EmbeddedChannel ch) {
    StringBuilder text = new StringBuilder();
    for (Object msg = ch.readInbound(); msg != null; msg = ch.readInbound()) {
      if (msg instanceof HttpContent) {
        ByteBuf content = ((HttpContent) msg).content();
        text.append(content.toString(StandardCharsets.US_ASCII));
      }
      ReferenceCountUtil.release(msg);
    }
    return text.toString();
  }

  private static byte[] gzip(String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(text.getBytes(StandardCharsets.US_ASCII));
    }
    return bytes.toByteArray();
  }
}

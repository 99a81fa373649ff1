package org.asynchttpclient.netty;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.asynchttpclient.HandlerTestFixtures.status;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.Cookie;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.asynchttpclient.HandlerTestFixtures;
import org.asynchttpclient.HttpProtocol;
import org.junit.jupiter.api.Test;

class NettyResponseTest {

  private static final String CAFE = "caf\u00e9";

  private static NettyResponse response(HttpHeaders headers, byte[] body) {
    return new NettyResponse(status(200, "OK"), headers, body);
  }

  @Test
  void statusAndAddressesComeFromTheStatus() {
    NettyResponse r = new NettyResponse(status(404, "Not Found", 1, 0), null, new byte[0]);
    assertEquals(404, r.getStatusCode());
    assertEquals("Not Found", r.getStatusText());
    assertSame(HandlerTestFixtures.REMOTE, r.getRemoteAddress());
    assertSame(HandlerTestFixtures.LOCAL, r.getLocalAddress());
    assertEquals(HttpProtocol.HTTP_1_0, r.getProtocol());
    assertTrue(r.hasResponseStatus());
    assertFalse(r.hasResponseHeaders());
    assertTrue(r.getHeaders().isEmpty());
    assertTrue(r.getHeaders("X-Anything").isEmpty());
    assertNull(r.getContentType());
    assertTrue(r.getCookies().isEmpty());
  }

  @Test
  void protocolFollowsTheStatusVersion() {
    assertEquals(
        HttpProtocol.HTTP_1_1,
        new NettyResponse(status(200, "OK", 1, 1), null, new byte[0]).getProtocol());
    assertEquals(
        HttpProtocol.HTTP_2,
        new NettyResponse(status(200, "OK", 2, 0), null, new byte[0]).getProtocol());
    assertEquals("HTTP/2", HttpProtocol.HTTP_2.getText());
    assertEquals("HTTP/1.1", HttpProtocol.HTTP_1_1.toString());
  }

  @Test
  void bodyDecodesWithCharsetOfContentType() {
    byte[] latin1 = CAFE.getBytes(ISO_8859_1);
    NettyResponse r =
        response(new DefaultHttpHeaders().add("Content-Type", "text/plain; charset=ISO-8859-1"), latin1);
    assertEquals(CAFE, r.getResponseBody());
    assertEquals("text/plain; charset=ISO-8859-1", r.getContentType());
  }

  @Test
  void bodyDefaultsToUtf8WithoutOrWithUnknownCharset() {
    byte[] utf8 = CAFE.getBytes(UTF_8);
    assertEquals(CAFE, response(new DefaultHttpHeaders(), utf8).getResponseBody());
    assertEquals(
        CAFE,
        response(new DefaultHttpHeaders().add("Content-Type", "text/plain"), utf8).getResponseBody());
    assertEquals(
        CAFE,
        response(new DefaultHttpHeaders().add("Content-Type", "text/plain; charset=no-such-charset"), utf8)
            .getResponseBody());
    assertEquals(CAFE.length() + 1, response(new DefaultHttpHeaders(), utf8).getResponseBody(ISO_8859_1).length());
  }

  @Test
  void bodyViewsAreIndependentCopies() throws IOException {
    byte[] body = {1, 2, 3, 4};
    NettyResponse r = response(new DefaultHttpHeaders(), body);

    byte[] bytes = r.getResponseBodyAsBytes();
    bytes[0] = 9;
    assertArrayEquals(new byte[] {1, 2, 3, 4}, r.getResponseBodyAsBytes());

    ByteBuffer nio = r.getResponseBodyAsByteBuffer();
    assertEquals(0, nio.position());
    assertEquals(4, nio.remaining());
    nio.put(0, (byte) 7);
    assertEquals(1, r.getResponseBodyAsByteBuffer().get(0));

    ByteBuf buf = r.getResponseBodyAsByteBuf();
    try {
      assertEquals(4, buf.readableBytes());
      assertEquals(3, buf.getByte(2));
    } finally {
      buf.release();
    }

    try (InputStream in = r.getResponseBodyAsStream()) {
      assertArrayEquals(new byte[] {1, 2, 3, 4}, in.readAllBytes());
    }
  }

  @Test
  void headersAreCaseInsensitiveAndMultiValued() {
    HttpHeaders headers = new DefaultHttpHeaders().add("X-Multi", "a").add("x-multi", "b").add("Server", "t");
    NettyResponse r = response(headers, new byte[0]);
    assertTrue(r.hasResponseHeaders());
    assertEquals("a", r.getHeader("X-MULTI"));
    assertEquals(List.of("a", "b"), r.getHeaders("x-Multi"));
    assertSame(headers, r.getHeaders());
    assertNull(r.getHeader("Missing"));
  }

  @Test
  void redirectStatuses() {
    for (int code : new int[] {301, 302, 303, 307, 308}) {
      assertTrue(new NettyResponse(status(code, "R"), null, new byte[0]).isRedirected(), "code " + code);
    }
    for (int code : new int[] {200, 300, 304, 305, 400}) {
      assertFalse(new NettyResponse(status(code, "X"), null, new byte[0]).isRedirected(), "code " + code);
    }
  }

  @Test
  void cookiesAreParsedFromEverySetCookieHeader() {
    HttpHeaders headers =
        new DefaultHttpHeaders()
            .add("Set-Cookie", "session=abc123; Path=/app; HttpOnly; Secure")
            .add("Set-Cookie", "theme=dark; Domain=example.com; Max-Age=3600")
            .add("Set-Cookie", "=novalue-is-dropped");
    List<Cookie> cookies = response(headers, new byte[0]).getCookies();

    assertEquals(2, cookies.size());
    Cookie session = cookies.get(0);
    assertEquals("session", session.name());
    assertEquals("abc123", session.value());
    assertEquals("/app", session.path());
    assertTrue(session.isHttpOnly());
    assertTrue(session.isSecure());
    Cookie theme = cookies.get(1);
    assertEquals("theme", theme.name());
    assertEquals("dark", theme.value());
    assertEquals("example.com", theme.domain());
    assertEquals(3600, theme.maxAge());
  }

  @Test
  void setCookie2HeadersWhenPresentReplaceTheSetCookieOnes() {
    // AHC 3.0.11/3.0.12 read Set-Cookie2 alone when there is any, decoded strictly, skipping what does not parse.
    HttpHeaders headers =
        new DefaultHttpHeaders()
            .add("Set-Cookie", "plain=ignored; Path=/")
            .add("Set-Cookie2", "first=1; Version=1; Path=/a")
            .add("Set-Cookie2", "spaced=a b; Version=1")
            .add("Set-Cookie2", "second=2; Max-Age=60");
    List<Cookie> cookies = response(headers, new byte[0]).getCookies();

    assertEquals(2, cookies.size());
    assertEquals("first", cookies.get(0).name());
    assertEquals("1", cookies.get(0).value());
    assertEquals("/a", cookies.get(0).path());
    assertEquals("second", cookies.get(1).name());
    assertEquals(60, cookies.get(1).maxAge());
  }

  @Test
  void setCookie2ThatAllFailToParseStillHideTheSetCookieOnes() {
    // The choice of header is made on presence, before decoding, so nothing falls back to Set-Cookie.
    HttpHeaders headers =
        new DefaultHttpHeaders().add("Set-Cookie", "plain=kept; Path=/").add("Set-Cookie2", "=nameless");
    assertTrue(response(headers, new byte[0]).getCookies().isEmpty());
  }

  @Test
  void theBodyStreamHandsCopiesToTheCallersOutputStream() throws IOException {
    byte[] big = new byte[20_000];
    Arrays.fill(big, (byte) 'a');
    NettyResponse r = response(null, big);
    // A caller's stream that scribbles over what it is given (AHC 3.0.12's
    // testGetResponseBodyAsStreamDoesNotShareTheBodyPartArray).
    OutputStream vandal = new OutputStream() {
      long seen;

      @Override
      public void write(int b) {
        seen++;
      }

      @Override
      public void write(byte[] b, int off, int len) {
        Arrays.fill(b, off, off + len, (byte) 'X');
        seen += len;
      }
    };
    assertEquals(big.length, r.getResponseBodyAsStream().transferTo(vandal));
    assertArrayEquals(big, r.getResponseBodyAsBytes());
    assertEquals('a', r.getResponseBody(UTF_8).charAt(19_999));
    InputStream partlyRead = r.getResponseBodyAsStream();
    assertEquals('a', partlyRead.read());
    assertEquals(big.length - 1, partlyRead.transferTo(OutputStream.nullOutputStream()));
  }

  @Test
  void toStringShowsStatusHeadersAndBody() {
    NettyResponse r = response(new DefaultHttpHeaders().add("X-A", "1"), "body!".getBytes(UTF_8));
    String text = r.toString();
    assertTrue(text.contains("statusCode=200"), text);
    assertTrue(text.contains("X-A: 1"), text);
    assertTrue(text.contains("body!"), text);
  }
}

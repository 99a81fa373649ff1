package org.asynchttpclient.netty.request;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.cookie.DefaultCookie;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.netty.request.body.BodyGeneratorNettyBody;
import org.asynchttpclient.netty.request.body.ReactiveNettyBody;
import org.asynchttpclient.netty.request.body.TestConfig;
import org.asynchttpclient.netty.request.body.Wire;
import org.asynchttpclient.request.body.Body;
import org.asynchttpclient.request.body.generator.ReactiveStreamsBodyGenerator;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;

class NettyRequestFactoryTest extends FactoryWire {
  private static HopTarget http(String host, int port, String path, @Nullable String query) {
    return new HopTarget("http", host, port, 80, path, query, false);
  }

  private static HopTarget https(String host, int port, String path, @Nullable String query) {
    return new HopTarget("https", host, port, 443, path, query, true);
  }

  private static final HopTarget EXAMPLE = http("example.com", -1, "/upload", null);

  private NettyRequest build(TestRequest request) {
    return factory.newNettyRequest(request, EXAMPLE, false, false, null, null);
  }

  private static String message(Throwable e) {
    return String.valueOf(e.getMessage());
  }

  // ---- request line and Host ----

  @Test
  void directRequestUsesOriginFormAndDefaultHeaders() {
    NettyRequest request = factory.newNettyRequest(new TestRequest(), http("example.com", -1, "/a/b", "x=1&y=2"),
        false, false, null, null);
    assertEquals("GET /a/b?x=1&y=2 HTTP/1.1\r\nhost: example.com\r\n" + DEFAULTS + "\r\n", wire(request));
    assertNull(request.getBody());
    assertInstanceOf(FullHttpRequest.class, request.getHttpRequest(), "a bodiless head is the whole request");
  }

  @Test
  void emptyPathBecomesSlashAndEmptyQueryIsDropped() {
    NettyRequest request = factory.newNettyRequest(new TestRequest(), http("example.com", -1, "", ""),
        false, false, null, null);
    assertEquals("GET / HTTP/1.1\r\nhost: example.com\r\n" + DEFAULTS + "\r\n", wire(request));
  }

  @Test
  void plainHttpThroughAnHttpProxyUsesAbsoluteForm() {
    NettyRequest request = factory.newNettyRequest(new TestRequest(), http("example.com", 8080, "/p", "q=1"),
        false, true, null, null);
    assertEquals("GET http://example.com:8080/p?q=1 HTTP/1.1\r\nhost: example.com:8080\r\n" + DEFAULTS + "\r\n",
        wire(request));
  }

  @Test
  void httpsThroughAProxyTunnelUsesOriginFormAndNoProxyCredentials() {
    NettyRequest request = factory.newNettyRequest(new TestRequest(), https("example.com", -1, "/p", null),
        false, true, null, null);
    assertEquals("GET /p HTTP/1.1\r\nhost: example.com\r\n" + DEFAULTS + "\r\n", wire(request));
  }

  @Test
  void connectUsesAuthorityFormAndCarriesOnlyProxyHeaders() {
    TestRequest user = new TestRequest().method("POST")
        .header("User-Agent", "custom")
        .header("Authorization", "Basic origin-secret")
        .header("X-Other", "1");
    user.byteData = "body".getBytes(US_ASCII);
    NettyRequest request = factory.newNettyRequest(user, https("example.com", -1, "/p", "q"), true, true,
        "Basic origin-realm", "Basic proxy-realm");
    assertEquals("CONNECT example.com:443 HTTP/1.1\r\nhost: example.com:443\r\nuser-agent: custom\r\n"
        + "proxy-authorization: Basic proxy-realm\r\n\r\n", wire(request));
    assertNull(request.getBody());
  }

  @Test
  void hostHeaderOmitsTheSchemeDefaultPortAndBracketsIpv6() {
    assertEquals("example.com", http("example.com", 80, "/", null).hostHeader);
    assertEquals("example.com", https("example.com", 443, "/", null).hostHeader);
    assertEquals("example.com:8443", https("example.com", 8443, "/", null).hostHeader);
    assertEquals("example.com:443", http("example.com", 443, "/", null).hostHeader);
    assertEquals("[::1]:8080", http("::1", 8080, "/", null).hostHeader);
    assertEquals("[::1]", http("[::1]", -1, "/", null).hostHeader);
    assertEquals("[2001:db8::1]:443", https("2001:db8::1", -1, "/", null).authorityForm());

    NettyRequest request = factory.newNettyRequest(new TestRequest(), http("::1", 8080, "/", null),
        false, false, null, null);
    assertEquals("GET / HTTP/1.1\r\nhost: [::1]:8080\r\n" + DEFAULTS + "\r\n", wire(request));
  }

  @Test
  void virtualHostReplacesTheComputedHost() {
    TestRequest user = new TestRequest();
    user.virtualHost = "virtual.example:9000";
    assertEquals("GET /upload HTTP/1.1\r\nhost: virtual.example:9000\r\n" + DEFAULTS + "\r\n", wire(build(user)));
  }

  @Test
  void aUserHostHeaderWins() {
    assertEquals("GET /upload HTTP/1.1\r\nHost: other.example\r\n" + DEFAULTS + "\r\n",
        wire(build(new TestRequest().header("Host", "other.example"))));
  }

  // ---- validation ----

  @Test
  void headerValueWithCrLfIsRefusedNamingTheHeader() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> build(new TestRequest().header("X-Evil", "a\r\nInjected: 1")));
    assertEquals("header X-Evil: value \"a\\r\\nInjected: 1\" (expected no CR, LF or NUL characters)", message(e));
  }

  @Test
  void headerValueWithNulIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> build(new TestRequest().header("X-Nul", "a\0b")));
    assertTrue(message(e).startsWith("header X-Nul: value \"a\\0b\""), message(e));
  }

  @Test
  void headerNameThatIsNotATokenIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> build(new TestRequest().header("Bad Name", "v")));
    assertTrue(message(e).startsWith("header name: \"Bad Name\" (expected an HTTP token"), message(e));
  }

  @Test
  void methodThatIsNotATokenIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> build(new TestRequest().method("GET /evil HTTP/1.1\r\n")));
    assertEquals("request method: \"GET /evil HTTP/1.1\\r\\n\" (expected an HTTP token such as GET)", message(e));
  }

  @Test
  void hostAndVirtualHostAreChecked() {
    IllegalArgumentException host = assertThrows(IllegalArgumentException.class,
        () -> factory.newNettyRequest(new TestRequest(), http("exa mple.com", -1, "/", null), false, false, null,
            null));
    assertTrue(message(host).startsWith("host: \"exa mple.com\""), message(host));

    TestRequest user = new TestRequest();
    user.virtualHost = "evil.example/path";
    IllegalArgumentException virtual = assertThrows(IllegalArgumentException.class, () -> build(user));
    assertTrue(message(virtual).startsWith("virtual host: \"evil.example/path\""), message(virtual));
  }

  @Test
  void aConfiguredUserAgentWithALineBreakIsRefusedOnAPlainGet() {
    // A GET of the factory's own headers alone skips the whole-head check: the user agent is
    // still checked.
    NettyRequestFactory evil =
        new NettyRequestFactory(new TestConfig().set("getUserAgent", "ua\r\nX-Injected: 1").build());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> evil.newNettyRequest(new TestRequest(), EXAMPLE, false, false, null, null));
    assertEquals("header user-agent: value \"ua\\r\\nX-Injected: 1\" (expected no CR, LF or NUL characters)",
        message(e));
  }

  @Test
  void aLaxCookieWithALineBreakIsRefused() {
    NettyRequestFactory lax = new NettyRequestFactory(new TestConfig().set("isUseLaxCookieEncoder", true).build());
    TestRequest user = new TestRequest();
    user.cookies.add(new DefaultCookie("c", "a\r\nX-Injected: 1"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> lax.newNettyRequest(user, EXAMPLE, false, false, null, null));
    assertTrue(message(e).startsWith("header cookie: value"), message(e));
  }

  @Test
  void requestTargetWithWhitespaceIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> factory.newNettyRequest(new TestRequest(), http("example.com", -1, "/a b", null), false, false, null,
            null));
    assertTrue(message(e).startsWith("request target: \"/a b\""), message(e));
  }

  @Test
  void credentialsWithLineBreaksAreRefused() {
    assertThrows(IllegalArgumentException.class,
        () -> factory.newNettyRequest(new TestRequest(), EXAMPLE, false, false, "Basic x\r\nX: y", null));
  }

  @Test
  void theRequestIsNeverModified() {
    TestRequest user = new TestRequest().method("POST").header("X-A", "1");
    user.byteData = "abc".getBytes(US_ASCII);
    user.cookies.add(new DefaultCookie("c", "1"));
    build(user).release();
    assertEquals(1, user.headers.size());
    assertEquals("1", user.headers.get("X-A"));
  }

  // ---- computed headers ----

  @Test
  void cookiesAreEncodedStrictlyByDefault() {
    TestRequest user = new TestRequest();
    user.cookies.add(new DefaultCookie("a", "1"));
    user.cookies.add(new DefaultCookie("b", "2"));
    assertEquals("GET /upload HTTP/1.1\r\nhost: example.com\r\ncookie: a=1; b=2\r\n" + DEFAULTS + "\r\n",
        wire(build(user)));

    TestRequest invalid = new TestRequest();
    invalid.cookies.add(new DefaultCookie("c", "a b"));
    assertThrows(IllegalArgumentException.class, () -> build(invalid));
  }

  @Test
  void laxCookieEncoderAcceptsWhatStrictRefuses() {
    NettyRequestFactory lax = new NettyRequestFactory(new TestConfig().set("isUseLaxCookieEncoder", true).build());
    TestRequest user = new TestRequest();
    user.cookies.add(new DefaultCookie("c", "a b"));
    NettyRequest request = lax.newNettyRequest(user, EXAMPLE, false, false, null, null);
    assertEquals("c=a b", request.getHttpRequest().headers().get("cookie"));
  }

  @Test
  void compressionEnforcedAddsAcceptEncodingUnlessTheUserSetOne() {
    AsyncHttpClientConfig config =
        new TestConfig().set("isCompressionEnforced", true).set("isEnableAutomaticDecompression", true).build();
    NettyRequestFactory compressing = new NettyRequestFactory(config);
    // 3.0.11's lines; br and zstd because the optional codecs are on the test class path
    assertEquals(List.of("gzip,deflate", "br", "zstd"), compressing.newNettyRequest(new TestRequest(), EXAMPLE,
        false, false, null, null).getHttpRequest().headers().getAll("accept-encoding"));
    assertEquals("br", compressing.newNettyRequest(new TestRequest().header("Accept-Encoding", "br"), EXAMPLE,
        false, false, null, null).getHttpRequest().headers().get("accept-encoding"));
    assertNull(build(new TestRequest()).getHttpRequest().headers().get("accept-encoding"));
  }

  @Test
  void keepAliveOffAddsConnectionClose() {
    NettyRequestFactory closing = new NettyRequestFactory(new TestConfig().set("isKeepAlive", false).build());
    NettyRequest request = closing.newNettyRequest(new TestRequest(), EXAMPLE, false, false, null, null);
    assertEquals("GET /upload HTTP/1.1\r\nhost: example.com\r\nconnection: close\r\n" + DEFAULTS + "\r\n",
        wire(request));
    assertNull(build(new TestRequest()).getHttpRequest().headers().get("connection"));
  }

  @Test
  void userAcceptAndUserAgentAreKept() {
    assertEquals("GET /upload HTTP/1.1\r\nhost: example.com\r\nAccept: text/plain\r\nUser-Agent: mine\r\n\r\n",
        wire(build(new TestRequest().header("Accept", "text/plain").header("User-Agent", "mine"))));
  }

  @Test
  void noUserAgentWhenNeitherUserNorConfigSetOne() {
    NettyRequestFactory anonymous = new NettyRequestFactory(new TestConfig().set("getUserAgent", null).build());
    assertNull(anonymous.newNettyRequest(new TestRequest(), EXAMPLE, false, false, null, null)
        .getHttpRequest().headers().get("user-agent"));
  }

  @Test
  void preemptiveCredentialsAreAddedAndProxyCredentialsSetOnPlainHttpThroughAProxy() {
    NettyRequest request = factory.newNettyRequest(new TestRequest().header("Authorization", "Bearer user"),
        http("example.com", -1, "/", null), false, true, "Basic dXNlcjpwYXNz", "Basic cHJveHk6cHc=");
    assertEquals("GET http://example.com/ HTTP/1.1\r\nhost: example.com\r\nAuthorization: Bearer user\r\n"
        + "proxy-authorization: Basic cHJveHk6cHc=\r\nauthorization: Basic dXNlcjpwYXNz\r\n" + DEFAULTS + "\r\n",
        wire(request));
  }

  @Test
  void rangeOffsetAddsARangeHeader() {
    TestRequest user = new TestRequest();
    user.rangeOffset = 1024;
    assertEquals("bytes=1024-", build(user).getHttpRequest().headers().get("range"));
    assertNull(build(new TestRequest()).getHttpRequest().headers().get("range"));
  }

  // ---- bodies and framing ----

  @Test
  void byteArrayBodyHasContentLengthAndExactBytes() {
    TestRequest user = new TestRequest().method("POST");
    user.byteData = "hello".getBytes(US_ASCII);
    NettyRequest request = build(user);
    assertEquals("POST /upload HTTP/1.1\r\nhost: example.com\r\ncontent-length: 5\r\n" + DEFAULTS + "\r\nhello",
        wire(request));
    assertTrue(bodyOf(request).isReplayable());
    assertEquals("hello", Wire.bodyOf(wire(request)), "a retry writes the same bytes");
  }

  @Test
  void compositeBodyIsConcatenated() {
    TestRequest user = new TestRequest().method("PUT");
    user.compositeByteData = List.of("ab".getBytes(US_ASCII), "cd".getBytes(US_ASCII));
    assertEquals("PUT /upload HTTP/1.1\r\nhost: example.com\r\ncontent-length: 4\r\n" + DEFAULTS + "\r\nabcd",
        wire(build(user)));
  }

  @Test
  void stringBodyUsesTheRequestCharsetElseUtf8() {
    TestRequest latin = new TestRequest().method("POST");
    latin.stringData = "\u00e9";
    latin.charset = ISO_8859_1;
    assertEquals("\u00e9", Wire.bodyOf(wire(build(latin))));
    assertEquals("1", build(latin).getHttpRequest().headers().get("content-length"));

    TestRequest utf8 = new TestRequest().method("POST");
    utf8.stringData = "\u00e9";
    assertEquals("2", build(utf8).getHttpRequest().headers().get("content-length"));
    assertEquals(new String("\u00e9".getBytes(StandardCharsets.UTF_8), ISO_8859_1), Wire.bodyOf(wire(build(utf8))));
  }

  @Test
  void byteBufferAndByteBufBodies() {
    TestRequest buffer = new TestRequest().method("POST");
    buffer.byteBufferData = ByteBuffer.wrap("nio".getBytes(US_ASCII));
    assertEquals("nio", Wire.bodyOf(wire(build(buffer))));

    ByteBuf userBuffer = Unpooled.copiedBuffer("netty", US_ASCII);
    try {
      TestRequest buf = new TestRequest().method("POST");
      buf.byteBufData = userBuffer;
      NettyRequest request = build(buf);
      assertEquals("5", request.getHttpRequest().headers().get("content-length"));
      assertEquals("netty", Wire.bodyOf(wire(request)));
      assertEquals("netty", Wire.bodyOf(wire(request)));
      assertEquals(1, userBuffer.refCnt());
    } finally {
      userBuffer.release();
    }
  }

  @Test
  void postPutPatchWithoutBodyGetContentLengthZeroOtherMethodsNothing() {
    for (String method : new String[] {"POST", "PUT", "PATCH"}) {
      assertEquals("0", build(new TestRequest().method(method)).getHttpRequest().headers().get("content-length"),
          method);
    }
    for (String method : new String[] {"GET", "HEAD", "DELETE", "OPTIONS"}) {
      assertFalse(build(new TestRequest().method(method)).getHttpRequest().headers().contains("content-length"),
          method);
    }
  }

  @Test
  void knownLengthReplacesAUserContentLengthAndTransferEncoding() {
    TestRequest user = new TestRequest().method("POST")
        .header("Content-Length", "99")
        .header("Transfer-Encoding", "chunked");
    user.byteData = "abc".getBytes(US_ASCII);
    assertEquals("POST /upload HTTP/1.1\r\nhost: example.com\r\ncontent-length: 3\r\n" + DEFAULTS + "\r\nabc",
        wire(build(user)));
  }

  @Test
  void inputStreamWithoutLengthIsChunkedAndNotReplayable() {
    TestRequest user = new TestRequest().method("POST");
    // Without mark/reset support a stream cannot be sent twice (3.0.11 resets one that has it).
    user.streamData =
        new java.io.FilterInputStream(new ByteArrayInputStream("stream".getBytes(US_ASCII))) {
          @Override
          public boolean markSupported() {
            return false;
          }
        };
    NettyRequest request = build(user);
    assertEquals("POST /upload HTTP/1.1\r\nhost: example.com\r\ntransfer-encoding: chunked\r\n" + DEFAULTS
        + "\r\n6\r\nstream\r\n0\r\n\r\n", wire(request));
    assertFalse(bodyOf(request).isReplayable());
    assertFalse(bodyOf(request).write(channel).isSuccess());
  }

  @Test
  void inputStreamWithADeclaredLengthIsSentRaw() {
    TestRequest user = new TestRequest().method("POST").header("Content-Length", "6");
    user.streamData = new ByteArrayInputStream("stream".getBytes(US_ASCII));
    assertEquals("POST /upload HTTP/1.1\r\nhost: example.com\r\ncontent-length: 6\r\n" + DEFAULTS + "\r\nstream",
        wire(build(user)));
  }

  @Test
  void malformedContentLengthIsRefused() {
    TestRequest user = new TestRequest().method("POST").header("Content-Length", "ten");
    user.streamData = new ByteArrayInputStream(new byte[0]);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> build(user));
    assertEquals("header content-length: \"ten\" (expected a non-negative integer)", message(e));
  }

  @Test
  void fileBodyIsSentWithItsLength() throws IOException {
    Path path = dir.resolve("f.txt");
    Files.write(path, "file-content".getBytes(US_ASCII));
    TestRequest user = new TestRequest().method("PUT");
    user.file = path.toFile();
    NettyRequest request = build(user);
    assertEquals("PUT /upload HTTP/1.1\r\nhost: example.com\r\ncontent-length: 12\r\n" + DEFAULTS
        + "\r\n<region>file-content</region>", wire(request));
    assertTrue(bodyOf(request).isReplayable());
  }

  @Test
  void customBodyGeneratorIsPulledChunked() {
    TestRequest user = new TestRequest().method("POST");
    user.bodyGenerator = () -> new Body() {
      private boolean sent;

      @Override
      public long getContentLength() {
        return -1;
      }

      @Override
      public BodyState transferTo(ByteBuf target) {
        if (sent) {
          return BodyState.STOP;
        }
        sent = true;
        target.writeBytes("gen".getBytes(US_ASCII));
        return BodyState.CONTINUE;
      }

      @Override
      public void close() {}
    };
    NettyRequest request = build(user);
    assertInstanceOf(BodyGeneratorNettyBody.class, request.getBody());
    assertFalse(bodyOf(request).isReplayable());
    assertEquals("POST /upload HTTP/1.1\r\nhost: example.com\r\ntransfer-encoding: chunked\r\n" + DEFAULTS
        + "\r\n3\r\ngen\r\n0\r\n\r\n", wire(request));
  }

  @Test
  void reactiveGeneratorBecomesAReactiveBodyWithItsLength() {
    Publisher<ByteBuf> never = subscriber -> {};
    TestRequest user = new TestRequest().method("POST");
    user.bodyGenerator = new ReactiveStreamsBodyGenerator(never, 42);
    NettyRequest request = build(user);
    assertInstanceOf(ReactiveNettyBody.class, request.getBody());
    assertEquals("42", request.getHttpRequest().headers().get("content-length"));
    request.release();
  }

  @Test
  void byteDataTakesPrecedenceOverLaterBodyKinds() {
    TestRequest user = new TestRequest().method("POST");
    user.byteData = "first".getBytes(US_ASCII);
    user.stringData = "second";
    user.streamData = new ByteArrayInputStream("third".getBytes(US_ASCII));
    assertEquals("first", Wire.bodyOf(wire(build(user))));
  }

  @Test
  void expectContinueIsFlaggedOnlyWithABody() {
    TestRequest withBody = new TestRequest().method("PUT").header("Expect", "100-continue");
    withBody.byteData = "x".getBytes(US_ASCII);
    assertTrue(build(withBody).isExpectContinue());
    assertFalse(build(new TestRequest().method("PUT").header("Expect", "100-continue")).isExpectContinue());
    TestRequest noExpect = new TestRequest().method("PUT");
    noExpect.byteData = "x".getBytes(US_ASCII);
    assertFalse(build(noExpect).isExpectContinue());
  }
}

package org.asynchttpclient;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.DefaultCookie;
import io.netty.resolver.NameResolver;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.asynchttpclient.channel.ChannelPoolPartitioning;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.request.body.generator.BodyGenerator;
import org.asynchttpclient.request.body.multipart.Part;
import org.asynchttpclient.testing.Stub;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;

class RequestBuilderTest {

  private static String message(Throwable t) {
    return String.valueOf(t.getMessage());
  }

  private static Part fakePart() {
    return Stub.of(Part.class, "fakePart", (method, args) -> null);
  }

  @Test
  void aRequestBuiltByLendingItsHeadersNeverSeesLaterBuilderChanges() {
    RequestBuilder builder = new RequestBuilder().setUrl("http://127.0.0.1/a").addHeader("X-A", "1");
    Request lent = builder.buildLendingHeaders();
    builder.setHeader("X-A", "2").addHeader("X-B", "b");
    Request next = builder.buildLendingHeaders();
    builder.clearHeaders();

    assertEquals("1", lent.getHeaders().get("X-A"));
    assertNull(lent.getHeaders().get("X-B"));
    assertEquals("2", next.getHeaders().get("X-A"));
    assertEquals("b", next.getHeaders().get("X-B"));
    assertTrue(builder.build().getHeaders().isEmpty());
  }

  @Test
  void lendingTwiceWithoutAChangeGivesTheSecondRequestItsOwnCopy() {
    RequestBuilder builder = new RequestBuilder().setUrl("http://127.0.0.1/a").addHeader("X-A", "1");
    Request first = builder.buildLendingHeaders();
    Request second = builder.buildLendingHeaders();
    first.getHeaders().set("X-A", "changed by its holder");

    assertEquals("1", second.getHeaders().get("X-A"));
  }

  @Test
  void defaultsAreThoseOf3011() {
    Request request = new RequestBuilder().build();
    assertEquals("GET", request.getMethod());
    assertEquals("http://localhost", request.getUrl());
    assertEquals(Duration.ZERO, request.getRequestTimeout());
    assertEquals(Duration.ZERO, request.getReadTimeout());
    assertEquals(UTF_8, request.getCharset());
    assertNull(request.getFollowRedirect());
    assertNull(request.getUseAbsoluteRequestDeadline());
    assertSame(ChannelPoolPartitioning.PerHostChannelPoolPartitioning.INSTANCE, request.getChannelPoolPartitioning());
    assertSame(RequestBuilderBase.DEFAULT_NAME_RESOLVER, request.getNameResolver());
    assertTrue(request.getCookies().isEmpty());
    assertTrue(request.getFormParams().isEmpty());
    assertTrue(request.getBodyParts().isEmpty());
    assertTrue(request.getQueryParams().isEmpty());
  }

  @Test
  void eachBodyKindReplacesTheOthers() {
    RequestBuilder builder = new RequestBuilder("POST").setUrl("http://h/").setBody("text");
    assertEquals("text", builder.build().getStringData());

    byte[] bytes = {1, 2, 3};
    Request byteRequest = builder.setBody(bytes).build();
    assertArrayEquals(bytes, byteRequest.getByteData());
    assertNull(byteRequest.getStringData());

    List<byte[]> composite = Arrays.asList(new byte[] {1}, new byte[] {2});
    Request compositeRequest = builder.setBody(composite).build();
    List<byte[]> sent = compositeRequest.getCompositeByteData();
    assertEquals(2, sent == null ? -1 : sent.size());
    assertNull(compositeRequest.getByteData());

    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    Request bufferRequest = builder.setBody(buffer).build();
    assertSame(buffer, bufferRequest.getByteBufferData());
    assertNull(bufferRequest.getCompositeByteData());

    ByteBuf byteBuf = Unpooled.copiedBuffer("buf", UTF_8);
    try {
      Request byteBufRequest = builder.setBody(byteBuf).build();
      assertSame(byteBuf, byteBufRequest.getByteBufData());
      assertNull(byteBufRequest.getByteBufferData());
      assertEquals(1, byteBuf.refCnt(), "the builder must not take or release the caller's buffer");
    } finally {
      byteBuf.release();
    }

    InputStream stream = new ByteArrayInputStream(bytes);
    Request streamRequest = builder.setBody(stream).build();
    assertSame(stream, streamRequest.getStreamData());
    assertNull(streamRequest.getByteBufData());

    BodyGenerator generator = () -> {
      throw new AssertionError("not called by the builder");
    };
    Request generatorRequest = builder.setBody(generator).build();
    assertSame(generator, generatorRequest.getBodyGenerator());
    assertNull(generatorRequest.getStreamData());

    File file = new File("/tmp/does-not-matter");
    Request fileRequest = builder.setBody(file).build();
    assertSame(file, fileRequest.getFile());
    assertNull(fileRequest.getBodyGenerator());

    Request stringAgain = builder.setBody("again").build();
    assertNull(stringAgain.getFile(), "a later body replaces a file body");
    assertEquals("again", stringAgain.getStringData());
  }

  @Test
  void formParamsAndPartsExcludeEachOtherAndOtherBodies() {
    RequestBuilder builder = new RequestBuilder("POST").setUrl("http://h/").setBody("text");
    Request form = builder.addFormParam("a", "1").addFormParam("b", "").build();
    assertEquals(Arrays.asList(new Param("a", "1"), new Param("b", "")), form.getFormParams());
    assertNull(form.getStringData());

    Part part = fakePart();
    Request multipart = builder.addBodyPart(part).build();
    assertEquals(Collections.singletonList(part), multipart.getBodyParts());
    assertTrue(multipart.getFormParams().isEmpty());

    Map<String, List<String>> map = new LinkedHashMap<>();
    map.put("x", Arrays.asList("1", "2"));
    Request formAgain = builder.setFormParams(map).build();
    assertEquals(Arrays.asList(new Param("x", "1"), new Param("x", "2")), formAgain.getFormParams());
    assertTrue(formAgain.getBodyParts().isEmpty());
  }

  @Test
  void queryParamsAreEncodedAndAppended() {
    Request request = new RequestBuilder()
        .setUrl("http://h/p?a=1")
        .addQueryParam("q", "a b&c=d/\u00e9")
        .addQueryParams(Collections.singletonList(new Param("flag", null)))
        .build();
    assertEquals("a=1&q=a%20b%26c%3Dd%2F%C3%A9&flag", request.getUri().getQuery());
    assertEquals("http://h/p?a=1&q=a%20b%26c%3Dd%2F%C3%A9&flag", request.getUrl());
    assertEquals(Arrays.asList(new Param("a", "1"), new Param("q", "a%20b%26c%3Dd%2F%C3%A9"), new Param("flag", null)),
        request.getQueryParams());
  }

  @Test
  void fixingEncoderRepairsPathAndQueryButKeepsEscapes() {
    Request request = new RequestBuilder().setUrl("http://h/a%20b/\u00e9|?x=%41|y&z").build();
    assertEquals("/a%20b/%C3%A9%7C", request.getUri().getPath());
    assertEquals("x=%41%7Cy&z", request.getUri().getQuery());
    Request lonePercent = new RequestBuilder().setUrl("http://h/100%/").build();
    assertEquals("/100%25/", lonePercent.getUri().getPath());
  }

  @Test
  void rawEncoderKeepsWhatItIsGiven() {
    Request request = new RequestBuilder("GET", true).setUrl("http://h/\u00e9?x=|").addQueryParam("k", "%41").build();
    assertEquals("/\u00e9", request.getUri().getPath());
    assertEquals("x=|&k=%41", request.getUri().getQuery());
    // A space is kept as 3.0.11 keeps it; the request line refuses it when the request is written
    // (BadInputTest#aRawSpaceIsRefusedAtTheRequestLine). A CR is refused at once.
    Request withSpace = new RequestBuilder("GET", true).setUrl("http://h/").addQueryParam("k", "a b").build();
    assertEquals("k=a b", withSpace.getUri().getQuery());
    RequestBuilder withCr = new RequestBuilder("GET", true).setUrl("http://h/").addQueryParam("k", "a\rb");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, withCr::build);
    assertTrue(message(e).contains("query: 'k=a\\rb' contains CR"), message(e));
  }

  @Test
  void fixingEncoderSendsARawSpaceAsPercent20() {
    Request request = new RequestBuilder().setUrl("http://h/a b?q=c d").addQueryParam("k", "e f").build();
    assertEquals("/a%20b", request.getUri().getPath());
    assertEquals("q=c%20d&k=e%20f", request.getUri().getQuery());
    assertEquals("http://h/a%20b?q=c%20d&k=e%20f", request.getUrl());
  }

  @Test
  void setQueryParamsReplacesTheUriQuery() {
    Request request = new RequestBuilder().setUrl("http://h/?old=1").setQueryParams(
        Collections.singletonList(new Param("new", "2"))).build();
    assertEquals("new=2", request.getUri().getQuery());
    RequestBuilder reset = new RequestBuilder().setUrl("http://h/?old=1").addQueryParam("a", "b");
    reset.resetQuery();
    assertNull(reset.build().getUri().getQuery());
  }

  @Test
  void headerWithCrOrLfIsRefusedNamingTheHeader() {
    RequestBuilder builder = new RequestBuilder().setUrl("http://h/");
    IllegalArgumentException set = assertThrows(IllegalArgumentException.class,
        () -> builder.setHeader("X-Trace", "a\r\nInjected: yes"));
    assertTrue(message(set).contains("header 'X-Trace'"), message(set));
    assertTrue(message(set).contains("contains CR at index 1"), message(set));

    IllegalArgumentException add = assertThrows(IllegalArgumentException.class,
        () -> builder.addHeader("X-Other", "a\nb"));
    assertTrue(message(add).contains("header 'X-Other'"), message(add));
    assertTrue(message(add).contains("LF"), message(add));

    IllegalArgumentException nul = assertThrows(IllegalArgumentException.class,
        () -> builder.addHeader("X-Nul", Arrays.asList("ok", "a\u0000b")));
    assertTrue(message(nul).contains("header 'X-Nul'") && message(nul).contains("NUL"), message(nul));

    IllegalArgumentException name = assertThrows(IllegalArgumentException.class,
        () -> builder.setHeader("Bad Name", "v"));
    assertTrue(message(name).contains("header name: 'Bad Name'"), message(name));

    HttpHeaders unchecked = DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders();
    unchecked.add("X-Smuggle", "a\r\nb");
    IllegalArgumentException bulk = assertThrows(IllegalArgumentException.class, () -> builder.setHeaders(unchecked));
    assertTrue(message(bulk).contains("header 'X-Smuggle'"), message(bulk));

    assertTrue(builder.build().getHeaders().isEmpty(), "refused headers leave nothing behind");
  }

  @Test
  void headersWrittenDirectlyToTheFieldAreCheckedAtBuild() {
    RequestBuilder builder = new RequestBuilder().setUrl("http://h/");
    builder.headers = DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders();
    builder.headers.add("X-Direct", "a\rb");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
    assertTrue(message(e).contains("header 'X-Direct'"), message(e));
  }

  @Test
  void methodMustBeAToken() {
    IllegalArgumentException ctor = assertThrows(IllegalArgumentException.class,
        () -> new RequestBuilder("GET / HTTP/1.1\r\nHost: evil\r\n\r\nGET"));
    assertTrue(message(ctor).startsWith("method: 'GET / HTTP/1.1\\r\\nHost"), message(ctor));
    assertTrue(message(ctor).contains("expected an HTTP token"), message(ctor));
    RequestBuilder builder = new RequestBuilder();
    assertThrows(IllegalArgumentException.class, () -> builder.setMethod("PO ST"));
    assertThrows(IllegalArgumentException.class, () -> builder.setMethod(""));
    assertEquals("PATCH", builder.setMethod("PATCH").build().getMethod());
  }

  @Test
  void badUrlFailsAtSetUrl() {
    RequestBuilder builder = new RequestBuilder();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> builder.setUrl("http://h/\r\nX-Injected: 1"));
    assertTrue(message(e).startsWith("url: 'http://h/\\r\\nX-Injected: 1' contains CR"), message(e));
    assertThrows(IllegalArgumentException.class, () -> builder.setUrl("ftp://h/"));
    assertThrows(IllegalArgumentException.class, () -> builder.setUrl("not a url"));
    RequestBuilder unsupported = new RequestBuilder().setUri(new Uri("gopher", null, "h", -1, "/", null, null));
    assertThrows(IllegalArgumentException.class, unsupported::build);
  }

  @Test
  void negativeTimeoutsOtherThanMinusOneAreRefused() {
    RequestBuilder builder = new RequestBuilder();
    IllegalArgumentException request = assertThrows(IllegalArgumentException.class,
        () -> builder.setRequestTimeout(Duration.ofMillis(-5)));
    assertTrue(message(request).startsWith("requestTimeout: -5 ms (expected >= 0 ms, or -1 ms for no timeout"),
        message(request));
    IllegalArgumentException read = assertThrows(IllegalArgumentException.class,
        () -> builder.setReadTimeout(Duration.ofSeconds(-2)));
    assertTrue(message(read).startsWith("readTimeout: -2000 ms"), message(read));
    assertThrows(IllegalArgumentException.class, () -> builder.setReadTimeout(Duration.ofNanos(-1)));

    Request noTimeouts = builder.setRequestTimeout(Duration.ofMillis(-1)).setReadTimeout(Duration.ofMillis(-1)).build();
    assertEquals(Duration.ofMillis(-1), noTimeouts.getRequestTimeout());
    assertEquals(Duration.ofMillis(-1), noTimeouts.getReadTimeout());
  }

  @Test
  void cookiesCanBeAddedReplacedOrAddedIfUnset() {
    Cookie first = new DefaultCookie("session", "1");
    Cookie second = new DefaultCookie("session", "2");
    Cookie other = new DefaultCookie("theme", "dark");
    RequestBuilder builder = new RequestBuilder().addCookie(first).addCookie(other);
    assertEquals(Arrays.asList(second, other), builder.addOrReplaceCookie(second).build().getCookies());
    assertEquals("2", builder.addCookieIfUnset(first).build().getCookies().get(0).value());
    assertThrows(IllegalArgumentException.class, () -> builder.addCookie(new DefaultCookie("x", "a\r\nb")));
  }

  @Test
  void charsetComesFromContentTypeThenBuilderThenUtf8() {
    assertEquals(StandardCharsets.ISO_8859_1, new RequestBuilder()
        .setHeader("Content-Type", "text/plain; charset=ISO-8859-1").setCharset(StandardCharsets.UTF_16).build()
        .getCharset());
    assertEquals(StandardCharsets.UTF_16, new RequestBuilder().setCharset(StandardCharsets.UTF_16).build().getCharset());
    assertEquals(UTF_8, new RequestBuilder().setHeader("Content-Type", "application/json").build().getCharset());
    assertEquals(UTF_8, new RequestBuilder().setHeader("Content-Type", "text/plain; charset=\"nope\"").build().getCharset());
  }

  @Test
  void builtHeadersAreACopy() {
    RequestBuilder builder = new RequestBuilder().setUrl("http://h/").setHeader("X-A", "1");
    Request first = builder.build();
    builder.setHeader("X-A", "2").addHeader("X-B", "3");
    assertEquals("1", first.getHeaders().get("X-A"));
    assertFalse(first.getHeaders().contains("X-B"));
    assertEquals("2", builder.build().getHeaders().get("X-A"));
  }

  @Test
  void signatureCalculatorSignsTheBuiltRequestOnly() {
    RequestBuilder builder = new RequestBuilder("POST").setUrl("http://h/p").addQueryParam("a", "1")
        .setSignatureCalculator((unsigned, rb) -> rb.addHeader("X-Signature", unsigned.getMethod() + " " + unsigned.getUrl()));
    Request signed = builder.build();
    assertEquals("POST http://h/p?a=1", signed.getHeaders().get("X-Signature"));
    assertEquals("http://h/p?a=1", signed.getUrl());
    assertFalse(builder.headers.contains("X-Signature"), "the calculator works on a copy");
  }

  @Test
  void prototypeCopyKeepsEveryField() throws Exception {
    InetAddress address = InetAddress.getByAddress("remote", new byte[] {10, 0, 0, 1});
    InetAddress local = InetAddress.getByAddress("local", new byte[] {10, 0, 0, 2});
    ProxyServer proxy = new ProxyServer.Builder("proxy", 3128).build();
    Realm realm = new Realm.Builder("u", "p").setScheme(Realm.AuthScheme.BASIC).build();
    NameResolver<InetAddress> resolver = RequestBuilderBase.DEFAULT_NAME_RESOLVER;
    ChannelPoolPartitioning partitioning = (uri, vhost, proxyServer) -> "one";
    Request original = new RequestBuilder("PUT")
        .setUrl("https://h:8443/p?q=1")
        .setAddress(address)
        .setLocalAddress(local)
        .setHeader("X-H", "v")
        .addCookie(new DefaultCookie("c", "v"))
        .setBody("body")
        .setVirtualHost("vhost")
        .setProxyServer(proxy)
        .setRealm(realm)
        .setFollowRedirect(true)
        .setRequestTimeout(Duration.ofMillis(1500))
        .setReadTimeout(Duration.ofMillis(700))
        .setUseAbsoluteRequestDeadline(true)
        .setRangeOffset(42)
        .setCharset(StandardCharsets.UTF_16)
        .setChannelPoolPartitioning(partitioning)
        .setNameResolver(resolver)
        .build();

    Request copy = original.toBuilder().build();
    assertEquals("PUT", copy.getMethod());
    assertEquals(original.getUri(), copy.getUri());
    assertSame(address, copy.getAddress());
    assertSame(local, copy.getLocalAddress());
    assertEquals("v", copy.getHeaders().get("X-H"));
    assertEquals(original.getCookies(), copy.getCookies());
    assertEquals("body", copy.getStringData());
    assertEquals("vhost", copy.getVirtualHost());
    assertSame(proxy, copy.getProxyServer());
    assertSame(realm, copy.getRealm());
    assertEquals(Boolean.TRUE, copy.getFollowRedirect());
    assertEquals(Duration.ofMillis(1500), copy.getRequestTimeout());
    assertEquals(Duration.ofMillis(700), copy.getReadTimeout());
    assertEquals(Boolean.TRUE, copy.getUseAbsoluteRequestDeadline());
    assertEquals(42, copy.getRangeOffset());
    assertEquals(StandardCharsets.UTF_16, copy.getCharset());
    assertSame(partitioning, copy.getChannelPoolPartitioning());
    assertSame(resolver, copy.getNameResolver());
    assertEquals(original.getQueryParams(), copy.getQueryParams());

    Request withFlagOff = original.toBuilder().setUseAbsoluteRequestDeadline(false).build();
    assertEquals(Boolean.FALSE, withFlagOff.getUseAbsoluteRequestDeadline());
    assertEquals(Boolean.TRUE, original.getUseAbsoluteRequestDeadline(), "the prototype is not changed");
  }

  @Test
  void prototypeCopyIsValidatedToo() {
    HttpHeaders unchecked = DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders();
    unchecked.add("X-Bad", "a\nb");
    Request bad = new DefaultRequest("GET", Uri.create("http://h/"), null, null, unchecked, Collections.emptyList(),
        null, null, null, null, null, null, null, Collections.emptyList(), Collections.emptyList(), null, null, null,
        null, null, null, null, 0, null, ChannelPoolPartitioning.PerHostChannelPoolPartitioning.INSTANCE,
        RequestBuilderBase.DEFAULT_NAME_RESOLVER, new DefaultRequest.Overrides());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::toBuilder);
    assertTrue(message(e).contains("header 'X-Bad'"), message(e));
  }

  @Test
  void publicDefaultRequestConstructorChecksMethodAndHeaders() {
    HttpHeaders unchecked = DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders();
    unchecked.add("X-Bad", "a\rb");
    assertThrows(IllegalArgumentException.class, () -> new DefaultRequest("GET", Uri.create("http://h/"), null, null,
        unchecked, Collections.emptyList(), null, null, null, null, null, null, null, Collections.emptyList(),
        Collections.emptyList(), null, null, null, null, null, null, null, 0, null,
        ChannelPoolPartitioning.PerHostChannelPoolPartitioning.INSTANCE, RequestBuilderBase.DEFAULT_NAME_RESOLVER));
    DefaultRequest ok = new DefaultRequest("GET", Uri.create("http://h/?a=b"), null, null,
        DefaultHttpHeadersFactory.headersFactory().newHeaders(), Collections.emptyList(), null, null, null, null, null,
        null, null, Collections.emptyList(), Collections.emptyList(), null, null, null, null, null, null, null, 0, null,
        ChannelPoolPartitioning.PerHostChannelPoolPartitioning.INSTANCE, RequestBuilderBase.DEFAULT_NAME_RESOLVER);
    assertEquals(Duration.ZERO, ok.getRequestTimeout());
    assertNull(ok.getUseAbsoluteRequestDeadline());
    assertEquals(Collections.singletonList(new Param("a", "b")), ok.getQueryParams());
  }

  @Test
  void toStringRedactsCredentialHeadersAs3012Does() {
    String text = new RequestBuilder("POST").setUrl("http://h/login")
        .setHeader("Authorization", "Basic c2VjcmV0")
        .setHeader("proxy-authorization", "Basic cHJveHk=")
        .setHeader("Cookie", "sid=s3ss10n")
        .setHeader("Set-Cookie", "a=c00k1e")
        .setHeader("Accept", "text/html")
        .addFormParam("user", "bob")
        .addFormParam("password", "hunter2")
        .build().toString();
    // 3.0.12's layout (upstream RequestBuilderTest#testRequestToStringRedactsSensitiveHeaders);
    // form values are redacted too, where 3.0.12 prints them.
    assertEquals("http://h/login\tPOST\theaders:\tAuthorization: <redacted>\tproxy-authorization: <redacted>"
        + "\tCookie: <redacted>\tSet-Cookie: <redacted>\tAccept: text/html\tformParams:\tuser:<redacted>"
        + "\tpassword:<redacted>", text);
    for (String secret : List.of("c2VjcmV0", "cHJveHk", "s3ss10n", "c00k1e", "hunter2")) {
      assertFalse(text.contains(secret), text);
    }
  }
}

package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Param;
import org.asynchttpclient.Request;
import org.asynchttpclient.Response;
import org.asynchttpclient.filter.FilterContext;
import org.asynchttpclient.filter.ResponseFilter;
import org.asynchttpclient.handler.MaxRedirectException;
import org.asynchttpclient.request.body.generator.ByteArrayBodyGenerator;
import org.asynchttpclient.request.body.generator.FileBodyGenerator;
import org.asynchttpclient.request.body.generator.InputStreamBodyGenerator;
import org.asynchttpclient.request.body.multipart.ByteArrayPart;
import org.asynchttpclient.request.body.multipart.FilePart;
import org.asynchttpclient.request.body.multipart.StringPart;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.OneShotStream;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.testing.TwoOrigins;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class RedirectTest extends TwoOrigins {
  @TempDir static Path dir;

  @BeforeEach
  void start() throws Exception {
    for (TestServer s : new TestServer[] {a, b}) {
      routeRedirects(s);
      routeEchoingTarget(s, true);
      s.route(
          "/loop",
          (ctx, req) ->
              TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "again", "Location", "/loop"));
    }
  }

  /** A client of its own that follows redirects, as most of these tests want. */
  private static DefaultAsyncHttpClient followingClient() {
    return ClientFixture.client(ClientFixture.config().setFollowRedirect(true));
  }

  private String redirect(TestServer s, int code, String location) {
    return s.url(redirectPath(code, location));
  }

  private static Response get(org.asynchttpclient.BoundRequestBuilder rb) throws Exception {
    return rb.execute().get(5, TimeUnit.SECONDS);
  }

  @ParameterizedTest
  @ValueSource(ints = {301, 302, 303})
  void postBecomesGetWithoutBody(int code) throws Exception {
    try (DefaultAsyncHttpClient client = followingClient()) {
      Response r =
          get(
              client
                  .preparePost(redirect(a, code, "/target"))
                  .setHeader(HttpHeaderNames.CONTENT_TYPE, "text/plain")
                  .setBody("payload"));
      assertEquals(200, r.getStatusCode());
      assertEquals("GET /target []", r.getResponseBody());
      assertEquals(a.url("/target"), r.getUri().toUrl());
      TestServer.Received last = a.received().get(1);
      assertFalse(last.headers.contains(HttpHeaderNames.CONTENT_TYPE), last.headers.toString());
      assertEquals(2, a.received().size());
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {307, 308})
  void temporaryAndPermanentKeepMethodAndBody(int code) throws Exception {
    try (DefaultAsyncHttpClient client = followingClient()) {
      Response r = get(client.preparePut(redirect(a, code, "/target")).setBody("payload"));
      assertEquals(200, r.getStatusCode());
      assertEquals("PUT /target [payload]", r.getResponseBody());
    }
  }

  /**
   * Only POST turns into GET on a 301 or 302 (RFC 9110 15.4.2, 15.4.3); every other method keeps
   * itself and its body, QUERY included (RFC 10008 2.5), and a GET that carries a body keeps it.
   * AHC 3.0.11 turned PUT, PATCH, DELETE and QUERY into a GET without body.
   */
  @ParameterizedTest
  @CsvSource({
    "PUT, 301", "PUT, 302", "PATCH, 301", "PATCH, 302", "DELETE, 301", "DELETE, 302",
    "QUERY, 301", "QUERY, 302", "QUERY, 307", "QUERY, 308", "GET, 301", "GET, 302"
  })
  void everyMethodButPostKeepsItselfAndItsBodyOn301And302(String method, int code) throws Exception {
    try (DefaultAsyncHttpClient client = followingClient()) {
      Response r =
          get(
              client
                  .prepare(method, redirect(a, code, "/target"))
                  .setHeader(HttpHeaderNames.CONTENT_TYPE, "application/json")
                  .setBody("{\"q\":1}"));
      assertEquals(method + " /target [{\"q\":1}]", r.getResponseBody());
      TestServer.Received atTarget = a.received().get(1);
      assertEquals("application/json", atTarget.headers.get(HttpHeaderNames.CONTENT_TYPE));
    }
  }

  /** A 303 asks for a retrieval: every method but GET, HEAD and OPTIONS becomes GET, and no body is sent. */
  @ParameterizedTest
  @CsvSource({"PUT, GET", "PATCH, GET", "DELETE, GET", "QUERY, GET", "POST, GET", "GET, GET", "OPTIONS, OPTIONS"})
  void aSeeOtherDropsTheBodyOfEveryMethod(String method, String followedWith) throws Exception {
    try (DefaultAsyncHttpClient client = followingClient()) {
      Response r =
          get(
              client
                  .prepare(method, redirect(a, 303, "/target"))
                  .setHeader(HttpHeaderNames.CONTENT_TYPE, "text/plain")
                  .setBody("payload"));
      assertEquals(followedWith + " /target []", r.getResponseBody());
      TestServer.Received atTarget = a.received().get(1);
      assertFalse(atTarget.headers.contains(HttpHeaderNames.CONTENT_TYPE), atTarget.headers.toString());
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {301, 302, 303})
  void optionsKeepsItsMethod(int code) throws Exception {
    try (DefaultAsyncHttpClient client = followingClient()) {
      assertEquals("OPTIONS /target []", get(client.prepareOptions(redirect(a, code, "/target"))).getResponseBody());
    }
  }

  static Stream<Arguments> bodies() throws IOException {
    byte[] bytes = "payload".getBytes(StandardCharsets.UTF_8);
    Path file = Files.write(dir.resolve("body.txt"), bytes);
    return Stream.of(
        body("bytes", rb -> rb.setBody(bytes)),
        body("composite bytes", rb -> rb.setBody(List.of("pay".getBytes(StandardCharsets.UTF_8), "load".getBytes(StandardCharsets.UTF_8)))),
        body("string", rb -> rb.setBody("payload")),
        body("ByteBuffer", rb -> rb.setBody(ByteBuffer.wrap(bytes))),
        body("ByteBuf", rb -> rb.setBody(Unpooled.wrappedBuffer(bytes))),
        // A stream's length is the caller's Content-Length, which the next hop keeps (the stream
        // cannot say it again).
        body("mark/reset stream", rb -> rb.setBody(new ByteArrayInputStream(bytes)).setHeader(HttpHeaderNames.CONTENT_LENGTH, "7")),
        body("file", rb -> rb.setBody(file.toFile())),
        body("byte array generator", rb -> rb.setBody(new ByteArrayBodyGenerator(bytes))),
        body("file generator", rb -> rb.setBody(new FileBodyGenerator(file.toFile()))),
        body("mark/reset stream generator", rb -> rb.setBody(new InputStreamBodyGenerator(new ByteArrayInputStream(bytes), 7))));
  }

  private static Arguments body(String kind, Consumer<BoundRequestBuilder> setter) {
    return Arguments.of(kind, setter);
  }

  /** Every kind of body that can be produced twice reaches the target of a 307 and of a 308 whole. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("bodies")
  void everyReplayableBodyIsKeptOn307And308(String kind, Consumer<BoundRequestBuilder> setter) throws Exception {
    try (DefaultAsyncHttpClient client = followingClient()) {
      for (int code : new int[] {307, 308}) {
        BoundRequestBuilder rb = client.preparePut(redirect(a, code, b.url("/target")));
        setter.accept(rb);
        assertEquals("PUT /target [payload]", get(rb).getResponseBody(), kind + " on " + code);
      }
      assertEquals(2, b.received().size());
      for (TestServer.Received atTarget : b.received()) {
        assertEquals("7", atTarget.headers.get(HttpHeaderNames.CONTENT_LENGTH), kind + ": " + atTarget.headers);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {307, 308})
  void formParametersAreKept(int code) throws Exception {
    try (DefaultAsyncHttpClient client = followingClient()) {
      Response r =
          get(client.preparePost(redirect(a, code, b.url("/target")))
              .setFormParams(List.of(new Param("k", "v 1"), new Param("x", "y"))));
      assertEquals("POST /target [k=v+1&x=y]", r.getResponseBody());
      assertEquals(
          "application/x-www-form-urlencoded",
          b.received().get(0).headers.get(HttpHeaderNames.CONTENT_TYPE));
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {307, 308})
  void multipartPartsAreKept(int code) throws Exception {
    Path file = Files.write(dir.resolve("part-" + code + ".txt"), "from a file".getBytes(StandardCharsets.UTF_8));
    try (DefaultAsyncHttpClient client = followingClient()) {
      Response r =
          get(client.preparePost(redirect(a, code, b.url("/target")))
              .addBodyPart(new StringPart("s", "a string"))
              .addBodyPart(new ByteArrayPart("b", "some bytes".getBytes(StandardCharsets.UTF_8)))
              .addBodyPart(new FilePart("f", file.toFile())));
      assertEquals(200, r.getStatusCode());
      TestServer.Received atTarget = b.received().get(0);
      assertTrue(atTarget.headers.get(HttpHeaderNames.CONTENT_TYPE).startsWith("multipart/form-data"));
      for (String content : new String[] {"a string", "some bytes", "from a file"}) {
        assertTrue(atTarget.body.contains(content), content + " missing at the target: " + atTarget.body);
      }
    }
  }

  @Test
  void strict302KeepsMethodAndBodyOn302Only() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            ClientFixture.config().setFollowRedirect(true).setStrict302Handling(true))) {
      assertEquals(
          "POST /target [payload]",
          get(client.preparePost(redirect(a, 302, "/target")).setBody("payload")).getResponseBody());
      assertEquals(
          "GET /target []",
          get(client.preparePost(redirect(a, 303, "/target")).setBody("payload")).getResponseBody());
      assertEquals(
          "GET /target []",
          get(client.preparePost(redirect(a, 301, "/target")).setBody("payload")).getResponseBody());
    }
  }

  @Test
  void getAndHeadKeepTheirMethod() throws Exception {
    try (DefaultAsyncHttpClient client = followingClient()) {
      assertEquals("GET /target []", get(client.prepareGet(redirect(a, 303, "/target"))).getResponseBody());
      Response head = get(client.prepareHead(redirect(a, 303, "/target")));
      assertEquals(200, head.getStatusCode());
      assertEquals("HEAD", a.received().get(a.received().size() - 1).method);
    }
  }

  @Test
  void relativeLocationsResolveAgainstTheCurrentUri() throws Exception {
    a.route(
        "/dir/page",
        (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", "../target?x=1"));
    try (DefaultAsyncHttpClient client = followingClient()) {
      Response r = get(client.prepareGet(a.url("/dir/page")));
      assertEquals("GET /target?x=1 []", r.getResponseBody());
      assertEquals(a.url("/target?x=1"), r.getUri().toUrl());
      r = get(client.prepareGet(redirect(a, 302, "target")));
      assertEquals("GET /target []", r.getResponseBody());
    }
  }

  @Test
  void theLocationQueryReplacesTheOriginalQuery() throws Exception {
    // 3.0.11 has no removeQueryParamOnRedirect: the Location alone decides the next query.
    try (DefaultAsyncHttpClient client = followingClient()) {
      Response r =
          get(client.prepareGet(redirect(a, 302, "/target")).addQueryParam("original", "1"));
      assertEquals("GET /target []", r.getResponseBody());
      r = get(client.prepareGet(redirect(a, 302, "/target?q=2")).addQueryParam("original", "1"));
      assertEquals("GET /target?q=2 []", r.getResponseBody());
    }
  }

  @Test
  void theMaxRedirectsThRedirectFailsAsInEveryAhc() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true).setMaxRedirects(3))) {
      // two redirects are followed: each counts before it is followed, and the third reaches 3
      String twice = redirect(a, 302, redirect(a, 302, a.url("/target")));
      assertEquals(200, get(client.prepareGet(twice)).getStatusCode());

      int before = a.received().size();
      ExecutionException e =
          assertThrows(ExecutionException.class, () -> get(client.prepareGet(a.url("/loop"))));
      assertInstanceOf(MaxRedirectException.class, e.getCause());
      assertTrue(e.getCause().getMessage().contains("3"), e.getCause().getMessage());
      // the first request plus two followed redirects; the third redirect is not followed
      assertEquals(3, a.received().size() - before);
    }
  }

  @Test
  void maxRedirectsOneFollowsNone() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true).setMaxRedirects(1))) {
      int before = a.received().size();
      ExecutionException e =
          assertThrows(
              ExecutionException.class,
              () -> get(client.prepareGet(redirect(a, 302, a.url("/target")))));
      assertInstanceOf(MaxRedirectException.class, e.getCause());
      assertEquals(1, a.received().size() - before, "the redirect was followed");
    }
  }

  @Test
  void redirectWithoutLocationIsDelivered() throws Exception {
    try (DefaultAsyncHttpClient client = followingClient()) {
      Response r = get(client.prepareGet(a.url("/r?code=302")));
      assertEquals(302, r.getStatusCode());
      assertEquals("no location", r.getResponseBody());
      // an empty Location too (3.0.13 failed with NullPointerException "originalUrl")
      Response empty = get(client.prepareGet(a.url(redirectPath(301, ""))));
      assertEquals(301, empty.getStatusCode());
      assertEquals("moved", empty.getResponseBody());
    }
  }

  @Test
  void followRedirectPerRequestOverridesTheConfig() throws Exception {
    try (DefaultAsyncHttpClient off = ClientFixture.client();
        DefaultAsyncHttpClient on = followingClient()) {
      assertEquals(302, get(off.prepareGet(redirect(a, 302, "/target"))).getStatusCode());
      assertEquals(
          200,
          get(off.prepareGet(redirect(a, 302, "/target")).setFollowRedirect(true)).getStatusCode());
      assertEquals(
          302,
          get(on.prepareGet(redirect(a, 302, "/target")).setFollowRedirect(false)).getStatusCode());
    }
  }

  @Test
  void bodyOf307ReachesAnotherOrigin() throws Exception {
    try (DefaultAsyncHttpClient client = followingClient()) {
      Response r = get(client.preparePost(redirect(a, 307, b.url("/target"))).setBody("payload"));
      assertEquals("POST /target [payload]", r.getResponseBody());
      assertEquals(b.url("/target"), r.getUri().toUrl());
      assertEquals(1, b.received().size());
    }
  }

  @Test
  void streamBodyOn307FailsAndNeverReachesTheTarget() throws Exception {
    try (DefaultAsyncHttpClient client = followingClient()) {
      ExecutionException e = Await.failed(
          client.preparePost(redirect(a, 307, b.url("/target"))).setBody(OneShotStream.of("payload")).execute(),
          5);
      assertInstanceOf(IOException.class, e.getCause());
      assertEquals(
          "Redirect request body InputStream does not support mark/reset and cannot be replayed",
          e.getCause().getMessage());
      assertEquals(0, b.received().size());
    }
  }

  @Test
  void sameConnectionCarriesASameOriginRedirect() throws Exception {
    try (DefaultAsyncHttpClient client = followingClient()) {
      assertEquals(200, get(client.prepareGet(redirect(a, 302, "/target"))).getStatusCode());
      assertEquals(1, a.acceptedCount());
    }
  }

  @Test
  void perRequestSettingsSurviveEveryHop() throws Exception {
    List<Request> seen = new CopyOnWriteArrayList<>();
    ResponseFilter recorder =
        new ResponseFilter() {
          @Override
          public <T> FilterContext<T> filter(FilterContext<T> ctx) {
            seen.add(ctx.getRequest());
            return ctx;
          }
        };
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            ClientFixture.config().setFollowRedirect(true).addResponseFilter(recorder))) {
      Response r =
          get(
              client
                  .prepareGet(redirect(a, 302, redirect(a, 307, b.url("/target"))))
                  .setRequestTimeout(Duration.ofSeconds(7))
                  .setReadTimeout(Duration.ofSeconds(6))
                  .setUseAbsoluteRequestDeadline(true)
                  .setVirtualHost("vhost.example")
                  .setRangeOffset(3)
                  .setCharset(StandardCharsets.ISO_8859_1));
      assertEquals(200, r.getStatusCode());
      assertEquals(3, seen.size());
      for (Request hop : seen) {
        assertEquals(Duration.ofSeconds(7), hop.getRequestTimeout());
        assertEquals(Duration.ofSeconds(6), hop.getReadTimeout());
        assertEquals(Boolean.TRUE, hop.getUseAbsoluteRequestDeadline());
        assertEquals(3, hop.getRangeOffset());
        assertEquals(StandardCharsets.ISO_8859_1, hop.getCharset());
      }
      // the virtual host names the first origin: kept on the same origin, dropped when it changes
      assertEquals("vhost.example", seen.get(1).getVirtualHost());
      assertEquals("vhost.example", a.received().get(1).headers.get(HttpHeaderNames.HOST));
      assertNull(seen.get(2).getVirtualHost());
      assertEquals("127.0.0.1:" + b.port(), b.received().get(0).headers.get(HttpHeaderNames.HOST));
    }
  }
}

package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.ssl.OptionalSslHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.pkitesting.X509Bundle;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Param;
import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilder;
import org.asynchttpclient.Response;
import org.asynchttpclient.filter.FilterContext;
import org.asynchttpclient.filter.IOExceptionFilter;
import org.asynchttpclient.filter.ResponseFilter;
import org.asynchttpclient.handler.MaxRedirectException;
import org.asynchttpclient.handler.RedirectRefusedException.Reason;
import org.asynchttpclient.handler.RedirectRefusedException;
import org.asynchttpclient.request.body.generator.ByteArrayBodyGenerator;
import org.asynchttpclient.request.body.multipart.StringPart;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.Certificates;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.OneShotStream;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.testing.TwoOrigins;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * refuseSchemeDowngradeOnRedirect and refuseCrossOriginBodyOnRedirect: off they follow, on they
 * fail the exchange with {@link RedirectRefusedException} before the target is contacted, per
 * request they only tighten, and a request rebuilt by a filter cannot relax them.
 *
 * <p>Three loopback servers: {@code a} and {@code b} speak plain HTTP on two ports (two origins),
 * {@code dual} speaks HTTP and HTTPS on one port (for a downgrade's source, and for the same host
 * moving onto TLS without changing its port). Assertions that the target was never contacted read
 * its accepted connections, not only its requests.
 */
class RedirectRefusalTest extends TwoOrigins {
  private static X509Bundle cert;

  private TestServer dual;

  @BeforeAll
  static void certificate() throws Exception {
    cert = Certificates.localhost();
  }

  @BeforeEach
  void start() throws Exception {
    dual = new TestServer();
    SslContext serverTls = Certificates.serverContext(cert);
    // Ahead of the HTTP codec: a connection that starts with a TLS record gets TLS.
    dual.onAccept(ch -> ch.pipeline().addLast(new OptionalSslHandler(serverTls)));
    AtomicBoolean retried = new AtomicBoolean();
    for (TestServer s : new TestServer[] {a, b, dual}) {
      routeRedirects(s);
      routeEchoingTarget(s, false);
      // 503 once (a response filter then replays), then a 307 to b's target.
      s.route(
          "/retry-once",
          (ctx, req) -> {
            if (retried.compareAndSet(false, true)) {
              TestServer.respond(ctx, req, HttpResponseStatus.SERVICE_UNAVAILABLE, "again");
            } else {
              TestServer.respond(
                  ctx, req, HttpResponseStatus.TEMPORARY_REDIRECT, "moved", "Location", b.url("/target"));
            }
          });
    }
  }

  @AfterEach
  void stop() {
    dual.close();
  }

  private static DefaultAsyncHttpClientConfig.Builder following() throws Exception {
    return ClientFixture.config()
        .setFollowRedirect(true)
        .setSslContext(Certificates.trusting(cert));
  }

  /** A URL of {@code s} that redirects with {@code code} to {@code location}. */
  private static String redirect(String base, int code, String location) {
    return base + redirectPath(code, location);
  }

  private String plain(TestServer s) {
    return "http://127.0.0.1:" + s.port();
  }

  private String secure(TestServer s) {
    return "https://127.0.0.1:" + s.port();
  }

  private static Response follow(BoundRequestBuilder rb) throws Exception {
    return rb.execute().get(10, TimeUnit.SECONDS);
  }

  private static RedirectRefusedException refused(BoundRequestBuilder rb) {
    ExecutionException e = assertThrows(ExecutionException.class, () -> follow(rb));
    return assertInstanceOf(RedirectRefusedException.class, e.getCause());
  }

  // ---- scheme downgrade

  @Test
  void aDowngradeIsFollowedByDefault() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client(following())) {
      String url = redirect(secure(dual), 307, b.url("/target"));
      assertEquals("PUT [payload]", follow(client.preparePut(url).setBody("payload")).getResponseBody());
      assertEquals(1, b.received().size());
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {301, 302, 303, 307, 308})
  void aDowngradeIsRefusedWithTheClientOptionBeforeTheTargetIsContacted(int code) throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(following().setRefuseSchemeDowngradeOnRedirect(true))) {
      String url = redirect(secure(dual), code, b.url("/target?token=secret"));
      RedirectRefusedException e = refused(client.prepareGet(url));
      assertEquals(Reason.SCHEME_DOWNGRADE, e.getReason());
      assertEquals(code, e.getStatusCode());
      assertEquals(Uri.create(url), e.getSourceUri());
      assertEquals(Uri.create(b.url("/target?token=secret")), e.getTargetUri());
      assertEquals(0, b.acceptedCount(), "the target was contacted");
      String message = e.getMessage();
      assertTrue(message.contains(String.valueOf(code)), message);
      assertTrue(message.contains("https://127.0.0.1:" + dual.port()), message);
      assertTrue(message.contains("http://127.0.0.1:" + b.port()), message);
      assertTrue(message.endsWith(": the target scheme is not secured"), message);
      assertFalse(message.contains("secret"), "the target's query stays out of the message: " + message);
    }
  }

  @Test
  void theDowngradeRefusalLetsAnUpgradeAndACrossOriginBodyThrough() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(following().setRefuseSchemeDowngradeOnRedirect(true))) {
      String up = redirect(a.url(""), 307, secure(dual) + "/target");
      assertEquals("PUT [payload]", follow(client.preparePut(up).setBody("payload")).getResponseBody());
      String across = redirect(a.url(""), 307, b.url("/target"));
      assertEquals("PUT [payload]", follow(client.preparePut(across).setBody("payload")).getResponseBody());
    }
  }

  @Test
  void theHandlerHearsTheRefusalAndNotTheRedirect() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(following().setRefuseSchemeDowngradeOnRedirect(true))) {
      RecordingHandler h = new RecordingHandler();
      ListenableFuture<Response> f = client.prepareGet(redirect(secure(dual), 302, b.url("/target"))).execute(h);
      h.awaitEnd(Duration.ofSeconds(10));
      assertInstanceOf(RedirectRefusedException.class, h.failure());
      ExecutionException e = Await.failed(f, 5);
      assertInstanceOf(RedirectRefusedException.class, e.getCause());
      assertEquals(-1, h.status(), "the 302 reached the handler: " + h.events());
      assertEquals(1, h.terminals());
    }
  }

  // ---- cross-origin body

  @Test
  void aCrossOriginBodyIsFollowedByDefault() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client(following())) {
      String url = redirect(a.url(""), 307, b.url("/target"));
      assertEquals("PUT [payload]", follow(client.preparePut(url).setBody("payload")).getResponseBody());
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {301, 302, 307, 308})
  void aCrossOriginBodyIsRefusedOnEveryStatusThatKeepsIt(int code) throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(following().setRefuseCrossOriginBodyOnRedirect(true))) {
      String url = redirect(a.url(""), code, b.url("/target"));
      RedirectRefusedException e = refused(client.preparePut(url).setBody("payload"));
      assertEquals(Reason.CROSS_ORIGIN_BODY, e.getReason());
      assertEquals(code, e.getStatusCode());
      assertEquals(Uri.create(url), e.getSourceUri());
      assertEquals(Uri.create(b.url("/target")), e.getTargetUri());
      assertTrue(e.getMessage().endsWith(": it would resend the request content to another origin"), e.getMessage());
      assertEquals(0, b.acceptedCount(), "the body's target was contacted");
    }
  }

  static Stream<Arguments> bodies() throws IOException {
    byte[] bytes = "payload".getBytes(StandardCharsets.UTF_8);
    Path file = Files.createTempFile("redirect-refusal", ".txt");
    file.toFile().deleteOnExit();
    Files.write(file, bytes);
    return Stream.of(
        Arguments.of("bytes", (Consumer<BoundRequestBuilder>) rb -> rb.setBody(bytes)),
        Arguments.of("composite", (Consumer<BoundRequestBuilder>) rb -> rb.setBody(List.of(bytes))),
        Arguments.of("string", (Consumer<BoundRequestBuilder>) rb -> rb.setBody("payload")),
        Arguments.of("ByteBuffer", (Consumer<BoundRequestBuilder>) rb -> rb.setBody(ByteBuffer.wrap(bytes))),
        Arguments.of("ByteBuf", (Consumer<BoundRequestBuilder>) rb -> rb.setBody(Unpooled.wrappedBuffer(bytes))),
        Arguments.of("stream", (Consumer<BoundRequestBuilder>) rb -> rb.setBody(new ByteArrayInputStream(bytes))),
        Arguments.of("one-shot stream", (Consumer<BoundRequestBuilder>) rb -> rb.setBody(OneShotStream.of("payload"))),
        Arguments.of("file", (Consumer<BoundRequestBuilder>) rb -> rb.setBody(file.toFile())),
        Arguments.of("form", (Consumer<BoundRequestBuilder>) rb -> rb.setFormParams(List.of(new Param("k", "v")))),
        Arguments.of("multipart", (Consumer<BoundRequestBuilder>) rb -> rb.addBodyPart(new StringPart("k", "v"))),
        Arguments.of("generator", (Consumer<BoundRequestBuilder>) rb -> rb.setBody(new ByteArrayBodyGenerator(bytes))));
  }

  /**
   * Every kind of body counts as content, a stream that cannot be sent twice included: the refusal
   * comes before the check that the body can be produced again (whose IOException it would
   * otherwise be).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("bodies")
  void everyKindOfBodyIsRefused(String kind, Consumer<BoundRequestBuilder> body) throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(following().setRefuseCrossOriginBodyOnRedirect(true))) {
      BoundRequestBuilder rb = client.preparePut(redirect(a.url(""), 307, b.url("/target")));
      body.accept(rb);
      assertEquals(Reason.CROSS_ORIGIN_BODY, refused(rb).getReason(), kind);
      assertEquals(0, b.acceptedCount(), kind + " reached the other origin");
    }
  }

  @Test
  void aHopWithoutABodyIsFollowed() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(following().setRefuseCrossOriginBodyOnRedirect(true))) {
      // no body at all
      assertEquals("GET []", follow(client.prepareGet(redirect(a.url(""), 307, b.url("/target")))).getResponseBody());
      // a 303 drops the body (and a PUT becomes GET)
      assertEquals(
          "GET []",
          follow(client.preparePut(redirect(a.url(""), 303, b.url("/target"))).setBody("payload")).getResponseBody());
      // a 301 turns POST into GET without body
      assertEquals(
          "GET []",
          follow(client.preparePost(redirect(a.url(""), 301, b.url("/target"))).setBody("payload")).getResponseBody());
      assertEquals(3, b.received().size());
    }
  }

  @Test
  void aSameOriginBodyHopIsFollowed() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            following().setRefuseCrossOriginBodyOnRedirect(true).setRefuseSchemeDowngradeOnRedirect(true))) {
      String url = redirect(a.url(""), 307, a.url("/target"));
      assertEquals("PUT [payload]", follow(client.preparePut(url).setBody("payload")).getResponseBody());
    }
  }

  /** http to https of the same host and port: another origin, but the body goes on, over TLS. */
  @Test
  void theSameHostMovingOntoTlsKeepsItsBody() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            following().setRefuseCrossOriginBodyOnRedirect(true).setRefuseSchemeDowngradeOnRedirect(true))) {
      String url = redirect(plain(dual), 307, secure(dual) + "/target");
      assertEquals("PUT [payload]", follow(client.preparePut(url).setBody("payload")).getResponseBody());
      TestServer.Received atTarget = dual.received().get(1);
      assertEquals("/target", atTarget.uri);
      assertNotNull(atTarget.channel.pipeline().get(SslHandler.class), "the body went on in clear text");
    }
  }

  @Test
  void movingOntoTlsOnAnotherPortIsRefused() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(following().setRefuseCrossOriginBodyOnRedirect(true))) {
      String url = redirect(a.url(""), 307, secure(dual) + "/target");
      assertEquals(Reason.CROSS_ORIGIN_BODY, refused(client.preparePut(url).setBody("payload")).getReason());
      assertEquals(0, dual.acceptedCount());
    }
  }

  @Test
  void theCrossOriginRefusalLetsADowngradeThrough() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(following().setRefuseCrossOriginBodyOnRedirect(true))) {
      String url = redirect(secure(dual), 302, b.url("/target"));
      assertEquals("GET []", follow(client.prepareGet(url)).getResponseBody());
    }
  }

  // ---- how a refusal ends the exchange

  @Test
  void noIoExceptionFilterHearsARefusal() throws Exception {
    AtomicInteger filtered = new AtomicInteger();
    IOExceptionFilter replayer =
        new IOExceptionFilter() {
          @Override
          public <T> FilterContext<T> filter(FilterContext<T> ctx) {
            filtered.incrementAndGet();
            return new FilterContext.FilterContextBuilder<>(ctx).replayRequest(true).build();
          }
        };
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            following()
                .setRefuseSchemeDowngradeOnRedirect(true)
                .setRefuseCrossOriginBodyOnRedirect(true)
                .addIOExceptionFilter(replayer))) {
      refused(client.preparePut(redirect(a.url(""), 307, b.url("/target"))).setBody("payload"));
      refused(client.prepareGet(redirect(secure(dual), 307, b.url("/target"))));
      assertEquals(0, filtered.get(), "an IOExceptionFilter heard the refusal");
      assertEquals(1, a.received().size(), "the refused request was sent again");
      assertEquals(1, dual.received().size(), "the refused request was sent again");
      assertEquals(0, b.acceptedCount());
    }
  }

  @Test
  void theRedirectLimitIsCheckedFirst() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(following().setMaxRedirects(1).setRefuseSchemeDowngradeOnRedirect(true))) {
      // maxRedirects 1 follows none: the first redirect, a downgrade too, is over the limit
      String url = redirect(secure(dual), 307, b.url("/target"));
      ExecutionException e = assertThrows(ExecutionException.class, () -> follow(client.prepareGet(url)));
      assertInstanceOf(MaxRedirectException.class, e.getCause());
      assertEquals(0, b.acceptedCount());
    }
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(following().setMaxRedirects(2).setRefuseSchemeDowngradeOnRedirect(true))) {
      // the first redirect is followed; the second is over the limit and a downgrade
      String url = redirect(secure(dual), 302, redirect(secure(dual), 302, b.url("/target")));
      ExecutionException e = assertThrows(ExecutionException.class, () -> follow(client.prepareGet(url)));
      assertInstanceOf(MaxRedirectException.class, e.getCause());
    }
  }

  @Test
  void theMessageNamesOriginsOnly() {
    Uri source = Uri.create("https://user:pw@127.0.0.1:8443/private/path?token=caller");
    Uri target = Uri.create("http://admin:hunter2@10.0.0.1:8080/other?token=server");
    String message = new RedirectRefusedException(Reason.SCHEME_DOWNGRADE, 307, source, target).getMessage();
    assertEquals(
        "Refusing to follow the 307 redirect from https://127.0.0.1:8443 to http://10.0.0.1:8080: the"
            + " target scheme is not secured",
        message);
    assertEquals(
        "Refusing to follow the 308 redirect from https://127.0.0.1:8443 to http://10.0.0.1:8080: it"
            + " would resend the request content to another origin",
        new RedirectRefusedException(Reason.CROSS_ORIGIN_BODY, 308, source, target).getMessage());
    assertFalse(IOException.class.isAssignableFrom(RedirectRefusedException.class));
  }

  // ---- per request: only ever tighter

  @Test
  void aRequestAloneCanRefuse() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client(following())) {
      RedirectRefusedException downgrade = refused(
          client.prepareGet(redirect(secure(dual), 307, b.url("/target"))).setRefuseSchemeDowngradeOnRedirect(true));
      assertEquals(Reason.SCHEME_DOWNGRADE, downgrade.getReason());
      RedirectRefusedException body = refused(
          client.preparePut(redirect(a.url(""), 307, b.url("/target"))).setBody("payload")
              .setRefuseCrossOriginBodyOnRedirect(true));
      assertEquals(Reason.CROSS_ORIGIN_BODY, body.getReason());
      assertEquals(0, b.acceptedCount());
      // and only that request: the next one follows
      assertEquals(200, follow(client.prepareGet(redirect(secure(dual), 307, b.url("/target")))).getStatusCode());
    }
  }

  @Test
  void aRequestCannotRelaxTheClient() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            following().setRefuseSchemeDowngradeOnRedirect(true).setRefuseCrossOriginBodyOnRedirect(true))) {
      refused(client.prepareGet(redirect(secure(dual), 307, b.url("/target"))).setRefuseSchemeDowngradeOnRedirect(false));
      refused(client.preparePut(redirect(a.url(""), 307, b.url("/target"))).setBody("payload")
          .setRefuseCrossOriginBodyOnRedirect(false));
      assertEquals(0, b.acceptedCount());
    }
  }

  @Test
  void aRequestsRefusalHoldsOnALaterRedirect() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client(following())) {
      // 307 within a (body kept), then 307 to b: refused at the second hop
      String twoHops = redirect(a.url(""), 307, redirect(a.url(""), 307, b.url("/target")));
      refused(client.preparePut(twoHops).setBody("payload").setRefuseCrossOriginBodyOnRedirect(true));
      // a 303 (POST becomes GET without body), then a downgrade: refused at the second hop
      String seeOtherThenDown = redirect(secure(dual), 303, redirect(secure(dual), 302, b.url("/target")));
      refused(client.preparePost(seeOtherThenDown).setBody("payload").setRefuseSchemeDowngradeOnRedirect(true));
      assertEquals(0, b.acceptedCount());
    }
  }

  /** Replays a 503 with a request built from scratch: it carries none of the caller's settings. */
  private static ResponseFilter rebuildingOn503(Request rebuilt) {
    return new ResponseFilter() {
      @Override
      public <T> FilterContext<T> filter(FilterContext<T> ctx) {
        if (ctx.getResponseStatus() == null || ctx.getResponseStatus().getStatusCode() != 503) {
          return ctx;
        }
        return new FilterContext.FilterContextBuilder<>(ctx).request(rebuilt).replayRequest(true).build();
      }
    };
  }

  @Test
  void aFilterThatRebuildsTheRequestCannotRelaxTheCallersRefusal() throws Exception {
    Request rebuilt =
        new RequestBuilder("PUT").setUrl(a.url("/retry-once")).setBody("payload")
            .setRefuseCrossOriginBodyOnRedirect(false).build();
    try (DefaultAsyncHttpClient client = ClientFixture.client(following().addResponseFilter(rebuildingOn503(rebuilt)))) {
      RedirectRefusedException e = refused(
          client.preparePut(a.url("/retry-once")).setBody("payload").setRefuseCrossOriginBodyOnRedirect(true));
      assertEquals(Reason.CROSS_ORIGIN_BODY, e.getReason());
      assertEquals(2, a.received().size(), "the filter's replay was not sent");
      assertEquals(0, b.acceptedCount(), "the rebuilt request relaxed the caller's refusal");
    }
  }

  @Test
  void aFilterThatRebuildsTheRequestCanTightenIt() throws Exception {
    Request rebuilt =
        new RequestBuilder("PUT").setUrl(a.url("/retry-once")).setBody("payload")
            .setRefuseCrossOriginBodyOnRedirect(true).build();
    try (DefaultAsyncHttpClient client = ClientFixture.client(following().addResponseFilter(rebuildingOn503(rebuilt)))) {
      refused(client.preparePut(a.url("/retry-once")).setBody("payload"));
      assertEquals(0, b.acceptedCount());
    }
  }

  @Test
  void withoutAnyRefusalTheRebuiltRequestIsFollowed() throws Exception {
    Request rebuilt = new RequestBuilder("PUT").setUrl(a.url("/retry-once")).setBody("payload").build();
    try (DefaultAsyncHttpClient client = ClientFixture.client(following().addResponseFilter(rebuildingOn503(rebuilt)))) {
      assertEquals("PUT [payload]", follow(client.preparePut(a.url("/retry-once")).setBody("payload")).getResponseBody());
    }
  }
}

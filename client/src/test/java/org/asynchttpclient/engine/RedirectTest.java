package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Request;
import org.asynchttpclient.Response;
import org.asynchttpclient.filter.FilterContext;
import org.asynchttpclient.filter.ResponseFilter;
import org.asynchttpclient.handler.MaxRedirectException;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RedirectTest {
  private TestServer a;
  private TestServer b;

  @BeforeEach
  void start() throws Exception {
    a = new TestServer();
    b = new TestServer();
    for (TestServer s : new TestServer[] {a, b}) {
      // /r?code=302&to=<location>: redirects with that status and Location (none if "to" absent)
      s.route(
          "/r",
          (ctx, req) -> {
            QueryStringDecoder q = new QueryStringDecoder(req.uri());
            int code = Integer.parseInt(q.parameters().get("code").get(0));
            List<String> to = q.parameters().get("to");
            if (to == null) {
              TestServer.respond(ctx, req, HttpResponseStatus.valueOf(code), "no location");
            } else {
              TestServer.respond(
                  ctx, req, HttpResponseStatus.valueOf(code), "moved", "Location", to.get(0));
            }
          });
      // the redirect target echoes what it received
      s.route(
          "/target",
          (ctx, req) ->
              TestServer.respond(
                  ctx,
                  req,
                  HttpResponseStatus.OK,
                  req.method().name() + " " + req.uri() + " [" + req.content().toString(StandardCharsets.UTF_8) + "]"));
      s.route(
          "/loop",
          (ctx, req) ->
              TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "again", "Location", "/loop"));
    }
  }

  @AfterEach
  void stop() {
    a.close();
    b.close();
  }

  private static String enc(String s) {
    return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private String redirect(TestServer s, int code, String location) {
    return s.url("/r?code=" + code + "&to=" + enc(location));
  }

  private static Response get(org.asynchttpclient.BoundRequestBuilder rb) throws Exception {
    return rb.execute().get(5, TimeUnit.SECONDS);
  }

  @ParameterizedTest
  @ValueSource(ints = {301, 302, 303})
  void postBecomesGetWithoutBody(int code) throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
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
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
      Response r = get(client.preparePut(redirect(a, code, "/target")).setBody("payload"));
      assertEquals(200, r.getStatusCode());
      assertEquals("PUT /target [payload]", r.getResponseBody());
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
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
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
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
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
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
      Response r =
          get(client.prepareGet(redirect(a, 302, "/target")).addQueryParam("original", "1"));
      assertEquals("GET /target []", r.getResponseBody());
      r = get(client.prepareGet(redirect(a, 302, "/target?q=2")).addQueryParam("original", "1"));
      assertEquals("GET /target?q=2 []", r.getResponseBody());
    }
  }

  @Test
  void maxRedirectsIsTheMostFollowed() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true).setMaxRedirects(2))) {
      // two redirects are allowed
      String twice = redirect(a, 302, redirect(a, 302, a.url("/target")));
      assertEquals(200, get(client.prepareGet(twice)).getStatusCode());

      int before = a.received().size();
      ExecutionException e =
          assertThrows(ExecutionException.class, () -> get(client.prepareGet(a.url("/loop"))));
      assertInstanceOf(MaxRedirectException.class, e.getCause());
      assertTrue(e.getCause().getMessage().contains("2"), e.getCause().getMessage());
      // the first request plus two followed redirects; the third redirect is not followed
      assertEquals(3, a.received().size() - before);
    }
  }

  @Test
  void redirectWithoutLocationIsDelivered() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
      Response r = get(client.prepareGet(a.url("/r?code=302")));
      assertEquals(302, r.getStatusCode());
      assertEquals("no location", r.getResponseBody());
    }
  }

  @Test
  void followRedirectPerRequestOverridesTheConfig() throws Exception {
    try (DefaultAsyncHttpClient off = ClientFixture.client();
        DefaultAsyncHttpClient on =
            ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
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
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
      Response r = get(client.preparePost(redirect(a, 307, b.url("/target"))).setBody("payload"));
      assertEquals("POST /target [payload]", r.getResponseBody());
      assertEquals(b.url("/target"), r.getUri().toUrl());
      assertEquals(1, b.received().size());
    }
  }

  @Test
  void streamBodyOn307FailsAndNeverReachesTheTarget() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
      ExecutionException e =
          assertThrows(
              ExecutionException.class,
              () ->
                  get(
                      client
                          .preparePost(redirect(a, 307, b.url("/target")))
                          .setBody(OneShotStream.of("payload"))));
      assertInstanceOf(IOException.class, e.getCause());
      assertTrue(e.getCause().getMessage().contains("307"), e.getCause().getMessage());
      assertEquals(0, b.received().size());
    }
  }

  @Test
  void sameConnectionCarriesASameOriginRedirect() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
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

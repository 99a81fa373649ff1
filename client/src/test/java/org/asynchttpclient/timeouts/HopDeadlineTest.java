package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The absolute request deadline over real hops (invariants D1-D7): two hops of {@value #HOP_MS} ms each
 * fit a {@value #BUDGET_MS} ms request timeout alone but not together, for each kind of hop: a
 * redirect, a retry after a connection closed before any response, a 401 replay with credentials,
 * and a 407 replay with proxy credentials. Off, every hop gets the whole timeout (3.0.11); on, the
 * hops share it and the second hop times out, reporting hop 1 and the exchange's budget.
 */
class HopDeadlineTest extends HelloFixture {
  private static final long HOP_MS = 400;
  private static final long BUDGET_MS = 600;
  private static final String CREDENTIALS = "Basic dXNlcjpwYXNz"; // user:pass
  private static final String PROXIED = "http://origin.test:8080/proxied";

  @BeforeEach
  void start() throws Exception {
    server.route("/warm-up", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "warm"));
    server.route("/redirect", slow(HttpResponseStatus.FOUND, "moved", "Location", "/final"));
    server.route("/final", slow(HttpResponseStatus.OK, "done"));
    server.route(
        "/auth",
        (ctx, req) -> {
          boolean ok = CREDENTIALS.equals(req.headers().get(HttpHeaderNames.AUTHORIZATION));
          later(
              ctx,
              () -> {
                if (ok) {
                  TestServer.respond(ctx, req, HttpResponseStatus.OK, "in");
                } else {
                  TestServer.respond(
                      ctx, req, HttpResponseStatus.UNAUTHORIZED, "", "WWW-Authenticate", "Basic realm=\"r\"");
                }
              });
        });
    // The server is also the proxy: it answers requests for the origin itself.
    server.route(
        PROXIED,
        (ctx, req) -> {
          boolean ok = CREDENTIALS.equals(req.headers().get(HttpHeaderNames.PROXY_AUTHORIZATION));
          later(
              ctx,
              () -> {
                if (ok) {
                  TestServer.respond(ctx, req, HttpResponseStatus.OK, "via proxy");
                } else {
                  TestServer.respond(
                      ctx,
                      req,
                      HttpResponseStatus.PROXY_AUTHENTICATION_REQUIRED,
                      "",
                      "Proxy-Authenticate",
                      "Basic realm=\"p\"");
                }
              });
        });
    // the first attempt is cut off after a while without an answer; the retry is answered
    server.route(
        "/retry",
        TestServer.onceThen(
            (ctx, req) -> later(ctx, ctx::close),
            slow(HttpResponseStatus.OK, "retried")));
  }

  private static void later(ChannelHandlerContext ctx, Runnable action) {
    TestServer.later(ctx, HOP_MS, action);
  }

  private static TestServer.Route slow(HttpResponseStatus status, String body, String... headers) {
    return (ctx, req) -> later(ctx, () -> TestServer.respond(ctx, req, status, body, headers));
  }

  private BoundRequestBuilder twoHops(DefaultAsyncHttpClient client, String kind) {
    switch (kind) {
      case "redirect":
        return client.prepareGet(server.url("/redirect")).setFollowRedirect(true);
      case "auth":
        return client.prepareGet(server.url("/auth")).setRealm(Dsl.basicAuthRealm("user", "pass"));
      case "proxy-auth":
        return client
            .prepareGet(PROXIED)
            .setProxyServer(
                Dsl.proxyServer("127.0.0.1", server.port()).setRealm(Dsl.basicAuthRealm("user", "pass")));
      case "retry":
        return client.prepareGet(server.url("/retry"));
      default:
        throw new IllegalArgumentException("kind: " + kind + " (expected redirect, auth, proxy-auth or retry)");
    }
  }

  /** The request targets the server saw for the two hops of {@code kind}, in order. */
  private List<String> hopTargets(String kind) {
    switch (kind) {
      case "redirect":
        return List.of("/redirect", "/final");
      case "proxy-auth":
        return List.of(PROXIED, PROXIED);
      default:
        return List.of("/" + kind, "/" + kind);
    }
  }

  /** What the last hop of {@code kind} answers, and the URI it is answered for. */
  private String finalBody(String kind) {
    switch (kind) {
      case "redirect":
        return "done";
      case "auth":
        return "in";
      case "proxy-auth":
        return "via proxy";
      default:
        return "retried";
    }
  }

  private String finalUrl(String kind) {
    switch (kind) {
      case "redirect":
        return server.url("/final");
      case "proxy-auth":
        return PROXIED;
      default:
        return server.url("/" + kind);
    }
  }

  /**
   * A client that already made one exchange, so class loading and the first connection do not
   * eat into the budgets under test.
   */
  private DefaultAsyncHttpClient client(boolean absolute) throws Exception {
    DefaultAsyncHttpClient client =
        ClientFixture.client(
            ClientFixture.config().setTypedTimeoutExceptions(true)
                .setRequestTimeout(Duration.ofMillis(BUDGET_MS))
                .setUseAbsoluteRequestDeadline(absolute));
    client
        .prepareGet(server.url("/warm-up"))
        .setRequestTimeout(Duration.ofSeconds(5))
        .execute()
        .get(5, TimeUnit.SECONDS);
    return client;
  }

  /** The requests the server received after the warm-up. */
  private List<String> targetsAfterWarmUp() {
    return server.received().stream().skip(1).map(r -> r.uri).collect(Collectors.toList());
  }

  private void assertPasses(BoundRequestBuilder rb, String kind) throws Exception {
    Response r = rb.execute().get(5, TimeUnit.SECONDS);
    assertEquals(200, r.getStatusCode(), kind);
    assertEquals(finalUrl(kind), r.getUri().toUrl(), kind);
    assertEquals(finalBody(kind), r.getResponseBody(), kind);
    assertEquals(hopTargets(kind), targetsAfterWarmUp(), kind + ": both hops were made");
  }

  /** The second hop ran out of the shared budget: hop 1, the exchange's 600 ms, all of it spent. */
  private void assertSecondHopTimesOut(BoundRequestBuilder rb, String kind) throws Exception {
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> rb.execute().get(5, TimeUnit.SECONDS), kind);
    ExchangeTimeoutException te = assertInstanceOf(ExchangeTimeoutException.class, e.getCause(), kind);
    assertEquals(ExchangeTimeoutException.Kind.REQUEST, te.getKind(), kind);
    assertEquals(1, te.getHop(), kind + ": " + te.getMessage());
    assertEquals(BUDGET_MS, te.getBudgetMillis(), kind + ": " + te.getMessage());
    assertTrue(te.getElapsedMillis() >= BUDGET_MS, kind + ": " + te.getMessage());
    server.awaitReceived(3);
    assertEquals(hopTargets(kind), targetsAfterWarmUp(), kind + ": the second hop was sent");
  }

  @ParameterizedTest
  @ValueSource(strings = {"redirect", "auth", "proxy-auth", "retry"})
  void offByDefaultEveryHopGetsTheWholeTimeout(String kind) throws Exception {
    try (DefaultAsyncHttpClient client = client(false)) {
      assertPasses(twoHops(client, kind), kind);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"redirect", "auth", "proxy-auth", "retry"})
  void configOnMakesTheHopsShareOneBudget(String kind) throws Exception {
    try (DefaultAsyncHttpClient client = client(true)) {
      assertSecondHopTimesOut(twoHops(client, kind), kind);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"redirect", "auth", "proxy-auth", "retry"})
  void requestOnOverridesConfigOff(String kind) throws Exception {
    try (DefaultAsyncHttpClient client = client(false)) {
      assertSecondHopTimesOut(twoHops(client, kind).setUseAbsoluteRequestDeadline(true), kind);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"redirect", "auth", "proxy-auth", "retry"})
  void requestOffOverridesConfigOn(String kind) throws Exception {
    try (DefaultAsyncHttpClient client = client(true)) {
      assertPasses(twoHops(client, kind).setUseAbsoluteRequestDeadline(false), kind);
    }
  }

  @Test
  void aSingleHopIsNotShortened() throws Exception {
    try (DefaultAsyncHttpClient client = client(true)) {
      Response r = client.prepareGet(server.url("/final")).execute().get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals(server.url("/final"), r.getUri().toUrl());
      assertEquals("done", r.getResponseBody());
      assertEquals(List.of("/final"), targetsAfterWarmUp());
    }
  }
}

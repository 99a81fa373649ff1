package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The absolute request deadline over real hops (SPEC D1-D7): two hops of {@value #HOP_MS} ms each
 * fit a {@value #BUDGET_MS} ms request timeout alone but not together. Off, every hop gets the
 * whole timeout (3.0.11); on, the hops share it.
 */
class HopDeadlineTest {
  private static final long HOP_MS = 500;
  private static final long BUDGET_MS = 900;

  private TestServer server;
  private final AtomicInteger dropCalls = new AtomicInteger();

  @BeforeEach
  void start() throws Exception {
    server = new TestServer();
    server.route("/warm-up", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "warm"));
    server.route("/redirect", slow(HttpResponseStatus.FOUND, "Location", "/final"));
    server.route("/final", slow(HttpResponseStatus.OK));
    server.route(
        "/auth",
        (ctx, req) -> {
          boolean ok = "Basic dXNlcjpwYXNz".equals(req.headers().get(HttpHeaderNames.AUTHORIZATION));
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
    // the first attempt is cut off after a while without an answer; the retry is answered
    server.route(
        "/retry",
        (ctx, req) -> {
          boolean first = dropCalls.getAndIncrement() == 0;
          later(
              ctx,
              () -> {
                if (first) {
                  ctx.close();
                } else {
                  TestServer.respond(ctx, req, HttpResponseStatus.OK, "retried");
                }
              });
        });
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static void later(io.netty.channel.ChannelHandlerContext ctx, Runnable action) {
    ctx.executor().schedule(action, HOP_MS, TimeUnit.MILLISECONDS);
  }

  private static TestServer.Route slow(HttpResponseStatus status, String... headers) {
    return (ctx, req) -> later(ctx, () -> TestServer.respond(ctx, req, status, "done", headers));
  }

  private BoundRequestBuilder twoHops(DefaultAsyncHttpClient client, String kind) {
    switch (kind) {
      case "redirect":
        return client.prepareGet(server.url("/redirect")).setFollowRedirect(true);
      case "auth":
        return client.prepareGet(server.url("/auth")).setRealm(Dsl.basicAuthRealm("user", "pass"));
      default:
        return client.prepareGet(server.url("/retry"));
    }
  }

  /**
   * A client that already made one exchange, so class loading and the first connection do not
   * eat into the budgets under test.
   */
  private DefaultAsyncHttpClient client(boolean absolute) throws Exception {
    DefaultAsyncHttpClient client =
        ClientFixture.client(
            ClientFixture.config()
                .setRequestTimeout(Duration.ofMillis(BUDGET_MS))
                .setUseAbsoluteRequestDeadline(absolute));
    client.prepareGet(server.url("/warm-up")).execute().get(5, TimeUnit.SECONDS);
    return client;
  }

  private void assertPasses(BoundRequestBuilder rb, String kind) throws Exception {
    Response r = rb.execute().get(5, TimeUnit.SECONDS);
    assertEquals(200, r.getStatusCode(), kind);
    String path = kind.equals("redirect") ? "/final" : "/" + kind;
    assertEquals(server.url(path), r.getUri().toUrl());
  }

  private static void assertTimesOut(BoundRequestBuilder rb) {
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> rb.execute().get(5, TimeUnit.SECONDS));
    assertInstanceOf(TimeoutException.class, e.getCause());
  }

  @ParameterizedTest
  @ValueSource(strings = {"redirect", "auth", "retry"})
  void offByDefaultEveryHopGetsTheWholeTimeout(String kind) throws Exception {
    try (DefaultAsyncHttpClient client = client(false)) {
      assertPasses(twoHops(client, kind), kind);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"redirect", "auth", "retry"})
  void configOnMakesTheHopsShareOneBudget(String kind) throws Exception {
    try (DefaultAsyncHttpClient client = client(true)) {
      assertTimesOut(twoHops(client, kind));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"redirect", "auth", "retry"})
  void requestOnOverridesConfigOff(String kind) throws Exception {
    try (DefaultAsyncHttpClient client = client(false)) {
      assertTimesOut(twoHops(client, kind).setUseAbsoluteRequestDeadline(true));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"redirect", "auth", "retry"})
  void requestOffOverridesConfigOn(String kind) throws Exception {
    try (DefaultAsyncHttpClient client = client(true)) {
      assertPasses(twoHops(client, kind).setUseAbsoluteRequestDeadline(false), kind);
    }
  }

  @Test
  void aSingleHopIsNotShortened() throws Exception {
    try (DefaultAsyncHttpClient client = client(true)) {
      assertPasses(client.prepareGet(server.url("/final")), "final");
    }
  }
}

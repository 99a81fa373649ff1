package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.FilterException;
import org.asynchttpclient.filter.ThrottleRequestFilter;
import org.asynchttpclient.handler.MaxRedirectException;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.testing.TwoOrigins;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Permits across hops: the throttle filter's permit is taken once per exchange and given back
 * exactly once, however many redirects, retries and replays the exchange made; connection permits
 * go back between hops, so a one-connection client can follow a chain.
 */
class HopPermitTest extends TwoOrigins {

  @BeforeEach
  void start() throws Exception {
    for (TestServer s : new TestServer[] {a, b}) {
      s.route("/ok", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok"));
      s.route("/never", (ctx, req) -> {});
    }
    a.route(
        "/hop1",
        (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", "/hop2"));
    a.route(
        "/hop2",
        (ctx, req) ->
            TestServer.respond(ctx, req, HttpResponseStatus.MOVED_PERMANENTLY, "", "Location", b.url("/ok")));
    a.route(
        "/loop",
        (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", "/loop"));
    a.route(
        "/drop-once",
        TestServer.onceThen(
            (ctx, req) -> ctx.close(),
            (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok")));
    a.route(
        "/auth",
        (ctx, req) -> {
          if ("Basic dXNlcjpwYXNz".equals(req.headers().get(HttpHeaderNames.AUTHORIZATION))) {
            TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok");
          } else {
            TestServer.respond(
                ctx, req, HttpResponseStatus.UNAUTHORIZED, "", "WWW-Authenticate", "Basic realm=\"r\"");
          }
        });
  }

  /** The status of a GET of /auth with the user's credentials: a 401, then the replay with them. */
  private int statusWithBasicAuth(DefaultAsyncHttpClient client) throws Exception {
    return client
        .prepareGet(a.url("/auth"))
        .setRealm(Dsl.basicAuthRealm("user", "pass"))
        .execute()
        .get(5, TimeUnit.SECONDS)
        .getStatusCode();
  }

  @Test
  void throttlePermitIsReleasedExactlyOncePerExchange() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            ClientFixture.config()
                .setFollowRedirect(true)
                .setMaxRedirects(3)
                .addRequestFilter(new ThrottleRequestFilter(1, 0)))) {
      // each of these holds the only permit across several hops; a leaked permit fails the next
      assertEquals(200, client.prepareGet(a.url("/hop1")).execute().get(5, TimeUnit.SECONDS).getStatusCode());
      assertEquals(200, client.prepareGet(a.url("/drop-once")).execute().get(5, TimeUnit.SECONDS).getStatusCode());
      assertEquals(200, statusWithBasicAuth(client));
      ExecutionException tooMany =
          Await.failed(client.prepareGet(a.url("/loop")).execute(), 5);
      assertInstanceOf(MaxRedirectException.class, tooMany.getCause());

      // a permit released twice would let two exchanges in at once
      ListenableFuture<Response> holder = client.prepareGet(a.url("/never")).execute();
      ExecutionException refused =
          Await.failed(client.prepareGet(a.url("/ok")).execute(), 5);
      assertInstanceOf(FilterException.class, refused.getCause());
      assertTrue(refused.getCause().getMessage().contains("No slot"), refused.getCause().getMessage());

      assertTrue(holder.cancel(true));
      assertEquals(200, client.prepareGet(a.url("/ok")).execute().get(5, TimeUnit.SECONDS).getStatusCode());
    }
  }

  @Test
  void oneConnectionClientFollowsAChainAcrossOrigins() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            ClientFixture.config()
                .setFollowRedirect(true)
                .setMaxConnections(1)
                .setMaxConnectionsPerHost(1)
                .setAcquireFreeChannelTimeout(500))) {
      for (int i = 0; i < 3; i++) {
        Response r = client.prepareGet(a.url("/hop1")).execute().get(5, TimeUnit.SECONDS);
        assertEquals(200, r.getStatusCode());
        assertEquals(b.url("/ok"), r.getUri().toUrl());
      }
      assertEquals(200, statusWithBasicAuth(client));
    }
  }
}

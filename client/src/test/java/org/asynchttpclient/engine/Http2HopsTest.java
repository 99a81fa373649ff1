package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.HttpProtocol;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.Closing;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Redirects and auth replays over HTTP/2 and across HTTP/1.1 and HTTP/2, under one deadline. */
class Http2HopsTest {
  private H2TestServer server;
  private TestServer http1;
  private DefaultAsyncHttpClient client;

  @BeforeEach
  void start() throws Exception {
    server = new H2TestServer();
    http1 = new TestServer();
    server.route("/final", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "final over " + req.protocol));
    server.route("/hop1", (ctx, req) -> TestServer.later(ctx, 400, () -> redirect(ctx, server.url("/hop2"))));
    server.route("/hop2", (ctx, req) -> TestServer.later(ctx, 400, () -> redirect(ctx, server.url("/final"))));
    server.route("/to-http1", (ctx, req) -> redirect(ctx, http1.url("/from-h2")));
    server.route(
        "/secret",
        (ctx, req) -> {
          if (req.headers.contains("authorization")) {
            TestServer.respond(ctx, true, HttpResponseStatus.OK, "welcome " + req.streamId);
          } else {
            io.netty.handler.codec.http.FullHttpResponse res =
                new io.netty.handler.codec.http.DefaultFullHttpResponse(
                    io.netty.handler.codec.http.HttpVersion.HTTP_1_1, HttpResponseStatus.UNAUTHORIZED);
            res.headers().set("www-authenticate", "Basic realm=\"h2\"");
            res.headers().set("content-length", 0);
            TestServer.send(ctx, res);
          }
        });
    http1.route("/from-h2", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", server.url("/final")));
  }

  private static void redirect(io.netty.channel.ChannelHandlerContext ctx, String location) {
    io.netty.handler.codec.http.FullHttpResponse res =
        new io.netty.handler.codec.http.DefaultFullHttpResponse(
            io.netty.handler.codec.http.HttpVersion.HTTP_1_1, HttpResponseStatus.FOUND);
    res.headers().set("location", location);
    res.headers().set("content-length", 0);
    TestServer.send(ctx, res);
  }

  @AfterEach
  void stop() throws Exception {
    Closing.closeAll(client, server, http1);
  }

  @Test
  void redirectChainOverH2() throws Exception {
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setFollowRedirect(true));
    Response res = client.prepareGet(server.url("/hop1")).execute().get(10, TimeUnit.SECONDS);
    assertEquals(200, res.getStatusCode());
    assertEquals("final over h2", res.getResponseBody());
    assertEquals(server.url("/final"), res.getUri().toUrl());
    assertEquals(HttpProtocol.HTTP_2, res.getProtocol());
    assertEquals(1, server.connections().size(), "every hop a stream of one connection");
  }

  @Test
  void absoluteDeadlineSpansTheH2RedirectChain() throws Exception {
    // Two hops of 400 ms against 600 ms: each fits alone, the pair does not.
    client =
        ClientFixture.client(
            Http2NegotiationTest.tlsConfig()
                .setFollowRedirect(true)
                .setRequestTimeout(Duration.ofMillis(600))
                .setUseEventLoopTimeouts(true)
                .setUseAbsoluteRequestDeadline(true));
    // The connection is opened first, so that the chain's 600 ms are spent on its two hops and
    // the second hop's stream is in flight when the deadline passes.
    client.prepareGet(server.url("/final")).execute().get(10, TimeUnit.SECONDS);
    ExecutionException e =
        Await.failed(client.prepareGet(server.url("/hop1")).execute(), 10);
    assertInstanceOf(TimeoutException.class, e.getCause());
    assertTrue(server.await(() -> !server.resets().isEmpty(), Duration.ofSeconds(5)), "the timed-out hop's stream was reset");
  }

  @Test
  void withoutTheDeadlineEachH2HopGetsItsOwnTimeout() throws Exception {
    client =
        ClientFixture.client(
            Http2NegotiationTest.tlsConfig().setFollowRedirect(true).setRequestTimeout(Duration.ofMillis(600)));
    client.prepareGet(server.url("/final")).execute().get(10, TimeUnit.SECONDS); // connection open
    Response res = client.prepareGet(server.url("/hop1")).execute().get(10, TimeUnit.SECONDS);
    assertEquals("final over h2", res.getResponseBody());
  }

  @Test
  void redirectsCrossFromH2ToHttp1AndBack() throws Exception {
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setFollowRedirect(true));
    Response res = client.prepareGet(server.url("/to-http1")).execute().get(10, TimeUnit.SECONDS);
    assertEquals("final over h2", res.getResponseBody());
    assertEquals(1, http1.received().size(), "the middle hop went over HTTP/1.1");
  }

  @Test
  void basicChallengeIsAnsweredOverH2() throws Exception {
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig());
    Response res =
        client
            .prepareGet(server.url("/secret"))
            .setRealm(new Realm.Builder("user", "pass").setScheme(Realm.AuthScheme.BASIC).build())
            .execute()
            .get(10, TimeUnit.SECONDS);
    assertEquals(200, res.getStatusCode());
    assertTrue(res.getResponseBody().startsWith("welcome"), res.getResponseBody());
    assertEquals(2, server.received().size(), "the 401 and its replay");
  }
}

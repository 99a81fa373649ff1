package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2Error;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2Fixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.Test;

/** GOAWAY, REFUSED_STREAM, PING liveness and a cut connection, seen from the streams. */
class Http2ConnectionEventsTest extends H2Fixture {

  @Test
  void goAwayReplaysTheStreamsItLeftUnprocessedOnANewConnection() throws Exception {
    List<ChannelHandlerContext> held = new CopyOnWriteArrayList<>();
    List<H2TestServer.Received> heldRequests = new CopyOnWriteArrayList<>();
    routeTheFirstConnection(
        "/work",
        (ctx, req, first) -> {
          held.add(ctx);
          heldRequests.add(req);
          if (held.size() < 3) {
            return;
          }
          // The lowest stream is processed; the two above it are refused by the GOAWAY.
          int lowest = Integer.MAX_VALUE;
          ChannelHandlerContext lowestCtx = null;
          for (int i = 0; i < heldRequests.size(); i++) {
            if (heldRequests.get(i).streamId < lowest) {
              lowest = heldRequests.get(i).streamId;
              lowestCtx = held.get(i);
            }
          }
          H2TestServer.goAway(first, lowest);
          ChannelHandlerContext answer = lowestCtx;
          TestServer.later(answer, 100, () -> TestServer.respond(answer, true, HttpResponseStatus.OK, "first connection"));
        });
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setMaxRequestRetry(0));

    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      futures.add(client.preparePost(server.url("/work")).setBody("payload " + i).execute());
    }
    List<String> bodies = new ArrayList<>();
    for (ListenableFuture<Response> f : futures) {
      Response res = f.get(10, TimeUnit.SECONDS);
      assertEquals(200, res.getStatusCode());
      bodies.add(res.getResponseBody());
    }

    assertEquals(1, bodies.stream().filter("first connection"::equals).count(), "bodies " + bodies);
    assertEquals(2, bodies.stream().filter("second connection"::equals).count(), "bodies " + bodies);
    assertEquals(2, server.connections().size(), "one new connection for the replays");
    Channel first = server.connections().get(0);
    assertTrue(server.await(() -> !first.isActive(), Duration.ofSeconds(5)), "the drained connection closed");
  }

  @Test
  void refusedStreamIsReplayedEvenWithoutRetries() throws Exception {
    server = new H2TestServer();
    AtomicInteger calls = new AtomicInteger();
    server.route(
        "/refuse-once",
        (ctx, req) -> {
          if (calls.incrementAndGet() == 1) {
            ctx.channel().writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.REFUSED_STREAM));
          } else {
            TestServer.respond(ctx, true, HttpResponseStatus.OK, "accepted on try " + calls.get());
          }
        });
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setMaxRequestRetry(0));

    Response res = client.preparePost(server.url("/refuse-once")).setBody("x").execute().get(10, TimeUnit.SECONDS);

    assertEquals("accepted on try 2", res.getResponseBody());
    assertEquals(2, server.received().size());
    assertEquals(1, server.connections().size(), "one refusal does not give up on the connection");
  }

  @Test
  void unansweredPingClosesTheConnectionAndFailsItsStreams() throws Exception {
    server = new H2TestServer(new H2TestServer.Options().silentOnPing());
    server.route("/stall", (ctx, req) -> {});
    client =
        ClientFixture.client(
            Http2NegotiationTest.tlsConfig()
                .setMaxRequestRetry(0)
                .setHttp2PingInterval(Duration.ofMillis(200)));

    long start = System.nanoTime();
    ListenableFuture<Response> f = client.prepareGet(server.url("/stall")).execute();
    ExecutionException e = Await.failed(f, 8);
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

    assertInstanceOf(IOException.class, e.getCause());
    assertTrue(e.getCause().getMessage().contains("PING"), e.getCause().getMessage());
    assertTrue(millis < 5000, "failed after " + millis + " ms, not at its 10 s timeout");
    assertTrue(server.pings() >= 1);
  }

  @Test
  void anOversizedHeaderListFailsItsStreamClearly() throws Exception {
    server = new H2TestServer();
    server.route(
        "/huge-headers",
        (ctx, req) -> {
          FullHttpResponse res = TestServer.emptyOk(HttpVersion.HTTP_1_1);
          res.headers().set("x-big", "b".repeat(20_000));
          TestServer.send(ctx, res);
        });
    server.route("/hello", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "hello"));
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setMaxRequestRetry(0));

    ExecutionException e =
        Await.failed(client.prepareGet(server.url("/huge-headers")).execute(), 8);
    String message = String.valueOf(e.getCause());
    assertTrue(message.toLowerCase(java.util.Locale.ROOT).contains("header"), message);
    // Whether Netty ends only the stream or the whole connection, the next request is served.
    assertEquals("hello", client.prepareGet(server.url("/hello")).execute().get(8, TimeUnit.SECONDS).getResponseBody());
  }

  @Test
  void aCutConnectionFailsEveryOpenStreamAtOnce() throws Exception {
    server = new H2TestServer();
    AtomicInteger arrived = new AtomicInteger();
    server.route(
        "/stall",
        (ctx, req) -> {
          if (arrived.incrementAndGet() == 3) {
            req.connection.close();
          }
        });
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setMaxRequestRetry(0));

    long start = System.nanoTime();
    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      futures.add(client.prepareGet(server.url("/stall")).execute());
    }
    for (ListenableFuture<Response> f : futures) {
      ExecutionException e = Await.failed(f, 8);
      assertInstanceOf(IOException.class, e.getCause());
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertTrue(millis < 5000, "streams failed after " + millis + " ms, not at their 10 s timeout");
  }
}

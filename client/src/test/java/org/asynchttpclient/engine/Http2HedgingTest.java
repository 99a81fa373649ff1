package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http2.Http2Error;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2Fixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.Test;

/**
 * Hedged requests over HTTP/2: a hedge is another stream (of the partition's one connection); the
 * first response head wins and the loser's stream is reset with CANCEL, its connection kept.
 */
class Http2HedgingTest extends H2Fixture {

  @Test
  void theHedgeIsAnotherStreamAndTheLoserIsResetWithCancel() throws Exception {
    server = new H2TestServer();
    AtomicInteger n = new AtomicInteger();
    server.route("/stall-first", (ctx, req) -> {
      if (n.incrementAndGet() > 1) {
        TestServer.respond(ctx, true, HttpResponseStatus.OK, "hedge");
      }
    });
    server.route("/warm", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "warm"));
    HedgingTest.HedgeEvents events = new HedgingTest.HedgeEvents();
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig()
        .setHedgeDelay(Duration.ofMillis(50))
        .setHedgeBudget(1.0)
        .addExchangeListener(events));
    // The connection first (that request not hedged), so that the hop's stream goes out before
    // its hedge's.
    client.prepareGet(server.url("/warm")).setHedgeDelay(Duration.ZERO).execute().get(10, TimeUnit.SECONDS);
    RecordingHandler h = new RecordingHandler();
    Response r = client.prepareGet(server.url("/stall-first")).execute(h).get(10, TimeUnit.SECONDS);
    assertEquals("hedge", r.getResponseBody());
    assertEquals(3, server.received().size());
    H2TestServer.Received first = server.received().get(1);
    H2TestServer.Received hedge = server.received().get(2);
    assertEquals(first.connection, hedge.connection, "one connection per origin: the hedge is a stream of it");
    assertTrue(
        server.await(() -> !server.resets().isEmpty(), Duration.ofSeconds(5)), "the loser's stream was reset");
    H2TestServer.Reset reset = server.resets().get(0);
    assertEquals(first.streamId, reset.streamId);
    assertEquals(Http2Error.CANCEL.code(), reset.errorCode);
    assertEquals(1, h.names().stream().filter("status"::equals).count(), h.events().toString());
    assertEquals(1, events.won.get());
    assertEquals(1, events.cancelled.get());
    // The connection goes on: the next request is a stream of it.
    client.prepareGet(server.url("/stall-first")).execute().get(10, TimeUnit.SECONDS);
    assertEquals(1, server.connections().size());
  }

  @Test
  void aLoserAnsweringLateIsNeverHeard() throws Exception {
    server = new H2TestServer();
    AtomicInteger n = new AtomicInteger();
    // The first stream answers at 150 ms; its hedge (at 30 ms) at 500 ms.
    server.route("/first-wins", (ctx, req) -> {
      boolean firstOne = n.incrementAndGet() == 1;
      TestServer.later(ctx, firstOne ? 150 : 500,
          () -> TestServer.respond(ctx, true, HttpResponseStatus.OK, firstOne ? "first" : "late"));
    });
    server.route("/warm", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "warm"));
    HedgingTest.HedgeEvents events = new HedgingTest.HedgeEvents();
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig()
        .setHedgeDelay(Duration.ofMillis(30))
        .setHedgeBudget(1.0)
        .addExchangeListener(events));
    // The connection first (that request not hedged): else the hop and its hedge can both wait
    // for the TLS handshake, and the hedge's stream may reach the server first.
    client.prepareGet(server.url("/warm")).setHedgeDelay(Duration.ZERO).execute().get(10, TimeUnit.SECONDS);
    RecordingHandler h = new RecordingHandler();
    assertEquals("first",
        client.prepareGet(server.url("/first-wins")).execute(h).get(10, TimeUnit.SECONDS).getResponseBody());
    assertTrue(server.await(() -> !server.resets().isEmpty(), Duration.ofSeconds(5)), "the hedge was reset");
    assertEquals(server.received().get(2).streamId, server.resets().get(0).streamId);
    Thread.sleep(600);
    assertEquals(1, h.terminals());
    assertEquals(1, h.names().stream().filter("status"::equals).count(), h.events().toString());
    assertEquals(0, events.won.get());
    assertEquals(1, events.cancelled.get());
  }
}

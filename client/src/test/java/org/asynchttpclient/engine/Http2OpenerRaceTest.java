package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2Fixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The request that opens a partition's HTTP/2 connection ends (cancelled, or its own short
 * timeout) while others wait for that connection: the waiters go on, on that connection or on
 * one a waiter opens, promptly and never left to their timeouts.
 */
class Http2OpenerRaceTest extends H2Fixture {
  private static final int ROUNDS = 20;
  private static final int WAITERS = 3;

  @ParameterizedTest(name = "cancelled={0}")
  @ValueSource(booleans = {true, false})
  void waitersGoOnWhenTheOpenerEnds(boolean cancel) throws Exception {
    server = new H2TestServer();
    server.route("/ok", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "ok"));
    for (int round = 0; round < ROUNDS; round++) {
      // A new client each round, so the first request of the round is the opener.
      client =
          ClientFixture.client(
              Http2NegotiationTest.tlsConfig().setRequestTimeout(Duration.ofSeconds(30)));
      ListenableFuture<Response> opener =
          cancel
              ? client.prepareGet(server.url("/ok")).execute()
              : client.prepareGet(server.url("/ok")).setRequestTimeout(Duration.ofMillis(1)).execute();
      List<ListenableFuture<Response>> waiters = new ArrayList<>();
      for (int i = 0; i < WAITERS; i++) {
        waiters.add(client.prepareGet(server.url("/ok")).execute());
      }
      if (cancel) {
        opener.cancel(true);
      }
      long start = System.nanoTime();
      for (ListenableFuture<Response> w : waiters) {
        assertEquals("ok", w.get(10, TimeUnit.SECONDS).getResponseBody(), "round " + round);
      }
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(millis < 10_000, "round " + round + ": waiters took " + millis + " ms");
      client.close();
      client = null;
    }
  }
}

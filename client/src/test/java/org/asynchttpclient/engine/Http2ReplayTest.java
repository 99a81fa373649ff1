package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which HTTP/2 streams are sent again when their connection ends. Only a stream the server cannot
 * have processed is: above the last stream id of a GOAWAY the server sent, refused with
 * REFUSED_STREAM, or never written (a request still waiting for a stream included). A stream the
 * server may have seen (it was written, and neither of those says otherwise) fails at once when
 * its connection goes away, whatever its method and however many retries are left, as in 3.0.11
 * and 3.0.12, with a message that names it and says the server may have processed it.
 */
class Http2ReplayTest extends H2Fixture {
  private static final int IN_FLIGHT = 5;

  /** The server holds every request on the first connection; later connections answer at once. */
  private void holdOnFirstConnection() throws Exception {
    routeTheFirstConnection("/work", (ctx, req, first) -> {});
    // The default maxRequestRetry (5): retries are left, so only the classification stops a replay.
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setMaxConnectionsPerHost(1));
  }

  private List<ListenableFuture<Response>> sendAll(String method) {
    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < IN_FLIGHT; i++) {
      futures.add(
          client.prepare(method, server.url("/work")).setBody("payload " + i).execute());
    }
    return futures;
  }

  private Channel awaitAllReceived() throws InterruptedException {
    return awaitReceived(IN_FLIGHT);
  }

  private Channel awaitReceived(int count) throws InterruptedException {
    assertTrue(
        server.await(() -> server.received().size() == count, Duration.ofSeconds(10)),
        count + " requests reached the server: " + server.received().size());
    return server.connections().get(0);
  }

  /** How many times the server received each body. */
  private Map<String, Integer> receivedPerBody() {
    Map<String, Integer> counts = new TreeMap<>();
    for (H2TestServer.Received r : server.received()) {
      counts.merge(r.bodyText(), 1, Integer::sum);
    }
    return counts;
  }

  private void assertEachFailsPromptlyAndWasReceivedOnce(List<ListenableFuture<Response>> futures)
      throws Exception {
    long start = System.nanoTime();
    for (ListenableFuture<Response> f : futures) {
      ExecutionException e = Await.failed(f, 8);
      assertInstanceOf(IOException.class, e.getCause(), String.valueOf(e.getCause()));
      String message = e.getCause().getMessage();
      assertTrue(message.startsWith("HTTP/2 stream ") && message.contains("/127.0.0.1:" + server.port()),
          "names the stream and where it went: " + message);
      assertTrue(message.contains("the server may have processed it"), message);
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertTrue(millis < 5000, "streams failed after " + millis + " ms, not at once");
    Map<String, Integer> counts = receivedPerBody();
    assertEquals(IN_FLIGHT, counts.size(), "bodies received: " + counts);
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      assertEquals(1, e.getValue(), "times the server received '" + e.getKey() + "': " + counts);
    }
    assertEquals(1, server.connections().size(), "no connection opened for a replay");
  }

  /** Whatever the method: a GET is idempotent, yet the server may have acted on it. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"POST", "GET"})
  void streamsTheServerReceivedAreNotReplayedWhenItClosesTheConnection(String method) throws Exception {
    holdOnFirstConnection();
    List<ListenableFuture<Response>> futures = sendAll(method);

    awaitAllReceived().close();

    assertEachFailsPromptlyAndWasReceivedOnce(futures);
  }

  @Test
  void postsTheServerReceivedAreNotReplayedWhenTheConnectionIsCutWithoutGoAway() throws Exception {
    holdOnFirstConnection();
    List<ListenableFuture<Response>> futures = sendAll("POST");

    // Closed under the codec: no GOAWAY reaches the client, only the end of the stream.
    Channel first = awaitAllReceived();
    first.eventLoop().execute(() -> first.unsafe().close(first.voidPromise()));

    assertEachFailsPromptlyAndWasReceivedOnce(futures);
  }

  @Test
  void streamsAboveTheServersGoAwayAreReplayedAndTheOthersAreNot() throws Exception {
    AtomicInteger onFirst = new AtomicInteger();
    routeTheFirstConnection(
        "/work",
        (ctx, req, first) -> {
          if (onFirst.incrementAndGet() < IN_FLIGHT) {
            return;
          }
          // Every stream arrived; the server says it processed the two lowest, then goes away.
          int[] ids = server.received().stream().mapToInt(r -> r.streamId).sorted().toArray();
          H2TestServer.goAway(first, ids[1]);
          first.eventLoop().schedule(() -> first.close(), 100, TimeUnit.MILLISECONDS);
        });
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setMaxRequestRetry(0));

    List<ListenableFuture<Response>> futures = sendAll("POST");
    int replayed = 0;
    int failed = 0;
    for (ListenableFuture<Response> f : futures) {
      try {
        Response res = f.get(8, TimeUnit.SECONDS);
        assertEquals("second connection", res.getResponseBody());
        replayed++;
      } catch (ExecutionException e) {
        assertInstanceOf(IOException.class, e.getCause(), String.valueOf(e.getCause()));
        failed++;
      }
    }

    assertEquals(3, replayed, "the three streams above the GOAWAY's last stream id were replayed");
    assertEquals(2, failed, "the two the server may have processed failed");
    Map<String, Integer> counts = receivedPerBody();
    assertEquals(IN_FLIGHT + 3, server.received().size(), "received: " + counts);
    assertEquals(2, server.connections().size(), "one new connection for the replays");
  }

  /** A server allowing one stream per connection, holding the first connection's and answering later ones. */
  private void oneStreamPerConnection(H2TestServer.Route onFirst) throws Exception {
    server = new H2TestServer(new H2TestServer.Options().maxConcurrentStreams(1));
    server.route(
        "/work",
        (ctx, req) -> {
          if (req.connection != server.connections().get(0)) {
            TestServer.respond(ctx, true, HttpResponseStatus.OK, "second connection");
            return;
          }
          onFirst.handle(ctx, req);
        });
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setMaxConnectionsPerHost(1));
  }

  /**
   * Requests that waited for a stream slot were never sent: when the connection is cut, they go
   * on a new connection (3.0.11 and 3.0.12 fail them), while the one stream on the wire fails.
   */
  @Test
  void requestsWaitingForAStreamSlotAreSentOnANewConnectionWhenTheConnectionIsCut() throws Exception {
    oneStreamPerConnection((ctx, req) -> {});
    List<ListenableFuture<Response>> futures = sendAll("GET");
    // One stream on the wire, the other four wait for its slot.
    Channel first = awaitReceived(1);

    first.close();

    int answered = 0;
    for (ListenableFuture<Response> f : futures) {
      try {
        assertEquals("second connection", f.get(8, TimeUnit.SECONDS).getResponseBody());
        answered++;
      } catch (ExecutionException e) {
        assertInstanceOf(IOException.class, e.getCause(), String.valueOf(e.getCause()));
        assertTrue(e.getCause().getMessage().contains("the server may have processed it"),
            e.getCause().getMessage());
      }
    }
    assertEquals(IN_FLIGHT - 1, answered, "the waiting requests were answered on a new connection");
    assertEquals(IN_FLIGHT, server.received().size(), "each request reached the server once");
    assertEquals(2, server.connections().size(), "one new connection for the waiting requests");
  }

  @Test
  void requestsWaitingForAStreamSlotAreSentOnANewConnectionWhenTheServerSendsGoAway() throws Exception {
    oneStreamPerConnection(
        (ctx, req) -> {
          // The one stream on the wire: GOAWAY saying it is processed, then its answer.
          H2TestServer.goAway(req.connection, req.streamId);
          TestServer.later(ctx, 200, () -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "processed"));
        });
    List<ListenableFuture<Response>> futures = sendAll("GET");

    List<String> bodies = new ArrayList<>();
    for (ListenableFuture<Response> f : futures) {
      bodies.add(f.get(8, TimeUnit.SECONDS).getResponseBody());
    }
    assertEquals(1, bodies.stream().filter("processed"::equals).count(), "answers: " + bodies);
    assertEquals(IN_FLIGHT - 1, bodies.stream().filter("second connection"::equals).count(), "answers: " + bodies);
    assertEquals(IN_FLIGHT, server.received().size(), "each request reached the server once");
    assertEquals(2, server.connections().size(), "one new connection for the waiting requests");
  }
}

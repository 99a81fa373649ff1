package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2Fixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.Test;

/**
 * More than one HTTP/2 connection per partition ({@code http2MaxConnectionsPerPartition}): a
 * further one opens only when every connection carries 8 streams or more (the server holds the
 * responses here, so the counts are exact), never beyond the cap or the per-host limit, a new
 * stream goes to the least loaded, and each connection lives its own life.
 */
class Http2MultiConnectionTest extends H2Fixture {
  /** H2Connections.BUSY_STREAMS: streams every connection carries before a further one opens. */
  private static final int BUSY = 8;

  /** Requests the server holds, with the stream to answer each on. */
  private final List<Held> held = new CopyOnWriteArrayList<>();

  /** Whether the server holds requests; answered at once when not. */
  private volatile boolean holding = true;

  /**
   * Requests the server's route has held so far. The server records a request as received before
   * its route runs, so a test that saw it received and then stopped holding could have it answered
   * at once (before a GOAWAY, say): the tests wait for this count instead.
   */
  private final AtomicInteger heldCount = new AtomicInteger();

  private static final class Held {
    final ChannelHandlerContext ctx;
    final H2TestServer.Received request;

    Held(ChannelHandlerContext ctx, H2TestServer.Received request) {
      this.ctx = ctx;
      this.request = request;
    }
  }

  private void start(DefaultAsyncHttpClientConfig.Builder config) throws Exception {
    server = new H2TestServer();
    server.route(
        "/hold",
        (ctx, req) -> {
          if (holding) {
            held.add(new Held(ctx, req));
            heldCount.incrementAndGet();
            server.signal();
          } else {
            TestServer.respond(ctx, true, HttpResponseStatus.OK, req.bodyText());
          }
        });
    client = ClientFixture.client(config);
  }

  private static DefaultAsyncHttpClientConfig.Builder config(int cap) {
    return Http2NegotiationTest.tlsConfig().setHttp2MaxConnectionsPerPartition(cap);
  }

  private ListenableFuture<Response> send(String body) {
    return client.preparePost(server.url("/hold")).setBody(body).execute();
  }

  private List<ListenableFuture<Response>> sendAndAwait(int count) throws InterruptedException {
    List<ListenableFuture<Response>> futures = new ArrayList<>();
    int before = server.received().size();
    for (int i = 0; i < count; i++) {
      futures.add(send("r" + (before + i)));
    }
    awaitReceived(before + count);
    assertTrue(
        server.await(() -> heldCount.get() >= before + count, Duration.ofSeconds(10)),
        (before + count) + " requests held: " + heldCount.get());
    return futures;
  }

  /**
   * The first connection's busy count, then one more, each batch received before the next: the
   * hops that wait for the first connection's preface all get its streams, so the busy count
   * must be reached on an open connection for the next hop to open a further one.
   */
  private List<ListenableFuture<Response>> openTwoConnections() throws InterruptedException {
    List<ListenableFuture<Response>> futures = sendAndAwait(BUSY);
    futures.addAll(sendAndAwait(1));
    assertEquals(List.of(BUSY, 1), perConnection());
    return futures;
  }

  private void awaitReceived(int count) throws InterruptedException {
    assertTrue(
        server.await(() -> server.received().size() >= count, Duration.ofSeconds(10)),
        count + " requests reached the server: " + server.received().size());
  }

  /** Requests the server received on each connection it accepted, in the order accepted. */
  private List<Integer> perConnection() {
    List<Integer> counts = new ArrayList<>();
    for (Channel c : server.connections()) {
      counts.add((int) server.received().stream().filter(r -> r.connection == c).count());
    }
    return counts;
  }

  /** Answers the held requests that {@code which} selects, with their own body. */
  private void release(java.util.function.Predicate<Held> which) {
    for (Held h : held) {
      if (which.test(h) && held.remove(h)) {
        TestServer.respond(h.ctx, true, HttpResponseStatus.OK, h.request.bodyText());
      }
    }
  }

  private void releaseAll() {
    holding = false;
    release(h -> true);
  }

  private static void assertAllOk(List<ListenableFuture<Response>> futures) throws Exception {
    for (ListenableFuture<Response> f : futures) {
      assertEquals(200, f.get(10, TimeUnit.SECONDS).getStatusCode());
    }
  }

  @Test
  void aSecondConnectionOpensOnlyOnceTheFirstCarriesTheBusyCount() throws Exception {
    start(config(2));
    List<ListenableFuture<Response>> futures = sendAndAwait(BUSY);
    assertEquals(List.of(BUSY), perConnection(), "below the busy count: one connection");

    futures.addAll(sendAndAwait(1));

    assertEquals(List.of(BUSY, 1), perConnection(), "the next stream opened the second connection");
    releaseAll();
    assertAllOk(futures);
  }

  @Test
  void neverMoreConnectionsThanTheCap() throws Exception {
    start(config(3));
    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < 6 * BUSY; i++) {
      futures.addAll(sendAndAwait(1)); // one at a time: each further opener dials in turn
    }
    assertEquals(3, server.acceptedCount(), "connections: " + perConnection());
    releaseAll();
    assertAllOk(futures);
  }

  @Test
  void maxConnectionsPerHostBoundsTheFurtherConnectionsAndNoRequestFails() throws Exception {
    start(config(4).setMaxConnectionsPerHost(2));
    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < 5 * BUSY; i++) {
      futures.addAll(sendAndAwait(1));
    }
    assertEquals(2, server.acceptedCount(), "connections: " + perConnection());
    releaseAll();
    assertAllOk(futures);
  }

  @Test
  void aNewStreamGoesToTheLeastLoadedConnection() throws Exception {
    start(config(2));
    List<ListenableFuture<Response>> futures = openTwoConnections();
    futures.addAll(sendAndAwait(BUSY - 1)); // the second connection fills to the busy count
    assertEquals(List.of(BUSY, BUSY), perConnection());

    futures.addAll(sendAndAwait(4)); // both busy: alternately, the oldest first on a tie

    assertEquals(List.of(BUSY + 2, BUSY + 2), perConnection());
    Channel second = server.connections().get(1);
    List<ListenableFuture<Response>> onSecond = new ArrayList<>();
    for (Held h : held) {
      if (h.request.connection == second) {
        onSecond.add(futures.get(Integer.parseInt(h.request.bodyText().substring(1))));
      }
    }
    release(h -> h.request.connection == second);
    assertAllOk(onSecond); // their slots are free before their futures complete
    futures.addAll(sendAndAwait(2)); // the second one carries none now: both go there
    assertEquals(List.of(BUSY + 2, BUSY + 4), perConnection());
    releaseAll();
    assertAllOk(futures);
  }

  @Test
  void aGoAwayRetiresOnlyItsConnectionAndItsUnprocessedStreamsReplayOnAnother() throws Exception {
    start(config(2).setMaxRequestRetry(0));
    List<ListenableFuture<Response>> futures = openTwoConnections();
    futures.addAll(sendAndAwait(BUSY - 1));
    Channel first = server.connections().get(0);
    Channel second = server.connections().get(1);
    List<Integer> ids =
        server.received().stream().filter(r -> r.connection == second).map(r -> r.streamId)
            .sorted().collect(Collectors.toList());
    assertEquals(BUSY, ids.size());

    holding = false; // replays and later requests are answered at once
    H2TestServer.goAway(second, ids.get(0)); // only the lowest stream was processed

    release(h -> h.request.connection == second); // the processed one; the others are gone
    server.awaitClosed(1);
    awaitReceived(2 * BUSY + BUSY - 1); // the replays, answered at once
    assertFalse(second.isActive(), "the connection that sent GOAWAY closed");
    assertTrue(first.isActive(), "the other connection goes on");
    Map<String, Integer> times = new TreeMap<>();
    for (H2TestServer.Received r : server.received()) {
      times.merge(r.bodyText(), 1, Integer::sum);
    }
    long replayed = times.values().stream().filter(n -> n == 2).count();
    assertEquals(BUSY - 1, replayed, "each unprocessed stream replayed once: " + times);
    long replaysElsewhere = server.received().stream()
        .filter(r -> r.connection != second && times.get(r.bodyText()) == 2)
        .count();
    assertEquals(BUSY - 1, replaysElsewhere, "each replay went to another connection");
    releaseAll();
    assertAllOk(futures);
    ListenableFuture<Response> later = send("later");
    assertEquals(200, later.get(10, TimeUnit.SECONDS).getStatusCode());
    assertSame(first, server.received().get(server.received().size() - 1).connection,
        "a new request goes to the connection that did not go away");
  }

  @Test
  void aFurtherConnectionWithoutStreamsClosesAfterTheIdleTimeout() throws Exception {
    start(config(2).setPooledConnectionIdleTimeout(Duration.ofMillis(300)));
    List<ListenableFuture<Response>> futures = openTwoConnections();
    Channel first = server.connections().get(0);
    Channel second = server.connections().get(1);
    String keep = server.received().get(0).bodyText(); // one stream keeps the first one busy

    release(h -> !h.request.bodyText().equals(keep));

    server.awaitClosed(1);
    assertFalse(second.isActive(), "the further connection closed once idle");
    assertTrue(first.isActive(), "the first one, still carrying a stream, stays");
    releaseAll();
    assertAllOk(futures);
  }

  @Test
  void aCapOfOneKeepsOneConnectionPerPartition() throws Exception {
    start(config(1));
    List<ListenableFuture<Response>> futures = sendAndAwait(4 * BUSY);
    assertEquals(List.of(4 * BUSY), perConnection());
    releaseAll();
    assertAllOk(futures);
  }

  /** RFC 9113 9.1, and AHC 3.0.x: 20 requests at once to one origin share one connection by default. */
  @Test
  void byDefaultTwentyRequestsAtOnceShareOneConnection() throws Exception {
    start(Http2NegotiationTest.tlsConfig());
    holding = false;
    assertEquals(200, send("opens the connection").get(10, TimeUnit.SECONDS).getStatusCode());
    holding = true;
    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      futures.add(send("r" + i));
    }
    assertTrue(server.await(() -> heldCount.get() >= 20, Duration.ofSeconds(10)), "held: " + heldCount.get());
    assertEquals(List.of(21), perConnection());
    releaseAll();
    assertAllOk(futures);
  }

  /**
   * A server allowing 4 streams per connection: by default a further connection opens once every
   * one is at that limit, rather than the requests waiting for a stream; none waits while a
   * connection could be opened, and maxConnectionsPerHost still bounds them.
   */
  @Test
  void byDefaultAFurtherConnectionOpensWhenEveryOneIsAtTheServersStreamLimit() throws Exception {
    server = new H2TestServer(new H2TestServer.Options().maxConcurrentStreams(4));
    server.route("/hold", (ctx, req) -> {
      if (!holding) {
        TestServer.respond(ctx, true, HttpResponseStatus.OK, req.bodyText());
        return;
      }
      held.add(new Held(ctx, req));
      heldCount.incrementAndGet();
      server.signal();
    });
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setMaxConnectionsPerHost(3));
    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      futures.addAll(sendAndAwait(4)); // each batch fills a connection before the next arrives
    }
    assertEquals(List.of(4, 4, 4), perConnection(), "three connections of four streams");
    for (int i = 0; i < 4; i++) {
      futures.add(send("waits " + i));
    }
    releaseAll(); // the first twelve answered, the four that waited answered as they arrive
    assertAllOk(futures);
    assertEquals(16, server.received().size());
    assertEquals(3, server.connections().size(), "maxConnectionsPerHost 3 bounds the connections");
  }
}

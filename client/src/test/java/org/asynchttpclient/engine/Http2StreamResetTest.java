package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http2.Http2Error;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2Fixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A timeout, a cancel or a stop from the CompletableFuture view resets only its own stream: the
 * server sees RST_STREAM CANCEL, the connection stays, another stream on it completes, and the
 * slot is free before the caller hears of the outcome.
 */
class Http2StreamResetTest extends H2Fixture {

  @BeforeEach
  void start() throws Exception {
    server = new H2TestServer();
    server.route("/stall", (ctx, req) -> {});
    server.route("/hello", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "hello"));
    server.route(
        "/later",
        (ctx, req) -> TestServer.later(ctx, 600, () -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "later")));
  }

  private DefaultAsyncHttpClient client(boolean eventLoopTimeouts) {
    client =
        ClientFixture.client(
            oneConnection().setUseEventLoopTimeouts(eventLoopTimeouts));
    return client;
  }

  /** The stream id the server gave the request to {@code path} (the latest one). */
  private int streamOf(String path) throws InterruptedException {
    assertTrue(server.await(() -> server.received().stream().anyMatch(r -> r.path.equals(path)), Duration.ofSeconds(5)));
    int id = 0;
    for (H2TestServer.Received r : server.received()) {
      if (r.path.equals(path)) {
        id = r.streamId;
      }
    }
    return id;
  }

  private void assertCancelled(int streamId) throws InterruptedException {
    assertTrue(
        server.await(
            () -> server.resets().stream().anyMatch(r -> r.streamId == streamId), Duration.ofSeconds(5)),
        "server saw no RST_STREAM for stream " + streamId + "; saw " + server.resets());
    for (H2TestServer.Reset r : server.resets()) {
      if (r.streamId == streamId) {
        assertEquals(Http2Error.CANCEL.code(), r.errorCode, "reset code of stream " + streamId);
      }
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void requestTimeoutResetsOnlyItsStream(boolean eventLoopTimeouts) throws Exception {
    client(eventLoopTimeouts);
    ListenableFuture<Response> later = client.prepareGet(server.url("/later")).execute();
    ListenableFuture<Response> stalled =
        client.prepareGet(server.url("/stall")).setRequestTimeout(Duration.ofMillis(300)).execute();

    ExecutionException e = Await.failed(stalled, 5);
    assertInstanceOf(TimeoutException.class, e.getCause());
    assertCancelled(streamOf("/stall"));

    assertEquals("later", later.get(5, TimeUnit.SECONDS).getResponseBody(), "the parallel stream completes");
    assertEquals("hello", client.prepareGet(server.url("/hello")).execute().get(5, TimeUnit.SECONDS).getResponseBody());
    assertEquals(1, server.connections().size(), "the connection outlived the reset stream");
    assertTrue(server.connections().get(0).isActive());
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void readTimeoutResetsOnlyItsStream(boolean eventLoopTimeouts) throws Exception {
    client(eventLoopTimeouts);
    ListenableFuture<Response> stalled =
        client.prepareGet(server.url("/stall")).setReadTimeout(Duration.ofMillis(300)).execute();

    ExecutionException e = Await.failed(stalled, 5);
    assertInstanceOf(TimeoutException.class, e.getCause());
    assertCancelled(streamOf("/stall"));
    assertEquals("hello", client.prepareGet(server.url("/hello")).execute().get(5, TimeUnit.SECONDS).getResponseBody());
    assertEquals(1, server.connections().size());
  }

  /**
   * The slot of a cancelled stream is free at once, while the codec counts the stream until its
   * RST_STREAM is written. Against a server that allows one stream, the next request takes that
   * slot right away: it must wait for the codec, not be refused by it and replayed (or, with no
   * retry left, failed).
   */
  @Test
  void aStreamSentRightAfterACancelIsNotRefusedByTheCodec() throws Exception {
    server.close();
    server = new H2TestServer(new H2TestServer.Options().maxConcurrentStreams(1));
    server.route("/stall", (ctx, req) -> {});
    server.route("/hello", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "hello"));
    client =
        ClientFixture.client(oneConnection().setMaxRequestRetry(0));
    assertEquals("hello", client.prepareGet(server.url("/hello")).execute().get(5, TimeUnit.SECONDS).getResponseBody());
    for (int i = 0; i < 30; i++) {
      ListenableFuture<Response> stalled = client.prepareGet(server.url("/stall")).execute();
      streamOf("/stall");
      assertTrue(stalled.cancel(true), "round " + i + ": the cancel decided");
      RecordingHandler next = new RecordingHandler();
      client.prepareGet(server.url("/hello")).execute(next).get(5, TimeUnit.SECONDS);
      assertEquals(200, next.status(), "round " + i);
      assertTrue(!next.events().contains("retry"), "round " + i + ": refused and replayed: " + next.events());
    }
    assertEquals(1, server.connections().size());
  }

  @Test
  void cancelResetsOnlyItsStream() throws Exception {
    client(false);
    ListenableFuture<Response> later = client.prepareGet(server.url("/later")).execute();
    ListenableFuture<Response> stalled = client.prepareGet(server.url("/stall")).execute();
    int id = streamOf("/stall");

    assertTrue(stalled.cancel(true));

    assertCancelled(id);
    assertEquals("later", later.get(5, TimeUnit.SECONDS).getResponseBody());
    assertEquals(1, server.connections().size());
  }

  @Test
  void completableFutureViewStopsTheStream() throws Exception {
    client(false);
    CompletableFuture<Response> viaView = client.prepareGet(server.url("/stall")).execute().toCompletableFuture();
    int first = streamOf("/stall");
    viaView.completeExceptionally(new IllegalStateException("caller gave up"));
    assertCancelled(first);

    CompletableFuture<Response> timedOut =
        client.prepareGet(server.url("/stall")).execute().toCompletableFuture().orTimeout(300, TimeUnit.MILLISECONDS);
    Await.failed(timedOut, 5);
    assertTrue(server.await(() -> server.resets().size() >= 2, Duration.ofSeconds(5)), "resets: " + server.resets());
    assertEquals("hello", client.prepareGet(server.url("/hello")).execute().get(5, TimeUnit.SECONDS).getResponseBody());
    assertEquals(1, server.connections().size());
  }

  @Test
  void eventLoopExpiryRunsOnTheConnectionsLoop() throws Exception {
    client(true);
    RecordingHandler first = new RecordingHandler();
    client.prepareGet(server.url("/hello")).execute(first).get(5, TimeUnit.SECONDS);
    Channel connection = first.channel();
    assertNotNull(connection, "the first request opened the connection");

    RecordingHandler second = new RecordingHandler();
    client.prepareGet(server.url("/stall")).setRequestTimeout(Duration.ofMillis(200)).execute(second);

    Thread expiredOn = second.awaitEnd(Duration.ofSeconds(5)).endedOn();
    assertInstanceOf(TimeoutException.class, second.failure());
    assertTrue(
        connection.eventLoop().inEventLoop(expiredOn),
        "expired on " + expiredOn + ", not the loop of " + connection);
  }

  @Test
  void slotIsFreeBeforeTheCallerHearsOfTheTimeout() throws Exception {
    client = ClientFixture.client(oneConnection().setHttp2MaxConcurrentStreams(1));
    client.prepareGet(server.url("/hello")).execute().get(5, TimeUnit.SECONDS);
    AtomicReference<ListenableFuture<Response>> fromCallback = new AtomicReference<>();
    RecordingHandler stalled =
        new RecordingHandler() {
          @Override
          public void onThrowable(Throwable t) {
            // The only slot was this stream's: the request made here must find it free.
            fromCallback.set(client.prepareGet(server.url("/hello")).setRequestTimeout(Duration.ofMillis(2000)).execute());
            super.onThrowable(t);
          }
        };
    client.prepareGet(server.url("/stall")).setRequestTimeout(Duration.ofMillis(200)).execute(stalled);

    stalled.awaitEnd(Duration.ofSeconds(5));
    assertEquals("hello", fromCallback.get().get(5, TimeUnit.SECONDS).getResponseBody());
    assertEquals(1, server.connections().size());
  }

  /**
   * These tests count one connection: a further one would open once the connection is at its
   * stream limit (the one-stream server's case), so maxConnectionsPerHost 1 keeps it to one.
   */
  private static org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder oneConnection() {
    return Http2NegotiationTest.tlsConfig().setHttp2MaxConnectionsPerPartition(1).setMaxConnectionsPerHost(1);
  }
}

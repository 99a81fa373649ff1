package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.OneShotStream;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Replays of a hop whose connection failed before any response byte. */
class RetryTest extends HelloFixture {
  private final Map<Channel, Integer> requestsPerConnection = new ConcurrentHashMap<>();

  @BeforeEach
  void start() throws Exception {
    // answers the first request of a connection (keep-alive), then closes the connection when the
    // next request arrives on it: a server that dropped the idle connection as the request came
    server.route(
        "/once-per-connection",
        (ctx, req) -> {
          int n = requestsPerConnection.merge(ctx.channel(), 1, Integer::sum);
          if (n == 1) {
            TestServer.respond(
                ctx, req, HttpResponseStatus.OK, "ok " + req.content().toString(StandardCharsets.UTF_8));
          } else {
            ctx.close();
          }
        });
    // answers, then closes although the response said keep-alive
    server.route(
        "/answer-then-close",
        (ctx, req) -> {
          TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok");
          ctx.channel().eventLoop().execute(ctx::close);
        });
    server.route("/always-drop", (ctx, req) -> ctx.close());
  }

  private static long retries(RecordingHandler h) {
    return h.names().stream().filter("retry"::equals).count();
  }

  private static Response run(BoundRequestBuilder rb, RecordingHandler h) throws Exception {
    return rb.execute(h).get(5, TimeUnit.SECONDS);
  }

  @Test
  void stalePooledConnectionIsReplayedOnAFreshOne() throws Exception {
    assertEquals(
        200,
        run(client().prepareGet(server.url("/once-per-connection")), new RecordingHandler()).getStatusCode());
    assertEquals(1, server.acceptedCount());

    RecordingHandler h = new RecordingHandler();
    Response r = run(client().preparePost(server.url("/once-per-connection")).setBody("again"), h);
    assertEquals(200, r.getStatusCode());
    assertEquals("ok again", r.getResponseBody());
    assertEquals(1L, retries(h));
    assertEquals(2, server.acceptedCount());
    assertEquals(3, server.received().size());
  }

  @Test
  void connectionClosedRightAfterTheResponseNeverSurfaces() throws Exception {
    // Whether the client sees the close before reusing the connection or only when the write
    // fails, the caller must get a response every time.
    for (int i = 0; i < 5; i++) {
      Response r = run(client().prepareGet(server.url("/answer-then-close")), new RecordingHandler());
      assertEquals(200, r.getStatusCode(), "request " + i);
    }
    assertEquals(5, server.received().size());
  }

  @Test
  void streamBodyIsNotReplayed() throws Exception {
    run(client().prepareGet(server.url("/once-per-connection")), new RecordingHandler());
    RecordingHandler h = new RecordingHandler();
    ExecutionException e =
        Await.failed(
            client().preparePost(server.url("/once-per-connection")).setBody(OneShotStream.of("once")).execute(h),
            5);
    assertInstanceOf(IOException.class, e.getCause());
    assertEquals(0L, retries(h));
    assertEquals(2, server.received().size());
    assertEquals(1, server.acceptedCount());
  }

  @Test
  void retriesStopAtMaxRequestRetry() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setMaxRequestRetry(2))) {
      RecordingHandler h = new RecordingHandler();
      ExecutionException e = Await.failed(client.prepareGet(server.url("/always-drop")).execute(h), 5);
      assertInstanceOf(IOException.class, e.getCause());
      assertEquals(2L, retries(h));
      assertEquals(3, server.received().size());
    }
  }

  @Test
  void noRetryWhenMaxRequestRetryIsZero() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setMaxRequestRetry(0))) {
      RecordingHandler h = new RecordingHandler();
      Await.failed(client.prepareGet(server.url("/always-drop")).execute(h), 5);
      assertEquals(0L, retries(h));
      assertEquals(1, server.received().size());
    }
  }
}

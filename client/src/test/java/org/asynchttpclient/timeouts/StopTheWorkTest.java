package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A timeout or cancel from any view of the future closes the connection and frees the permit. */
class StopTheWorkTest {
  private TestServer server;

  @BeforeEach
  void start() throws Exception {
    server = new TestServer();
    server.route("/hello", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "hi"));
    server.route("/never", (ctx, req) -> {});
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static DefaultAsyncHttpClient client(boolean eventLoop, int maxPerHost) {
    DefaultAsyncHttpClientConfig.Builder b =
        new DefaultAsyncHttpClientConfig.Builder()
            .setUseEventLoopTimeouts(eventLoop)
            .setMaxConnectionsPerHost(maxPerHost)
            .setShutdownQuietPeriod(Duration.ZERO)
            .setRequestTimeout(Duration.ofSeconds(10));
    return new DefaultAsyncHttpClient(b.build());
  }

  private void awaitClosedByClient(int n) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (server.closedCount() < n && System.nanoTime() < deadline) {
      Thread.sleep(2);
    }
    assertEquals(n, server.closedCount(), "connections the server saw closed");
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void aRequestFromTheFailureCallbackGetsAConnectionUnderMaxOnePerHost(boolean eventLoop)
      throws Exception {
    try (DefaultAsyncHttpClient client = client(eventLoop, 1)) {
      CompletableFuture<Response> second = new CompletableFuture<>();
      client
          .prepareGet(server.url("/never"))
          .setRequestTimeout(Duration.ofMillis(100))
          .execute()
          .toCompletableFuture()
          .whenComplete(
              (r, t) ->
                  client
                      .prepareGet(server.url("/hello"))
                      .execute()
                      .toCompletableFuture()
                      .whenComplete((r2, t2) -> {
                        if (t2 != null) {
                          second.completeExceptionally(t2);
                        } else {
                          second.complete(r2);
                        }
                      }));
      Response r = second.get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("hi", r.getResponseBody());
    }
  }

  private void viewAbortsTheExchange(Consumer<CompletableFuture<Response>> abort) throws Exception {
    try (DefaultAsyncHttpClient client = client(false, -1)) {
      ListenableFuture<Response> f = client.prepareGet(server.url("/never")).execute();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (server.received().isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(2);
      }
      abort.accept(f.toCompletableFuture());
      awaitClosedByClient(1);
      assertTrue(f.isDone(), "the ListenableFuture is done too");
      assertThrows(Exception.class, () -> f.get(1, TimeUnit.SECONDS));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"cancel", "completeExceptionally"})
  void completableFutureViewStopsTheExchange(String how) throws Exception {
    viewAbortsTheExchange(
        cf -> {
          if (how.equals("cancel")) {
            assertTrue(cf.cancel(true));
          } else {
            assertTrue(cf.completeExceptionally(new IllegalStateException("caller gave up")));
          }
        });
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void orTimeoutOnTheViewClosesTheConnection(boolean eventLoop) throws Exception {
    try (DefaultAsyncHttpClient client = client(eventLoop, -1)) {
      CompletableFuture<Response> dependent =
          client
              .prepareGet(server.url("/never"))
              .execute()
              .toCompletableFuture()
              .orTimeout(150, TimeUnit.MILLISECONDS);
      ExecutionException e =
          assertThrows(ExecutionException.class, () -> dependent.get(5, TimeUnit.SECONDS));
      assertInstanceOf(TimeoutException.class, e.getCause());
      awaitClosedByClient(1);
    }
  }
}

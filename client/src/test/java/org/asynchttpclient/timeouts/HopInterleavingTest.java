package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.testing.ManualTimer;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Forced interleavings of a hop's timeout with the start of the next hop, in timer mode with
 * per-hop budgets. The client's timer is a {@link ManualTimer}: nothing fires until the test
 * advances it, and a hook runs inside a firing timeout after it started and before it acts.
 */
class HopInterleavingTest {

  private static DefaultAsyncHttpClientConfig.Builder config(ManualTimer timer) {
    return new DefaultAsyncHttpClientConfig.Builder()
        .setNettyTimer(timer)
        .setFollowRedirect(true)
        .setShutdownQuietPeriod(Duration.ZERO)
        .setShutdownTimeout(Duration.ofSeconds(2));
  }

  /**
   * Hop 0's request (or read) timeout starts running; while it runs, hop 0's 302 arrives and hop 1
   * starts and reaches the server. The stale timeout must then do nothing: hop 1 completes. Before
   * the timeout tasks had one compare-and-set out of ARMED, such a task checked "cancelled" once
   * and then failed the exchange, ending hop 1.
   */
  @ParameterizedTest(name = "{0} timeout")
  @ValueSource(strings = {"request", "read"})
  void aHopTimeoutThatStartsAsTheNextHopBeginsDoesNotEndIt(String kind) throws Exception {
    ManualTimer timer = new ManualTimer();
    CompletableFuture<ChannelHandlerContext> firstHop = new CompletableFuture<>();
    try (TestServer server =
            new TestServer()
                .route("/redirect", (ctx, req) -> firstHop.complete(ctx))
                .route("/final", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "final"));
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(
                "request".equals(kind)
                    ? config(timer).setRequestTimeout(Duration.ofMillis(100)).build()
                    : config(timer)
                        .setRequestTimeout(Duration.ofSeconds(60))
                        .setReadTimeout(Duration.ofMillis(100))
                        .build())) {
      CompletableFuture<Response> f =
          client.prepareGet(server.url("/redirect")).execute().toCompletableFuture();
      ChannelHandlerContext ctx = firstHop.get(5, TimeUnit.SECONDS);
      AtomicBoolean hookRan = new AtomicBoolean();
      timer.onNextReadWhileRunning(
          () -> {
            // Hop 0's timeout is running. Now hop 0 ends with a 302 and hop 1 starts.
            FullHttpResponse found =
                new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.FOUND);
            found.headers().set(HttpHeaderNames.LOCATION, "/final");
            HttpUtil.setContentLength(found, 0);
            TestServer.send(ctx, found);
            try {
              server.awaitReceived(2);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            hookRan.set(true);
          });
      timer.advance(Duration.ofMillis(150));
      assertTrue(hookRan.get(), "the hop-0 timeout never ran");
      Response response = f.get(5, TimeUnit.SECONDS);
      assertEquals(200, response.getStatusCode());
      assertEquals(server.url("/final"), response.getUri().toUrl());
      assertEquals("final", response.getResponseBody());
      assertEquals(0, client.getClientStats().getTimeoutStats().getRequestTimeouts()
          + client.getClientStats().getTimeoutStats().getReadTimeouts());
    }
  }

  /**
   * Hop 0's request timeout expires while its channel is being offered to the pool after a 302
   * (the handler's {@code onConnectionOffer} is that moment). The timeout wins: the exchange times
   * out naming hop 0, the channel is closed and never pooled, and hop 1 is never sent.
   */
  @Test
  void aTimeoutWinningWhileTheChannelIsOfferedLeavesItClosedAndOutOfThePool() throws Exception {
    ManualTimer timer = new ManualTimer();
    try (TestServer server =
            new TestServer()
                .route(
                    "/redirect",
                    (ctx, req) ->
                        TestServer.respond(
                            ctx, req, HttpResponseStatus.FOUND, "", "Location", "/final"))
                .route("/final", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "final"));
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(config(timer).setRequestTimeout(Duration.ofMillis(100)).build())) {
      AtomicReference<Channel> offered = new AtomicReference<>();
      CompletableFuture<Response> f =
          client
              .prepareGet(server.url("/redirect"))
              .execute(
                  new AsyncCompletionHandlerBase() {
                    @Override
                    public void onConnectionOffer(Channel channel) {
                      if (offered.compareAndSet(null, channel)) {
                        timer.advance(Duration.ofMillis(150)); // hop 0's timeout fires now
                      }
                    }
                  })
              .toCompletableFuture();
      ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(5, TimeUnit.SECONDS));
      ExchangeTimeoutException te = assertInstanceOf(ExchangeTimeoutException.class, e.getCause());
      assertEquals(0, te.getHop());
      Channel channel = offered.get();
      assertTrue(channel.closeFuture().await(5, TimeUnit.SECONDS), "the offered channel stayed open");
      assertFalse(channel.isOpen());
      server.awaitClosed(1);
      assertEquals(1, server.received().size(), "hop 1 was sent: " + server.received().size());
      assertTrue(
          client.getClientStats().getStatsPerHost().values().stream()
              .allMatch(h -> h.getHostConnectionCount() == 0),
          "a connection is left: " + client.getClientStats());
      assertEquals(1, client.getClientStats().getTimeoutStats().getRequestTimeouts());
    }
  }
}

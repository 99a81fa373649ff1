package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Response;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.netty.channel.DefaultChannelPool;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ManualTimer;
import org.asynchttpclient.testing.TestServer;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Forced interleavings of a hop's timeout with the start of the next hop, in timer mode with
 * per-hop budgets. The client's timer is a {@link ManualTimer}: nothing fires until the test
 * advances it, and a hook runs inside a firing timeout after it started and before it acts.
 */
class HopInterleavingTest {
  private static DefaultAsyncHttpClientConfig.Builder config(ManualTimer timer) {
    return new DefaultAsyncHttpClientConfig.Builder().setTypedTimeoutExceptions(true)
        .setNettyTimer(timer)
        .setFollowRedirect(true)
        // Only the exchange's timeouts on the timer: the pool's cleaner must not take the hook.
        .setConnectionPoolCleanerPeriod(Duration.ofHours(1))
        .setShutdownQuietPeriod(Duration.ZERO)
        .setShutdownTimeout(Duration.ofSeconds(2));
  }

  /**
   * Hop 0's request timeout starts running; while it runs, hop 0's 302 arrives and hop 1 starts
   * and reaches the server. The stale timeout must then do nothing: hop 1 completes. Before the
   * timeout tasks left ARMED by one compare-and-set and knew their attempt, such a task checked
   * "cancelled" once and then failed the exchange, ending hop 1. (A read timeout cannot be caught
   * at this point: the 302 is a read, so it re-arms; ExchangeOutcomeTest covers its stale expiry.)
   */
  @Test
  void aHopTimeoutThatStartsAsTheNextHopBeginsDoesNotEndIt() throws Exception {
    ManualTimer timer = new ManualTimer();
    CompletableFuture<ChannelHandlerContext> firstHop = new CompletableFuture<>();
    CompletableFuture<ChannelHandlerContext> secondHop = new CompletableFuture<>();
    try (TestServer server =
            new TestServer()
                .route("/redirect", (ctx, req) -> firstHop.complete(ctx))
                .route("/final", (ctx, req) -> secondHop.complete(ctx));
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(config(timer).setRequestTimeout(Duration.ofMillis(100)).build())) {
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
      // Only now may hop 1 answer: had the stale timeout ended it, it would have by now.
      assertFalse(f.isDone(), "hop 1 ended before its response: " + f);
      TestServer.respond(secondHop.get(5, TimeUnit.SECONDS), true, HttpResponseStatus.OK, "final");
      Response response = f.get(5, TimeUnit.SECONDS);
      assertEquals(200, response.getStatusCode());
      assertEquals(server.url("/final"), response.getUri().toUrl());
      assertEquals("final", response.getResponseBody());
      assertEquals(0, client.getClientStats().getTimeoutStats().getRequestTimeouts()
          + client.getClientStats().getTimeoutStats().getReadTimeouts());
    }
  }

  /** A pool that remembers every channel offered to it. */
  private static final class RecordingPool implements ChannelPool {
    final List<Channel> offered = new CopyOnWriteArrayList<>();
    private final ChannelPool delegate;

    RecordingPool(ManualTimer timer) {
      this.delegate = new DefaultChannelPool(0, 0, 0, timer, timer.ticker());
    }

    @Override
    public boolean offer(Channel channel, Object partitionKey) {
      offered.add(channel);
      return delegate.offer(channel, partitionKey);
    }

    @Override
    public @Nullable Channel poll(Object partitionKey) {
      return delegate.poll(partitionKey);
    }

    @Override
    public boolean removeAll(Channel channel) {
      return delegate.removeAll(channel);
    }

    @Override
    public boolean isOpen() {
      return delegate.isOpen();
    }

    @Override
    public void destroy() {
      delegate.destroy();
    }

    @Override
    public void flushPartitions(Predicate<Object> predicate) {
      delegate.flushPartitions(predicate);
    }

    @Override
    public Map<String, Long> getIdleChannelCountPerHost() {
      return delegate.getIdleChannelCountPerHost();
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
    RecordingPool pool = new RecordingPool(timer);
    try (TestServer server =
            new TestServer()
                .route(
                    "/redirect",
                    (ctx, req) ->
                        TestServer.respond(
                            ctx, req, HttpResponseStatus.FOUND, "", "Location", "/final"))
                .route("/final", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "final"));
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(
                config(timer).setRequestTimeout(Duration.ofMillis(100)).setChannelPool(pool).build())) {
      AtomicReference<Channel> offered = new AtomicReference<>();
      CompletableFuture<Response> f =
          client
              .prepareGet(server.url("/redirect"))
              .execute(
                  new AsyncCompletionHandlerBase() {
                    @Override
                    public void onConnectionOffer(Channel channel) {
                      if (offered.compareAndSet(null, channel)) {
                        // Hop 0's timeout fires now, on another thread as the timer's would,
                        // while this loop is busy offering the channel (so its close waits).
                        Thread timerThread = new Thread(() -> timer.advance(Duration.ofMillis(150)));
                        timerThread.start();
                        try {
                          timerThread.join(5_000);
                        } catch (InterruptedException e) {
                          Thread.currentThread().interrupt();
                        }
                      }
                    }
                  })
              .toCompletableFuture();
      ExecutionException e = Await.failed(f, 5);
      ExchangeTimeoutException te = assertInstanceOf(ExchangeTimeoutException.class, e.getCause());
      assertEquals(0, te.getHop());
      Channel channel = offered.get();
      assertTrue(channel.closeFuture().await(5, TimeUnit.SECONDS), "the offered channel stayed open");
      assertFalse(channel.isOpen());
      server.awaitClosed(1);
      assertEquals(1, server.received().size(), "hop 1 was sent: " + server.received().size());
      assertEquals(List.of(), pool.offered, "the timed-out hop's channel was offered to the pool");
      // The client's count of open channels follows the close future's listeners, which may
      // still be running when the await above returns.
      Await.until(
          () ->
              client.getClientStats().getStatsPerHost().values().stream()
                  .allMatch(h -> h.getHostConnectionCount() == 0),
          Duration.ofSeconds(5),
          () -> "a connection is left: " + client.getClientStats());
      assertEquals(1, client.getClientStats().getTimeoutStats().getRequestTimeouts());
    }
  }
}

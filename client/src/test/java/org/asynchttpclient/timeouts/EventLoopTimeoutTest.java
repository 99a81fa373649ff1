package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.HashedWheelTimer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.testing.ClientThreads;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Where an expiry is delivered, asserted by identity against the test's own timer and event loop
 * group handed to the config (never by thread name).
 */
class EventLoopTimeoutTest extends HelloFixture {
  private final AtomicReference<Thread> timerThread = new AtomicReference<>();
  private HashedWheelTimer timer;
  private EventLoopGroup group;

  @BeforeEach
  void start() throws Exception {
    timer = ClientThreads.timer("custom", 10, timerThread::set);
    timer.start();
    group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
  }

  @AfterEach
  void stop() {
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    timer.stop();
  }

  private DefaultAsyncHttpClient client(boolean eventLoop) {
    DefaultAsyncHttpClientConfig.Builder b =
        new DefaultAsyncHttpClientConfig.Builder()
            .setNettyTimer(timer)
            .setEventLoopGroup(group)
            .setUseEventLoopTimeouts(eventLoop)
            .setShutdownQuietPeriod(Duration.ZERO)
            .setRequestTimeout(Duration.ofSeconds(10))
            .setReadTimeout(Duration.ofSeconds(10));
    return new DefaultAsyncHttpClient(b.build());
  }

  @Test
  void byDefaultTheExpiryRunsOnTheTimer() throws Exception {
    try (DefaultAsyncHttpClient client = client(false)) {
      poolOneConnection(client);
      RecordingHandler h = new RecordingHandler();
      client.prepareGet(server.url("/never")).setRequestTimeout(Duration.ofMillis(200)).execute(h);
      Thread fired = h.awaitEnd(Duration.ofSeconds(5)).endedOn();
      assertSame(timerThread.get(), fired);
      assertPlainTimeout("Request", h.failure());
    }
  }

  @Test
  void aConnectingExchangeExpiresOnItsChannelsLoop() throws Exception {
    try (DefaultAsyncHttpClient client = client(true)) {
      RecordingHandler h = new RecordingHandler();
      // a budget the connect easily fits in, so the timeout has moved onto the loop by then
      client.prepareGet(server.url("/never")).setRequestTimeout(Duration.ofSeconds(1)).execute(h);
      assertExpiredOnTheLoopOf(h.connected(), h, "Request");
    }
  }

  @Test
  void aPooledExchangeExpiresOnThePooledChannelsLoop() throws Exception {
    try (DefaultAsyncHttpClient client = client(true)) {
      RecordingHandler first = new RecordingHandler();
      assertEquals(200, client.prepareGet(server.url("/hello")).execute(first).get(5, TimeUnit.SECONDS).getStatusCode());
      first.offered().get(5, TimeUnit.SECONDS); // the first connection is back in the pool
      RecordingHandler h = new RecordingHandler();
      client.prepareGet(server.url("/never")).setRequestTimeout(Duration.ofMillis(300)).execute(h);
      assertExpiredOnTheLoopOf(h.pooled(), h, "Request");
      assertEquals(1, server.acceptedCount(), "the second request reused the pooled connection");
    }
  }

  @Test
  void aReadTimeoutExpiresOnTheChannelsLoop() throws Exception {
    try (DefaultAsyncHttpClient client = client(true)) {
      RecordingHandler h = new RecordingHandler();
      client.prepareGet(server.url("/never")).setReadTimeout(Duration.ofMillis(300)).execute(h);
      assertExpiredOnTheLoopOf(h.connected(), h, "Read");
    }
  }

  /**
   * Waits for the exchange {@code h} records to end, and asserts that it ended with a plain
   * {@code kind} timeout on the event loop of the channel {@code channel} completes with.
   */
  private static void assertExpiredOnTheLoopOf(
      CompletableFuture<Channel> channel, RecordingHandler h, String kind) throws Exception {
    Channel ch = channel.get(5, TimeUnit.SECONDS);
    Thread fired = h.awaitEnd(Duration.ofSeconds(5)).endedOn();
    assertTrue(ch.eventLoop().inEventLoop(fired), "fired on " + fired + ", channel loop elsewhere");
    assertPlainTimeout(kind, h.failure());
  }

  /** By default a timeout is exactly 3.0.11's class, with 3.0.11's message. */
  private static void assertPlainTimeout(String kind, Throwable failure) {
    assertEquals(TimeoutException.class, failure.getClass(), String.valueOf(failure));
    assertTrue(failure.getMessage().startsWith(kind + " timeout to 127.0.0.1/127.0.0.1:"), failure.getMessage());
  }
}

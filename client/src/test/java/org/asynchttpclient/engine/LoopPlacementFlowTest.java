package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.EventExecutor;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Where the connection of a request issued from an application thread lands: a light load stays
 * on the first of the client's loops (one loop wakes up for it, not all of them), and a loop kept
 * busy by other work, or blocked by a callback, gets no new connection while it is, then gets them
 * again; with the placement
 * off, connections go to the loops in turn as in AHC 3.0.x. Each request here
 * opens a connection (no keep-alive), so each one is a placement; Netty's round-robin would
 * alternate between the two loops.
 */
class LoopPlacementFlowTest extends HelloFixture {
  private EventLoopGroup group;
  private EventLoop first;
  private EventLoop second;

  @BeforeEach
  void loops() {
    group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    List<EventLoop> loops = new ArrayList<>();
    for (EventExecutor e : group) {
      loops.add((EventLoop) e);
    }
    first = loops.get(0);
    second = loops.get(1);
  }

  @AfterEach
  void closeLoops() {
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  private DefaultAsyncHttpClient placedClient() {
    return ClientFixture.client(ClientFixture.config().setEventLoopGroup(group).setKeepAlive(false));
  }

  /** Runs one request to /hello and returns the loop of the connection it opened. */
  private EventLoop loopOfOneRequest(DefaultAsyncHttpClient c) throws Exception {
    EventLoop loop = loopOfOneRequestWithin(c, 10_000);
    assertNotNull(loop, "the request failed or did not answer 200");
    return loop;
  }

  @Test
  void aLightLoadFromAnApplicationThreadStaysOnTheFirstLoop() throws Exception {
    try (DefaultAsyncHttpClient c = placedClient()) {
      for (int i = 0; i < 8; i++) {
        assertSame(first, loopOfOneRequest(c), "request " + i + " connected on another loop");
      }
      assertEquals(8, server.acceptedCount(), "one connection per request");
    }
  }

  @Test
  void offNewConnectionsGoToTheLoopsInTurn() throws Exception {
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(
            ClientFixture.config()
                .setEventLoopGroup(group)
                .setKeepAlive(false)
                .setUseLoadAwareLoopPlacement(false))) {
      Set<EventLoop> used = new HashSet<>();
      for (int i = 0; i < 4; i++) {
        used.add(loopOfOneRequest(c));
      }
      assertEquals(2, used.size(), "four connections in turn over two loops, as in AHC 3.0.x");
    }
  }

  /**
   * The first loop spins 19 ms of every 20 (another user of a shared group, say): once the client
   * has sampled it (every 100 ms), new connections go to the second loop, several in a row; once
   * the spinning stops, they come back. Each wait is bounded.
   */
  @Test
  void aLoopBusyWithOtherWorkGetsNoNewConnectionUntilItCalmsDown() throws Exception {
    try (DefaultAsyncHttpClient c = placedClient()) {
      assertSame(first, loopOfOneRequest(c)); // the client now knows the first loop's thread
      AtomicBoolean spinning = new AtomicBoolean(true);
      spinOn(first, spinning);
      try {
        assertTrue(
            untilOn(c, second), "the spinning loop kept getting new connections for 5 s");
        for (int i = 0; i < 5; i++) {
          assertSame(second, loopOfOneRequest(c), "request " + i + " after the move went back");
        }
      } finally {
        spinning.set(false);
      }
      assertTrue(untilOn(c, first), "the first loop calmed down but got no new connection for 5 s");
    }
  }

  /**
   * A callback blocks the first loop (no CPU used: only the probe the client's sampler queues
   * there every 100 ms, still waiting at the next sample, shows it): new connections go to the
   * second loop until the block ends. Requests placed on the blocked loop before the client saw
   * the block time out (500 ms) and are retried by the bounded poll.
   */
  @Test
  void aLoopBlockedByACallbackGetsNoNewConnectionWhileBlocked() throws Exception {
    try (DefaultAsyncHttpClient c = placedClient()) {
      assertSame(first, loopOfOneRequest(c));
      CountDownLatch release = new CountDownLatch(1);
      first.execute(
          () -> {
            try {
              release.await(20, TimeUnit.SECONDS); // the blocking callback, bounded
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
      try {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        EventLoop landed = null;
        while (landed != second && System.nanoTime() < end) {
          landed = loopOfOneRequestWithin(c, 500);
        }
        assertSame(second, landed, "requests kept going to the blocked loop for 5 s");
        for (int i = 0; i < 3; i++) {
          assertSame(second, loopOfOneRequestWithin(c, 5000), "request " + i + " went back");
        }
      } finally {
        release.countDown();
      }
    }
  }

  /** Like loopOfOneRequest with a request timeout: null when the request failed. */
  private @Nullable EventLoop loopOfOneRequestWithin(DefaultAsyncHttpClient c, int timeoutMs)
      throws InterruptedException {
    CompletableFuture<Channel> connected = new CompletableFuture<>();
    try {
      Response r =
          c.prepareGet(server.url("/hello"))
              .setRequestTimeout(Duration.ofMillis(timeoutMs))
              .execute(
                  new AsyncCompletionHandlerBase() {
                    @Override
                    public void onTcpConnectSuccess(InetSocketAddress remote, Channel connection) {
                      connected.complete(connection);
                    }
                  })
              .get(10, TimeUnit.SECONDS);
      return r.getStatusCode() == 200 ? connected.getNow(null).eventLoop() : null;
    } catch (ExecutionException | TimeoutException failed) {
      return null;
    }
  }

  /** Requests one at a time, 50 ms apart, until one connects on {@code loop}; false after 5 s. */
  private boolean untilOn(DefaultAsyncHttpClient c, EventLoop loop) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (System.nanoTime() < end) {
      if (loopOfOneRequest(c) == loop) {
        return true;
      }
      Thread.sleep(50); // pacing a bounded poll, not a wait for a result
    }
    return false;
  }

  /** Keeps {@code loop} busy 19 ms of every 20 while {@code spinning} holds. */
  private static void spinOn(EventLoop loop, AtomicBoolean spinning) {
    loop.execute(
        new Runnable() {
          @Override
          public void run() {
            if (!spinning.get()) {
              return;
            }
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(19);
            while (System.nanoTime() < until) {
              Thread.onSpinWait();
            }
            loop.schedule(this, 1, TimeUnit.MILLISECONDS);
          }
        });
  }
}

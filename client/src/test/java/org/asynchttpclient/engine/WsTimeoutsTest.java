package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.HashedWheelTimer;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.netty.ws.NettyWebSocket;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.testing.WsRecorder;
import org.asynchttpclient.testing.WsTestServer;
import org.asynchttpclient.ws.WebSocketUpgradeHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The upgrade is a hop of an exchange (invariant W1): the request timeout and the absolute deadline
 * bound it, on the timer or on the channel's loop. After the 101 the socket's own timers (W3): the
 * idle timeout and the ping interval with its pong timeout, on the channel's loop.
 */
class WsTimeoutsTest {
  private final AtomicReference<Thread> timerThread = new AtomicReference<>();
  private HashedWheelTimer timer;
  private WsTestServer server;

  @BeforeEach
  void start() throws Exception {
    timer = new HashedWheelTimer(r -> {
      Thread t = new Thread(r, "ws-test-timer");
      t.setDaemon(true);
      timerThread.set(t);
      return t;
    }, 10, TimeUnit.MILLISECONDS);
    timer.start();
    server = new WsTestServer(false)
        .socket("/echo", WsTestServer.ECHO)
        .socket("/silent", (ch, f) -> {})
        .http("/no-answer", (ctx, req) -> {})
        .http("/slow-redirect-1", (ctx, req) -> TestServer.later(ctx, 400, () ->
            TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", "/slow-redirect-2")))
        .http("/slow-absolute-redirect", (ctx, req) -> TestServer.later(ctx, 400, () ->
            TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location",
                "http://127.0.0.1:" + server.port() + "/slow-redirect-2")))
        .http("/slow-redirect-2", (ctx, req) -> TestServer.later(ctx, 400, () ->
            TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", "/echo")));
  }

  @AfterEach
  void stop() {
    server.close();
    timer.stop();
  }

  private DefaultAsyncHttpClientConfig.Builder config(boolean eventLoop) {
    return ClientFixture.config().setNettyTimer(timer).setUseEventLoopTimeouts(eventLoop);
  }

  /** A handler that also remembers the channel of the upgrade. */
  private static WebSocketUpgradeHandler handler(WsRecorder events, CompletableFuture<Channel> channel) {
    return new WebSocketUpgradeHandler(List.of(events)) {
      @Override
      public void onTcpConnectSuccess(InetSocketAddress address, Channel ch) {
        channel.complete(ch);
      }
    };
  }

  /** Runs {@code where} on the thread of the expiry while the client is still up. */
  private void upgradeTimesOut(boolean eventLoop, CompletableFuture<Channel> channel,
      java.util.function.Consumer<Thread> where) throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client(config(eventLoop)
        .setRequestTimeout(Duration.ofMillis(300)))) {
      ListenableFuture<NettyWebSocket> f =
          client.prepareGet(server.url("/no-answer")).execute(handler(events, channel));
      ExecutionException e = Await.failed(f, 5);
      assertInstanceOf(TimeoutException.class, e.getCause());
      assertTrue(events.next().startsWith("error:TimeoutException:Request timeout"));
      assertNull(events.next(Duration.ofMillis(200)), "onError once, nothing else: " + events.all());
      assertInstanceOf(TimeoutException.class, events.lastError());
      assertTrue(server.raw().await(() -> server.raw().closedCount() == 1, Duration.ofSeconds(5)),
          "the timed-out upgrade's connection is closed");
      where.accept(events.threads().get(0));
    }
  }

  @Test
  void aTimedOutUpgradeFailsOnceOnTheTimerByDefault() throws Exception {
    upgradeTimesOut(false, new CompletableFuture<>(), fired -> assertSame(timerThread.get(), fired));
  }

  @Test
  void aTimedOutUpgradeFailsOnceOnItsChannelsLoopWithEventLoopTimeouts() throws Exception {
    CompletableFuture<Channel> channel = new CompletableFuture<>();
    upgradeTimesOut(true, channel, fired ->
        assertTrue(channel.join().eventLoop().inEventLoop(fired), "expired on " + fired));
  }

  /**
   * Upgrades through {@code path}'s two 400 ms redirects: each hop fits the 600 ms request timeout
   * (the upgrade opens, {@code why}), but with the absolute deadline the whole chain does not.
   */
  private void absoluteDeadlineBoundsTheRedirects(boolean eventLoop, String path, String why)
      throws Exception {
    WsRecorder open = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client(config(eventLoop)
        .setFollowRedirect(true).setRequestTimeout(Duration.ofMillis(600)))) {
      NettyWebSocket ws = client.prepareGet(server.url(path))
          .execute(new WebSocketUpgradeHandler.Builder().addWebSocketListener(open).build())
          .get(5, TimeUnit.SECONDS);
      assertTrue(ws.isOpen(), why);
      assertEquals("open", open.next());

      WsRecorder bounded = new WsRecorder();
      ListenableFuture<NettyWebSocket> f = client.prepareGet(server.url(path))
          .setUseAbsoluteRequestDeadline(true)
          .execute(new WebSocketUpgradeHandler.Builder().addWebSocketListener(bounded).build());
      ExecutionException e = Await.failed(f, 5);
      assertInstanceOf(TimeoutException.class, e.getCause());
      assertTrue(bounded.next().startsWith("error:"), bounded.all().toString());
      assertNull(bounded.next(Duration.ofMillis(300)), bounded.all().toString());
    }
  }

  @Test
  void theAbsoluteDeadlineBoundsAnUpgradeAcrossItsRedirects() throws Exception {
    absoluteDeadlineBoundsTheRedirects(true, "/slow-redirect-1", "each 400 ms hop fits its own 600 ms");
  }

  @Test
  void theAbsoluteDeadlineBoundsAnUpgradeAcrossARedirectToAnHttpUrl() throws Exception {
    absoluteDeadlineBoundsTheRedirects(false, "/slow-absolute-redirect",
        "the http:// Location is followed as an upgrade; each hop fits 600 ms");
  }

  @Test
  void anIdleSocketIsClosedWith1001OnItsChannelsLoop() throws Exception {
    WsRecorder events = new WsRecorder();
    CompletableFuture<Channel> upgraded = new CompletableFuture<>();
    try (DefaultAsyncHttpClient client = ClientFixture.client(config(false)
        .setWebSocketIdleTimeout(Duration.ofMillis(1500))
        .setWsAdditionalChannelInitializer(upgraded::complete))) {
      NettyWebSocket ws = events.opened(client, server.url("/echo"));
      ws.sendTextFrame("activity");
      assertEquals("text:activity:true", events.next());
      String error = events.next();
      assertTrue(error.startsWith("error:TimeoutException:WebSocket idle timeout"), error);
      assertTrue(events.next().startsWith("close:1001:idle"));
      assertFalse(ws.isOpen());
      server.awaitReceived("close:1001:" + events.all().get(3).substring("close:1001:".length()));
      Thread fired = events.threads().get(2);
      assertTrue(upgraded.get().eventLoop().inEventLoop(fired), "expired on " + fired);
    }
  }

  @Test
  void aMissingPongClosesTheSocketAndReportsIt() throws Exception {
    WsRecorder events = new WsRecorder();
    CompletableFuture<Channel> upgraded = new CompletableFuture<>();
    try (DefaultAsyncHttpClient client = ClientFixture.client(config(false)
        .setWebSocketPingInterval(Duration.ofMillis(200))
        .setWebSocketPongTimeout(Duration.ofMillis(300))
        .setWsAdditionalChannelInitializer(upgraded::complete))) {
      NettyWebSocket ws = events.opened(client, server.url("/silent"));
      String error = events.next();
      assertTrue(error.startsWith("error:TimeoutException:WebSocket pong timeout"), error);
      assertEquals("close:1006:no Pong within 300 ms of a Ping", events.next());
      assertFalse(ws.isOpen());
      server.awaitReceived("ping:");
      assertTrue(upgraded.get().eventLoop().inEventLoop(events.threads().get(1)));
      assertTrue(server.raw().await(() -> server.raw().closedCount() == 1, Duration.ofSeconds(5)));
    }
  }

  @Test
  void answeredPingsKeepTheSocketOpen() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client(config(false)
        .setWebSocketPingInterval(Duration.ofMillis(100))
        .setWebSocketPongTimeout(Duration.ofMillis(1000)))) {
      NettyWebSocket ws = events.opened(client, server.url("/echo"));
      for (int i = 0; i < 3; i++) {
        assertEquals("pong:", events.next());
      }
      assertTrue(ws.isOpen());
      assertTrue(server.received().stream().filter("ping:"::equals).count() >= 3);
    }
  }
}

package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.netty.ws.NettyWebSocket;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientAndServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.WsRecorder;
import org.asynchttpclient.testing.WsTestServer;
import org.asynchttpclient.ws.WebSocket;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The closing handshake against a Netty server, both ways (RFC 6455 5.5.1, 7.1), and a connection
 * cut without one: onClose runs exactly once, with the server's code or 1006.
 */
class WsCloseTest extends ClientAndServer<WsTestServer> {
  /** What the server saw, in order, on the connection it closes itself. */
  private final List<String> serverSide = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws Exception {
    server = new WsTestServer(false)
        .socket("/echo", WsTestServer.ECHO)
        .socket("/server-closes", new WsTestServer.Behaviour() {
          @Override
          public void onOpen(io.netty.channel.Channel ch) {
            ch.closeFuture().addListener(f -> serverSide.add("tcp closed"));
            ch.writeAndFlush(new CloseWebSocketFrame(4001, "bye"));
          }

          @Override
          public void onFrame(io.netty.channel.Channel ch, io.netty.handler.codec.http.websocketx.WebSocketFrame f) {
            if (f instanceof CloseWebSocketFrame) {
              serverSide.add("close " + ((CloseWebSocketFrame) f).statusCode());
              ch.close(); // the server ends TCP first, as RFC 6455 7.1.1 asks
            }
          }
        })
        .socket("/deaf", (ch, f) -> {})
        .socket("/cut", (ch, f) -> {
          if (f instanceof TextWebSocketFrame) {
            ch.close();
          }
        });
  }

  @Test
  void aCloseFromTheClientIsAnsweredAndReportedOnceWithTheServersCode() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      NettyWebSocket ws = events.opened(client, server.url("/echo"));
      ws.sendCloseFrame(4000, "done").get(5, TimeUnit.SECONDS);
      assertFalse(ws.isOpen(), "no frame may be sent after the client's Close");
      assertEquals("close:4000:", events.next());
      server.awaitReceived("close:4000:done");
      assertTrue(server.raw().await(() -> server.raw().closedCount() == 1, Duration.ofSeconds(5)));
      assertNull(events.next(Duration.ofMillis(200)), "onClose exactly once");
    }
  }

  @Test
  void aCloseFromTheServerIsAnsweredBeforeTheConnectionCloses() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      events.opened(client, server.url("/server-closes"));
      assertEquals("close:4001:bye", events.next());
      assertTrue(server.raw().await(() -> serverSide.size() == 2, Duration.ofSeconds(5)));
      assertEquals(List.of("close 4001", "tcp closed"), serverSide,
          "the client's Close reached the server while the connection was up (3.0.11 sent none)");
      assertNull(events.next(Duration.ofMillis(200)), "onClose exactly once");
    }
  }

  @Test
  void aServerThatNeverAnswersTheCloseIsCutAfterTheConfiguredCloseTimeout() throws Exception {
    WsRecorder events = new WsRecorder();
    long waitMs = 600;
    try (DefaultAsyncHttpClient client = ClientFixture.client(
        ClientFixture.config().setWebSocketCloseTimeout(Duration.ofMillis(waitMs)))) {
      NettyWebSocket ws = events.opened(client, server.url("/deaf"));
      long start = System.nanoTime();
      ws.sendCloseFrame(4000, "done").get(5, TimeUnit.SECONDS);
      server.awaitReceived("close:4000:done");
      String closed = events.next(Duration.ofSeconds(8));
      long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertEquals("close:1006:no Close frame from the server within 600 ms of the client's", closed);
      assertTrue(elapsedMs >= waitMs - 50, "closed after " + elapsedMs + " ms, before the wait");
      assertTrue(elapsedMs < 5_000, "closed after " + elapsedMs + " ms: the configured wait, not 10 s");
      assertTrue(server.raw().await(() -> server.raw().closedCount() == 1, Duration.ofSeconds(5)),
          "the client closed the TCP connection");
      assertNull(events.next(Duration.ofMillis(300)), "onClose exactly once: " + events.all());
    }
  }

  @Test
  void aCutConnectionReports1006OnceAndTheSocketIsNotOpenInOnClose() throws Exception {
    WsRecorder events = new WsRecorder();
    List<Boolean> openInOnClose = new CopyOnWriteArrayList<>();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      NettyWebSocket ws = events.openOn(client, server.url("/cut"));
      ws.addWebSocketListener(new org.asynchttpclient.ws.WebSocketListener() {
        @Override
        public void onOpen(WebSocket websocket) {}

        @Override
        public void onClose(WebSocket websocket, int code, String reason) {
          openInOnClose.add(websocket.isOpen());
        }

        @Override
        public void onError(Throwable t) {}
      });
      assertEquals("open", events.next());
      ws.sendTextFrame("cut now");
      assertEquals("close:1006:connection closed without a Close frame", events.next());
      assertFalse(ws.isOpen());
      Await.until(() -> !openInOnClose.isEmpty(), Duration.ofSeconds(5), () -> "second listener");
      assertEquals(List.of(false), openInOnClose);
      assertNull(events.next(Duration.ofMillis(200)), "onClose exactly once");
      io.netty.util.concurrent.Future<Void> late = ws.sendTextFrame("late");
      assertTrue(late.await(5, TimeUnit.SECONDS));
      assertTrue(late.cause() instanceof java.io.IOException, String.valueOf(late.cause()));
    }
  }

  @Test
  void closingTheClientSaysGoingAwayOnEachSocketAndDoesNotWaitForTheAnswers() throws Exception {
    WsRecorder first = new WsRecorder();
    WsRecorder second = new WsRecorder();
    // The deaf server never answers a Close: a close() that waited for answers would take 10 s.
    DefaultAsyncHttpClient client = ClientFixture.client();
    NettyWebSocket a = first.openOn(client, server.url("/deaf"));
    NettyWebSocket b = second.openOn(client, server.url("/deaf"));
    assertEquals("open", first.next());
    assertEquals("open", second.next());
    long start = System.nanoTime();
    client.close();
    long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertTrue(elapsedMs < 3_000, "client.close() took " + elapsedMs + " ms");
    String reported = "close:1006:closed by the client: Close 1001 sent, the server's not awaited";
    assertEquals(reported, first.next());
    assertEquals(reported, second.next());
    assertFalse(a.isOpen());
    assertFalse(b.isOpen());
    assertTrue(server.raw().await(() -> server.raw().closedCount() == 2, Duration.ofSeconds(5)));
    assertEquals(List.of("close:1001:client closed", "close:1001:client closed"), server.received(),
        "each socket sent a Close 1001 before its TCP connection closed (3.0.11 sent none)");
    assertNull(first.next(Duration.ofMillis(200)), "onClose exactly once: " + first.all());
    assertNull(second.next(Duration.ofMillis(50)), "onClose exactly once: " + second.all());
  }
}

package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpHeaderNames;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.netty.ws.NettyWebSocket;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.WsRecorder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;
import org.eclipse.jetty.websocket.server.WebSocketUpgradeHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Interop with a second WebSocket implementation, Jetty 12's: echo, the closing handshake both
 * ways as Jetty sees it (and a send after Jetty's Close), and permessage-deflate as Jetty
 * negotiates it, with AHC 3.0.14's limit on what a frame inflates to.
 */
class WsJettyTest {
  private Server jetty;
  private int port;
  /** Close codes as Jetty's endpoints report them, in order. */
  private final List<Integer> jettyCloses = new CopyOnWriteArrayList<>();

  /** Echoes text and binary messages; records how the session closed. */
  public class Echo extends Session.Listener.AbstractAutoDemanding {
    @Override
    public void onWebSocketText(String message) {
      getSession().sendText(message, Callback.NOOP);
    }

    @Override
    public void onWebSocketBinary(ByteBuffer payload, Callback callback) {
      ByteBuffer copy = ByteBuffer.allocate(payload.remaining()).put(payload).flip();
      callback.succeed();
      getSession().sendBinary(copy, Callback.NOOP);
    }

    @Override
    public void onWebSocketClose(int statusCode, String reason) {
      jettyCloses.add(statusCode);
    }
  }

  /** Closes the session with 4002 as soon as it opens. */
  public class ClosesAtOnce extends Echo {
    @Override
    public void onWebSocketOpen(Session session) {
      super.onWebSocketOpen(session);
      session.close(4002, "jetty bye", Callback.NOOP);
    }
  }

  /** Answers "long" with 100000 compressible characters in one message. */
  public class SendsLong extends Echo {
    @Override
    public void onWebSocketText(String message) {
      getSession().sendText("b".repeat(100_000), Callback.NOOP);
    }
  }

  @BeforeEach
  void start() throws Exception {
    jetty = new Server();
    ServerConnector connector = new ServerConnector(jetty);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    jetty.addConnector(connector);
    jetty.setHandler(WebSocketUpgradeHandler.from(jetty, container -> {
      container.setIdleTimeout(Duration.ofSeconds(30));
      container.addMapping("/echo", (req, res, cb) -> new Echo());
      container.addMapping("/closes", (req, res, cb) -> new ClosesAtOnce());
      container.addMapping("/long", (req, res, cb) -> new SendsLong());
    }));
    jetty.start();
    port = connector.getLocalPort();
  }

  @AfterEach
  void stop() throws Exception {
    jetty.stop();
  }

  private String url(String path) {
    return "ws://127.0.0.1:" + port + path;
  }

  @Test
  void textAndBinaryEcho() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      NettyWebSocket ws = events.opened(client, url("/echo"));
      ws.sendTextFrame("hello jetty");
      assertEquals("text:hello jetty:true", events.next());
      ws.sendBinaryFrame(new byte[1000]);
      assertEquals("binary:1000:true", events.next());
      ws.sendTextFrame("frag ", false, 0);
      ws.sendContinuationFrame("mented", true, 0);
      assertEquals("text:frag mented:true", events.next());
    }
  }

  @Test
  void aCloseFromTheClientCompletesTheHandshakeOnJettysSide() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      NettyWebSocket ws = events.opened(client, url("/echo"));
      ws.sendCloseFrame(4000, "client done").get(5, TimeUnit.SECONDS);
      String closed = events.next();
      assertTrue(closed.startsWith("close:4000:"), closed);
      Await.until(() -> !jettyCloses.isEmpty(), Duration.ofSeconds(5), () -> "Jetty's close");
      assertEquals(List.of(4000), jettyCloses);
    }
  }

  @Test
  void aCloseFromJettyIsAnsweredSoJettySeesACleanClose() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      events.opened(client, url("/closes"));
      assertEquals("close:4002:jetty bye", events.next());
      Await.until(() -> !jettyCloses.isEmpty(), Duration.ofSeconds(5), () -> "Jetty's close");
      assertEquals(List.of(4002), jettyCloses, "Jetty got the client's Close (no answer: 1006)");
    }
  }

  @Test
  void afterJettysCloseTheSocketIsNotOpenAndASendFailsWithClosedChannelException() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      NettyWebSocket ws = events.opened(client, url("/closes"));
      assertEquals("close:4002:jetty bye", events.next());
      assertFalse(ws.isOpen());
      ExecutionException e =
          assertThrows(ExecutionException.class, () -> ws.sendTextFrame("late").get(5, TimeUnit.SECONDS));
      assertInstanceOf(ClosedChannelException.class, e.getCause());
    }
  }

  @Test
  void aMessageFromJettyInflatingPastTheLimitCloses1009() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config()
        .setEnablewebSocketCompression(true).setWebSocketMaxDecompressedFrameSize(8192))) {
      NettyWebSocket ws = events.opened(client, url("/long"));
      assertTrue(ws.getUpgradeHeaders().get(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS).startsWith("permessage-deflate"));
      ws.sendTextFrame("long");
      assertTrue(events.next().startsWith("error:DecompressionException:"), events.all().toString());
      assertTrue(events.next().startsWith("close:1009:"), events.all().toString());
      Await.until(() -> !jettyCloses.isEmpty(), Duration.ofSeconds(5), () -> "Jetty's close");
      assertEquals(List.of(1009), jettyCloses, "Jetty got the client's Close 1009");
    }
  }

  @Test
  void aMessageFromJettyWithinTheDefaultDecompressedLimitIsDeliveredPastTheWireLimit() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config()
        .setEnablewebSocketCompression(true).setWebSocketMaxFrameSize(4096))) {
      NettyWebSocket ws = events.opened(client, url("/long"));
      ws.sendTextFrame("long");
      String event = events.next();
      assertTrue(event.equals("text:" + "b".repeat(100_000) + ":true"),
          () -> WsDecompressedLimitsTest.shortened(event));
    }
  }

  @Test
  void permessageDeflateWithJetty() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setEnablewebSocketCompression(true))) {
      NettyWebSocket ws = events.opened(client, url("/echo"));
      String extensions = ws.getUpgradeHeaders().get(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS);
      assertTrue(extensions != null && extensions.startsWith("permessage-deflate"), extensions);
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < 500; i++) {
        text.append("compressible ");
      }
      ws.sendTextFrame(text.toString());
      assertEquals("text:" + text + ":true", events.next());
    }
  }
}

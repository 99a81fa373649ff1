package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.netty.ws.NettyWebSocket;
import org.asynchttpclient.testing.ClientAndServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.WsRecorder;
import org.asynchttpclient.testing.WsTestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Echo through a Netty WebSocket server: the upgrade, text and binary both ways, fragments. */
class WsEchoTest extends ClientAndServer<WsTestServer> {
  @BeforeEach
  void start() throws Exception {
    server = new WsTestServer(false).socket("/echo", WsTestServer.ECHO);
  }

  @Test
  void theUpgradeSendsTheHandshakeHeadersAndOpensBeforeTheFutureCompletes() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      NettyWebSocket ws = events.openOn(client, server.url("/echo?x=1"));
      assertNotNull(ws);
      assertEquals(List.of("open"), events.all(), "onOpen ran before the future completed");
      assertTrue(ws.isOpen());
      assertEquals("websocket", ws.getUpgradeHeaders().get(HttpHeaderNames.UPGRADE).toLowerCase());
    }
    HttpHeaders sent = server.requests().get(0);
    assertEquals("websocket", sent.get(HttpHeaderNames.UPGRADE));
    assertEquals("upgrade", sent.get(HttpHeaderNames.CONNECTION).toLowerCase());
    assertEquals("13", sent.get(HttpHeaderNames.SEC_WEBSOCKET_VERSION));
    assertEquals(24, sent.get(HttpHeaderNames.SEC_WEBSOCKET_KEY).length());
    assertEquals("http://127.0.0.1:" + server.port(), sent.get(HttpHeaderNames.ORIGIN));
    assertNull(sent.get(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS), "compression is off");
  }

  @Test
  void textAndBinaryEchoUpToTheFrameLimit() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setWebSocketMaxFrameSize(4096))) {
      NettyWebSocket ws = events.opened(client, server.url("/echo"));
      ws.sendTextFrame("h\u00e9llo").get(5, TimeUnit.SECONDS);
      assertEquals("text:h\u00e9llo:true", events.next());
      byte[] big = new byte[4096];
      Arrays.fill(big, (byte) 7);
      ws.sendBinaryFrame(big).get(5, TimeUnit.SECONDS);
      assertEquals("binary:4096:true", events.next());
      char[] chars = new char[4096];
      Arrays.fill(chars, 'x');
      ws.sendTextFrame(new String(chars));
      assertEquals("text:" + new String(chars) + ":true", events.next());
    }
  }

  @Test
  void fragmentsAreAggregatedIntoOneMessageByDefault() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      NettyWebSocket ws = events.opened(client, server.url("/echo"));
      ws.sendTextFrame("one ", false, 0);
      ws.sendContinuationFrame("two ", false, 0);
      ws.sendContinuationFrame("three", true, 0);
      assertEquals("text:one two three:true", events.next());
    }
  }

  @Test
  void fragmentsArriveOneByOneWithoutAggregation() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setAggregateWebSocketFrameFragments(false))) {
      NettyWebSocket ws = events.opened(client, server.url("/echo"));
      ws.sendBinaryFrame(new byte[3], false, 0);
      ws.sendContinuationFrame(new byte[2], true, 0);
      assertEquals("binary:3:false", events.next());
      assertEquals("binary:2:true", events.next());
    }
  }

  @Test
  void theRequestTimeoutNoLongerAppliesAfterThe101AndTheChannelIsNeverPooled() throws Exception {
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config()
        .setRequestTimeout(Duration.ofMillis(1000))
        .setReadTimeout(Duration.ofMillis(600)))) {
      NettyWebSocket ws = events.opened(client, server.url("/echo"));
      assertNull(events.next(Duration.ofMillis(1500)), "nothing happens past both timeouts");
      ws.sendTextFrame("still here");
      assertEquals("text:still here:true", events.next());
      assertEquals(0, client.getClientStats().getTotalIdleConnectionCount(), "not in the pool");
      ws.sendCloseFrame().get(5, TimeUnit.SECONDS);
      assertEquals("close:1000:", events.next());

      NettyWebSocket second = new WsRecorder().openOn(client, server.url("/echo"));
      assertTrue(second.isOpen());
      assertEquals(2, server.raw().acceptedCount(), "a new connection for the second socket");
    }
  }
}

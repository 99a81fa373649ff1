package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.compression.DecompressionException;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.concurrent.Future;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.netty.ws.NettyWebSocket;
import org.asynchttpclient.testing.ClientAndServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.WsRecorder;
import org.asynchttpclient.testing.WsTestServer;
import org.junit.jupiter.api.Test;

/**
 * AHC 3.0.14's WebSocket limits against a Netty server: {@code webSocketMaxFrameSize} bounds a frame
 * as it comes off the wire, {@code webSocketMaxDecompressedFrameSize} what a compressed frame
 * inflates to, {@code webSocketMaxBufferSize} an aggregated message; past either of the last two
 * the client sends Close 1009 and its listeners hear the error. After the server's Close the socket
 * is not open and a send fails with ClosedChannelException.
 */
class WsDecompressedLimitsTest extends ClientAndServer<WsTestServer> {
  private static final String LONG_TEXT = "a".repeat(100_000);

  /** Sends {@code LONG_TEXT} in one frame as soon as the socket opens (compressed if negotiated). */
  private static final WsTestServer.Behaviour SENDS_LONG_TEXT = new WsTestServer.Behaviour() {
    @Override
    public void onOpen(Channel ch) {
      ch.writeAndFlush(new TextWebSocketFrame(LONG_TEXT));
    }

    @Override
    public void onFrame(Channel ch, WebSocketFrame f) {}
  };

  private void awaitServerReceived(String prefix) throws InterruptedException {
    assertTrue(server.raw().await(
        () -> server.received().stream().anyMatch(l -> l.startsWith(prefix)), Duration.ofSeconds(5)),
        "the server received " + prefix + ": " + server.received());
  }

  @Test
  void aCompressedFrameWithinTheDecompressedLimitIsDeliveredWhateverTheWireLimit() throws Exception {
    server = new WsTestServer(true).socket("/long", SENDS_LONG_TEXT);
    WsRecorder events = new WsRecorder();
    client = ClientFixture.client(ClientFixture.config()
        .setEnablewebSocketCompression(true).setWebSocketMaxFrameSize(1024));
    events.opened(client, server.url("/long"));
    // A few hundred bytes on the wire (under 1024), 100000 inflated (under 128000000).
    String event = events.next();
    assertTrue(event.equals("text:" + LONG_TEXT + ":true"), () -> shortened(event));
  }

  @Test
  void aCompressedFrameInflatingPastTheLimitCloses1009AndReportsTheError() throws Exception {
    server = new WsTestServer(true).socket("/long", SENDS_LONG_TEXT);
    WsRecorder events = new WsRecorder();
    client = ClientFixture.client(ClientFixture.config()
        .setEnablewebSocketCompression(true).setWebSocketMaxDecompressedFrameSize(4096));
    NettyWebSocket ws = events.opened(client, server.url("/long"));
    assertTrue(events.next().startsWith("error:DecompressionException:"), events.all().toString());
    assertInstanceOf(DecompressionException.class, events.lastError());
    assertTrue(events.next().startsWith("close:1009:"), events.all().toString());
    assertFalse(ws.isOpen());
    awaitServerReceived("close:1009:");
  }

  @Test
  void anAggregatedMessagePastTheBufferLimitCloses1009AndReportsTheError() throws Exception {
    server = new WsTestServer(false).socket("/fragments", new WsTestServer.Behaviour() {
      @Override
      public void onOpen(Channel ch) {
        byte[] part = "x".repeat(400).getBytes(StandardCharsets.US_ASCII);
        ch.write(new TextWebSocketFrame(false, 0, Unpooled.wrappedBuffer(part)));
        ch.write(new ContinuationWebSocketFrame(false, 0, Unpooled.wrappedBuffer(part)));
        ch.writeAndFlush(new ContinuationWebSocketFrame(true, 0, Unpooled.wrappedBuffer(part)));
      }

      @Override
      public void onFrame(Channel ch, WebSocketFrame f) {}
    });
    WsRecorder events = new WsRecorder();
    client = ClientFixture.client(ClientFixture.config().setWebSocketMaxBufferSize(1000));
    events.opened(client, server.url("/fragments"));
    assertTrue(events.next().startsWith("error:TooLongFrameException:"), events.all().toString());
    assertInstanceOf(TooLongFrameException.class, events.lastError());
    assertTrue(events.next().startsWith("close:1009:"), events.all().toString());
    awaitServerReceived("close:1009:");
  }

  @Test
  void afterTheServersCloseTheSocketIsNotOpenAndASendFailsWithClosedChannelException() throws Exception {
    server = new WsTestServer(false).socket("/closes", new WsTestServer.Behaviour() {
      @Override
      public void onFrame(Channel ch, WebSocketFrame f) {
        if (f instanceof TextWebSocketFrame) {
          ch.writeAndFlush(new CloseWebSocketFrame(4001, "bye"));
        }
      }
    });
    WsRecorder events = new WsRecorder();
    client = ClientFixture.client();
    NettyWebSocket ws = events.opened(client, server.url("/closes"));
    assertTrue(ws.isOpen());
    ws.sendTextFrame("close please").get(5, TimeUnit.SECONDS);
    assertEquals("close:4001:bye", events.next());
    assertFalse(ws.isOpen(), "a Close frame arrived");
    Future<Void> late = ws.sendTextFrame("too late");
    ExecutionException e = assertThrowsExecution(late);
    assertInstanceOf(ClosedChannelException.class, e.getCause());
    assertTrue(e.getCause().getMessage().contains("is closing or closed: frame not sent"),
        e.getCause().getMessage());
    awaitServerReceived("close:4001:");
    assertFalse(server.received().contains("text:too late"), server.received().toString());
  }

  /** An event cut to its start, for a failure message. */
  static String shortened(String event) {
    return event.length() <= 200 ? event : event.substring(0, 200) + "... (" + event.length() + " chars)";
  }

  private static ExecutionException assertThrowsExecution(Future<Void> future) throws Exception {
    try {
      future.get(5, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e;
    }
    throw new AssertionError("the send succeeded");
  }
}

package org.asynchttpclient.netty.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.MockTicker;
import io.netty.util.concurrent.Ticker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.asynchttpclient.testing.WsRecorder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The socket on its own, over an embedded channel whose clock is a mock ticker: the closing
 * handshake both ways, a cut connection, Ping answers, split UTF-8, the idle timeout, the ping
 * interval and the pong timeout. Frames go in and out as objects (no codec here).
 */
class NettyWebSocketTest {
  private static final long CLOSE_WAIT_MS = 2000;

  private final MockTicker ticker = Ticker.newMockTicker();
  private EmbeddedChannel channel;
  private NettyWebSocket socket;
  private final WsRecorder events = new WsRecorder();

  private void open(long idleMs, long pingMs, long pongMs) {
    channel = EmbeddedChannel.builder().ticker(ticker).build();
    WebSocketSettings settings = new WebSocketSettings(
        TimeUnit.MILLISECONDS.toNanos(idleMs), TimeUnit.MILLISECONDS.toNanos(pingMs),
        TimeUnit.MILLISECONDS.toNanos(pongMs), TimeUnit.MILLISECONDS.toNanos(CLOSE_WAIT_MS),
        TimeoutScheduler.loopsOnly(ticker));
    socket = new NettyWebSocket(channel, new DefaultHttpHeaders(), settings);
    channel.pipeline().addLast(WebSocketFrameHandler.NAME, new WebSocketFrameHandler(socket));
    socket.addWebSocketListener(events);
    socket.start();
    socket.processBufferedFrames();
  }

  private void advance(long millis) {
    ticker.advance(millis, TimeUnit.MILLISECONDS);
    channel.runScheduledPendingTasks();
    channel.runPendingTasks();
  }

  @AfterEach
  void tearDown() {
    if (channel != null) {
      channel.finishAndReleaseAll();
    }
  }

  private <T extends WebSocketFrame> T outbound(Class<T> type) {
    Object out = channel.readOutbound();
    assertInstanceOf(type, out, "frame the client sent");
    return type.cast(out);
  }

  @Test
  void aCloseFromTheServerIsAnsweredBeforeTheConnectionClosesAndReportedOnce() {
    open(0, 0, 0);
    channel.writeInbound(new CloseWebSocketFrame(4001, "bye"));

    CloseWebSocketFrame answer = outbound(CloseWebSocketFrame.class);
    assertEquals(4001, answer.statusCode(), "the answer echoes the server's code");
    answer.release();
    assertTrue(channel.isOpen(), "the client waits for the server to close TCP first");
    assertFalse(socket.isOpen());
    assertEquals(List.of("close:4001:bye"), events.all());

    advance(CLOSE_WAIT_MS);
    assertFalse(channel.isOpen(), "closed by the client once the wait ran out");
    assertEquals(List.of("close:4001:bye"), events.all(), "onClose exactly once");
  }

  @Test
  void aCloseFromTheClientWaitsForTheServersCloseAndReportsItsCode() {
    open(0, 0, 0);
    Future<Void> sent = socket.sendCloseFrame(1000, "done");
    assertTrue(sent.isSuccess());
    assertEquals(1000, releaseAndGetCode(outbound(CloseWebSocketFrame.class)));
    assertFalse(socket.isOpen());

    Future<Void> late = socket.sendTextFrame("after close");
    assertInstanceOf(IOException.class, late.cause(), "no data frame after the client's Close");
    assertNull(channel.readOutbound());

    channel.writeInbound(new TextWebSocketFrame("still delivered"));
    channel.writeInbound(new CloseWebSocketFrame(1000, "ok"));
    assertNull(channel.readOutbound(), "no second Close frame");
    assertEquals(List.of("text:still delivered:true", "close:1000:ok"), events.all());
    channel.close();
    assertEquals(1, events.count("close"));
  }

  @Test
  void aServerThatNeverAnswersTheCloseGets1006AfterTheWait() {
    open(0, 0, 0);
    socket.sendCloseFrame();
    releaseAndGetCode(outbound(CloseWebSocketFrame.class));
    advance(CLOSE_WAIT_MS - 1);
    assertTrue(events.all().isEmpty());
    advance(1);
    assertFalse(channel.isOpen());
    assertEquals(1, events.all().size());
    assertTrue(events.all().get(0).startsWith("close:1006:no Close frame from the server within 2000 ms"),
        events.all().toString());
  }

  @Test
  void aCutConnectionReports1006OnceAndIsNotOpenAtOnce() {
    open(0, 0, 0);
    assertTrue(socket.isOpen());
    // The transport ends under the pipeline (a channel.close() would be a close by the client).
    channel.unsafe().close(channel.voidPromise());
    assertFalse(socket.isOpen());
    assertEquals(List.of("close:1006:connection closed without a Close frame"), events.all());
    assertTrue(socket.sendTextFrame("x").cause() instanceof IOException);
  }

  @Test
  void aChannelClosedFromOutsideSaysGoingAwayFirstAndReports1006Once() {
    open(0, 0, 0);
    channel.close();
    CloseWebSocketFrame goingAway = outbound(CloseWebSocketFrame.class);
    assertEquals("client closed", goingAway.reasonText());
    assertEquals(1001, releaseAndGetCode(goingAway));
    assertNull(channel.readOutbound(), "one Close frame");
    assertFalse(channel.isOpen(), "the close went on without waiting for the server");
    assertEquals(List.of("close:1006:closed by the client: Close 1001 sent, the server's not awaited"),
        events.all(), "onClose exactly once");
  }

  @Test
  void aPingIsAnsweredWithAPongCarryingItsPayload() {
    open(0, 0, 0);
    channel.writeInbound(new PingWebSocketFrame(Unpooled.copiedBuffer("hi", StandardCharsets.UTF_8)));
    PongWebSocketFrame pong = outbound(PongWebSocketFrame.class);
    assertEquals("hi", pong.content().toString(StandardCharsets.UTF_8));
    pong.release();
    assertEquals(List.of("ping:hi"), events.all());
  }

  @Test
  void aCharacterSplitBetweenFragmentsIsDeliveredWhole() {
    open(0, 0, 0);
    byte[] e = "\u00e9".getBytes(StandardCharsets.UTF_8); // two bytes
    channel.writeInbound(new TextWebSocketFrame(false, 0, bytes('a', e[0])));
    channel.writeInbound(new ContinuationWebSocketFrame(true, 0, bytes(e[1], 'b')));
    assertEquals(List.of("text:a:false", "text:\u00e9b:true"), events.all());
  }

  @Test
  void theIdleTimeoutClosesWith1001AfterSilenceEitherWay() {
    open(1000, 0, 0);
    advance(600);
    channel.writeInbound(new TextWebSocketFrame("activity")); // pushes the deadline to 1600
    assertTrue(socket.isOpen());
    advance(600);
    socket.sendTextFrame("more"); // and to 2200
    outbound(TextWebSocketFrame.class).release();
    advance(999);
    assertTrue(socket.isOpen(), events.all().toString());
    advance(1);
    assertFalse(socket.isOpen());
    assertEquals(1001, releaseAndGetCode(outbound(CloseWebSocketFrame.class)));
    assertEquals(3, events.all().size(), events.all().toString());
    assertTrue(events.all().get(1).startsWith("error:TimeoutException:WebSocket idle timeout"));
    assertTrue(events.all().get(2).startsWith("close:1001:idle"));
    assertFalse(channel.isOpen(), "closed once the Close frame was written");
  }

  @Test
  void pingsGoOutAtTheIntervalAndAMissingPongCloses() {
    open(0, 1000, 300);
    advance(1000);
    outbound(PingWebSocketFrame.class).release();
    advance(200);
    channel.writeInbound(new PongWebSocketFrame());
    advance(800);
    outbound(PingWebSocketFrame.class).release();
    advance(299);
    assertTrue(socket.isOpen());
    advance(1);
    assertFalse(socket.isOpen());
    assertFalse(channel.isOpen());
    assertEquals("pong:", events.all().get(0));
    assertTrue(events.all().get(1).startsWith("error:TimeoutException:WebSocket pong timeout"),
        events.all().toString());
    assertTrue(events.all().get(2).startsWith("close:1006:no Pong within 300 ms"));
    assertEquals(3, events.all().size());
  }

  @Test
  void theClientsPingsAndTheirPongsDoNotKeepAnIdleSocketOpen() {
    open(1000, 400, 0);
    advance(400);
    outbound(PingWebSocketFrame.class).release();
    channel.writeInbound(new PongWebSocketFrame());
    advance(400);
    outbound(PingWebSocketFrame.class).release();
    channel.writeInbound(new PongWebSocketFrame());
    advance(200);
    assertFalse(socket.isOpen(), "idle at 1000 ms despite the pings: " + events.all());
  }

  @Test
  void framesSentBeforeTheCloseGoOutBeforeIt() throws Exception {
    open(0, 0, 0);
    socket.sendTextFrame("first");
    socket.sendCloseFrame(1000, "");
    assertEquals("first", outbound(TextWebSocketFrame.class).text());
    releaseAndGetCode(outbound(CloseWebSocketFrame.class));
  }

  @Test
  void aCodeAClientMayNotSendIsRefusedAtTheCall() {
    open(0, 0, 0);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> socket.sendCloseFrame(1006, "no"));
    assertEquals("statusCode: 1006 (expected 1000-1003, 1007-1014 or 3000-4999)", e.getMessage());
    assertTrue(socket.isOpen());
  }

  @Test
  void thePublicConstructorAcceptsAChannelNotYetRegistered() {
    EmbeddedChannel unregistered = EmbeddedChannel.builder().register(false).build();
    NettyWebSocket ws = new NettyWebSocket(unregistered, new DefaultHttpHeaders());
    assertFalse(ws.isOpen());
    assertFalse(ws.isReady());
  }

  private static ByteBuf bytes(int... values) {
    ByteBuf buf = Unpooled.buffer(values.length);
    for (int v : values) {
      buf.writeByte(v);
    }
    return buf;
  }

  private static int releaseAndGetCode(CloseWebSocketFrame frame) {
    int code = frame.statusCode();
    frame.release();
    return code;
  }
}

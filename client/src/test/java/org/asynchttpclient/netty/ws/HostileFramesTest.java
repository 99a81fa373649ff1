package org.asynchttpclient.netty.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;
import java.util.Arrays;
import java.util.List;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.testing.WsRecorder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Frames a server must not send, fed as raw bytes through the pipeline the upgrade installs
 * (frame limit 16 bytes, message limit 24): the socket sends a Close with the matching code (read
 * back through a server's decoder), closes the connection, and its listener hears onError then
 * onClose with that code, once.
 */
class HostileFramesTest {
  private EmbeddedChannel channel;
  private final WsRecorder events = new WsRecorder();

  private NettyWebSocket socket;

  private void open(boolean aggregate) {
    installed(aggregate);
    socket.processBufferedFrames();
  }

  /** The pipeline and the socket with its listener, which has not heard onOpen yet. */
  private void installed(boolean aggregate) {
    channel = new EmbeddedChannel();
    channel.pipeline().addLast("http", new ChannelInboundHandlerAdapter());
    DefaultAsyncHttpClientConfig config = new DefaultAsyncHttpClientConfig.Builder()
        .setWebSocketMaxFrameSize(16)
        .setWebSocketMaxBufferSize(24)
        .setAggregateWebSocketFrameFragments(aggregate)
        .setCookieStore(null)
        .build();
    socket = WebSocketPipeline.install(
        channel, new DefaultHttpHeaders(), config, WebSocketSettings.NONE, null);
    socket.addWebSocketListener(events);
    socket.start();
  }

  @AfterEach
  void tearDown() {
    channel.finishAndReleaseAll();
  }

  private void receive(int... bytes) {
    ByteBuf buf = Unpooled.buffer(bytes.length);
    for (int b : bytes) {
      buf.writeByte(b);
    }
    channel.writeInbound(buf);
    channel.runPendingTasks();
  }

  private static int[] frame(int firstByte, int length, int fill) {
    int[] bytes = new int[2 + length];
    bytes[0] = firstByte;
    bytes[1] = length;
    Arrays.fill(bytes, 2, bytes.length, fill);
    return bytes;
  }

  /** The Close frame the client wrote, decoded as a server would (masked frames expected). */
  private int closeCodeSent() {
    EmbeddedChannel server = new EmbeddedChannel(new WebSocket13FrameDecoder(true, false, 1024));
    for (Object out; (out = channel.readOutbound()) != null; ) {
      server.writeInbound(out);
    }
    Object frame = server.readInbound();
    assertInstanceOf(CloseWebSocketFrame.class, frame, "the client's answer");
    int code = ((CloseWebSocketFrame) frame).statusCode();
    ((CloseWebSocketFrame) frame).release();
    server.finishAndReleaseAll();
    return code;
  }

  private void assertClosedWith(int code, String errorType) {
    assertEquals(code, closeCodeSent());
    assertFalse(channel.isOpen(), "the connection is closed after the Close frame");
    List<String> all = events.all();
    assertEquals(2, all.size(), all.toString());
    assertTrue(all.get(0).startsWith("error:" + errorType), all.toString());
    assertTrue(all.get(1).startsWith("close:" + code + ":"), all.toString());
  }

  @Test
  void aFrameOverTheLimitCloses1009() {
    open(true);
    receive(frame(0x82, 17, 0));
    assertClosedWith(1009, "CorruptedWebSocketFrameException");
  }

  @Test
  void textThatIsNotUtf8Closes1007() {
    open(true);
    receive(0x81, 0x02, 0xC3, 0x28);
    assertClosedWith(1007, "CorruptedWebSocketFrameException");
  }

  @Test
  void aFragmentedPingCloses1002() {
    open(true);
    receive(0x09, 0x00);
    assertClosedWith(1002, "CorruptedWebSocketFrameException");
  }

  @Test
  void aReservedOpcodeCloses1002() {
    open(true);
    receive(0x83, 0x00);
    assertClosedWith(1002, "CorruptedWebSocketFrameException");
  }

  @Test
  void aMaskedFrameFromTheServerCloses1002() {
    open(true);
    receive(0x81, 0x81, 1, 2, 3, 4, 'a' ^ 1);
    assertClosedWith(1002, "CorruptedWebSocketFrameException");
  }

  @Test
  void reservedBitsWithoutAnExtensionClose1002() {
    open(true);
    receive(0xC1, 0x00);
    assertClosedWith(1002, "CorruptedWebSocketFrameException");
  }

  @Test
  void anAggregatedMessageOverTheBufferLimitCloses1009() {
    open(true);
    receive(frame(0x01, 16, 'a'));
    receive(frame(0x80, 16, 'b'));
    assertClosedWith(1009, "TooLongFrameException");
  }

  @Test
  void fragmentsWithinTheLimitsArriveAsOneMessageOrOneByOne() {
    open(true);
    receive(frame(0x01, 3, 'a'));
    receive(frame(0x80, 2, 'b'));
    assertEquals(List.of("text:aaabb:true"), events.all());
    channel.finishAndReleaseAll();

    events.all().clear();
    open(false);
    receive(frame(0x01, 3, 'a'));
    receive(frame(0x80, 2, 'b'));
    assertEquals(List.of("text:aaa:false", "text:bb:true"), events.all());
  }

  @Test
  void aFailureBeforeTheListenersHeardOnOpenIsHeardAfterTheFramesThatCameBeforeIt() {
    // The bytes right behind the 101 reach the socket before its listeners heard onOpen.
    installed(true);
    receive(0x81, 0x02, 'h', 'i');
    receive(frame(0x01, 16, 'a'));
    // The message passes webSocketMaxBufferSize (24); a frame behind it, in the same read, comes
    // after the failure: never delivered.
    int[] last = frame(0x80, 16, 'b');
    int[] bytes = Arrays.copyOf(last, last.length + 3);
    bytes[last.length] = 0x81;
    bytes[last.length + 1] = 0x01;
    bytes[last.length + 2] = 'z';
    receive(bytes);
    assertEquals(List.of(), events.all(), "nothing before onOpen");
    assertFalse(socket.isOpen());
    socket.processBufferedFrames();
    assertEquals("text:hi:true", events.all().get(0));
    events.all().remove(0);
    assertClosedWith(1009, "TooLongFrameException");
  }

  @Test
  void aConnectionEndedBeforeOnOpenIsHeardOnceOnOpen() {
    installed(true);
    receive(0x81, 0x02, 'h', 'i');
    channel.close();
    assertEquals(List.of(), events.all());
    socket.processBufferedFrames();
    assertEquals(2, events.all().size(), events.all().toString());
    assertEquals("text:hi:true", events.all().get(0));
    assertTrue(events.all().get(1).startsWith("close:"), events.all().toString());
  }

  @Test
  void anAbandonedUpgradeReleasesWhatWasHeldForItsListeners() {
    installed(true);
    receive(0x81, 0x02, 'h', 'i'); // buffered (retained) for the listeners
    receive(0x83, 0x00); // a failure: held
    socket.abandon(); // a hook of the upgrade handler threw: onOpen never comes
    socket.processBufferedFrames();
    assertEquals(List.of(), events.all(), "nothing held any more");
  }

  @Test
  void bytesAfterAFailureReachNobody() {
    open(true);
    receive(0x83, 0x00, 0x81, 0x01, 'z'); // a valid frame behind the bad one, in the same read
    assertClosedWith(1002, "CorruptedWebSocketFrameException");
  }
}

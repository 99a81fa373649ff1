package org.asynchttpclient.netty.request.body;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class InputStreamNettyBodyTest extends WireFixture {
  private static final class TrackingStream extends ByteArrayInputStream {
    final AtomicBoolean closed = new AtomicBoolean();

    TrackingStream(String content) {
      super(content.getBytes(US_ASCII));
    }

    @Override
    public void close() {
      closed.set(true);
    }
  }

  @Test
  void unknownLengthIsSentChunkedAndTheStreamClosedAfterwards() {
    TrackingStream stream = new TrackingStream("hello world");
    NettyBody body = new InputStreamNettyBody(stream, -1, 5);
    assertEquals(-1, body.getContentLength());
    assertEquals("5\r\nhello\r\n5\r\n worl\r\n1\r\nd\r\n0\r\n\r\n", sent(body, -1));
    assertTrue(stream.closed.get());
  }

  @Test
  void knownLengthIsSentRaw() {
    NettyBody body = new InputStreamNettyBody(new TrackingStream("hello"), 5, 8192);
    assertEquals("hello", sent(body));
  }

  @Test
  void aStreamWithoutMarkSupportIsNotReplayableAndASecondWriteFails() {
    NettyBody body =
        new InputStreamNettyBody(
            new java.io.FilterInputStream(new TrackingStream("once")) {
              @Override
              public boolean markSupported() {
                return false;
              }
            },
            4,
            8192);
    assertASecondWriteFails(body, 4);
    assertEquals("", Wire.drain(channel));
    assertThrows(java.io.IOException.class, body::rewindForReplay);
  }

  @Test
  void aStreamWithMarkSupportIsRewoundForAReplayAsIn3011() throws Exception {
    TrackingStream stream = new TrackingStream("twice");
    NettyBody first = new InputStreamNettyBody(stream, 5, 8192);
    assertTrue(first.isReplayable());
    Wire.writeHead(channel, 5);
    assertTrue(first.write(channel).isSuccess());
    assertEquals("twice", Wire.bodyOf(Wire.drain(channel)));
    // the next hop builds a new body over the same stream and rewinds it before writing
    NettyBody replay = new InputStreamNettyBody(stream, 5, 8192);
    replay.rewindForReplay();
    Wire.writeHead(channel, 5);
    assertTrue(replay.write(channel).isSuccess());
    assertEquals("twice", Wire.bodyOf(Wire.drain(channel)));
  }

  @Test
  void releaseLeavesAnUnwrittenStreamOpenForItsOwner() {
    TrackingStream stream = new TrackingStream("unused");
    new InputStreamNettyBody(stream, -1, 8192).release();
    assertFalse(stream.closed.get());
  }
}

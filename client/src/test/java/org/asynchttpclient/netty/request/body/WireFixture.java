package org.asynchttpclient.netty.request.body;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelFuture;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;

/**
 * The fixture of the body and request-factory tests: one embedded channel with the engine's write
 * path per test, released afterwards. A base class rather than a helper so that JUnit runs the
 * release for every test class that writes to a channel.
 */
public abstract class WireFixture {
  protected final EmbeddedChannel channel = Wire.newChannel();

  @AfterEach
  void releaseChannel() {
    channel.finishAndReleaseAll();
  }

  /**
   * Writes a head announcing {@code headLength} (chunked when -1), then {@code body}; asserts that the
   * write succeeded and returns the body bytes as they went out, chunk framing included.
   */
  protected String sent(NettyBody body, long headLength) {
    Wire.writeHead(channel, headLength);
    ChannelFuture done = body.write(channel);
    channel.runPendingTasks();
    assertTrue(done.isSuccess(), () -> "write failed: " + done.cause());
    return Wire.bodyOf(Wire.drain(channel));
  }

  /**
   * Asserts that {@code body} is not replayable: its first write under a head announcing
   * {@code headLength} succeeds, a second one fails with an IllegalStateException.
   */
  protected void assertASecondWriteFails(NettyBody body, long headLength) {
    assertFalse(body.isReplayable());
    Wire.writeHead(channel, headLength);
    assertTrue(body.write(channel).isSuccess());
    Wire.drain(channel);
    ChannelFuture again = body.write(channel);
    assertFalse(again.isSuccess());
    assertInstanceOf(IllegalStateException.class, again.cause());
  }

  /** {@link #sent(NettyBody, long)} under a head announcing the body's own length. */
  protected String sent(NettyBody body) {
    return sent(body, body.getContentLength());
  }
}

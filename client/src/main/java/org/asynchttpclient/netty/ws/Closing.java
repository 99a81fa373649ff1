package org.asynchttpclient.netty.ws;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.jetbrains.annotations.Nullable;

/**
 * The TCP side of a WebSocket's close: which Close frame goes out and when the connection ends,
 * with one bounded wait (the settings' close timeout) for whatever the server still owes: its
 * Close frame after the client's, or the end of the connection after both Close frames (RFC 6455
 * 7.1.1 has the server close TCP first), or the flush of a failure's Close frame to a server that
 * may not be reading. The socket decides; this class only carries out.
 *
 * <p>Threads: confined to the channel's event loop, except the static frame factory.
 */
final class Closing {
  // immutable
  private final Channel channel;
  private final WebSocketSettings settings;

  // loop-confined
  private @Nullable Object wait;

  Closing(Channel channel, WebSocketSettings settings) {
    this.channel = channel;
    this.settings = settings;
  }

  /**
   * A Close frame the client may send, checked in the caller's thread.
   *
   * @throws IllegalArgumentException for a code an endpoint may not send (RFC 6455 7.4)
   */
  static CloseWebSocketFrame newCloseFrame(int statusCode, @Nullable String reasonText) {
    if (!WebSocketCloseStatus.isValidStatusCode(statusCode)) {
      throw new IllegalArgumentException("statusCode: " + statusCode
          + " (expected 1000-1003, 1007-1014 or 3000-4999)");
    }
    return new CloseWebSocketFrame(statusCode, CloseCodes.fitReason(reasonText));
  }

  /** Both Close frames are through: the server closes TCP, or the client does after the wait. */
  void awaitServerClose() {
    await(() -> ChannelClosing.close(channel));
  }

  /** Sends a failure's Close frame, then ends the connection once it is written (or the wait ran out). */
  void sendThenClose(CloseWebSocketFrame frame) {
    channel.writeAndFlush(frame).addListener(f -> channel.close());
    await(() -> ChannelClosing.close(channel));
  }

  /** Ends the connection now (a reset if bytes are still queued for a peer that does not read). */
  void closeNow() {
    cancelWait();
    ChannelClosing.close(channel);
  }

  /** The connection ended: nothing more to wait for. */
  void cancelWait() {
    TimeoutScheduler.cancel(wait);
    wait = null;
  }

  /** Arms the wait: {@code onExpiry} runs unless the wait is cancelled or armed again first. */
  void await(Runnable onExpiry) {
    assert channel.eventLoop().inEventLoop() : "Closing must run on the channel's loop";
    cancelWait();
    if (channel.isActive()) {
      wait = settings.scheduler.onLoop(channel.eventLoop(), onExpiry, settings.closeTimeoutNanos);
    }
  }
}

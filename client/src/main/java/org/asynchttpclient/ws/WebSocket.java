package org.asynchttpclient.ws;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.concurrent.Future;
import java.net.SocketAddress;

/**
 * An open WebSocket (RFC 6455), as handed to {@link WebSocketListener#onOpen} and returned by the
 * future of a {@link WebSocketUpgradeHandler} request.
 *
 * <p>Every {@code send...} method may be called from any thread and returns the future of the
 * write; frames go out in the order of the calls. A {@code ByteBuf} payload is owned by the socket
 * from the call on (it is released once written, or at once when the frame cannot be sent). Once
 * a close has started (by {@link #sendCloseFrame}, a Close frame from the server, a failure or a
 * timeout), the socket sends no more data, Ping or Pong frames: their futures fail with an {@link
 * java.io.IOException}.
 *
 * <p>{@code rsv} is the frame's three reserved bits (0 to 7); with a compression extension
 * negotiated (permessage-deflate or deflate-frame) the client sets RSV1 itself, so pass 0.
 */
public interface WebSocket {

  /** The headers of the server's 101 answer to the upgrade. */
  HttpHeaders getUpgradeHeaders();

  SocketAddress getRemoteAddress();

  SocketAddress getLocalAddress();

  /** Sends a whole text message in one frame. */
  Future<Void> sendTextFrame(String payload);

  /** Sends a text frame: the first fragment of a message when {@code finalFragment} is false. */
  Future<Void> sendTextFrame(String payload, boolean finalFragment, int rsv);

  /** Sends a text frame whose payload must be UTF-8. */
  Future<Void> sendTextFrame(ByteBuf payload, boolean finalFragment, int rsv);

  /** Sends a whole binary message in one frame. */
  Future<Void> sendBinaryFrame(byte[] payload);

  Future<Void> sendBinaryFrame(byte[] payload, boolean finalFragment, int rsv);

  Future<Void> sendBinaryFrame(ByteBuf payload, boolean finalFragment, int rsv);

  /** Sends the next fragment of a message started by a non-final text or binary frame. */
  Future<Void> sendContinuationFrame(String payload, boolean finalFragment, int rsv);

  Future<Void> sendContinuationFrame(byte[] payload, boolean finalFragment, int rsv);

  Future<Void> sendContinuationFrame(ByteBuf payload, boolean finalFragment, int rsv);

  /** Sends a Ping without payload. */
  Future<Void> sendPingFrame();

  /** Sends a Ping; a control frame carries at most 125 bytes. */
  Future<Void> sendPingFrame(byte[] payload);

  Future<Void> sendPingFrame(ByteBuf payload);

  /** Sends an unsolicited Pong (a one-way heartbeat); Pings are answered by the client itself. */
  Future<Void> sendPongFrame();

  Future<Void> sendPongFrame(byte[] payload);

  Future<Void> sendPongFrame(ByteBuf payload);

  /** Starts the closing handshake with 1000 (normal closure). */
  Future<Void> sendCloseFrame();

  /**
   * Starts the closing handshake: sends a Close frame with {@code statusCode} and {@code
   * reasonText} (at most 123 bytes of UTF-8), then waits a bounded time for the server's Close
   * frame before the connection is closed. {@link WebSocketListener#onClose} runs once, with the
   * code of the server's answer, or 1006 when none came. A second call does nothing.
   *
   * @throws IllegalArgumentException when {@code statusCode} may not be sent (RFC 6455 7.4)
   */
  Future<Void> sendCloseFrame(int statusCode, String reasonText);

  /** Whether frames may still be sent: no close has started and the connection is up. */
  boolean isOpen();

  /** Adds a listener; it hears the events that happen from now on. */
  WebSocket addWebSocketListener(WebSocketListener l);

  WebSocket removeWebSocketListener(WebSocketListener l);
}

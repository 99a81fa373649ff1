package org.asynchttpclient.ws;

/**
 * Hears the events of a {@link WebSocket}. Every callback runs on the socket's I/O thread, one at
 * a time and in order: a callback must not block. An exception thrown by a callback is logged and
 * does not reach the other listeners.
 *
 * <p>Lifecycle: {@link #onOpen} once the upgrade succeeded; frames; then {@link #onClose} exactly
 * once, after {@link #onError} when the socket ended on a failure or timeout. A failed upgrade
 * (refused, timed out, cancelled) calls {@link #onError} once and nothing else.
 */
public interface WebSocketListener {

  void onOpen(WebSocket websocket);

  /**
   * The socket is closed: {@code code} is the status of the server's Close frame (1005 when it
   * had none), the code the client closed with after a protocol failure (1002, 1007, 1009) or an
   * idle timeout (1001), or 1006 when the connection ended without a Close frame.
   */
  void onClose(WebSocket websocket, int code, String reason);

  void onError(Throwable t);

  /** A binary frame, or a whole binary message when fragments are aggregated. */
  default void onBinaryFrame(byte[] payload, boolean finalFragment, int rsv) {}

  /**
   * A text frame, or a whole text message when fragments are aggregated. A character split
   * between two fragments is delivered whole, with the later fragment.
   */
  default void onTextFrame(String payload, boolean finalFragment, int rsv) {}

  /** A Ping from the server; the client has already answered it with a Pong. */
  default void onPingFrame(byte[] payload) {}

  default void onPongFrame(byte[] payload) {}
}

package org.asynchttpclient.netty.ws;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.asynchttpclient.ws.WebSocket;
import org.asynchttpclient.ws.WebSocketListener;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands a socket's events to its listeners, each call isolated: a listener that throws is logged
 * and the others still hear the event. A continuation frame goes to {@code onTextFrame} or {@code
 * onBinaryFrame} after the kind of the frame that started its message.
 *
 * <p>It also keeps the frames that arrive before the listeners heard onOpen (retained until they
 * are delivered), and the socket's outcome when it is decided that early: the bytes that came with
 * the 101 reach the socket before its listeners are added, and a frame among them that breaks a
 * limit (Close 1009) or the connection ending must still be heard, after the frames that came before
 * it. {@link #open} lets events through; {@link #deliverHeld} then reports the held outcome.
 *
 * <p>Threads: the listener list may be changed from any thread; events are dispatched, and
 * frames buffered, only on the socket's event loop.
 */
final class FrameDispatch {
  private static final Logger LOGGER = LoggerFactory.getLogger(FrameDispatch.class);

  // immutable
  private final WebSocket socket;

  // any thread
  private final List<WebSocketListener> listeners = new CopyOnWriteArrayList<>();

  // loop-confined
  private boolean textMessage;
  private final TextFragments text = new TextFragments();
  private @Nullable List<WebSocketFrame> buffered;
  /** Whether the listeners heard onOpen: until then the outcome is held, not reported. */
  private boolean open;
  private @Nullable Throwable heldError;
  private boolean closeHeld;
  private int heldCode;
  private String heldReason = "";

  FrameDispatch(WebSocket socket) {
    this.socket = socket;
  }

  void add(WebSocketListener listener) {
    listeners.add(listener);
  }

  void remove(WebSocketListener listener) {
    listeners.remove(listener);
  }

  /** Keeps {@code frame} (retained) for later delivery. */
  void buffer(WebSocketFrame frame) {
    if (buffered == null) {
      buffered = new ArrayList<>(2);
    }
    buffered.add(frame.retain());
  }

  /** The buffered frames, now owned by the caller (who releases them); null when none. */
  @Nullable List<WebSocketFrame> takeBuffered() {
    List<WebSocketFrame> frames = buffered;
    buffered = null;
    return frames;
  }

  /**
   * Events reach the listeners from now on (they heard onOpen); a held outcome waits for {@link
   * #deliverHeld}.
   */
  void open() {
    open = true;
  }

  /** Whether the socket's outcome was decided before the listeners heard onOpen. */
  boolean closeHeld() {
    return closeHeld;
  }

  /** Reports the outcome held before the listeners heard onOpen, if any: onError, then onClose. */
  void deliverHeld() {
    Throwable cause = heldError;
    heldError = null;
    if (cause != null) {
      error(cause);
    }
    if (closeHeld) {
      closeHeld = false;
      close(heldCode, heldReason);
    }
  }

  /** Forgets the held outcome and releases the buffered frames: the listeners will never hear them. */
  void discardHeld() {
    heldError = null;
    closeHeld = false;
    releaseBuffered();
  }

  /** Drops the buffered frames, unless a held outcome still has them to deliver first. */
  void releaseBuffered() {
    if (closeHeld) {
      return;
    }
    List<WebSocketFrame> frames = takeBuffered();
    if (frames != null) {
      for (WebSocketFrame frame : frames) {
        frame.release();
      }
    }
  }

  /**
   * A received frame to the listeners, the socket having acted on it; a Close frame is not theirs
   * (the socket reports the outcome it decides).
   */
  void deliver(WebSocketFrame frame) {
    ByteBuf content = frame.content();
    if (frame instanceof PingWebSocketFrame) {
      each("onPingFrame", (l, p, last, rsv) -> l.onPingFrame(p), ByteBufUtil.getBytes(content), true, 0);
      return;
    }
    if (frame instanceof PongWebSocketFrame) {
      each("onPongFrame", (l, p, last, rsv) -> l.onPongFrame(p), ByteBufUtil.getBytes(content), true, 0);
      return;
    }
    if (frame instanceof TextWebSocketFrame) {
      textMessage = true;
      text.reset();
    } else if (frame instanceof BinaryWebSocketFrame) {
      textMessage = false;
    } else if (!(frame instanceof ContinuationWebSocketFrame)) {
      return;
    }
    boolean last = frame.isFinalFragment();
    if (textMessage) {
      each("onTextFrame", WebSocketListener::onTextFrame, text.decode(content, last), last, frame.rsv());
    } else {
      each("onBinaryFrame", WebSocketListener::onBinaryFrame, ByteBufUtil.getBytes(content), last, frame.rsv());
    }
  }

  void error(Throwable cause) {
    if (!open) {
      if (heldError == null) {
        heldError = cause;
      }
      return;
    }
    each("onError", (l, t, last, rsv) -> l.onError(t), cause, true, 0);
  }

  /** The last event: afterwards the listeners are forgotten, as in AHC 3.0.11. */
  void close(int code, String reason) {
    if (!open) {
      closeHeld = true;
      heldCode = code;
      heldReason = reason;
      return;
    }
    releaseBuffered();
    for (WebSocketListener l : listeners) {
      try {
        l.onClose(socket, code, reason);
      } catch (RuntimeException e) {
        LOGGER.warn("WebSocketListener.onClose threw", e);
      }
    }
    listeners.clear();
  }

  /** A listener callback: non-capturing, so that a call allocates nothing. */
  private interface Callback<T> {
    void call(WebSocketListener listener, T payload, boolean last, int rsv);
  }

  /** Calls {@code callback} on each listener; one that throws is logged, the others still hear it. */
  private <T> void each(String name, Callback<T> callback, T payload, boolean last, int rsv) {
    for (WebSocketListener l : listeners) {
      try {
        callback.call(l, payload, last, rsv);
      } catch (RuntimeException e) {
        LOGGER.warn("WebSocketListener." + name + " threw", e);
      }
    }
  }
}

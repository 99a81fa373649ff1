package org.asynchttpclient.netty.ws;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import org.jetbrains.annotations.Nullable;

/**
 * How a WebSocket ends, with its liveness timers (which end it too):
 *
 * <pre>
 *          sendCloseFrame()                       server's Close, close wait over,
 *   OPEN ---------------------&gt; CLOSE_SENT -----------------------------------------&gt; CLOSED
 *    |    (Close sent, close     (data frames       connection cut, failure
 *    |     wait armed)            still delivered)                                   ^
 *    |                                                                                |
 *    +--------------------------------------------------------------------------------+
 *       server's Close (answered with a Close first), connection cut (1006),
 *       protocol failure (Close 1002 / 1007 / 1009 sent), idle timeout (Close 1001 sent),
 *       missing Pong (1006), channel closed from outside, e.g. by client.close()
 *       (Close 1001 sent, not awaited: 1006)
 * </pre>
 *
 * One compare-and-set into CLOSED decides the outcome: the code and reason {@code onClose}
 * reports, and whether {@code onError} hears a cause first. Only its winner acts: it stops the
 * timers, sends the Close frame the outcome calls for (an answer to the server's, or the failure's
 * code; none after the client's own Close or once the transport is gone), arranges the end of the
 * TCP connection (at once after a failure; after a clean handshake the server closes it first, or
 * the client does when the close wait runs out), and reports, once. OPEN to CLOSE_SENT is a
 * compare-and-set of its own whose winner sends the client's Close frame. {@code onClose} reports
 * the server's code (1005 when its Close had none), the failure's code, or 1006 when no Close frame
 * came (RFC 6455 7.1.5).
 *
 * <p>Threads: {@link #isOpen} from any thread; everything else on the channel's event loop (the
 * socket brings calls there in call order), which each method asserts.
 */
final class CloseHandshake {
  static final int OPEN = 0;
  static final int CLOSE_SENT = 1;
  static final int CLOSED = 2;

  private static final AtomicIntegerFieldUpdater<CloseHandshake> STATE =
      AtomicIntegerFieldUpdater.newUpdater(CloseHandshake.class, "state");

  // immutable
  private final Channel channel;
  private final WebSocketSettings settings;
  private final FrameDispatch dispatch;
  private final Closing closing;
  final Liveness liveness;

  // any thread
  private volatile int state = OPEN;

  CloseHandshake(Channel channel, WebSocketSettings settings, FrameDispatch dispatch) {
    this.channel = channel;
    this.settings = settings;
    this.dispatch = dispatch;
    this.closing = new Closing(channel, settings);
    this.liveness = new Liveness(channel, settings, this);
  }

  int state() {
    return state;
  }

  /** Whether no close has started and the connection is up. Any thread. */
  boolean isOpen() {
    return state == OPEN && channel.isActive();
  }

  /** The user's close: sends {@code frame} unless a close already started (then succeeds at once). */
  void startClose(CloseWebSocketFrame frame, ChannelPromise promise) {
    assertOnLoop();
    if (!STATE.compareAndSet(this, OPEN, CLOSE_SENT)) {
      frame.release();
      promise.trySuccess();
      return;
    }
    liveness.stop();
    channel.writeAndFlush(frame, promise);
    closing.await(this::closeWaitExpired);
  }

  void onServerClose(CloseWebSocketFrame frame) {
    assertOnLoop();
    int was = decideClosed();
    if (was == CLOSED) {
      return;
    }
    boolean hasStatus = frame.statusCode() >= 0;
    int code = hasStatus ? frame.statusCode() : CloseCodes.NO_STATUS;
    if (was == OPEN) {
      // RFC 6455 5.5.1: answered with a Close echoing the status code, before the TCP close.
      ChannelFuture unused =
          channel.writeAndFlush(hasStatus ? new CloseWebSocketFrame(code, "") : new CloseWebSocketFrame());
    }
    closing.awaitServerClose();
    report(code, hasStatus ? frame.reasonText() : "", null);
  }

  /** The TCP connection is gone: 1006 unless the outcome was already decided. */
  void onTransportClosed() {
    assertOnLoop();
    closing.cancelWait();
    liveness.stop();
    if (decideClosed() != CLOSED) {
      report(CloseCodes.ABNORMAL, "connection closed without a Close frame", null);
    } else {
      dispatch.releaseBuffered();
    }
  }

  /**
   * {@code channel.close()} from outside the socket while it is open: the client shutting down
   * (every channel of a closing client is closed so), or a handler the user installed. The server
   * is told with a Close 1001 (Going Away) written just before the close, best effort: the close
   * goes on at once, since waiting for the server's answer would make closing a client take up to
   * the close wait per socket; a frame the kernel cannot take at once is lost with the connection.
   * {@code onClose} hears 1006: no Close frame came from the server (RFC 6455 7.1.5), which is
   * also the code AHC 3.0.11 reported (it sent no Close at all); the reason says the client
   * closed. Any other close, the socket's own included, passes unchanged.
   */
  void onChannelClose(ChannelHandlerContext ctx, ChannelPromise promise) {
    assertOnLoop();
    if (!STATE.compareAndSet(this, OPEN, CLOSED)) {
      ctx.close(promise);
      return;
    }
    ChannelFuture unused = ctx.writeAndFlush(new CloseWebSocketFrame(CloseCodes.GOING_AWAY, "client closed"));
    ctx.close(promise);
    report(CloseCodes.ABNORMAL, "closed by the client: Close 1001 sent, the server's not awaited", null);
  }

  /** A frame the pipeline refused, or an I/O failure: the connection fails with its code. */
  void onFailure(Throwable cause) {
    assertOnLoop();
    int was = decideClosed();
    if (was == CLOSED) {
      closing.closeNow();
      return;
    }
    int code = CloseCodes.forFailure(cause);
    String reason = CloseCodes.fitReason(cause.getMessage());
    if (was == OPEN && code != CloseCodes.ABNORMAL) {
      closing.sendThenClose(new CloseWebSocketFrame(code, reason));
    } else {
      closing.closeNow();
    }
    report(code, reason, cause);
  }

  /** Ends the socket with {@code code} unless it already ended (AHC 3.0.11's public onClose). */
  void closeAndReport(int code, String reason) {
    assertOnLoop();
    if (decideClosed() != CLOSED) {
      closing.closeNow();
      report(code, reason, null);
    }
  }

  private void closeWaitExpired() {
    if (STATE.compareAndSet(this, CLOSE_SENT, CLOSED)) {
      closing.closeNow();
      report(CloseCodes.ABNORMAL, "no Close frame from the server within "
          + TimeUnit.NANOSECONDS.toMillis(settings.closeTimeoutNanos) + " ms of the client's", null);
    }
  }

  /** Leaves OPEN or CLOSE_SENT for CLOSED; returns the state left, or CLOSED if already there. */
  private int decideClosed() {
    for (;;) {
      int current = state;
      if (current == CLOSED || STATE.compareAndSet(this, current, CLOSED)) {
        return current;
      }
    }
  }

  /** The winner's last act: stops the timers, then tells the listeners (onError first with a cause). */
  private void report(int code, String reason, @Nullable Throwable cause) {
    liveness.stop();
    if (cause != null) {
      dispatch.error(cause);
    }
    dispatch.close(code, reason);
  }

  private void assertOnLoop() {
    assert channel.eventLoop().inEventLoop() : "the close handshake runs on the channel's loop";
  }

  /** The liveness timers found no frame either way for the idle timeout. */
  void idleExpired(long quietNanos) {
    if (!STATE.compareAndSet(this, OPEN, CLOSED)) {
      return;
    }
    long ms = TimeUnit.NANOSECONDS.toMillis(quietNanos);
    String reason = "idle: no frame sent or received for " + ms + " ms";
    closing.sendThenClose(new CloseWebSocketFrame(CloseCodes.GOING_AWAY, reason));
    report(CloseCodes.GOING_AWAY, reason, new TimeoutException(
        "WebSocket idle timeout: no frame sent or received for " + ms + " ms (webSocketIdleTimeout "
            + TimeUnit.NANOSECONDS.toMillis(settings.idleTimeoutNanos) + " ms) on "
            + channel.remoteAddress()));
  }

  /** The liveness timers sent a Ping and no Pong came within the pong timeout. */
  void pongMissing(long waitedNanos) {
    if (!STATE.compareAndSet(this, OPEN, CLOSED)) {
      return;
    }
    long ms = TimeUnit.NANOSECONDS.toMillis(waitedNanos);
    closing.closeNow();
    report(CloseCodes.ABNORMAL, "no Pong within " + ms + " ms of a Ping", new TimeoutException(
        "WebSocket pong timeout: no Pong within " + ms + " ms (webSocketPongTimeout) of the Ping sent to "
            + channel.remoteAddress()));
  }
}

package org.asynchttpclient.netty.ws;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import org.asynchttpclient.ws.WebSocket;
import org.asynchttpclient.ws.WebSocketListener;

/**
 * The client side of an open WebSocket over a channel whose pipeline carries Netty's WebSocket
 * frame codec and, last, a {@link WebSocketFrameHandler} feeding this object. How it ends (the
 * closing handshake, failures, the liveness timers) is drawn and decided in {@link CloseHandshake}.
 *
 * <p>Threads: {@code send...} and {@code isOpen} may be called from any thread. Every write and
 * every transition runs on the channel's event loop, in call order, so a frame sent before {@link
 * #sendCloseFrame} goes out before the Close frame and none goes out after it. Listener callbacks
 * run on that loop. The public methods below {@link #removeWebSocketListener} keep AHC 3.0.11's
 * signatures for code that called them; the client drives the socket itself.
 */
public final class NettyWebSocket implements WebSocket {
  private static final int MAX_CONTROL_PAYLOAD = 125;

  // immutable
  private final Channel channel;
  private final HttpHeaders upgradeHeaders;
  private final FrameDispatch dispatch;
  /** Where the pipeline's events (the end of the connection, failures, a close) go. */
  final CloseHandshake handshake;
  private final Liveness liveness;

  // loop-confined
  private boolean ready;

  /** A socket over {@code channel} with no liveness timers. */
  public NettyWebSocket(Channel channel, HttpHeaders upgradeHeaders) {
    this(channel, upgradeHeaders, WebSocketSettings.NONE);
  }

  NettyWebSocket(Channel channel, HttpHeaders upgradeHeaders, WebSocketSettings settings) {
    this.channel = channel;
    this.upgradeHeaders = upgradeHeaders;
    this.dispatch = new FrameDispatch(this);
    this.handshake = new CloseHandshake(channel, settings, dispatch);
    this.liveness = handshake.liveness;
  }

  @Override
  public HttpHeaders getUpgradeHeaders() {
    return upgradeHeaders;
  }

  @Override
  public SocketAddress getRemoteAddress() {
    return channel.remoteAddress();
  }

  @Override
  public SocketAddress getLocalAddress() {
    return channel.localAddress();
  }

  // ---- sending

  @Override
  public Future<Void> sendTextFrame(String payload) {
    return sendTextFrame(payload, true, 0);
  }

  @Override
  public Future<Void> sendTextFrame(String payload, boolean finalFragment, int rsv) {
    return send(new TextWebSocketFrame(finalFragment, rsv, payload));
  }

  @Override
  public Future<Void> sendTextFrame(ByteBuf payload, boolean finalFragment, int rsv) {
    return send(new TextWebSocketFrame(finalFragment, rsv, payload));
  }

  @Override
  public Future<Void> sendBinaryFrame(byte[] payload) {
    return sendBinaryFrame(payload, true, 0);
  }

  @Override
  public Future<Void> sendBinaryFrame(byte[] payload, boolean finalFragment, int rsv) {
    return sendBinaryFrame(Unpooled.wrappedBuffer(payload), finalFragment, rsv);
  }

  @Override
  public Future<Void> sendBinaryFrame(ByteBuf payload, boolean finalFragment, int rsv) {
    return send(new BinaryWebSocketFrame(finalFragment, rsv, payload));
  }

  @Override
  public Future<Void> sendContinuationFrame(String payload, boolean finalFragment, int rsv) {
    return send(new ContinuationWebSocketFrame(finalFragment, rsv, payload));
  }

  @Override
  public Future<Void> sendContinuationFrame(byte[] payload, boolean finalFragment, int rsv) {
    return sendContinuationFrame(Unpooled.wrappedBuffer(payload), finalFragment, rsv);
  }

  @Override
  public Future<Void> sendContinuationFrame(ByteBuf payload, boolean finalFragment, int rsv) {
    return send(new ContinuationWebSocketFrame(finalFragment, rsv, payload));
  }

  @Override
  public Future<Void> sendPingFrame() {
    return send(new PingWebSocketFrame());
  }

  @Override
  public Future<Void> sendPingFrame(byte[] payload) {
    return sendPingFrame(Unpooled.wrappedBuffer(payload));
  }

  @Override
  public Future<Void> sendPingFrame(ByteBuf payload) {
    return send(new PingWebSocketFrame(payload));
  }

  @Override
  public Future<Void> sendPongFrame() {
    return send(new PongWebSocketFrame());
  }

  @Override
  public Future<Void> sendPongFrame(byte[] payload) {
    return sendPongFrame(Unpooled.wrappedBuffer(payload));
  }

  @Override
  public Future<Void> sendPongFrame(ByteBuf payload) {
    return send(new PongWebSocketFrame(payload));
  }

  @Override
  public Future<Void> sendCloseFrame() {
    return sendCloseFrame(CloseCodes.NORMAL, "");
  }

  @Override
  public Future<Void> sendCloseFrame(int statusCode, String reasonText) {
    CloseWebSocketFrame frame = Closing.newCloseFrame(statusCode, reasonText);
    ChannelPromise promise = channel.newPromise();
    onLoop(() -> handshake.startClose(frame, promise), frame, promise);
    return promise;
  }

  @Override
  public boolean isOpen() {
    return handshake.isOpen();
  }

  @Override
  public WebSocket addWebSocketListener(WebSocketListener l) {
    dispatch.add(l);
    return this;
  }

  @Override
  public WebSocket removeWebSocketListener(WebSocketListener l) {
    dispatch.remove(l);
    return this;
  }

  // ---- AHC 3.0.11's internal methods (loop only)

  /** Whether frames are delivered to listeners yet (true once the listeners heard onOpen). */
  public boolean isReady() {
    return ready;
  }

  /** Keeps a frame that arrived before the listeners heard onOpen (retained until delivered). */
  public void bufferFrame(WebSocketFrame frame) {
    dispatch.buffer(frame);
  }

  /**
   * From now on frames go to the listeners; delivers the buffered ones first. When the socket ended
   * before the listeners heard onOpen (a frame that came with the 101 broke a limit, or the
   * connection ended), the frames that came before the end are delivered, then the held outcome
   * (onError, onClose).
   */
  public void processBufferedFrames() {
    assert channel.eventLoop().inEventLoop() : "processBufferedFrames must run on the loop";
    ready = true;
    dispatch.open();
    boolean ended = dispatch.closeHeld();
    List<WebSocketFrame> buffered = dispatch.takeBuffered();
    if (buffered != null) {
      for (WebSocketFrame frame : buffered) {
        try {
          if (ended) {
            dispatch.deliver(frame); // it came before the held outcome: delivered, not acted on
          } else {
            handleFrame(frame);
          }
        } finally {
          frame.release();
        }
      }
    }
    dispatch.deliverHeld();
  }

  /** Acts on one received frame; the caller keeps ownership of it. Loop only. */
  public void handleFrame(WebSocketFrame frame) {
    assert channel.eventLoop().inEventLoop() : "handleFrame must run on the socket's loop";
    if (frame instanceof CloseWebSocketFrame) {
      handshake.onServerClose((CloseWebSocketFrame) frame);
      return;
    }
    int current = handshake.state();
    if (current == CloseHandshake.CLOSED) {
      return; // the outcome is reported: later frames are dropped
    }
    if (frame instanceof PongWebSocketFrame) {
      liveness.onPong();
    } else {
      liveness.onActivity();
    }
    if (frame instanceof PingWebSocketFrame && current == CloseHandshake.OPEN) {
      // RFC 6455 5.5.2: a Ping is answered with a Pong carrying its payload.
      channel.writeAndFlush(new PongWebSocketFrame(frame.content().retainedDuplicate()));
    }
    dispatch.deliver(frame);
  }

  /** Tells the listeners of {@code t} without closing; kept for AHC 3.0.11 callers. */
  public void onError(Throwable t) {
    dispatch.error(t);
  }

  /** Closes the socket and reports {@code code} and {@code reason}, unless it already closed. */
  public void onClose(int code, String reason) {
    handshake.closeAndReport(code, reason);
  }

  @Override
  public String toString() {
    return "NettyWebSocket{channel=" + channel + ", state=" + handshake.state() + '}';
  }

  // ---- events from the pipeline and the timers (loop only)

  /**
   * The upgrade failed after the socket was installed (a hook of the upgrade handler threw), so
   * its listeners will never hear onOpen: what was buffered or held for them is released.
   */
  void abandon() {
    dispatch.discardHeld();
  }

  /** Starts the liveness timers once the upgrade handed the channel over. */
  void start() {
    liveness.start();
  }

  /**
   * A frame off the wire: delivered, or buffered until the listeners heard onOpen; dropped when the
   * socket already ended before that (it came after the end, which the listeners hear last).
   */
  void onFrame(WebSocketFrame frame) {
    if (ready) {
      handleFrame(frame);
    } else if (handshake.state() != CloseHandshake.CLOSED) {
      bufferFrame(frame);
    }
  }

  // ---- writes

  private Future<Void> send(WebSocketFrame frame) {
    int size = frame.content().readableBytes();
    boolean control = frame instanceof PingWebSocketFrame || frame instanceof PongWebSocketFrame;
    if (control && size > MAX_CONTROL_PAYLOAD) {
      frame.release();
      return channel.newFailedFuture(new IllegalArgumentException(
          "control frame payload: " + size + " bytes (expected <= " + MAX_CONTROL_PAYLOAD + ")"));
    }
    ChannelPromise promise = channel.newPromise();
    onLoop(() -> writeIfOpen(frame, promise), frame, promise);
    return promise;
  }

  private void writeIfOpen(WebSocketFrame frame, ChannelPromise promise) {
    if (handshake.state() != CloseHandshake.OPEN) {
      frame.release();
      promise.tryFailure(new SocketClosedException(
          "WebSocket to " + channel.remoteAddress() + " is closing or closed: frame not sent"));
      return;
    }
    liveness.onActivity();
    channel.writeAndFlush(frame, promise);
  }

  /**
   * A send after the socket started closing (its Close frame sent or received, or the connection
   * gone): a {@link ClosedChannelException}, as AHC 3.0.14 fails it, with a message saying where.
   */
  static final class SocketClosedException extends ClosedChannelException {
    private static final long serialVersionUID = 1L;
    private final String message;

    SocketClosedException(String message) {
      this.message = message;
    }

    @Override
    public String getMessage() {
      return message;
    }
  }

  /** Runs {@code task} on the channel's loop, inline when already there. */
  private void onLoop(Runnable task, WebSocketFrame frame, ChannelPromise promise) {
    EventLoop loop = channel.eventLoop();
    if (loop.inEventLoop()) {
      task.run();
      return;
    }
    try {
      loop.execute(task);
    } catch (RejectedExecutionException e) {
      ReferenceCountUtil.safeRelease(frame);
      promise.tryFailure(e);
    }
  }
}

package org.asynchttpclient.netty.ws;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.util.concurrent.Ticker;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.jetbrains.annotations.Nullable;

/**
 * The idle timeout, the ping interval and the pong timeout of one WebSocket, each armed on the
 * socket's own event loop (never on a shared timer or another loop), each off when its duration
 * is zero. Time is read from the settings' {@link Ticker}, and the timers are the engine's loop
 * timers ({@link TimeoutScheduler#onLoop}), so a test's manual clock (or a mock ticker with an
 * embedded channel) moves them.
 *
 * <ul>
 *   <li>Idle: fires when no frame was sent or received (as reported by {@link #onActivity}) for
 *       the idle timeout; a run that finds recent activity re-arms for what is left.
 *   <li>Ping: every interval, sends a Ping unless the previous one still awaits its Pong; with a
 *       pong timeout, arms it when the Ping goes out. Any Pong ({@link #onPong}) disarms it.
 * </ul>
 *
 * <p>Threads: confined to the socket's event loop; every method asserts it.
 */
final class Liveness {
  // immutable
  /** Its loop is looked up at use: a socket may be built over a channel not yet registered. */
  private final Channel channel;
  private final WebSocketSettings settings;
  /** What the timers end: {@link CloseHandshake#idleExpired}, {@link CloseHandshake#pongMissing}. */
  private final CloseHandshake handshake;

  // loop-confined
  private long lastActivityNanos;
  private boolean stopped;
  private @Nullable Object idleTask;
  private @Nullable Object pingTask;
  private @Nullable Object pongTask;

  Liveness(Channel channel, WebSocketSettings settings, CloseHandshake handshake) {
    this.channel = channel;
    this.settings = settings;
    this.handshake = handshake;
  }

  /** Arms the timers that are on. Loop only. */
  void start() {
    assert channel.eventLoop().inEventLoop() : "Liveness.start must run on the socket's loop";
    lastActivityNanos = settings.ticker.nanoTime();
    if (settings.idleTimeoutNanos > 0) {
      idleTask = schedule(this::checkIdle, settings.idleTimeoutNanos);
    }
    if (settings.pingIntervalNanos > 0) {
      pingTask = schedule(this::ping, settings.pingIntervalNanos);
    }
  }

  /** A frame was sent or received. Loop only. */
  void onActivity() {
    assert channel.eventLoop().inEventLoop() : "Liveness.onActivity must run on the socket's loop";
    lastActivityNanos = settings.ticker.nanoTime();
  }

  /** A Pong arrived: the outstanding Ping, if any, is answered. Loop only. */
  void onPong() {
    assert channel.eventLoop().inEventLoop() : "Liveness.onPong must run on the socket's loop";
    TimeoutScheduler.cancel(pongTask);
    pongTask = null;
  }

  /** Disarms every timer for good. Loop only; safe to call more than once. */
  void stop() {
    assert channel.eventLoop().inEventLoop() : "Liveness.stop must run on the socket's loop";
    stopped = true;
    TimeoutScheduler.cancel(idleTask);
    TimeoutScheduler.cancel(pingTask);
    TimeoutScheduler.cancel(pongTask);
    idleTask = null;
    pingTask = null;
    pongTask = null;
  }

  private void checkIdle() {
    if (stopped) {
      return;
    }
    long quiet = settings.ticker.nanoTime() - lastActivityNanos;
    if (quiet >= settings.idleTimeoutNanos) {
      idleTask = null;
      handshake.idleExpired(quiet);
    } else {
      idleTask = schedule(this::checkIdle, settings.idleTimeoutNanos - quiet);
    }
  }

  private void ping() {
    if (stopped) {
      return;
    }
    if (pongTask == null) {
      ChannelFuture unused = channel.writeAndFlush(new PingWebSocketFrame()); // not counted as activity
      if (settings.pongTimeoutNanos > 0 && !stopped) {
        pongTask = schedule(this::pongExpired, settings.pongTimeoutNanos);
      }
    }
    if (!stopped) {
      pingTask = schedule(this::ping, settings.pingIntervalNanos);
    }
  }

  private void pongExpired() {
    if (stopped) {
      return;
    }
    pongTask = null;
    handshake.pongMissing(settings.pongTimeoutNanos);
  }

  private @Nullable Object schedule(Runnable task, long delayNanos) {
    return settings.scheduler.onLoop(channel.eventLoop(), task, delayNanos);
  }
}

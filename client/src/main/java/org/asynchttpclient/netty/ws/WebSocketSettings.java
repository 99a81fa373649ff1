package org.asynchttpclient.netty.ws;

import io.netty.util.concurrent.Ticker;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;

/**
 * What one WebSocket needs from the client's config, read once at the upgrade: the liveness timers
 * (zero means off), how long a close may wait for the server, and the clock the timers read.
 * Immutable.
 */
final class WebSocketSettings {
  /**
   * How long the client waits for the server's part of the closing handshake when the config does
   * not say (webSocketCloseTimeout): its Close frame after the client's, then the end of the TCP
   * connection (RFC 6455 7.1.1: the server closes it first). Netty's own client handshaker waits
   * 10 s for the same.
   */
  static final long DEFAULT_CLOSE_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

  /** No timers, the default close wait, the system clock: a socket made by the public constructor. */
  static final WebSocketSettings NONE =
      new WebSocketSettings(
          0, 0, 0, DEFAULT_CLOSE_TIMEOUT_NANOS, TimeoutScheduler.loopsOnly(Ticker.systemTicker()));

  final long idleTimeoutNanos;
  final long pingIntervalNanos;
  final long pongTimeoutNanos;
  final long closeTimeoutNanos;
  /** The engine's timers: this socket's run on its channel's loop, and read its clock. */
  final TimeoutScheduler scheduler;
  final Ticker ticker;

  WebSocketSettings(
      long idleTimeoutNanos,
      long pingIntervalNanos,
      long pongTimeoutNanos,
      long closeTimeoutNanos,
      TimeoutScheduler scheduler) {
    this.idleTimeoutNanos = idleTimeoutNanos;
    this.pingIntervalNanos = pingIntervalNanos;
    this.pongTimeoutNanos = pongTimeoutNanos;
    this.closeTimeoutNanos = closeTimeoutNanos;
    this.scheduler = scheduler;
    this.ticker = scheduler.ticker();
  }

  static WebSocketSettings of(AsyncHttpClientConfig config, TimeoutScheduler scheduler) {
    return new WebSocketSettings(
        nanosOrOff(config.getWebSocketIdleTimeout()),
        nanosOrOff(config.getWebSocketPingInterval()),
        nanosOrOff(config.getWebSocketPongTimeout()),
        closeWaitNanos(config.getWebSocketCloseTimeout()),
        scheduler);
  }

  /** The default for null, zero or negative: a close always waits a bounded, non-zero time. */
  private static long closeWaitNanos(Duration d) {
    return d == null || d.isNegative() || d.isZero() ? DEFAULT_CLOSE_TIMEOUT_NANOS : d.toNanos();
  }

  /** Zero (off) for null, zero or negative: values from properties are not range-checked. */
  private static long nanosOrOff(Duration d) {
    return d == null || d.isNegative() ? 0 : d.toNanos();
  }
}

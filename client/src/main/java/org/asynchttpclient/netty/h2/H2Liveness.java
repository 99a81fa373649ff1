package org.asynchttpclient.netty.h2;

import io.netty.channel.Channel;
import io.netty.handler.codec.http2.DefaultHttp2PingFrame;
import io.netty.util.concurrent.Ticker;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PING liveness of one HTTP/2 connection ({@code http2PingInterval} &gt; 0). Each interval in which
 * nothing was read, a PING goes out; if its acknowledgement has not come back within the ack
 * timeout (the interval, at most 5 s: 3.0.11's fixed wait), the connection is closed, which fails
 * its streams at once (or replays those that had no response yet, by the HTTP/1.1 retry rules).
 *
 * <pre>
 *   IDLE --interval passes with no read: send PING--&gt; AWAITING_ACK --ack with our payload--&gt; IDLE
 *                                                      |
 *                                                      +--ack timeout--&gt; connection closed
 * </pre>
 *
 * <p>The tick and the ack timeout are the connection's own timers ({@link TimeoutScheduler#onLoop}),
 * so a test's manual clock drives them.
 *
 * <p>Threads: loop-confined (the connection's event loop).
 */
final class H2Liveness {
  private static final Logger LOGGER = LoggerFactory.getLogger(H2Liveness.class);
  private static final long MAX_ACK_WAIT_NANOS = TimeUnit.SECONDS.toNanos(5);

  // immutable
  private final Channel channel;
  private final TimeoutScheduler scheduler;
  private final Ticker ticker;
  private final long intervalNanos;
  private final long ackTimeoutNanos;

  // loop-confined
  private long lastReadNanos;
  private long pendingPayload;
  private boolean awaitingAck;
  private boolean stopped;
  private @Nullable Object tick;
  private @Nullable Object ackTimeout;

  H2Liveness(Channel channel, TimeoutScheduler scheduler, long intervalNanos) {
    this.channel = channel;
    this.scheduler = scheduler;
    this.ticker = scheduler.ticker();
    this.intervalNanos = intervalNanos;
    this.ackTimeoutNanos = Math.min(intervalNanos, MAX_ACK_WAIT_NANOS);
  }

  void start() {
    assert channel.eventLoop().inEventLoop() : "H2Liveness runs on the connection's loop";
    lastReadNanos = ticker.nanoTime();
    tick = scheduler.onLoop(channel.eventLoop(), this::onTick, intervalNanos);
  }

  void onRead() {
    assert channel.eventLoop().inEventLoop() : "H2Liveness runs on the connection's loop";
    lastReadNanos = ticker.nanoTime();
  }

  private void onTick() {
    if (stopped) {
      return;
    }
    tick = scheduler.onLoop(channel.eventLoop(), this::onTick, intervalNanos);
    if (awaitingAck || ticker.nanoTime() - lastReadNanos < intervalNanos) {
      return;
    }
    awaitingAck = true;
    pendingPayload = ticker.nanoTime();
    channel.writeAndFlush(new DefaultHttp2PingFrame(pendingPayload, false));
    ackTimeout = scheduler.onLoop(channel.eventLoop(), this::onAckTimeout, ackTimeoutNanos);
  }

  void onAck(long payload) {
    assert channel.eventLoop().inEventLoop() : "H2Liveness runs on the connection's loop";
    if (!awaitingAck || payload != pendingPayload) {
      return;
    }
    awaitingAck = false;
    TimeoutScheduler.cancel(ackTimeout);
  }

  private void onAckTimeout() {
    if (!awaitingAck || stopped) {
      return;
    }
    long ms = TimeUnit.NANOSECONDS.toMillis(ackTimeoutNanos);
    LOGGER.debug("PING on {} not answered within {} ms: closing the connection", channel, ms);
    H2ConnectionCause.set(channel, "HTTP/2 PING to " + channel.remoteAddress() + " not answered within "
        + ms + " ms (expected an ack)");
    channel.close();
  }

  void stop() {
    assert channel.eventLoop().inEventLoop() : "H2Liveness runs on the connection's loop";
    stopped = true;
    TimeoutScheduler.cancel(tick);
    TimeoutScheduler.cancel(ackTimeout);
  }
}

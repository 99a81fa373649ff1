package org.asynchttpclient.netty.h2;

import io.netty.channel.Channel;
import io.netty.handler.codec.http2.DefaultHttp2PingFrame;
import io.netty.util.concurrent.ScheduledFuture;
import io.netty.util.concurrent.Ticker;
import java.util.concurrent.TimeUnit;
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
 * <p>Threads: loop-confined (the connection's event loop), every method asserts it.
 */
final class H2Liveness {
  private static final Logger LOGGER = LoggerFactory.getLogger(H2Liveness.class);
  private static final long MAX_ACK_WAIT_NANOS = TimeUnit.SECONDS.toNanos(5);

  // immutable
  private final Channel channel;
  private final Ticker ticker;
  private final long intervalNanos;
  private final long ackTimeoutNanos;

  // loop-confined
  private long lastReadNanos;
  private long pendingPayload;
  private boolean awaitingAck;
  private @Nullable ScheduledFuture<?> tick;
  private @Nullable ScheduledFuture<?> ackTimeout;

  H2Liveness(Channel channel, Ticker ticker, long intervalNanos) {
    this.channel = channel;
    this.ticker = ticker;
    this.intervalNanos = intervalNanos;
    this.ackTimeoutNanos = Math.min(intervalNanos, MAX_ACK_WAIT_NANOS);
  }

  void start() {
    assert channel.eventLoop().inEventLoop() : "H2Liveness runs on the connection's loop";
    lastReadNanos = ticker.nanoTime();
    tick =
        channel.eventLoop()
            .scheduleAtFixedRate(this::onTick, intervalNanos, intervalNanos, TimeUnit.NANOSECONDS);
  }

  void onRead() {
    assert channel.eventLoop().inEventLoop() : "H2Liveness runs on the connection's loop";
    lastReadNanos = ticker.nanoTime();
  }

  private void onTick() {
    if (awaitingAck || ticker.nanoTime() - lastReadNanos < intervalNanos) {
      return;
    }
    awaitingAck = true;
    pendingPayload = ticker.nanoTime();
    channel.writeAndFlush(new DefaultHttp2PingFrame(pendingPayload, false));
    ackTimeout = channel.eventLoop().schedule(this::onAckTimeout, ackTimeoutNanos, TimeUnit.NANOSECONDS);
  }

  void onAck(long payload) {
    assert channel.eventLoop().inEventLoop() : "H2Liveness runs on the connection's loop";
    if (!awaitingAck || payload != pendingPayload) {
      return;
    }
    awaitingAck = false;
    ScheduledFuture<?> t = ackTimeout;
    if (t != null) {
      t.cancel(false);
    }
  }

  private void onAckTimeout() {
    if (!awaitingAck) {
      return;
    }
    LOGGER.debug(
        "PING on {} not answered within {} ms: closing the connection", channel,
        TimeUnit.NANOSECONDS.toMillis(ackTimeoutNanos));
    H2ConnectionCause.set(
        channel,
        "HTTP/2 PING to " + channel.remoteAddress() + " not answered within "
            + TimeUnit.NANOSECONDS.toMillis(ackTimeoutNanos) + " ms (expected an ack)");
    channel.close();
  }

  void stop() {
    ScheduledFuture<?> t = tick;
    if (t != null) {
      t.cancel(false);
    }
    ScheduledFuture<?> a = ackTimeout;
    if (a != null) {
      a.cancel(false);
    }
  }
}

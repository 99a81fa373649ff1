package org.asynchttpclient.netty.h2;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import org.jetbrains.annotations.Nullable;

/**
 * One HTTP/2 connection of a partition and the count of its stream slots.
 *
 * <pre>
 *            SETTINGS from the server (its preface)
 *   PREFACE -----------------------------------------&gt; OPEN
 *      |                                                |  GOAWAY received, PING unanswered,
 *      |                                                |  a second REFUSED_STREAM, replaced,
 *      |                                                |  connectionTtl passed, last stream
 *      |                                                |  ended without keepAlive, idle for
 *      |                                                |  pooledConnectionIdleTimeout
 *      |                                                v
 *      |                                            DRAINING --- last stream ends: close ---+
 *      |   connection closed (any state)                |                                   |
 *      +------------------------------------------------+-----------------------------------+--&gt; CLOSED
 * </pre>
 *
 * New streams go only to an OPEN connection, at most {@link #limit()} at once: the client's {@code
 * http2MaxConcurrentStreams} (if positive) or the server's SETTINGS_MAX_CONCURRENT_STREAMS,
 * whichever is smaller. A DRAINING connection is no longer the partition's: its streams finish,
 * and it closes when the last one ends. A connection holds no connection permit (the permit of
 * the hop that opened it was given back once ALPN picked h2, as 3.0.11 does), except under
 * round robin, where the permit stays parked on its channel until it drains or closes.
 *
 * <p>Threads: every mutable field is guarded by the monitor of the owning {@link H2Partition};
 * transitions are decided there and their side effects run after the monitor is released.
 */
final class H2Connection {
  enum State {
    PREFACE,
    OPEN,
    DRAINING,
    CLOSED
  }

  // immutable
  final Channel channel;
  final H2Partition partition;
  private final int clientLimit;
  /** When the connection was made (the engine's ticker), for connectionTtl. */
  final long createdNanos;

  // guarded by partition
  State state = State.PREFACE;
  int active;
  int serverLimit = Integer.MAX_VALUE;
  int refused;
  /** When {@link #active} last fell to zero (the engine's ticker). */
  long idleSinceNanos;
  /** Whether an idle check is scheduled on the loop; at most one at a time. */
  boolean idleCheckArmed;
  /**
   * The hop that opened this connection as a further one of its partition: it waits on this
   * connection alone until its SETTINGS come ({@link H2Partition#settings}), so that new hops keep
   * taking streams of the other connections meanwhile. Null once taken.
   */
  @Nullable H2Waiter firstWaiter;

  // loop-confined
  /** The codec's view of the connection, once installed: its count of active streams is Netty's. */
  @Nullable Http2Connection codec;
  /**
   * A hop waits for the codec to close a stream ({@link H2Partition#waitForCodec}); only then does
   * a stream the codec closes need the partition's monitor.
   */
  boolean codecWaiter;
  /**
   * The last stream id of the GOAWAY the server sent, or -1 before one arrived. Netty tells the
   * streams above it with a copy of the frame that has lost the id (4.2: {@code replace} drops it),
   * so the streams read it here.
   */
  int serverGoAwayLastStreamId = -1;
  /** Opens this connection's streams; made on the first (a bootstrap per stream is two maps a request). */
  private @Nullable Http2StreamChannelBootstrap streamBootstrap;

  H2Connection(Channel channel, H2Partition partition, int clientLimit, long createdNanos) {
    this.channel = channel;
    this.partition = partition;
    this.createdNanos = createdNanos;
    this.clientLimit = clientLimit > 0 ? clientLimit : Integer.MAX_VALUE;
  }

  /** The bootstrap of this connection's streams, whose pipelines {@code pipeline} sets up. Loop-only. */
  Http2StreamChannelBootstrap streamBootstrap(StreamPipeline pipeline) {
    assert loop().inEventLoop() : "streamBootstrap must run on the connection's loop";
    if (streamBootstrap == null) {
      streamBootstrap =
          new Http2StreamChannelBootstrap(channel).handler(pipeline.setup(H2Pipeline.isTls(channel)));
    }
    return streamBootstrap;
  }

  EventLoop loop() {
    return channel.eventLoop();
  }

  /** Streams this connection may carry at once. Guarded by the partition. */
  int limit() {
    return Math.min(clientLimit, serverLimit);
  }

  /** Whether a new stream may be opened now. Guarded by the partition. */
  boolean hasFreeSlot() {
    return state == State.OPEN && active < limit();
  }

  /**
   * Whether the codec lets one more stream open now. Our slots are freed when a stream ends for
   * the exchange, before the codec has written that stream's RST_STREAM or last frame (a flush
   * may be coalesced to the end of the loop turn), and the codec counts the stream active until
   * then. On the connection's loop.
   */
  boolean codecHasRoom() {
    assert loop().inEventLoop() : "codecHasRoom runs on the connection's loop";
    Http2Connection c = codec;
    return c == null || c.local().canOpenStream();
  }

  /** The codec closed one of this connection's streams. On the connection's loop. */
  void codecClosedStream() {
    if (codecWaiter) {
      codecWaiter = false;
      partition.codecClosedStream();
    }
  }

  /** Counts a stream for {@code w} on this connection at once and hands it the slot. Guarded by the partition. */
  void grantTo(H2Waiter w) {
    active++;
    w.slot = new StreamSlot(this);
  }

  /** Takes {@link #firstWaiter}. Guarded by the partition. */
  @Nullable H2Waiter takeFirstWaiter() {
    H2Waiter w = firstWaiter;
    firstWaiter = null;
    return w;
  }

  @Override
  public String toString() {
    return "H2Connection{" + channel + ", " + state + ", " + active + "/" + limit() + '}';
  }
}

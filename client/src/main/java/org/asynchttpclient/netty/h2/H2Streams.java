package org.asynchttpclient.netty.h2;

import io.netty.channel.Channel;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.util.AttributeKey;
import org.asynchttpclient.netty.hop.HopFailure;
import org.jetbrains.annotations.Nullable;

/**
 * What the engine does with a stream channel instead of what it does with a connection: a stream
 * is never pooled, and giving it up resets only that stream (RST_STREAM CANCEL), never the
 * connection it shares with others.
 *
 * <p>Threads: any; channel work is handed to the connection's event loop.
 */
public final class H2Streams {
  static final AttributeKey<StreamSlot> SLOT = AttributeKey.valueOf("ahc.h2.slot");

  private H2Streams() {}

  /** Whether {@code channel} carries one HTTP/2 stream (as opposed to a connection). */
  public static boolean isStream(Channel channel) {
    return channel instanceof Http2StreamChannel;
  }

  /**
   * Adds to {@code failure} what the stream knows of the server's handling of it: the server did
   * not process it if it refused it (REFUSED_STREAM), if its id is above the last stream id of a
   * GOAWAY the server sent (or it got no id before that GOAWAY), or if its HEADERS frame was never
   * written; otherwise the server may have. On the stream's loop (the connection's).
   */
  public static HopFailure.Builder addFacts(Channel stream, HopFailure.Builder failure) {
    assert stream.eventLoop().inEventLoop() : "a stream's facts are read on its loop";
    StreamSlot slot = slot(stream);
    Http2FrameStream s = stream instanceof Http2StreamChannel ? ((Http2StreamChannel) stream).stream() : null;
    int id = s != null ? s.id() : -1;
    int last = slot != null ? slot.connection.serverGoAwayLastStreamId : -1;
    HopFailure.Unprocessed proof = null;
    if (slot != null) {
      if (slot.refusedByServer) {
        proof = HopFailure.Unprocessed.REFUSED_STREAM;
      } else if (last >= 0 && (id <= 0 || id > last)) {
        proof = HopFailure.Unprocessed.ABOVE_GOAWAY;
      } else if (!slot.headersWritten) {
        proof = HopFailure.Unprocessed.NEVER_SENT;
      }
    }
    return failure.stream(id, last, proof);
  }

  /** The slot of {@code stream}, or null for a stream that has none. On the stream's loop. */
  static @Nullable StreamSlot slot(Channel stream) {
    return stream.hasAttr(SLOT) ? stream.attr(SLOT).get() : null;
  }

  static String streamId(Channel channel) {
    if (channel instanceof Http2StreamChannel) {
      Http2FrameStream s = ((Http2StreamChannel) channel).stream();
      return s != null ? Integer.toString(s.id()) : "(unopened)";
    }
    return "(not a stream)";
  }

  /**
   * Ends a stream the exchange is done with. Its slot is released at once, on the calling thread,
   * so that a waiting request can take it before the caller of the exchange hears of the outcome;
   * the stream itself is closed on its loop. A stream still open in either direction is reset with
   * CANCEL: Netty's close sends that while the response is unread, and a stream whose response
   * ended while its request body was still being sent gets an explicit reset, since closing it
   * would leave it half-open on both sides, holding a slot of the server's limit.
   */
  public static void end(Channel stream) {
    // The close is done or queued before the slot is handed on, so on the loop it comes before
    // the next stream's HEADERS.
    if (stream.eventLoop().inEventLoop()) {
      closeOnLoop(stream);
    } else {
      try {
        stream.eventLoop().execute(() -> closeOnLoop(stream));
      } catch (java.util.concurrent.RejectedExecutionException shuttingDown) {
        // the loop is gone, and the connection with it
      }
    }
    StreamSlot slot = slot(stream);
    if (slot != null) {
      slot.release();
    }
  }

  private static void closeOnLoop(Channel stream) {
    if (!stream.isOpen()) {
      return;
    }
    Http2FrameStream s = ((Http2StreamChannel) stream).stream();
    if (s != null && s.state() == Http2Stream.State.HALF_CLOSED_REMOTE && stream.parent().isActive()) {
      stream.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.CANCEL));
    }
    stream.close();
  }
}

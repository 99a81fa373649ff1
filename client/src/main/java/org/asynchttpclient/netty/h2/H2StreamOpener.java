package org.asynchttpclient.netty.h2;

import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.util.concurrent.Future;
import java.io.IOException;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;

/**
 * Opens the stream of a hop that was granted a slot of a connection, on that connection's loop,
 * and hands it to the engine to write; a stream that could not be opened was never seen by the
 * server, so its hop is replayed by the before-response rules.
 *
 * <p>Threads: any; the stream is opened on the connection's loop. Immutable.
 */
final class H2StreamOpener {
  // immutable
  private final StreamPipeline streams;
  private final H2Registry.Engine engine;

  H2StreamOpener(StreamPipeline streams, H2Registry.Engine engine) {
    this.streams = streams;
    this.engine = engine;
  }

  /** Opens a stream for {@code w} in the slot it was granted; any thread. */
  void open(H2Waiter w) {
    StreamSlot slot = w.slot;
    if (slot == null) {
      return;
    }
    Exchange<?> ex = w.exchange;
    if (w.isOver()) {
      slot.release();
      return;
    }
    H2Connection c = slot.connection();
    // Always a task of its own on the loop, even from the loop: a slot freed while Netty is still
    // handing on a stream's last frame is counted free before Netty closes that stream, and the
    // new stream's HEADERS must not overtake that close.
    try {
      c.loop().execute(() -> openOnLoop(c, slot, w));
    } catch (java.util.concurrent.RejectedExecutionException e) {
      slot.release();
      ex.fail(new IOException("HTTP/2 connection's event loop is shut down", e));
    }
  }

  private void openOnLoop(H2Connection c, StreamSlot slot, H2Waiter w) {
    if (!c.codecHasRoom()) {
      // Opening now would be refused (REFUSED_STREAM, never sent): wait for the codec instead.
      c.partition.waitForCodec(w, slot);
      return;
    }
    new Http2StreamChannelBootstrap(c.channel)
        .handler(streams.initializer(H2Pipeline.isTls(c.channel) ? "https" : "http"))
        .open()
        .addListener((Future<Http2StreamChannel> f) -> onStreamOpened(f, slot, w));
  }

  private void onStreamOpened(Future<Http2StreamChannel> f, StreamSlot slot, H2Waiter w) {
    Attempt attempt = w.attempt;
    if (!f.isSuccess()) {
      slot.release();
      // Nothing of the stream was written: the server never saw it.
      UnprocessedStreamException cause =
          new UnprocessedStreamException(
              "Could not open an HTTP/2 stream on " + slot.connection().channel + ": " + f.cause());
      cause.initCause(f.cause());
      if (!engine.retryBeforeResponse(attempt, cause)) {
        attempt.exchange().fail(cause);
      }
      return;
    }
    Http2StreamChannel stream = f.getNow();
    stream.attr(H2Streams.SLOT).set(slot);
    ChannelClosing.endsItsOwnWay(stream, H2Streams::end);
    stream.closeFuture().addListener(x -> slot.release());
    engine.write(attempt, stream);
  }
}

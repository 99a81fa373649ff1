package org.asynchttpclient.netty.h2;

import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.util.concurrent.Future;
import java.io.IOException;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.ExchangeEvents;
import org.asynchttpclient.netty.request.RequestWriter;

/**
 * Opens the stream of a hop that was granted a slot of a connection, on that connection's loop,
 * and writes the hop's request on it; a stream that could not be opened was never seen by the
 * server, which the hop driver is told (it replays such a hop).
 *
 * <p>Threads: any; the stream is opened on the connection's loop. Immutable.
 */
final class H2StreamOpener {
  // immutable
  private final StreamPipeline streams;
  private final RequestWriter writer;
  private final ExchangeEvents events;

  H2StreamOpener(StreamPipeline streams, RequestWriter writer, ExchangeEvents events) {
    this.streams = streams;
    this.writer = writer;
    this.events = events;
  }

  /** Opens a stream for {@code w} in the slot it was granted; any thread. */
  void open(H2Waiter w) {
    StreamSlot slot = w.slot;
    if (slot == null) {
      return;
    }
    if (w.isOver()) {
      slot.release();
      return;
    }
    H2Connection c = slot.connection;
    // Always a task of its own on the loop, even from the loop: a slot freed while Netty is still
    // handing on a stream's last frame is counted free before Netty closes that stream, and the
    // new stream's HEADERS must not overtake that close.
    try {
      c.loop().execute(() -> openOnLoop(c, slot, w));
    } catch (java.util.concurrent.RejectedExecutionException e) {
      slot.release();
      w.attempt.fail(new IOException("HTTP/2 connection's event loop is shut down", e));
    }
  }

  private void openOnLoop(H2Connection c, StreamSlot slot, H2Waiter w) {
    if (!c.codecHasRoom()) {
      // Opening now would be refused (REFUSED_STREAM, never sent): wait for the codec instead.
      c.partition.waitForCodec(w, slot);
      return;
    }
    c.streamBootstrap(streams)
        .open()
        .addListener((Future<Http2StreamChannel> f) -> onStreamOpened(f, slot, w));
  }

  private void onStreamOpened(Future<Http2StreamChannel> f, StreamSlot slot, H2Waiter w) {
    Attempt attempt = w.attempt;
    if (!f.isSuccess()) {
      slot.release();
      H2Connection c = slot.connection;
      // Nothing of the stream was written: the server never saw it.
      IOException cause = new IOException("could not open an HTTP/2 stream on " + c.channel, f.cause());
      c.partition.actions.cut(w, cause, c);
      return;
    }
    Http2StreamChannel stream = f.getNow();
    stream.attr(H2Streams.SLOT).set(slot);
    ChannelClosing.endsItsOwnWay(stream, H2Streams::end);
    stream.closeFuture().addListener(x -> slot.release());
    // The stream is the hop's carrier: published first, so a cancel or timeout resets it.
    boolean openedIt = attempt.remoteAddress() != null; // the opener connected it itself
    if (attempt.attachCarrier(stream)) {
      if (!openedIt) {
        events.connectionAcquired(attempt, true);
      }
      writer.write(attempt, stream);
    }
  }
}

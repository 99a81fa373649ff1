package org.asynchttpclient.netty.h2;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One of a connection's concurrent-stream slots, held by one stream from before it is opened until
 * it ends. Released exactly once, by whichever comes first: the exchange giving up its carrier (so
 * the slot is free before the caller hears of the outcome) or the stream channel closing.
 *
 * <p>Threads: any; the release is decided by one compare-and-set.
 */
final class StreamSlot {
  // immutable
  final H2Connection connection;

  // any thread
  private final AtomicBoolean released = new AtomicBoolean();

  // loop-confined (the connection's loop): what the stream knows of the server's handling of it
  /** The stream's HEADERS frame was written: from then on the server may process the request. */
  boolean headersWritten;
  /** The server reset the stream with REFUSED_STREAM: it did not process it. */
  boolean refusedByServer;

  StreamSlot(H2Connection connection) {
    this.connection = connection;
  }

  /**
   * Gives the slot back without handing it on: the hop that held it waits again at the head of the
   * queue. False if it was released already.
   */
  boolean takeBack() {
    return released.compareAndSet(false, true);
  }

  void release() {
    if (released.compareAndSet(false, true)) {
      connection.partition.slotReleased(connection);
    }
  }
}

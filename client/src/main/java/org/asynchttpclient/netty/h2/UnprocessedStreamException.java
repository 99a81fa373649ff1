package org.asynchttpclient.netty.h2;

import java.io.IOException;

/**
 * An HTTP/2 stream the server cannot have processed: it refused it (RST_STREAM REFUSED_STREAM), its
 * id was above the last stream id of a GOAWAY the server sent, or its HEADERS frame was never
 * written. Sending the same request again is safe for every method, so such a hop is replayed on
 * the partition's next connection within the exchange's budget (HTTP/2 section 8.7). Nothing else
 * is: a connection that closes, or a GOAWAY the client sends itself, says nothing of what the
 * server did with the streams it had.
 */
public final class UnprocessedStreamException extends IOException {
  private static final long serialVersionUID = 1L;

  public UnprocessedStreamException(String message) {
    super(message);
  }
}

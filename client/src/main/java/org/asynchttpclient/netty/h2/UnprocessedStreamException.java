package org.asynchttpclient.netty.h2;

import java.io.IOException;

/**
 * An HTTP/2 stream the server never processed: it refused it (RST_STREAM REFUSED_STREAM) or its id
 * was above the last stream id of the server's GOAWAY. Sending the same request again is safe for
 * every method, so such a hop is replayed on the partition's next connection within the
 * exchange's budget (HTTP/2 section 8.7).
 */
public final class UnprocessedStreamException extends IOException {
  private static final long serialVersionUID = 1L;

  public UnprocessedStreamException(String message) {
    super(message);
  }
}

package org.asynchttpclient.request.body;

import java.io.IOException;
import java.nio.channels.WritableByteChannel;

/**
 * A {@link Body} that can also write itself straight into a channel, which lets the transport use
 * zero-copy transfers (for example {@code FileChannel.transferTo}) where the connection allows it.
 */
public interface RandomAccessBody extends Body {

  /**
   * Writes the next bytes of the body into {@code target}. A non-blocking channel may accept fewer
   * bytes than offered; the body remembers where it stopped and resumes there on the next call.
   *
   * @param target the channel to write to
   * @return the number of bytes written by this call (possibly 0), or -1 once the whole body has
   *     been written
   * @throws IOException if reading the source or writing the channel fails
   */
  long transferTo(WritableByteChannel target) throws IOException;
}

package org.asynchttpclient.request.body;

import io.netty.buffer.ByteBuf;
import java.io.Closeable;
import java.io.IOException;

/**
 * A request body that is written in pieces into buffers handed out by the transport.
 *
 * <p>A body is a one-shot cursor: once written it cannot be rewound. It is driven by one thread at a
 * time (in practice the event loop of the channel that writes it); implementations need not be
 * thread-safe unless they say so.
 */
public interface Body extends Closeable {

  /**
   * The number of bytes this body will produce in total.
   *
   * @return the length in bytes, or -1 when it is not known in advance
   */
  long getContentLength();

  /**
   * Writes as many bytes as are available and fit into {@code target} (at most
   * {@code target.writableBytes()}), never growing the buffer.
   *
   * <p>A body may return {@link BodyState#STOP} from the very call that wrote its last bytes (as
   * AHC 3.0.12 documents, and as {@code MultipartBody} does): a writer sends whatever is in {@code
   * target} before it acts on the state, whichever state it is.
   *
   * @param target the buffer to fill
   * @return {@link BodyState#CONTINUE} if more may follow (bytes may or may not have been written),
   *     {@link BodyState#SUSPEND} if no more data is available yet (bytes written by this call are
   *     still sent), or {@link BodyState#STOP} if the body is complete (with its last bytes, if this
   *     call wrote any)
   * @throws IOException if the source of the body fails
   */
  BodyState transferTo(ByteBuf target) throws IOException;

  /** What the writer should do after a call to {@link #transferTo(ByteBuf)}. */
  enum BodyState {

    /** Call again: there may be more data. */
    CONTINUE,

    /**
     * No more data is available now; the writer sends what this call wrote, then waits until it
     * is told that data arrived (for example through a {@code FeedListener}).
     */
    SUSPEND,

    /** The body is complete; bytes this call wrote are its last ones and are still sent. */
    STOP
  }
}

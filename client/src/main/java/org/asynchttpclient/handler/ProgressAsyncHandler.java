package org.asynchttpclient.handler;

import org.asynchttpclient.AsyncHandler;

/**
 * An {@link AsyncHandler} that also hears how the request upload progresses. Like every handler callback,
 * these run on I/O threads and must not block.
 *
 * @param <T> the type of the result
 */
public interface ProgressAsyncHandler<T> extends AsyncHandler<T> {

  /** The request headers have been written to the connection. */
  State onHeadersWritten();

  /** The whole request body has been written to the connection. */
  State onContentWritten();

  /**
   * Part of the request body has been written.
   *
   * @param amount bytes written by this step
   * @param current bytes written so far
   * @param total bytes to write in all, or -1 if unknown
   */
  State onContentWriteProgress(long amount, long current, long total);
}

package org.asynchttpclient;

/**
 * Flow control of one response body, handed to {@link AsyncHandler#onResponseBodyStart} once the
 * status and headers of the final response have been delivered: the handler may stop the body
 * while it catches up, let it flow again, or end the exchange with what it has received.
 *
 * <p>Every method may be called from any thread, any number of times; the work runs on the
 * connection's event loop. Once the exchange has ended (completed, failed, timed out or cancelled)
 * every method does nothing. No method throws.
 *
 * <p>While the body is suspended the read timeout does not run (the silence is the handler's
 * choice, not the server's); the request timeout still does, and ends the exchange with a
 * timeout if it expires first.
 */
public interface ResponseBodyControl {

  /**
   * Stops reading the body. Over HTTP/1.1 the connection stops being read, so the server's writes
   * back up; over HTTP/2 the stream's flow-control window is no longer given back to the server,
   * while the connection's other streams go on. The handler hears nothing more of this response
   * (no body part, no trailers, no completion) until {@link #resume()} or {@link #cancel()}: what
   * was already read is kept, in order. Does nothing if the body is already suspended.
   */
  void suspend();

  /**
   * Reads the body again after {@link #suspend()}: what was kept is delivered first, then the
   * connection (or stream) is read again. The read timeout starts afresh from here. Does nothing
   * unless the body is suspended.
   */
  void resume();

  /**
   * Ends the exchange now, normally: the handler's {@link AsyncHandler#onCompleted()} runs and the
   * future completes with its result, built from the body received so far. The connection is
   * closed unless the whole body had already been read from it (over HTTP/2 the stream is reset
   * with {@code CANCEL}, and the connection goes on serving its other streams).
   */
  void cancel();
}

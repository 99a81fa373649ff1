package org.asynchttpclient.handler;

import io.netty.handler.codec.http.HttpHeaders;

/** Hears the progress of a transfer through a {@link TransferCompletionHandler}. */
public interface TransferListener {

  /** The request headers were written. */
  void onRequestHeadersSent(HttpHeaders headers);

  /** The response headers (or trailing headers) arrived. */
  void onResponseHeadersReceived(HttpHeaders headers);

  /** A chunk of the response body arrived; the array may be shared by all listeners: do not modify it. */
  void onBytesReceived(byte[] bytes);

  /**
   * Part of the request body was written.
   *
   * @param amount bytes written by this step
   * @param current bytes written so far
   * @param total bytes to write in all, or -1 if unknown
   */
  void onBytesSent(long amount, long current, long total);

  /** The exchange completed. */
  void onRequestResponseCompleted();

  /**
   * The exchange failed, or one of this listener's own callbacks threw (the exception is reported here
   * instead of breaking the exchange).
   */
  void onThrowable(Throwable t);
}

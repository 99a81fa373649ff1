package org.asynchttpclient.filter;

import org.asynchttpclient.exception.FilterException;

/**
 * Consulted when an exchange fails with an {@link java.io.IOException}; it may ask for the request to be
 * replayed (see {@link FilterContext#replayRequest()}). Runs on an I/O thread: must not block.
 */
public interface IOExceptionFilter {

  /**
   * Returns the context to continue with.
   *
   * @throws FilterException to fail the exchange with it
   */
  <T> FilterContext<T> filter(FilterContext<T> ctx) throws FilterException;
}

package org.asynchttpclient.filter;

import org.asynchttpclient.exception.FilterException;

/**
 * Inspects a response status and headers before the handler sees them; configured on the client. It may
 * ask for the request to be replayed (see {@link FilterContext#replayRequest()}). Runs on an I/O thread:
 * must not block.
 */
public interface ResponseFilter {

  /**
   * Returns the context to continue with.
   *
   * @throws FilterException to fail the exchange
   */
  <T> FilterContext<T> filter(FilterContext<T> ctx) throws FilterException;
}

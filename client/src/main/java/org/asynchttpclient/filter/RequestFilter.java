package org.asynchttpclient.filter;

import org.asynchttpclient.exception.FilterException;

/**
 * Inspects or changes a request before it is sent; configured on the client. Runs on the thread that
 * calls {@code execute}, for every request, and again for every redirect or auth replay hop.
 */
public interface RequestFilter {

  /**
   * Returns the context to continue with: the same one, or one built from it with another request or
   * handler.
   *
   * @throws FilterException to refuse the request; the exchange then fails with it
   */
  <T> FilterContext<T> filter(FilterContext<T> ctx) throws FilterException;
}

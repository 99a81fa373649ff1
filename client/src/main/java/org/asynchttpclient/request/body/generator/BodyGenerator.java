package org.asynchttpclient.request.body.generator;

import org.asynchttpclient.request.body.Body;

/**
 * Produces the {@link Body} of a request.
 *
 * <p>Generators over data held in memory or in a file create an independent body on every call, so
 * the request can be sent again (retry, redirect, authentication replay). Generators over a stream
 * or a feed hand out bodies that share one source and cannot be replayed.
 */
public interface BodyGenerator {

  /**
   * Creates a body positioned at its first byte. The caller owns the body and must close it.
   *
   * @return a new body
   */
  Body createBody();
}

package org.asynchttpclient.netty.channel;

import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;

/**
 * Trailers for the response decoder, sized for what they almost always hold: nothing. The decoder
 * gives every response's last content its own trailers object, so the default sixteen-bucket table
 * would be allocated per response to stay empty; the small one still takes any trailers a server sends.
 */
final class SmallTrailersFactory implements HttpHeadersFactory {
  private final HttpHeadersFactory validating;

  /** {@code validating} decides the validation; only the initial size changes. */
  SmallTrailersFactory(HttpHeadersFactory validating) {
    this.validating = validating;
  }

  @Override
  public HttpHeaders newHeaders() {
    return validating.newEmptyHeaders();
  }

  @Override
  public HttpHeaders newEmptyHeaders() {
    return validating.newEmptyHeaders();
  }
}

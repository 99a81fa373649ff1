package org.asynchttpclient.netty.channel;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;

/**
 * Header tables for the response decoder, sized for what a response carries rather than Netty's
 * sixteen buckets: the decoder builds a table per response for its headers and another for its
 * trailers, so their bucket arrays are allocated per request. Headers get {@value #HEADER_BUCKETS}
 * buckets (a response holds a handful; a longer one only makes chains longer, lookups stay
 * correct); trailers, almost always empty, get the smallest table. Validation is the decoder's own.
 */
final class CompactHeadersFactory implements HttpHeadersFactory {
  private static final int HEADER_BUCKETS = 8;

  // immutable
  private final DefaultHttpHeadersFactory validating;
  private final boolean trailers;

  private CompactHeadersFactory(DefaultHttpHeadersFactory validating, boolean trailers) {
    this.validating = validating;
    this.trailers = trailers;
  }

  /**
   * Puts compact factories in {@code decoder}, keeping its validation; a factory that is not
   * Netty's default (combining headers, say) is left as it is.
   */
  static void install(HttpDecoderConfig decoder) {
    HttpHeadersFactory headers = decoder.getHeadersFactory();
    if (headers instanceof DefaultHttpHeadersFactory
        && !((DefaultHttpHeadersFactory) headers).isCombiningHeaders()) {
      decoder.setHeadersFactory(new CompactHeadersFactory((DefaultHttpHeadersFactory) headers, false));
    }
    HttpHeadersFactory trailers = decoder.getTrailersFactory();
    if (trailers instanceof DefaultHttpHeadersFactory
        && !((DefaultHttpHeadersFactory) trailers).isCombiningHeaders()) {
      decoder.setTrailersFactory(new CompactHeadersFactory((DefaultHttpHeadersFactory) trailers, true));
    }
  }

  @Override
  public HttpHeaders newHeaders() {
    return trailers ? validating.newEmptyHeaders() : new SizedHeaders(validating, HEADER_BUCKETS);
  }

  @Override
  public HttpHeaders newEmptyHeaders() {
    return validating.newEmptyHeaders();
  }

  /** Netty's table with a chosen bucket count (its constructor for that is protected). */
  private static final class SizedHeaders extends DefaultHttpHeaders {
    SizedHeaders(DefaultHttpHeadersFactory validating, int buckets) {
      super(validating.getNameValidator(), validating.getValueValidator(), buckets);
    }
  }
}

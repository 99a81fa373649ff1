package org.asynchttpclient;

/**
 * Signs a request as it is built (OAuth 1.0, AWS and the like). {@link RequestBuilderBase#build()} builds
 * the request once without the signature, passes it here, then builds the final request from the builder
 * this calculator received, so headers or query parameters it adds end up on the request that is sent.
 */
public interface SignatureCalculator {
  /**
   * Adds the signature of {@code request} to {@code requestBuilder}.
   *
   * @param request the request as it would be sent without a signature
   * @param requestBuilder a builder holding the same state, to add the signature to
   */
  void calculateAndAddSignature(Request request, RequestBuilderBase<?> requestBuilder);
}

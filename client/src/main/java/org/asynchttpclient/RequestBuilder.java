package org.asynchttpclient;

/** Builds a {@link Request} to pass to {@link AsyncHttpClient#executeRequest(Request)}; see {@link RequestBuilderBase}. */
public class RequestBuilder extends RequestBuilderBase<RequestBuilder> {

  /** A GET builder. */
  public RequestBuilder() {
    this("GET");
  }

  /**
   * A builder for {@code method}, URL encoding on.
   *
   * @throws IllegalArgumentException if {@code method} is not an HTTP token
   */
  public RequestBuilder(String method) {
    this(method, false);
  }

  /**
   * A builder for {@code method}.
   *
   * @param disableUrlEncoding true to send the URI and query parameters as given
   */
  public RequestBuilder(String method, boolean disableUrlEncoding) {
    super(method, disableUrlEncoding);
  }

  /**
   * A builder for {@code method}.
   *
   * @param validateHeaders kept for AHC 3.0.11 compatibility; headers are always validated
   */
  public RequestBuilder(String method, boolean disableUrlEncoding, boolean validateHeaders) {
    super(method, disableUrlEncoding, validateHeaders);
  }

  /** A builder holding a copy of {@code prototype}; see {@link Request#toBuilder()}. */
  RequestBuilder(Request prototype) {
    super(prototype);
  }
}

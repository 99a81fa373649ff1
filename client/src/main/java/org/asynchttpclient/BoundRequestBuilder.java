package org.asynchttpclient;

/**
 * A request builder bound to the client that created it ({@code client.prepareGet(url)...}), so that
 * {@link #execute()} sends what it built through that client.
 */
public class BoundRequestBuilder extends RequestBuilderBase<BoundRequestBuilder> {

  private final AsyncHttpClient client;

  public BoundRequestBuilder(AsyncHttpClient client, String method, boolean isDisableUrlEncoding, boolean validateHeaders) {
    super(method, isDisableUrlEncoding, validateHeaders);
    this.client = client;
  }

  public BoundRequestBuilder(AsyncHttpClient client, String method, boolean isDisableUrlEncoding) {
    super(method, isDisableUrlEncoding);
    this.client = client;
  }

  /** A builder holding a copy of {@code prototype}, bound to {@code client}. */
  public BoundRequestBuilder(AsyncHttpClient client, Request prototype) {
    super(prototype);
    this.client = client;
  }

  /** Builds the request and executes it with {@code handler}. */
  public <T> ListenableFuture<T> execute(AsyncHandler<T> handler) {
    return client.executeRequest(buildLendingHeaders(), handler);
  }

  /** Builds the request and executes it, collecting the whole response. */
  public ListenableFuture<Response> execute() {
    return client.executeRequest(buildLendingHeaders(), new AsyncCompletionHandlerBase());
  }
}

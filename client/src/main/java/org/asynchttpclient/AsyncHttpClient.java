package org.asynchttpclient;

import java.io.Closeable;
import java.util.function.Predicate;

/**
 * An asynchronous HTTP client. Prepare a request with one of the {@code prepareXxx} methods (or
 * build one with {@link RequestBuilder}), then execute it: the returned {@link ListenableFuture}
 * completes once, with the handler's result or the failure. A client is thread-safe and meant to
 * be shared; {@link #close()} it when done.
 *
 * <p>Timeouts: see {@link AsyncHttpClientConfig#getRequestTimeout()}, {@link
 * AsyncHttpClientConfig#isUseEventLoopTimeouts()} and {@link
 * AsyncHttpClientConfig#isUseAbsoluteRequestDeadline()}.
 */
public interface AsyncHttpClient extends Closeable {

  /** Whether {@link #close()} was called. */
  boolean isClosed();

  /** Sets a signature calculator applied to every request prepared by this client. */
  AsyncHttpClient setSignatureCalculator(SignatureCalculator signatureCalculator);

  /** Prepares a request with any method. */
  BoundRequestBuilder prepare(String method, String url);

  BoundRequestBuilder prepareGet(String url);

  BoundRequestBuilder prepareConnect(String url);

  BoundRequestBuilder prepareOptions(String url);

  BoundRequestBuilder prepareHead(String url);

  BoundRequestBuilder preparePost(String url);

  BoundRequestBuilder preparePut(String url);

  BoundRequestBuilder prepareDelete(String url);

  BoundRequestBuilder preparePatch(String url);

  BoundRequestBuilder prepareTrace(String url);

  /** Prepares a request starting from a copy of {@code request}. */
  BoundRequestBuilder prepareRequest(Request request);

  BoundRequestBuilder prepareRequest(RequestBuilder requestBuilder);

  /** Executes {@code request}; {@code handler} hears the response as it arrives. */
  <T> ListenableFuture<T> executeRequest(Request request, AsyncHandler<T> handler);

  <T> ListenableFuture<T> executeRequest(RequestBuilder requestBuilder, AsyncHandler<T> handler);

  /** Executes {@code request} and collects the whole response. */
  ListenableFuture<Response> executeRequest(Request request);

  ListenableFuture<Response> executeRequest(RequestBuilder requestBuilder);

  /** Open and idle connections, per host. */
  ClientStats getClientStats();

  /** Closes the idle pooled connections whose partition key matches. */
  void flushChannelPoolPartitions(Predicate<Object> predicate);

  AsyncHttpClientConfig getConfig();
}

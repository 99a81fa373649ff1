package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface AsyncHttpClient extends java.io.Closeable {
  boolean isClosed();
  org.asynchttpclient.AsyncHttpClient setSignatureCalculator(org.asynchttpclient.SignatureCalculator p0);
  org.asynchttpclient.BoundRequestBuilder prepare(java.lang.String p0, java.lang.String p1);
  org.asynchttpclient.BoundRequestBuilder prepareGet(java.lang.String p0);
  org.asynchttpclient.BoundRequestBuilder prepareConnect(java.lang.String p0);
  org.asynchttpclient.BoundRequestBuilder prepareOptions(java.lang.String p0);
  org.asynchttpclient.BoundRequestBuilder prepareHead(java.lang.String p0);
  org.asynchttpclient.BoundRequestBuilder preparePost(java.lang.String p0);
  org.asynchttpclient.BoundRequestBuilder preparePut(java.lang.String p0);
  org.asynchttpclient.BoundRequestBuilder prepareDelete(java.lang.String p0);
  org.asynchttpclient.BoundRequestBuilder preparePatch(java.lang.String p0);
  org.asynchttpclient.BoundRequestBuilder prepareTrace(java.lang.String p0);
  org.asynchttpclient.BoundRequestBuilder prepareRequest(org.asynchttpclient.Request p0);
  org.asynchttpclient.BoundRequestBuilder prepareRequest(org.asynchttpclient.RequestBuilder p0);
  <T> org.asynchttpclient.ListenableFuture<T> executeRequest(org.asynchttpclient.Request p0, org.asynchttpclient.AsyncHandler<T> p1);
  <T> org.asynchttpclient.ListenableFuture<T> executeRequest(org.asynchttpclient.RequestBuilder p0, org.asynchttpclient.AsyncHandler<T> p1);
  org.asynchttpclient.ListenableFuture<org.asynchttpclient.Response> executeRequest(org.asynchttpclient.Request p0);
  org.asynchttpclient.ListenableFuture<org.asynchttpclient.Response> executeRequest(org.asynchttpclient.RequestBuilder p0);
  org.asynchttpclient.ClientStats getClientStats();
  void flushChannelPoolPartitions(java.util.function.Predicate<java.lang.Object> p0);
  org.asynchttpclient.AsyncHttpClientConfig getConfig();
}

package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class DefaultAsyncHttpClient implements org.asynchttpclient.AsyncHttpClient {
  public DefaultAsyncHttpClient() { throw new UnsupportedOperationException("stub"); }
  public DefaultAsyncHttpClient(org.asynchttpclient.AsyncHttpClientConfig p0) { throw new UnsupportedOperationException("stub"); }
  public void close() { throw new UnsupportedOperationException("stub"); }
  public boolean isClosed() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.DefaultAsyncHttpClient setSignatureCalculator(org.asynchttpclient.SignatureCalculator p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.BoundRequestBuilder prepare(java.lang.String p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.BoundRequestBuilder prepareGet(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.BoundRequestBuilder prepareConnect(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.BoundRequestBuilder prepareOptions(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.BoundRequestBuilder prepareHead(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.BoundRequestBuilder preparePost(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.BoundRequestBuilder preparePut(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.BoundRequestBuilder prepareDelete(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.BoundRequestBuilder preparePatch(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.BoundRequestBuilder prepareTrace(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.BoundRequestBuilder prepareRequest(org.asynchttpclient.Request p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.BoundRequestBuilder prepareRequest(org.asynchttpclient.RequestBuilder p0) { throw new UnsupportedOperationException("stub"); }
  public <T> org.asynchttpclient.ListenableFuture<T> executeRequest(org.asynchttpclient.Request p0, org.asynchttpclient.AsyncHandler<T> p1) { throw new UnsupportedOperationException("stub"); }
  public <T> org.asynchttpclient.ListenableFuture<T> executeRequest(org.asynchttpclient.RequestBuilder p0, org.asynchttpclient.AsyncHandler<T> p1) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.ListenableFuture<org.asynchttpclient.Response> executeRequest(org.asynchttpclient.Request p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.ListenableFuture<org.asynchttpclient.Response> executeRequest(org.asynchttpclient.RequestBuilder p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.channel.ChannelPool getChannelPool() { throw new UnsupportedOperationException("stub"); }
  public io.netty.channel.EventLoopGroup getEventLoopGroup() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.ClientStats getClientStats() { throw new UnsupportedOperationException("stub"); }
  public void flushChannelPoolPartitions(java.util.function.Predicate<java.lang.Object> p0) { throw new UnsupportedOperationException("stub"); }
  protected org.asynchttpclient.BoundRequestBuilder requestBuilder(java.lang.String p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  protected org.asynchttpclient.BoundRequestBuilder requestBuilder(org.asynchttpclient.Request p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHttpClientConfig getConfig() { throw new UnsupportedOperationException("stub"); }
}

package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class BoundRequestBuilder extends org.asynchttpclient.RequestBuilderBase<org.asynchttpclient.BoundRequestBuilder> {
  public BoundRequestBuilder(org.asynchttpclient.AsyncHttpClient p0, java.lang.String p1, boolean p2, boolean p3) { super((java.lang.String) null, (boolean) false); throw new UnsupportedOperationException("stub"); }
  public BoundRequestBuilder(org.asynchttpclient.AsyncHttpClient p0, java.lang.String p1, boolean p2) { super((java.lang.String) null, (boolean) false); throw new UnsupportedOperationException("stub"); }
  public BoundRequestBuilder(org.asynchttpclient.AsyncHttpClient p0, org.asynchttpclient.Request p1) { super((java.lang.String) null, (boolean) false); throw new UnsupportedOperationException("stub"); }
  public <T> org.asynchttpclient.ListenableFuture<T> execute(org.asynchttpclient.AsyncHandler<T> p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.ListenableFuture<org.asynchttpclient.Response> execute() { throw new UnsupportedOperationException("stub"); }
}

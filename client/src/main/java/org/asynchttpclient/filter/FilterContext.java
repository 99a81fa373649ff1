package org.asynchttpclient.filter;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class FilterContext<T> {
  public org.asynchttpclient.AsyncHandler<T> getAsyncHandler() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.Request getRequest() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.HttpResponseStatus getResponseStatus() { throw new UnsupportedOperationException("stub"); }
  public io.netty.handler.codec.http.HttpHeaders getResponseHeaders() { throw new UnsupportedOperationException("stub"); }
  public boolean replayRequest() { throw new UnsupportedOperationException("stub"); }
  public java.io.IOException getIOException() { throw new UnsupportedOperationException("stub"); }
  private FilterContext() {}
  public static class FilterContextBuilder<T> {
    public FilterContextBuilder(org.asynchttpclient.AsyncHandler<T> p0, org.asynchttpclient.Request p1) { throw new UnsupportedOperationException("stub"); }
    public FilterContextBuilder(org.asynchttpclient.filter.FilterContext<T> p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.AsyncHandler<T> getAsyncHandler() { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.filter.FilterContext.FilterContextBuilder<T> asyncHandler(org.asynchttpclient.AsyncHandler<T> p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Request getRequest() { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.filter.FilterContext.FilterContextBuilder<T> request(org.asynchttpclient.Request p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.filter.FilterContext.FilterContextBuilder<T> responseStatus(org.asynchttpclient.HttpResponseStatus p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.filter.FilterContext.FilterContextBuilder<T> responseHeaders(io.netty.handler.codec.http.HttpHeaders p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.filter.FilterContext.FilterContextBuilder<T> replayRequest(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.filter.FilterContext.FilterContextBuilder<T> ioException(java.io.IOException p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.filter.FilterContext<T> build() { throw new UnsupportedOperationException("stub"); }
  }
}

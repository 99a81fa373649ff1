package org.asynchttpclient.handler;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class BodyDeferringAsyncHandler implements org.asynchttpclient.AsyncHandler<org.asynchttpclient.Response> {
  public BodyDeferringAsyncHandler(java.io.OutputStream p0) { throw new UnsupportedOperationException("stub"); }
  public void onThrowable(java.lang.Throwable p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onStatusReceived(org.asynchttpclient.HttpResponseStatus p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onHeadersReceived(io.netty.handler.codec.http.HttpHeaders p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onTrailingHeadersReceived(io.netty.handler.codec.http.HttpHeaders p0) { throw new UnsupportedOperationException("stub"); }
  public void onRetry() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onBodyPartReceived(org.asynchttpclient.HttpResponseBodyPart p0) throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
  protected void closeOut() throws java.io.IOException { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.Response onCompleted() throws java.io.IOException { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.Response getResponse() throws java.lang.InterruptedException, java.io.IOException { throw new UnsupportedOperationException("stub"); }
  public static class BodyDeferringInputStream extends java.io.FilterInputStream {
    public BodyDeferringInputStream(java.util.concurrent.Future<org.asynchttpclient.Response> p0, org.asynchttpclient.handler.BodyDeferringAsyncHandler p1, java.io.InputStream p2) { super(null); throw new UnsupportedOperationException("stub"); }
    public void close() throws java.io.IOException { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Response getAsapResponse() throws java.lang.InterruptedException, java.io.IOException { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Response getLastResponse() throws java.lang.InterruptedException, java.util.concurrent.ExecutionException { throw new UnsupportedOperationException("stub"); }
  }
}

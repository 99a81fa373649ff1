package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public abstract class AsyncCompletionHandler<T> implements org.asynchttpclient.handler.ProgressAsyncHandler<T> {
  public AsyncCompletionHandler() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onStatusReceived(org.asynchttpclient.HttpResponseStatus p0) throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onHeadersReceived(io.netty.handler.codec.http.HttpHeaders p0) throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onBodyPartReceived(org.asynchttpclient.HttpResponseBodyPart p0) throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onTrailingHeadersReceived(io.netty.handler.codec.http.HttpHeaders p0) throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
  public T onCompleted() throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
  public void onThrowable(java.lang.Throwable p0) { throw new UnsupportedOperationException("stub"); }
  public abstract T onCompleted(org.asynchttpclient.Response p0) throws java.lang.Exception;
  public org.asynchttpclient.AsyncHandler.State onHeadersWritten() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onContentWritten() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onContentWriteProgress(long p0, long p1, long p2) { throw new UnsupportedOperationException("stub"); }
}

package org.asynchttpclient.handler;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class TransferCompletionHandler extends org.asynchttpclient.AsyncCompletionHandlerBase {
  public TransferCompletionHandler() { throw new UnsupportedOperationException("stub"); }
  public TransferCompletionHandler(boolean p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.handler.TransferCompletionHandler addTransferListener(org.asynchttpclient.handler.TransferListener p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.handler.TransferCompletionHandler removeTransferListener(org.asynchttpclient.handler.TransferListener p0) { throw new UnsupportedOperationException("stub"); }
  public void headers(io.netty.handler.codec.http.HttpHeaders p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onHeadersReceived(io.netty.handler.codec.http.HttpHeaders p0) throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onTrailingHeadersReceived(io.netty.handler.codec.http.HttpHeaders p0) throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onBodyPartReceived(org.asynchttpclient.HttpResponseBodyPart p0) throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.Response onCompleted(org.asynchttpclient.Response p0) throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onHeadersWritten() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHandler.State onContentWriteProgress(long p0, long p1, long p2) { throw new UnsupportedOperationException("stub"); }
  public void onThrowable(java.lang.Throwable p0) { throw new UnsupportedOperationException("stub"); }
}

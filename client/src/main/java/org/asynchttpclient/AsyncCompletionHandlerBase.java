package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class AsyncCompletionHandlerBase extends org.asynchttpclient.AsyncCompletionHandler<org.asynchttpclient.Response> {
  public AsyncCompletionHandlerBase() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.Response onCompleted(org.asynchttpclient.Response p0) throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
}

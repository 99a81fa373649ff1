package org.asynchttpclient.handler;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface ProgressAsyncHandler<T> extends org.asynchttpclient.AsyncHandler<T> {
  org.asynchttpclient.AsyncHandler.State onHeadersWritten();
  org.asynchttpclient.AsyncHandler.State onContentWritten();
  org.asynchttpclient.AsyncHandler.State onContentWriteProgress(long p0, long p1, long p2);
}

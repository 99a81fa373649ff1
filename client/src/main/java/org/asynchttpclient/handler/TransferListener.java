package org.asynchttpclient.handler;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface TransferListener {
  void onRequestHeadersSent(io.netty.handler.codec.http.HttpHeaders p0);
  void onResponseHeadersReceived(io.netty.handler.codec.http.HttpHeaders p0);
  void onBytesReceived(byte[] p0);
  void onBytesSent(long p0, long p1, long p2);
  void onRequestResponseCompleted();
  void onThrowable(java.lang.Throwable p0);
}

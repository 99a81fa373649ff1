package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface AsyncHandler<T> {
  org.asynchttpclient.AsyncHandler.State onStatusReceived(org.asynchttpclient.HttpResponseStatus p0) throws java.lang.Exception;
  org.asynchttpclient.AsyncHandler.State onHeadersReceived(io.netty.handler.codec.http.HttpHeaders p0) throws java.lang.Exception;
  org.asynchttpclient.AsyncHandler.State onBodyPartReceived(org.asynchttpclient.HttpResponseBodyPart p0) throws java.lang.Exception;
  default org.asynchttpclient.AsyncHandler.State onTrailingHeadersReceived(io.netty.handler.codec.http.HttpHeaders p0) throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
  void onThrowable(java.lang.Throwable p0);
  T onCompleted() throws java.lang.Exception;
  default void onHostnameResolutionAttempt(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  default void onHostnameResolutionSuccess(java.lang.String p0, java.util.List<java.net.InetSocketAddress> p1) { throw new UnsupportedOperationException("stub"); }
  default void onHostnameResolutionFailure(java.lang.String p0, java.lang.Throwable p1) { throw new UnsupportedOperationException("stub"); }
  default void onTcpConnectAttempt(java.net.InetSocketAddress p0) { throw new UnsupportedOperationException("stub"); }
  default void onTcpConnectSuccess(java.net.InetSocketAddress p0, io.netty.channel.Channel p1) { throw new UnsupportedOperationException("stub"); }
  default void onTcpConnectFailure(java.net.InetSocketAddress p0, java.lang.Throwable p1) { throw new UnsupportedOperationException("stub"); }
  default void onTlsHandshakeAttempt() { throw new UnsupportedOperationException("stub"); }
  default void onTlsHandshakeSuccess(javax.net.ssl.SSLSession p0) { throw new UnsupportedOperationException("stub"); }
  default void onTlsHandshakeFailure(java.lang.Throwable p0) { throw new UnsupportedOperationException("stub"); }
  default void onConnectionPoolAttempt() { throw new UnsupportedOperationException("stub"); }
  default void onConnectionPooled(io.netty.channel.Channel p0) { throw new UnsupportedOperationException("stub"); }
  default void onConnectionOffer(io.netty.channel.Channel p0) { throw new UnsupportedOperationException("stub"); }
  default void onRequestSend(org.asynchttpclient.netty.request.NettyRequest p0) { throw new UnsupportedOperationException("stub"); }
  default void onRetry() { throw new UnsupportedOperationException("stub"); }
  public static enum State {
    ABORT, CONTINUE;
  }
}

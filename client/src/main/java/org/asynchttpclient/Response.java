package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface Response {
  int getStatusCode();
  java.lang.String getStatusText();
  byte[] getResponseBodyAsBytes();
  java.nio.ByteBuffer getResponseBodyAsByteBuffer();
  io.netty.buffer.ByteBuf getResponseBodyAsByteBuf();
  java.io.InputStream getResponseBodyAsStream();
  java.lang.String getResponseBody(java.nio.charset.Charset p0);
  java.lang.String getResponseBody();
  org.asynchttpclient.uri.Uri getUri();
  java.lang.String getContentType();
  java.lang.String getHeader(java.lang.CharSequence p0);
  java.util.List<java.lang.String> getHeaders(java.lang.CharSequence p0);
  io.netty.handler.codec.http.HttpHeaders getHeaders();
  boolean isRedirected();
  java.lang.String toString();
  java.util.List<io.netty.handler.codec.http.cookie.Cookie> getCookies();
  boolean hasResponseStatus();
  boolean hasResponseHeaders();
  boolean hasResponseBody();
  default org.asynchttpclient.HttpProtocol getProtocol() { throw new UnsupportedOperationException("stub"); }
  java.net.SocketAddress getRemoteAddress();
  java.net.SocketAddress getLocalAddress();
  public static class ResponseBuilder {
    public ResponseBuilder() { throw new UnsupportedOperationException("stub"); }
    public void accumulate(org.asynchttpclient.HttpResponseStatus p0) { throw new UnsupportedOperationException("stub"); }
    public void accumulate(io.netty.handler.codec.http.HttpHeaders p0) { throw new UnsupportedOperationException("stub"); }
    public void accumulate(org.asynchttpclient.HttpResponseBodyPart p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Response build() { throw new UnsupportedOperationException("stub"); }
    public void reset() { throw new UnsupportedOperationException("stub"); }
  }
}

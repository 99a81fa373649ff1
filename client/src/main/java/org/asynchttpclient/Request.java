package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface Request {
  java.lang.String getMethod();
  org.asynchttpclient.uri.Uri getUri();
  java.lang.String getUrl();
  java.net.InetAddress getAddress();
  java.net.InetAddress getLocalAddress();
  io.netty.handler.codec.http.HttpHeaders getHeaders();
  java.util.List<io.netty.handler.codec.http.cookie.Cookie> getCookies();
  byte[] getByteData();
  java.util.List<byte[]> getCompositeByteData();
  java.lang.String getStringData();
  java.nio.ByteBuffer getByteBufferData();
  io.netty.buffer.ByteBuf getByteBufData();
  java.io.InputStream getStreamData();
  org.asynchttpclient.request.body.generator.BodyGenerator getBodyGenerator();
  java.util.List<org.asynchttpclient.Param> getFormParams();
  java.util.List<org.asynchttpclient.request.body.multipart.Part> getBodyParts();
  java.lang.String getVirtualHost();
  java.util.List<org.asynchttpclient.Param> getQueryParams();
  org.asynchttpclient.proxy.ProxyServer getProxyServer();
  org.asynchttpclient.Realm getRealm();
  java.io.File getFile();
  java.lang.Boolean getFollowRedirect();
  java.time.Duration getRequestTimeout();
  java.time.Duration getReadTimeout();
  long getRangeOffset();
  java.nio.charset.Charset getCharset();
  org.asynchttpclient.channel.ChannelPoolPartitioning getChannelPoolPartitioning();
  io.netty.resolver.NameResolver<java.net.InetAddress> getNameResolver();
  default org.asynchttpclient.RequestBuilder toBuilder() { throw new UnsupportedOperationException("stub"); }
}

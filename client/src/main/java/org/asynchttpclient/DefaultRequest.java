package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class DefaultRequest implements org.asynchttpclient.Request {
  // TODO field public org.asynchttpclient.proxy.ProxyServer proxyServer
  public final org.asynchttpclient.proxy.ProxyServer proxyServer;
  public DefaultRequest(java.lang.String p0, org.asynchttpclient.uri.Uri p1, java.net.InetAddress p2, java.net.InetAddress p3, io.netty.handler.codec.http.HttpHeaders p4, java.util.List<io.netty.handler.codec.http.cookie.Cookie> p5, byte[] p6, java.util.List<byte[]> p7, java.lang.String p8, java.nio.ByteBuffer p9, io.netty.buffer.ByteBuf p10, java.io.InputStream p11, org.asynchttpclient.request.body.generator.BodyGenerator p12, java.util.List<org.asynchttpclient.Param> p13, java.util.List<org.asynchttpclient.request.body.multipart.Part> p14, java.lang.String p15, org.asynchttpclient.proxy.ProxyServer p16, org.asynchttpclient.Realm p17, java.io.File p18, java.lang.Boolean p19, java.time.Duration p20, java.time.Duration p21, long p22, java.nio.charset.Charset p23, org.asynchttpclient.channel.ChannelPoolPartitioning p24, io.netty.resolver.NameResolver<java.net.InetAddress> p25) { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getUrl() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getMethod() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.uri.Uri getUri() { throw new UnsupportedOperationException("stub"); }
  public java.net.InetAddress getAddress() { throw new UnsupportedOperationException("stub"); }
  public java.net.InetAddress getLocalAddress() { throw new UnsupportedOperationException("stub"); }
  public io.netty.handler.codec.http.HttpHeaders getHeaders() { throw new UnsupportedOperationException("stub"); }
  public java.util.List<io.netty.handler.codec.http.cookie.Cookie> getCookies() { throw new UnsupportedOperationException("stub"); }
  public byte[] getByteData() { throw new UnsupportedOperationException("stub"); }
  public java.util.List<byte[]> getCompositeByteData() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getStringData() { throw new UnsupportedOperationException("stub"); }
  public java.nio.ByteBuffer getByteBufferData() { throw new UnsupportedOperationException("stub"); }
  public io.netty.buffer.ByteBuf getByteBufData() { throw new UnsupportedOperationException("stub"); }
  public java.io.InputStream getStreamData() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.request.body.generator.BodyGenerator getBodyGenerator() { throw new UnsupportedOperationException("stub"); }
  public java.util.List<org.asynchttpclient.Param> getFormParams() { throw new UnsupportedOperationException("stub"); }
  public java.util.List<org.asynchttpclient.request.body.multipart.Part> getBodyParts() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getVirtualHost() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.proxy.ProxyServer getProxyServer() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.Realm getRealm() { throw new UnsupportedOperationException("stub"); }
  public java.io.File getFile() { throw new UnsupportedOperationException("stub"); }
  public java.lang.Boolean getFollowRedirect() { throw new UnsupportedOperationException("stub"); }
  public java.time.Duration getRequestTimeout() { throw new UnsupportedOperationException("stub"); }
  public java.time.Duration getReadTimeout() { throw new UnsupportedOperationException("stub"); }
  public long getRangeOffset() { throw new UnsupportedOperationException("stub"); }
  public java.nio.charset.Charset getCharset() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.channel.ChannelPoolPartitioning getChannelPoolPartitioning() { throw new UnsupportedOperationException("stub"); }
  public io.netty.resolver.NameResolver<java.net.InetAddress> getNameResolver() { throw new UnsupportedOperationException("stub"); }
  public java.util.List<org.asynchttpclient.Param> getQueryParams() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String toString() { throw new UnsupportedOperationException("stub"); }
}

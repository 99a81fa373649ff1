package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public abstract class RequestBuilderBase<T extends org.asynchttpclient.RequestBuilderBase<T>> {
  // TODO field public io.netty.resolver.NameResolver<java.net.InetAddress> DEFAULT_NAME_RESOLVER
  public static final io.netty.resolver.NameResolver<java.net.InetAddress> DEFAULT_NAME_RESOLVER = stubField();
  // TODO field protected org.asynchttpclient.util.UriEncoder uriEncoder
  protected org.asynchttpclient.util.UriEncoder uriEncoder;
  // TODO field protected java.util.List<org.asynchttpclient.Param> queryParams
  protected java.util.List<org.asynchttpclient.Param> queryParams;
  // TODO field protected org.asynchttpclient.SignatureCalculator signatureCalculator
  protected org.asynchttpclient.SignatureCalculator signatureCalculator;
  // TODO field protected java.lang.String method
  protected java.lang.String method;
  // TODO field protected org.asynchttpclient.uri.Uri uri
  protected org.asynchttpclient.uri.Uri uri;
  // TODO field protected java.net.InetAddress address
  protected java.net.InetAddress address;
  // TODO field protected java.net.InetAddress localAddress
  protected java.net.InetAddress localAddress;
  // TODO field protected io.netty.handler.codec.http.HttpHeaders headers
  protected io.netty.handler.codec.http.HttpHeaders headers;
  // TODO field protected java.util.ArrayList<io.netty.handler.codec.http.cookie.Cookie> cookies
  protected java.util.ArrayList<io.netty.handler.codec.http.cookie.Cookie> cookies;
  // TODO field protected byte[] byteData
  protected byte[] byteData;
  // TODO field protected java.util.List<byte[]> compositeByteData
  protected java.util.List<byte[]> compositeByteData;
  // TODO field protected java.lang.String stringData
  protected java.lang.String stringData;
  // TODO field protected java.nio.ByteBuffer byteBufferData
  protected java.nio.ByteBuffer byteBufferData;
  // TODO field protected io.netty.buffer.ByteBuf byteBufData
  protected io.netty.buffer.ByteBuf byteBufData;
  // TODO field protected java.io.InputStream streamData
  protected java.io.InputStream streamData;
  // TODO field protected org.asynchttpclient.request.body.generator.BodyGenerator bodyGenerator
  protected org.asynchttpclient.request.body.generator.BodyGenerator bodyGenerator;
  // TODO field protected java.util.List<org.asynchttpclient.Param> formParams
  protected java.util.List<org.asynchttpclient.Param> formParams;
  // TODO field protected java.util.List<org.asynchttpclient.request.body.multipart.Part> bodyParts
  protected java.util.List<org.asynchttpclient.request.body.multipart.Part> bodyParts;
  // TODO field protected java.lang.String virtualHost
  protected java.lang.String virtualHost;
  // TODO field protected org.asynchttpclient.proxy.ProxyServer proxyServer
  protected org.asynchttpclient.proxy.ProxyServer proxyServer;
  // TODO field protected org.asynchttpclient.Realm realm
  protected org.asynchttpclient.Realm realm;
  // TODO field protected java.io.File file
  protected java.io.File file;
  // TODO field protected java.lang.Boolean followRedirect
  protected java.lang.Boolean followRedirect;
  // TODO field protected java.time.Duration requestTimeout
  protected java.time.Duration requestTimeout;
  // TODO field protected java.time.Duration readTimeout
  protected java.time.Duration readTimeout;
  // TODO field protected long rangeOffset
  protected long rangeOffset;
  // TODO field protected java.nio.charset.Charset charset
  protected java.nio.charset.Charset charset;
  // TODO field protected org.asynchttpclient.channel.ChannelPoolPartitioning channelPoolPartitioning
  protected org.asynchttpclient.channel.ChannelPoolPartitioning channelPoolPartitioning;
  // TODO field protected io.netty.resolver.NameResolver<java.net.InetAddress> nameResolver
  protected io.netty.resolver.NameResolver<java.net.InetAddress> nameResolver;
  // TODO field protected boolean contentTypeLocked
  protected boolean contentTypeLocked;
  protected void doContentTypeLock() { throw new UnsupportedOperationException("stub"); }
  protected void resetContentTypeLock() { throw new UnsupportedOperationException("stub"); }
  protected boolean isContentTypeLocked() { throw new UnsupportedOperationException("stub"); }
  protected RequestBuilderBase(java.lang.String p0, boolean p1) { throw new UnsupportedOperationException("stub"); }
  protected RequestBuilderBase(java.lang.String p0, boolean p1, boolean p2) { throw new UnsupportedOperationException("stub"); }
  protected RequestBuilderBase(org.asynchttpclient.Request p0) { throw new UnsupportedOperationException("stub"); }
  protected RequestBuilderBase(org.asynchttpclient.Request p0, boolean p1, boolean p2) { throw new UnsupportedOperationException("stub"); }
  public T setUrl(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public T setUri(org.asynchttpclient.uri.Uri p0) { throw new UnsupportedOperationException("stub"); }
  public T setAddress(java.net.InetAddress p0) { throw new UnsupportedOperationException("stub"); }
  public T setLocalAddress(java.net.InetAddress p0) { throw new UnsupportedOperationException("stub"); }
  public T setVirtualHost(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public T clearHeaders() { throw new UnsupportedOperationException("stub"); }
  public T setHeader(java.lang.CharSequence p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  public T setHeader(java.lang.CharSequence p0, java.lang.Object p1) { throw new UnsupportedOperationException("stub"); }
  public T setHeader(java.lang.CharSequence p0, java.lang.Iterable<?> p1) { throw new UnsupportedOperationException("stub"); }
  public T addHeader(java.lang.CharSequence p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  public T addHeader(java.lang.CharSequence p0, java.lang.Object p1) { throw new UnsupportedOperationException("stub"); }
  public T addHeader(java.lang.CharSequence p0, java.lang.Iterable<?> p1) { throw new UnsupportedOperationException("stub"); }
  public T setHeaders(io.netty.handler.codec.http.HttpHeaders p0) { throw new UnsupportedOperationException("stub"); }
  public T setHeaders(java.util.Map<? extends java.lang.CharSequence, ? extends java.lang.Iterable<?>> p0) { throw new UnsupportedOperationException("stub"); }
  public T setSingleHeaders(java.util.Map<? extends java.lang.CharSequence, ?> p0) { throw new UnsupportedOperationException("stub"); }
  public T setCookies(java.util.Collection<io.netty.handler.codec.http.cookie.Cookie> p0) { throw new UnsupportedOperationException("stub"); }
  public T addCookie(io.netty.handler.codec.http.cookie.Cookie p0) { throw new UnsupportedOperationException("stub"); }
  public T addOrReplaceCookie(io.netty.handler.codec.http.cookie.Cookie p0) { throw new UnsupportedOperationException("stub"); }
  public T addCookieIfUnset(io.netty.handler.codec.http.cookie.Cookie p0) { throw new UnsupportedOperationException("stub"); }
  public void resetCookies() { throw new UnsupportedOperationException("stub"); }
  public void resetQuery() { throw new UnsupportedOperationException("stub"); }
  public void resetFormParams() { throw new UnsupportedOperationException("stub"); }
  public void resetNonMultipartData() { throw new UnsupportedOperationException("stub"); }
  public void resetMultipartData() { throw new UnsupportedOperationException("stub"); }
  public T setBody(java.io.File p0) { throw new UnsupportedOperationException("stub"); }
  public T setBody(byte[] p0) { throw new UnsupportedOperationException("stub"); }
  public T setBody(java.util.List<byte[]> p0) { throw new UnsupportedOperationException("stub"); }
  public T setBody(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public T setBody(java.nio.ByteBuffer p0) { throw new UnsupportedOperationException("stub"); }
  public T setBody(io.netty.buffer.ByteBuf p0) { throw new UnsupportedOperationException("stub"); }
  public T setBody(java.io.InputStream p0) { throw new UnsupportedOperationException("stub"); }
  public T setBody(org.asynchttpclient.request.body.generator.BodyGenerator p0) { throw new UnsupportedOperationException("stub"); }
  public T addQueryParam(java.lang.String p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  public T addQueryParams(java.util.List<org.asynchttpclient.Param> p0) { throw new UnsupportedOperationException("stub"); }
  public T setQueryParams(java.util.Map<java.lang.String, java.util.List<java.lang.String>> p0) { throw new UnsupportedOperationException("stub"); }
  public T setQueryParams(java.util.List<org.asynchttpclient.Param> p0) { throw new UnsupportedOperationException("stub"); }
  public T addFormParam(java.lang.String p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  public T setFormParams(java.util.Map<java.lang.String, java.util.List<java.lang.String>> p0) { throw new UnsupportedOperationException("stub"); }
  public T setFormParams(java.util.List<org.asynchttpclient.Param> p0) { throw new UnsupportedOperationException("stub"); }
  public T addBodyPart(org.asynchttpclient.request.body.multipart.Part p0) { throw new UnsupportedOperationException("stub"); }
  public T setBodyParts(java.util.List<org.asynchttpclient.request.body.multipart.Part> p0) { throw new UnsupportedOperationException("stub"); }
  public T setProxyServer(org.asynchttpclient.proxy.ProxyServer p0) { throw new UnsupportedOperationException("stub"); }
  public T setProxyServer(org.asynchttpclient.proxy.ProxyServer.Builder p0) { throw new UnsupportedOperationException("stub"); }
  public T setRealm(org.asynchttpclient.Realm.Builder p0) { throw new UnsupportedOperationException("stub"); }
  public T setRealm(org.asynchttpclient.Realm p0) { throw new UnsupportedOperationException("stub"); }
  public T setFollowRedirect(boolean p0) { throw new UnsupportedOperationException("stub"); }
  public T setRequestTimeout(java.time.Duration p0) { throw new UnsupportedOperationException("stub"); }
  public T setReadTimeout(java.time.Duration p0) { throw new UnsupportedOperationException("stub"); }
  public T setRangeOffset(long p0) { throw new UnsupportedOperationException("stub"); }
  public T setMethod(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public T setCharset(java.nio.charset.Charset p0) { throw new UnsupportedOperationException("stub"); }
  public T setChannelPoolPartitioning(org.asynchttpclient.channel.ChannelPoolPartitioning p0) { throw new UnsupportedOperationException("stub"); }
  public T setNameResolver(io.netty.resolver.NameResolver<java.net.InetAddress> p0) { throw new UnsupportedOperationException("stub"); }
  public T setSignatureCalculator(org.asynchttpclient.SignatureCalculator p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.Request build() { throw new UnsupportedOperationException("stub"); }
  private static <X> X stubField() { throw new UnsupportedOperationException("stub"); }
}

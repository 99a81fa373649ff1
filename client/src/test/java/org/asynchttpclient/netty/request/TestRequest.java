package org.asynchttpclient.netty.request;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.resolver.NameResolver;
import java.io.File;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.asynchttpclient.Param;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.channel.ChannelPoolPartitioning;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.request.body.generator.BodyGenerator;
import org.asynchttpclient.request.body.multipart.Part;
import org.asynchttpclient.uri.Uri;

/**
 * A test-only {@link Request} with public fields for what the encoder reads. It has no {@link Uri} (the stubbed
 * class cannot be built yet): tests drive the factory through its package-private entry that takes a
 * {@link HopTarget}.
 */
// The Request stub does not mark its nullable getters yet; returning null here is what a real request does.
@SuppressWarnings("NullAway")
final class TestRequest implements Request {
  String method = "GET";
  final HttpHeaders headers = new DefaultHttpHeaders(false);
  final List<Cookie> cookies = new ArrayList<>();
  byte[] byteData;
  List<byte[]> compositeByteData;
  String stringData;
  ByteBuffer byteBufferData;
  ByteBuf byteBufData;
  InputStream streamData;
  BodyGenerator bodyGenerator;
  List<Param> formParams = new ArrayList<>();
  List<Part> bodyParts = new ArrayList<>();
  String virtualHost;
  File file;
  long rangeOffset;
  Charset charset;

  TestRequest method(String method) {
    this.method = method;
    return this;
  }

  TestRequest header(String name, String value) {
    headers.add(name, value);
    return this;
  }

  @Override
  public String getMethod() {
    return method;
  }

  @Override
  public Uri getUri() {
    throw new UnsupportedOperationException("TestRequest has no Uri");
  }

  @Override
  public String getUrl() {
    throw new UnsupportedOperationException("TestRequest has no Uri");
  }

  @Override
  public InetAddress getAddress() {
    return null;
  }

  @Override
  public InetAddress getLocalAddress() {
    return null;
  }

  @Override
  public HttpHeaders getHeaders() {
    return headers;
  }

  @Override
  public List<Cookie> getCookies() {
    return cookies;
  }

  @Override
  public byte[] getByteData() {
    return byteData;
  }

  @Override
  public List<byte[]> getCompositeByteData() {
    return compositeByteData;
  }

  @Override
  public String getStringData() {
    return stringData;
  }

  @Override
  public ByteBuffer getByteBufferData() {
    return byteBufferData;
  }

  @Override
  public ByteBuf getByteBufData() {
    return byteBufData;
  }

  @Override
  public InputStream getStreamData() {
    return streamData;
  }

  @Override
  public BodyGenerator getBodyGenerator() {
    return bodyGenerator;
  }

  @Override
  public List<Param> getFormParams() {
    return formParams;
  }

  @Override
  public List<Part> getBodyParts() {
    return bodyParts;
  }

  @Override
  public String getVirtualHost() {
    return virtualHost;
  }

  @Override
  public List<Param> getQueryParams() {
    return new ArrayList<>();
  }

  @Override
  public ProxyServer getProxyServer() {
    return null;
  }

  @Override
  public Realm getRealm() {
    return null;
  }

  @Override
  public File getFile() {
    return file;
  }

  @Override
  public Boolean getFollowRedirect() {
    return null;
  }

  @Override
  public Duration getRequestTimeout() {
    return null;
  }

  @Override
  public Duration getReadTimeout() {
    return null;
  }

  @Override
  public long getRangeOffset() {
    return rangeOffset;
  }

  @Override
  public Charset getCharset() {
    return charset;
  }

  @Override
  public ChannelPoolPartitioning getChannelPoolPartitioning() {
    return null;
  }

  @Override
  public NameResolver<InetAddress> getNameResolver() {
    return null;
  }
}

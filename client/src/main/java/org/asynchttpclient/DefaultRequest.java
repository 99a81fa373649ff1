package org.asynchttpclient;

import io.netty.buffer.ByteBuf;
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
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.asynchttpclient.channel.ChannelPoolPartitioning;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.request.body.generator.BodyGenerator;
import org.asynchttpclient.request.body.multipart.Part;
import org.asynchttpclient.uri.Uri;
import org.asynchttpclient.util.HttpSyntaxChecks;
import org.asynchttpclient.util.SensitiveLoggingUtils;
import org.jetbrains.annotations.Nullable;

/**
 * The {@link Request} that {@link RequestBuilderBase#build()} produces. Its fields are final; the lists and
 * headers it holds are copies made by the builder, not shared with it. The headers object stays mutable
 * (request filters of AHC 3.0.11 code edit it), so share a request between threads only once nobody
 * mutates it.
 */
public class DefaultRequest implements Request {

  /** The per-request proxy, or null. Public because AHC 3.0.11 exposes it. */
  public final @Nullable ProxyServer proxyServer;

  private final String method;
  private final Uri uri;
  private final @Nullable InetAddress address;
  private final @Nullable InetAddress localAddress;
  private final HttpHeaders headers;
  private final List<Cookie> cookies;
  private final byte @Nullable [] byteData;
  private final @Nullable List<byte[]> compositeByteData;
  private final @Nullable String stringData;
  private final @Nullable ByteBuffer byteBufferData;
  private final @Nullable ByteBuf byteBufData;
  private final @Nullable InputStream streamData;
  private final @Nullable BodyGenerator bodyGenerator;
  private final List<Param> formParams;
  private final List<Part> bodyParts;
  private final @Nullable String virtualHost;
  private final @Nullable Realm realm;
  private final @Nullable File file;
  private final @Nullable Boolean followRedirect;
  private final Duration requestTimeout;
  private final Duration readTimeout;
  private final long rangeOffset;
  private final @Nullable Charset charset;
  private final ChannelPoolPartitioning channelPoolPartitioning;
  private final NameResolver<InetAddress> nameResolver;
  private final @Nullable Boolean useAbsoluteRequestDeadline;
  private final @Nullable Boolean refuseSchemeDowngradeOnRedirect;
  private final @Nullable Boolean refuseCrossOriginBodyOnRedirect;
  private final @Nullable Duration hedgeDelay;
  private final @Nullable Boolean hedgeable;
  private final List<Param> queryParams;

  /**
   * Builds a request directly; prefer {@link RequestBuilder}. The method and the header values are checked
   * (an HTTP token; no CR, LF or NUL); the other arguments are kept as given. A null timeout means
   * "use the client's setting" ({@link Duration#ZERO}).
   *
   * @throws IllegalArgumentException if the method is not a token or a header breaks the header syntax
   */
  public DefaultRequest(String method, Uri uri, @Nullable InetAddress address, @Nullable InetAddress localAddress,
      HttpHeaders headers, List<Cookie> cookies, byte @Nullable [] byteData, @Nullable List<byte[]> compositeByteData,
      @Nullable String stringData, @Nullable ByteBuffer byteBufferData, @Nullable ByteBuf byteBufData,
      @Nullable InputStream streamData, @Nullable BodyGenerator bodyGenerator, List<Param> formParams,
      List<Part> bodyParts, @Nullable String virtualHost, @Nullable ProxyServer proxyServer, @Nullable Realm realm,
      @Nullable File file, @Nullable Boolean followRedirect, @Nullable Duration requestTimeout,
      @Nullable Duration readTimeout, long rangeOffset, @Nullable Charset charset,
      ChannelPoolPartitioning channelPoolPartitioning, NameResolver<InetAddress> nameResolver) {
    this(checked(method, headers), uri, address, localAddress, headers, cookies, byteData, compositeByteData,
        stringData, byteBufferData, byteBufData, streamData, bodyGenerator, formParams, bodyParts, virtualHost,
        proxyServer, realm, file, followRedirect, requestTimeout, readTimeout, rangeOffset, charset,
        channelPoolPartitioning, nameResolver, new Overrides());
  }

  /**
   * The per-request settings of this client's own (each null: the client's), which the public
   * constructor cannot take without breaking binary compatibility.
   */
  static final class Overrides {
    @Nullable Boolean useAbsoluteRequestDeadline;
    @Nullable Boolean refuseSchemeDowngradeOnRedirect;
    @Nullable Boolean refuseCrossOriginBodyOnRedirect;
    @Nullable Duration hedgeDelay;
    @Nullable Boolean hedgeable;
  }

  /** The builder's route: its arguments are already checked and copied. */
  DefaultRequest(String method, Uri uri, @Nullable InetAddress address, @Nullable InetAddress localAddress,
      HttpHeaders headers, List<Cookie> cookies, byte @Nullable [] byteData, @Nullable List<byte[]> compositeByteData,
      @Nullable String stringData, @Nullable ByteBuffer byteBufferData, @Nullable ByteBuf byteBufData,
      @Nullable InputStream streamData, @Nullable BodyGenerator bodyGenerator, List<Param> formParams,
      List<Part> bodyParts, @Nullable String virtualHost, @Nullable ProxyServer proxyServer, @Nullable Realm realm,
      @Nullable File file, @Nullable Boolean followRedirect, @Nullable Duration requestTimeout,
      @Nullable Duration readTimeout, long rangeOffset, @Nullable Charset charset,
      ChannelPoolPartitioning channelPoolPartitioning, NameResolver<InetAddress> nameResolver,
      Overrides overrides) {
    this.method = method;
    this.uri = uri;
    this.address = address;
    this.localAddress = localAddress;
    this.headers = headers;
    this.cookies = cookies;
    this.byteData = byteData;
    this.compositeByteData = compositeByteData;
    this.stringData = stringData;
    this.byteBufferData = byteBufferData;
    this.byteBufData = byteBufData;
    this.streamData = streamData;
    this.bodyGenerator = bodyGenerator;
    this.formParams = formParams;
    this.bodyParts = bodyParts;
    this.virtualHost = virtualHost;
    this.proxyServer = proxyServer;
    this.realm = realm;
    this.file = file;
    this.followRedirect = followRedirect;
    this.requestTimeout = requestTimeout == null ? Duration.ZERO : requestTimeout;
    this.readTimeout = readTimeout == null ? Duration.ZERO : readTimeout;
    this.rangeOffset = rangeOffset;
    this.charset = charset;
    this.channelPoolPartitioning = channelPoolPartitioning;
    this.nameResolver = nameResolver;
    this.useAbsoluteRequestDeadline = overrides.useAbsoluteRequestDeadline;
    this.refuseSchemeDowngradeOnRedirect = overrides.refuseSchemeDowngradeOnRedirect;
    this.refuseCrossOriginBodyOnRedirect = overrides.refuseCrossOriginBodyOnRedirect;
    this.hedgeDelay = overrides.hedgeDelay;
    this.hedgeable = overrides.hedgeable;
    this.queryParams = parseQuery(uri.getQuery());
  }

  private static String checked(String method, HttpHeaders headers) {
    HttpSyntaxChecks.requireMethod(method);
    for (Map.Entry<String, String> header : headers) {
      HttpSyntaxChecks.requireHeaderName(header.getKey());
      HttpSyntaxChecks.requireHeaderValue(header.getKey(), header.getValue());
    }
    return method;
  }

  /** Splits a raw query on {@code &} and the first {@code =}, without decoding (as AHC 3.0.11 does). */
  private static List<Param> parseQuery(@Nullable String query) {
    if (query == null || query.isEmpty()) {
      return Collections.emptyList();
    }
    List<Param> params = new ArrayList<>(4);
    for (String pair : query.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      if (eq > 0) {
        params.add(new Param(pair.substring(0, eq), pair.substring(eq + 1)));
      } else {
        params.add(new Param(pair, null));
      }
    }
    return Collections.unmodifiableList(params);
  }

  @Override
  public String getUrl() {
    return uri.toUrl();
  }

  @Override
  public String getMethod() {
    return method;
  }

  @Override
  public Uri getUri() {
    return uri;
  }

  @Override
  public @Nullable InetAddress getAddress() {
    return address;
  }

  @Override
  public @Nullable InetAddress getLocalAddress() {
    return localAddress;
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
  public byte @Nullable [] getByteData() {
    return byteData;
  }

  @Override
  public @Nullable List<byte[]> getCompositeByteData() {
    return compositeByteData;
  }

  @Override
  public @Nullable String getStringData() {
    return stringData;
  }

  @Override
  public @Nullable ByteBuffer getByteBufferData() {
    return byteBufferData;
  }

  @Override
  public @Nullable ByteBuf getByteBufData() {
    return byteBufData;
  }

  @Override
  public @Nullable InputStream getStreamData() {
    return streamData;
  }

  @Override
  public @Nullable BodyGenerator getBodyGenerator() {
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
  public @Nullable String getVirtualHost() {
    return virtualHost;
  }

  @Override
  public @Nullable ProxyServer getProxyServer() {
    return proxyServer;
  }

  @Override
  public @Nullable Realm getRealm() {
    return realm;
  }

  @Override
  public @Nullable File getFile() {
    return file;
  }

  @Override
  public @Nullable Boolean getFollowRedirect() {
    return followRedirect;
  }

  @Override
  public Duration getRequestTimeout() {
    return requestTimeout;
  }

  @Override
  public Duration getReadTimeout() {
    return readTimeout;
  }

  @Override
  public long getRangeOffset() {
    return rangeOffset;
  }

  @Override
  public @Nullable Charset getCharset() {
    return charset;
  }

  @Override
  public ChannelPoolPartitioning getChannelPoolPartitioning() {
    return channelPoolPartitioning;
  }

  @Override
  public NameResolver<InetAddress> getNameResolver() {
    return nameResolver;
  }

  @Override
  public List<Param> getQueryParams() {
    return queryParams;
  }

  @Override
  public @Nullable Boolean getUseAbsoluteRequestDeadline() {
    return useAbsoluteRequestDeadline;
  }

  @Override
  public @Nullable Boolean getRefuseSchemeDowngradeOnRedirect() {
    return refuseSchemeDowngradeOnRedirect;
  }

  @Override
  public @Nullable Boolean getRefuseCrossOriginBodyOnRedirect() {
    return refuseCrossOriginBodyOnRedirect;
  }

  @Override
  public @Nullable Duration getHedgeDelay() {
    return hedgeDelay;
  }

  @Override
  public @Nullable Boolean getHedgeable() {
    return hedgeable;
  }

  /**
   * URL, method, headers ({@code name: value}) and form parameters ({@code name:value}), tab-separated,
   * as AHC 3.0.12 writes them. The values of {@code Authorization}, {@code Proxy-Authorization},
   * {@code Cookie} and {@code Set-Cookie} are shown as {@code <redacted>} unless sensitive logging is
   * switched on (see {@link SensitiveLoggingUtils}), and so are form parameter values: 3.0.11 and
   * 3.0.12 print them, and a login form's password then lands in any log of the request.
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(128).append(getUrl()).append('\t').append(method).append("\theaders:");
    for (Map.Entry<String, String> header : headers) {
      String name = header.getKey();
      sb.append('\t').append(name).append(": ").append(
          SensitiveLoggingUtils.isSensitiveHeader(name) ? SensitiveLoggingUtils.REDACTED : header.getValue());
    }
    if (!formParams.isEmpty()) {
      sb.append("\tformParams:");
      for (Param param : formParams) {
        sb.append('\t').append(param.getName()).append(':').append(
            SensitiveLoggingUtils.isSensitiveLoggingEnabled() ? param.getValue() : SensitiveLoggingUtils.REDACTED);
      }
    }
    return sb.toString();
  }
}

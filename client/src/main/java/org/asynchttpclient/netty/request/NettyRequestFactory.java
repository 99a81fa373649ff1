package org.asynchttpclient.netty.request;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.cookie.ClientCookieEncoder;
import io.netty.handler.codec.http.cookie.Cookie;
import java.io.File;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Param;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.request.body.BodyGeneratorNettyBody;
import org.asynchttpclient.netty.request.body.ByteArrayNettyBody;
import org.asynchttpclient.netty.request.body.ByteBufNettyBody;
import org.asynchttpclient.netty.request.body.ByteBufferNettyBody;
import org.asynchttpclient.netty.request.body.FileNettyBody;
import org.asynchttpclient.netty.request.body.InputStreamNettyBody;
import org.asynchttpclient.netty.request.body.MultipartNettyBody;
import org.asynchttpclient.netty.request.body.NettyBody;
import org.asynchttpclient.netty.request.body.ReactiveNettyBody;
import org.asynchttpclient.netty.ws.WebSocketUpgradeRequest;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.request.body.generator.BodyGenerator;
import org.asynchttpclient.request.body.generator.ByteArrayBodyGenerator;
import org.asynchttpclient.request.body.generator.FileBodyGenerator;
import org.asynchttpclient.request.body.generator.InputStreamBodyGenerator;
import org.asynchttpclient.request.body.generator.ReactiveStreamsBodyGenerator;
import org.asynchttpclient.request.body.multipart.Part;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Turns one hop of a {@link Request} into what goes on the wire: the request head and the body to write after it.
 * Builds only; never writes and never changes the {@link Request}.
 *
 * <p>Head, as AHC 3.0.11 sends it: origin-form target ({@code path?query}) normally, absolute-form through an HTTP
 * proxy to an {@code http} URL, {@code host:port} for CONNECT; {@code Host} first (the virtual host if set, else the
 * host with a non-default port); then the user's headers as given; then whatever is missing of {@code Cookie},
 * {@code Accept-Encoding} (see {@link AcceptEncoding}), body framing, {@code Content-Type} for forms and
 * multipart, {@code Connection: close} (keep-alive off), preemptive {@code Authorization} /
 * {@code Proxy-Authorization}, {@code Range}, {@code Accept: *}{@code /*} and {@code User-Agent}.
 *
 * <p>Framing: a body of known length gets {@code Content-Length} (the real length, replacing a user value, so head
 * and body cannot disagree) and loses any {@code Transfer-Encoding}; a body of unknown length keeps a
 * {@code Content-Length} the user set, else is sent chunked. POST, PUT and PATCH without a body get
 * {@code Content-Length: 0}.
 *
 * <p>Safety beyond AHC: every header name must be a token and no value may contain CR, LF or NUL; the method, the
 * request target and the host are checked too. CONNECT never carries the origin's {@code Authorization} (the hop to
 * the proxy is in clear text); it carries only {@code Host}, {@code User-Agent} and {@code Proxy-Authorization}.
 *
 * <p>Thread-safe: holds only the configuration.
 */
public final class NettyRequestFactory {
  private static final String ACCEPT_ALL = "*/*";
  /**
   * The wire head's headers validate nothing as they are added: {@link WireSyntax#checkHeaders} checks the
   * finished head once (user headers and computed ones alike), which Netty's validating table would
   * otherwise do a second time, name by name, per request. Their table is the small one ({@code
   * newEmptyHeaders}: two buckets, not sixteen): a head holds a handful of headers, is looked up a
   * few times while built and then only iterated, so the larger table would be allocated per request
   * for nothing.
   */
  private static final HttpHeadersFactory WIRE_HEADERS =
      DefaultHttpHeadersFactory.headersFactory().withValidation(false);

  /** The most hosts {@link #tails} holds; past it, it starts over. */
  static final int MAX_TAILS = 256;

  private final AsyncHttpClientConfig config;
  /**
   * The {@link OwnTail} of the last own head to each {@code Host} value. A connection's first own
   * head looks here ({@link DirectHeadWrite}), so a burst of new connections to one host builds the
   * header table once, not once per connection on the loops that must also keep their timeouts.
   */
  private final ConcurrentHashMap<String, OwnTail> tails = new ConcurrentHashMap<>();

  public NettyRequestFactory(AsyncHttpClientConfig config) {
    this.config = config;
  }

  /**
   * Builds the wire request for one hop.
   *
   * @param connectTunnel true for the CONNECT request that opens a tunnel through {@code proxy} (no body)
   * @param proxy the proxy this hop goes through, or null for a direct connection
   * @param realm the origin's realm, for preemptive {@code Authorization}
   * @param proxyRealm the proxy's realm, for preemptive {@code Proxy-Authorization}
   * @throws IllegalArgumentException naming the offending value when the method, a header, the host or the
   *     request target would break the HTTP framing
   */
  public NettyRequest newNettyRequest(Request request, boolean connectTunnel, @Nullable ProxyServer proxy,
      @Nullable Realm realm, @Nullable Realm proxyRealm) {
    Uri uri = request.getUri();
    HopTarget target = HopTarget.of(uri);
    boolean viaHttpProxy = proxy != null && proxy.getProxyType() != null && proxy.getProxyType().isHttp();
    String method = connectTunnel ? "CONNECT" : request.getMethod();
    // Origin credentials never ride on the clear-text CONNECT; proxy credentials go only where the proxy reads the
    // head: on CONNECT, or on a plain-http request it forwards (inside a tunnel it sees nothing).
    String authorization =
        connectTunnel ? null : PreemptiveAuthorization.headerValue(realm, uri, method, request);
    String proxyAuthorization = viaHttpProxy && (connectTunnel || !target.tunnelled())
        ? PreemptiveAuthorization.headerValue(proxyRealm, uri, method, connectTunnel ? null : request)
        : null;
    return newNettyRequest(request, target, connectTunnel, viaHttpProxy, authorization, proxyAuthorization);
  }

  /** The part of {@link #newNettyRequest(Request, boolean, ProxyServer, Realm, Realm)} after the URI and realms. */
  NettyRequest newNettyRequest(Request request, HopTarget target, boolean connectTunnel, boolean viaHttpProxy,
      @Nullable String authorization, @Nullable String proxyAuthorization) {
    String methodName = connectTunnel ? "CONNECT" : request.getMethod();
    WireSyntax.checkMethod(methodName);
    WireSyntax.checkHost("host", target.host);
    HttpMethod method = HttpMethod.valueOf(methodName);

    String requestTarget = connectTunnel ? target.authorityForm()
        : viaHttpProxy && !target.tunnelled() ? target.absoluteForm() : target.originForm();
    // Checked here, so Netty's own request-line check (CR, LF and space only) is turned off below.
    WireSyntax.checkRequestTarget(requestTarget);

    NettyBody body = connectTunnel ? null : body(request);
    if (body == null && request.getRangeOffset() <= 0 && onlyOwnHeaders(request, connectTunnel, target, null,
        request.getHeaders().isEmpty(), authorization, proxyAuthorization)) {
      // What building the head would check of this one, checked now, so a bad value fails the
      // call as it does for every other head; the head itself is built only if asked for.
      OwnHead own = new OwnHead(this, request, target, viaHttpProxy, method, requestTarget);
      checkUserAgent();
      return new NettyRequest(own);
    }
    HttpRequest head;
    try {
      head = head(request, target, connectTunnel, viaHttpProxy, method, requestTarget, body, authorization,
          proxyAuthorization);
    } catch (RuntimeException e) {
      if (body != null) {
        body.release();
      }
      throw e;
    }
    return new NettyRequest(head, body);
  }

  /** The kept tail of an own head of {@code method} with {@code Host: host}, or null. Any thread. */
  @Nullable OwnTail ownTail(HttpMethod method, String host) {
    return OwnTail.matching(tails.get(host), method, host);
  }

  /** Keeps {@code tail} for the own heads of its method and host (the host's last one only). Any thread. */
  void keepOwnTail(OwnTail tail) {
    if (tails.size() >= MAX_TAILS) {
      tails.clear(); // a client calling ever new hosts: a cache of the last few is all that pays
    }
    tails.put(tail.host, tail);
  }

  /** Whether the heads this factory builds leave the connection open (no {@code Connection: close}). */
  boolean keepsAlive() {
    return config.isKeepAlive();
  }

  /** Builds the head of a hop: for {@link #newNettyRequest}, and for {@link OwnHead#build} when asked for. */
  HttpRequest head(Request request, HopTarget target, boolean connectTunnel, boolean viaHttpProxy,
      HttpMethod method, String requestTarget, @Nullable NettyBody body, @Nullable String authorization,
      @Nullable String proxyAuthorization) {
    HttpRequest head = body == null
        // No request carries trailers: the shared empty instance saves a headers object per request.
        ? new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, requestTarget, Unpooled.EMPTY_BUFFER,
            WIRE_HEADERS.newEmptyHeaders(), EmptyHttpHeaders.INSTANCE, false)
        : new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, requestTarget, WIRE_HEADERS.newEmptyHeaders(), false);
    HttpHeaders headers = head.headers();
    HttpHeaders userHeaders = request.getHeaders();
    // Most requests carry no headers of their own: then none of the lookups for a user's value
    // below is made (each hashes the name and walks a bucket).
    boolean noUserHeaders = userHeaders.isEmpty();
    if (connectTunnel) {
      headers.set(HttpHeaderNames.HOST, target.authorityForm());
      copy(userHeaders, HttpHeaderNames.USER_AGENT, headers);
      copy(userHeaders, HttpHeaderNames.PROXY_AUTHORIZATION, headers);
    } else {
      if (noUserHeaders || !userHeaders.contains(HttpHeaderNames.HOST)) {
        // The first header of an empty table: add, as set would search it first.
        headers.add(HttpHeaderNames.HOST, ownHostHeader(request, target));
      }
      if (!noUserHeaders) {
        // Unchecked here: the finished head is checked once, below.
        headers.add(userHeaders);
      }
      addContentHeaders(request, method, body, headers, noUserHeaders);
      if (target.webSocket()) {
        WebSocketUpgradeRequest.addHeaders(headers, target.origin(), config);
      }
    }
    if (proxyAuthorization != null) {
      headers.set(HttpHeaderNames.PROXY_AUTHORIZATION, proxyAuthorization);
    }
    if (!connectTunnel) {
      if (authorization != null) {
        // Added, not set, as AHC does: a user-supplied Authorization stays alongside.
        headers.add(HttpHeaderNames.AUTHORIZATION, authorization);
      }
      if (request.getRangeOffset() > 0) {
        headers.set(HttpHeaderNames.RANGE, "bytes=" + request.getRangeOffset() + "-");
      }
      // Accept and User-Agent come only from the user's headers: nothing computed here sets them.
      if (noUserHeaders || !headers.contains(HttpHeaderNames.ACCEPT)) {
        headers.add(HttpHeaderNames.ACCEPT, ACCEPT_ALL); // absent, as just checked
      }
    }
    String userAgent = config.getUserAgent();
    if (userAgent != null && (noUserHeaders || !headers.contains(HttpHeaderNames.USER_AGENT))) {
      headers.add(HttpHeaderNames.USER_AGENT, userAgent); // absent, as just checked
    }
    if (onlyOwnHeaders(request, connectTunnel, target, body, noUserHeaders, authorization, proxyAuthorization)) {
      // Host (its host checked above, its port digits), Accept, Accept-Encoding and Range are
      // constants or numbers: of this head only the configured user agent is text to check.
      checkUserAgent();
    } else {
      // The finished head, including values computed from user input (cookies, credentials,
      // virtual host).
      WireSyntax.checkHeaders(headers);
    }
    return head;
  }

  /** The {@code Host} header of a request that sets none itself: the virtual host, checked, else the target's. */
  static String ownHostHeader(Request request, HopTarget target) {
    String virtualHost = request.getVirtualHost();
    if (virtualHost != null) {
      WireSyntax.checkHost("virtual host", virtualHost);
      return virtualHost;
    }
    return target.hostHeader;
  }

  private void checkUserAgent() {
    String userAgent = config.getUserAgent();
    if (userAgent != null) {
      WireSyntax.checkHeaderValue(HttpHeaderNames.USER_AGENT, userAgent);
    }
  }

  /**
   * Whether every header of the head is one this factory sets from constants, numbers or the
   * checked host, besides the configured user agent: no header, cookie or credential of the
   * user's, no body (its content headers), no tunnel and no WebSocket upgrade.
   */
  private static boolean onlyOwnHeaders(Request request, boolean connectTunnel, HopTarget target,
      @Nullable NettyBody body, boolean noUserHeaders, @Nullable String authorization,
      @Nullable String proxyAuthorization) {
    List<Cookie> cookies = request.getCookies();
    return noUserHeaders && !connectTunnel && body == null && !target.webSocket()
        && authorization == null && proxyAuthorization == null
        && (cookies == null || cookies.isEmpty());
  }

  private void addContentHeaders(
      Request request, HttpMethod method, @Nullable NettyBody body, HttpHeaders headers, boolean noUserHeaders) {
    List<Cookie> cookies = request.getCookies();
    if (cookies != null && !cookies.isEmpty()) {
      ClientCookieEncoder encoder = config.isUseLaxCookieEncoder() ? ClientCookieEncoder.LAX : ClientCookieEncoder.STRICT;
      CookieHeaders.merge(headers, cookies, encoder);
    }
    AcceptEncoding.apply(config, headers, noUserHeaders);
    if (body != null) {
      long length = body.getContentLength();
      if (length >= 0) {
        headers.remove(HttpHeaderNames.TRANSFER_ENCODING);
        headers.set(HttpHeaderNames.CONTENT_LENGTH, length);
      } else if (declaredContentLength(headers) >= 0) {
        headers.remove(HttpHeaderNames.TRANSFER_ENCODING);
      } else {
        headers.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
      }
      if (body instanceof MultipartNettyBody) {
        headers.set(HttpHeaderNames.CONTENT_TYPE, ((MultipartNettyBody) body).getContentType());
      } else if (isFormBody(request) && !headers.contains(HttpHeaderNames.CONTENT_TYPE)) {
        headers.set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_X_WWW_FORM_URLENCODED);
      }
    } else if ((method.equals(HttpMethod.POST) || method.equals(HttpMethod.PUT) || method.equals(HttpMethod.PATCH))
        && !headers.contains(HttpHeaderNames.CONTENT_LENGTH)
        && !headers.contains(HttpHeaderNames.TRANSFER_ENCODING)) {
      headers.set(HttpHeaderNames.CONTENT_LENGTH, 0);
    }
    if (!config.isKeepAlive() && !headers.contains(HttpHeaderNames.CONNECTION)) {
      headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    }
  }

  /** The body, chosen in AHC 3.0.11's order of precedence, or null when the request has none. */
  private @Nullable NettyBody body(Request request) {
    byte[] bytes = request.getByteData();
    if (bytes != null) {
      return new ByteArrayNettyBody(bytes);
    }
    List<byte[]> composite = request.getCompositeByteData();
    if (composite != null) {
      return new ByteArrayNettyBody(composite);
    }
    String string = request.getStringData();
    if (string != null) {
      return new ByteArrayNettyBody(string.getBytes(charsetOf(request)));
    }
    ByteBuffer byteBuffer = request.getByteBufferData();
    if (byteBuffer != null) {
      return new ByteBufferNettyBody(byteBuffer);
    }
    io.netty.buffer.ByteBuf byteBuf = request.getByteBufData();
    if (byteBuf != null) {
      return new ByteBufNettyBody(byteBuf);
    }
    InputStream stream = request.getStreamData();
    if (stream != null) {
      return new InputStreamNettyBody(stream, declaredContentLength(request.getHeaders()),
          config.getChunkedFileChunkSize());
    }
    List<Param> formParams = request.getFormParams();
    if (formParams != null && !formParams.isEmpty()) {
      return new ByteArrayNettyBody(FormUrlEncoding.encode(formParams, charsetOf(request)));
    }
    List<Part> parts = request.getBodyParts();
    if (parts != null && !parts.isEmpty()) {
      return new MultipartNettyBody(parts, request.getHeaders(), config);
    }
    File file = request.getFile();
    if (file != null) {
      return new FileNettyBody(file, config);
    }
    BodyGenerator generator = request.getBodyGenerator();
    if (generator != null) {
      return generatorBody(generator);
    }
    return null;
  }

  private NettyBody generatorBody(BodyGenerator generator) {
    if (generator instanceof ReactiveStreamsBodyGenerator) {
      ReactiveStreamsBodyGenerator reactive = (ReactiveStreamsBodyGenerator) generator;
      return new ReactiveNettyBody(reactive.getPublisher(), reactive.getContentLength());
    }
    if (generator instanceof FileBodyGenerator) {
      FileBodyGenerator fileGenerator = (FileBodyGenerator) generator;
      return new FileNettyBody(fileGenerator.getFile(), fileGenerator.getRegionSeek(),
          fileGenerator.getRegionLength(), config);
    }
    if (generator instanceof InputStreamBodyGenerator) {
      InputStreamBodyGenerator streamGenerator = (InputStreamBodyGenerator) generator;
      return new InputStreamNettyBody(streamGenerator.getInputStream(), streamGenerator.getContentLength(),
          config.getChunkedFileChunkSize());
    }
    boolean replayable = generator instanceof ByteArrayBodyGenerator;
    return new BodyGeneratorNettyBody(generator, replayable, config.getChunkedFileChunkSize());
  }

  private static boolean isFormBody(Request request) {
    List<Param> formParams = request.getFormParams();
    return formParams != null && !formParams.isEmpty()
        && request.getByteData() == null && request.getCompositeByteData() == null
        && request.getStringData() == null && request.getByteBufferData() == null
        && request.getByteBufData() == null && request.getStreamData() == null;
  }

  /** The charset a string or form body is encoded in: the request's, else UTF-8. */
  static Charset charsetOf(Request request) {
    Charset charset = request.getCharset();
    return charset != null ? charset : StandardCharsets.UTF_8;
  }

  /** The user's {@code Content-Length}, or -1 when absent; a malformed one is refused. */
  private static long declaredContentLength(HttpHeaders headers) {
    String value = headers.get(HttpHeaderNames.CONTENT_LENGTH);
    if (value == null) {
      return -1;
    }
    try {
      long length = Long.parseLong(value.trim());
      if (length >= 0) {
        return length;
      }
    } catch (NumberFormatException ignored) {
      // reported below with the value
    }
    throw new IllegalArgumentException(
        "header content-length: " + WireSyntax.quote(value) + " (expected a non-negative integer)");
  }

  private static void copy(HttpHeaders from, CharSequence name, HttpHeaders to) {
    List<String> values = from.getAll(name);
    if (!values.isEmpty()) {
      to.set(name, values); // checked with the finished head
    }
  }
}

package org.asynchttpclient;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.resolver.DefaultNameResolver;
import io.netty.resolver.NameResolver;
import io.netty.util.concurrent.ImmediateEventExecutor;
import java.io.File;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.asynchttpclient.channel.ChannelPoolPartitioning;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.request.body.generator.BodyGenerator;
import org.asynchttpclient.request.body.multipart.Part;
import org.asynchttpclient.uri.Uri;
import org.asynchttpclient.util.ContentTypeCharset;
import org.asynchttpclient.util.EnsuresNonNull;
import org.asynchttpclient.util.HttpSyntaxChecks;
import org.asynchttpclient.util.UriEncoder;
import org.jetbrains.annotations.Nullable;

/**
 * Builds a {@link Request}. Not thread-safe: one thread configures a builder and calls {@link #build()};
 * the request it returns shares no mutable state with it. ({@link BoundRequestBuilder#execute} lends its
 * headers table to the request it sends instead; the builder's own later changes still never reach that
 * request.)
 *
 * <p>Checks happen at the setter, with an {@link IllegalArgumentException} that names the value: the method
 * must be an HTTP token, header names must be tokens and header values must hold no CR, LF or NUL (header
 * validation is always on, whatever {@code validateHeaders} says: turning it off would let a header split
 * the request), {@link #setUrl} refuses what {@link Uri#create(String)} refuses, and timeouts must be
 * {@code >= 0} or exactly -1 ms ("no timeout"). {@link #build()} checks the headers again, since subclasses
 * and signature calculators may write to {@link #headers} directly.
 *
 * <p>Body setters are exclusive: setting one kind of body (bytes, string, stream, file, generator, form
 * parameters, multipart parts...) clears the others. AHC 3.0.11 let a file or a body generator coexist
 * with another body, which then silently won; here the last one set is the one sent. The builder never
 * takes ownership of a {@link ByteBuf} or a stream it is given.
 *
 * @param <T> the concrete builder type, returned by every setter
 */
public abstract class RequestBuilderBase<T extends RequestBuilderBase<T>> {

  /**
   * Resolves with the JDK resolver on the calling thread (AHC 3.0.11's default): the per-request
   * default when the client's own resolver is not used.
   */
  public static final NameResolver<InetAddress> DEFAULT_NAME_RESOLVER = new DefaultNameResolver(ImmediateEventExecutor.INSTANCE);

  private static final Uri DEFAULT_REQUEST_URL = Uri.create("http://localhost");
  private static final Duration NO_TIMEOUT = Duration.ofMillis(-1);

  // Builder-only state
  protected UriEncoder uriEncoder;
  protected @Nullable List<Param> queryParams;
  protected @Nullable SignatureCalculator signatureCalculator;

  // Request state
  protected String method;
  protected @Nullable Uri uri;
  protected @Nullable InetAddress address;
  protected @Nullable InetAddress localAddress;
  protected HttpHeaders headers;
  // True while a request built by buildLendingHeaders() holds the object in `headers`: the builder
  // copies it before changing it, so that request never sees a later change.
  private boolean headersLent;
  protected @Nullable ArrayList<Cookie> cookies;
  protected byte @Nullable [] byteData;
  protected @Nullable List<byte[]> compositeByteData;
  protected @Nullable String stringData;
  protected @Nullable ByteBuffer byteBufferData;
  protected @Nullable ByteBuf byteBufData;
  protected @Nullable InputStream streamData;
  protected @Nullable BodyGenerator bodyGenerator;
  protected @Nullable List<Param> formParams;
  protected @Nullable List<Part> bodyParts;
  protected @Nullable String virtualHost;
  protected @Nullable ProxyServer proxyServer;
  protected @Nullable Realm realm;
  protected @Nullable File file;
  protected @Nullable Boolean followRedirect;
  protected @Nullable Duration requestTimeout;
  protected @Nullable Duration readTimeout;
  protected long rangeOffset;
  protected @Nullable Charset charset;
  protected ChannelPoolPartitioning channelPoolPartitioning = ChannelPoolPartitioning.PerHostChannelPoolPartitioning.INSTANCE;
  protected NameResolver<InetAddress> nameResolver = DEFAULT_NAME_RESOLVER;
  /** True once the caller set a Content-Type: {@link #build()} then leaves that header alone. */
  protected boolean contentTypeLocked;

  // Null: the client's setting. Protected, as in AHC 3.0.14, for builders that extend this one.
  protected @Nullable Boolean useAbsoluteRequestDeadline;
  protected @Nullable Boolean refuseSchemeDowngradeOnRedirect;
  protected @Nullable Boolean refuseCrossOriginBodyOnRedirect;
  // Null: the client's hedging (not in AHC, so private).
  private @Nullable Duration hedgeDelay;
  private @Nullable Boolean hedgeable;

  protected final void doContentTypeLock() {
    contentTypeLocked = true;
  }

  protected final void resetContentTypeLock() {
    contentTypeLocked = false;
  }

  protected final boolean isContentTypeLocked() {
    return contentTypeLocked;
  }

  protected RequestBuilderBase(String method, boolean disableUrlEncoding) {
    this(method, disableUrlEncoding, true);
  }

  /**
   * Starts an empty builder.
   *
   * @param method the HTTP method, a token
   * @param disableUrlEncoding true to send the URI and query parameters as given ({@link UriEncoder#RAW})
   * @param validateHeaders kept for AHC 3.0.11 compatibility; headers are always validated
   * @throws IllegalArgumentException if {@code method} is not an HTTP token
   */
  protected RequestBuilderBase(String method, boolean disableUrlEncoding, boolean validateHeaders) {
    this.method = HttpSyntaxChecks.requireMethod(method);
    this.uriEncoder = UriEncoder.uriEncoder(disableUrlEncoding);
    this.headers = newHeaders();
  }

  protected RequestBuilderBase(Request prototype) {
    this(prototype, false, false);
  }

  /**
   * Copies every field of {@code prototype}, the per-request overrides (timeouts, absolute-deadline flag,
   * proxy, realm, resolver...) included. The copy is checked like anything set through the setters.
   *
   * @throws IllegalArgumentException if the prototype's method or headers break the HTTP syntax
   */
  protected RequestBuilderBase(Request prototype, boolean disableUrlEncoding, boolean validateHeaders) {
    this.method = HttpSyntaxChecks.requireMethod(prototype.getMethod());
    this.uriEncoder = UriEncoder.uriEncoder(disableUrlEncoding);
    this.uri = prototype.getUri();
    this.address = prototype.getAddress();
    this.localAddress = prototype.getLocalAddress();
    this.headers = newHeaders();
    addAllHeaders(prototype.getHeaders());
    if (headers.contains(HttpHeaderNames.CONTENT_TYPE)) {
      doContentTypeLock();
    }
    if (!prototype.getCookies().isEmpty()) {
      this.cookies = new ArrayList<>(prototype.getCookies());
    }
    this.byteData = prototype.getByteData();
    List<byte[]> composite = prototype.getCompositeByteData();
    this.compositeByteData = composite == null ? null : new ArrayList<>(composite);
    this.stringData = prototype.getStringData();
    this.byteBufferData = prototype.getByteBufferData();
    this.byteBufData = prototype.getByteBufData();
    this.streamData = prototype.getStreamData();
    this.bodyGenerator = prototype.getBodyGenerator();
    if (!prototype.getFormParams().isEmpty()) {
      this.formParams = new ArrayList<>(prototype.getFormParams());
    }
    if (!prototype.getBodyParts().isEmpty()) {
      this.bodyParts = new ArrayList<>(prototype.getBodyParts());
    }
    this.virtualHost = prototype.getVirtualHost();
    this.proxyServer = prototype.getProxyServer();
    this.realm = prototype.getRealm();
    this.file = prototype.getFile();
    this.followRedirect = prototype.getFollowRedirect();
    this.requestTimeout = checkTimeout("requestTimeout", prototype.getRequestTimeout());
    this.readTimeout = checkTimeout("readTimeout", prototype.getReadTimeout());
    this.rangeOffset = prototype.getRangeOffset();
    this.charset = prototype.getCharset();
    this.channelPoolPartitioning = prototype.getChannelPoolPartitioning();
    this.nameResolver = prototype.getNameResolver();
    this.useAbsoluteRequestDeadline = prototype.getUseAbsoluteRequestDeadline();
    this.refuseSchemeDowngradeOnRedirect = prototype.getRefuseSchemeDowngradeOnRedirect();
    this.refuseCrossOriginBodyOnRedirect = prototype.getRefuseCrossOriginBodyOnRedirect();
    this.hedgeDelay = prototype.getHedgeDelay();
    this.hedgeable = prototype.getHedgeable();
  }

  private static HttpHeaders newHeaders() {
    // Validates names and values as Netty's no-argument constructor does; our own checks run first
    // so that the message names the header and the offending character.
    return new RequestHeaders();
  }

  /**
   * Netty's validating header table with four buckets instead of sixteen (its constructor for that
   * is protected): a request carries a handful of headers of its own, most none, and the table is
   * made per request (48 bytes less each); more headers only make its chains longer.
   */
  private static final class RequestHeaders extends DefaultHttpHeaders {
    private static final DefaultHttpHeadersFactory VALIDATING = DefaultHttpHeadersFactory.headersFactory();
    private static final int BUCKETS = 4;

    RequestHeaders() {
      super(VALIDATING.getNameValidator(), VALIDATING.getValueValidator(), BUCKETS);
    }
  }

  @SuppressWarnings("unchecked")
  private T asDerivedType() {
    return (T) this;
  }

  /**
   * Sets the URL, parsed by {@link Uri#create(String)}.
   *
   * @throws IllegalArgumentException if {@code url} is not an absolute http, https, ws or wss URL
   */
  public T setUrl(String url) {
    return setUri(Uri.create(url));
  }

  public T setUri(Uri uri) {
    this.uri = uri;
    return asDerivedType();
  }

  public T setAddress(InetAddress address) {
    this.address = address;
    return asDerivedType();
  }

  public T setLocalAddress(InetAddress address) {
    this.localAddress = address;
    return asDerivedType();
  }

  public T setVirtualHost(String virtualHost) {
    this.virtualHost = virtualHost;
    return asDerivedType();
  }

  /** Removes every header, and with them the Content-Type lock. */
  public T clearHeaders() {
    ownHeaders().clear();
    resetContentTypeLock();
    return asDerivedType();
  }

  public T setHeader(CharSequence name, String value) {
    return setHeader(name, (Object) value);
  }

  /** Replaces the values of {@code name}; a value is sent as its {@code toString()} (dates as HTTP dates). */
  public T setHeader(CharSequence name, Object value) {
    checkHeader(name, value);
    ownHeaders().set(name, value);
    lockIfContentType(name);
    return asDerivedType();
  }

  public T setHeader(CharSequence name, Iterable<?> values) {
    checkHeader(name, values);
    ownHeaders().set(name, values);
    lockIfContentType(name);
    return asDerivedType();
  }

  public T addHeader(CharSequence name, String value) {
    return addHeader(name, (Object) value);
  }

  /** Adds a value to {@code name}; a null value is sent as an empty one, as in AHC 3.0.11. */
  public T addHeader(CharSequence name, Object value) {
    Object nonNull = value == null ? "" : value;
    checkHeader(name, nonNull);
    ownHeaders().add(name, nonNull);
    lockIfContentType(name);
    return asDerivedType();
  }

  public T addHeader(CharSequence name, Iterable<?> values) {
    checkHeader(name, values);
    ownHeaders().add(name, values);
    lockIfContentType(name);
    return asDerivedType();
  }

  /**
   * Replaces all headers with a checked copy of {@code headers} (null clears them). Unlike AHC 3.0.11 the
   * builder does not keep the caller's object, so later changes to it do not leak in unchecked.
   */
  public T setHeaders(HttpHeaders headers) {
    clearHeaders();
    if (headers != null) {
      addAllHeaders(headers);
      if (this.headers.contains(HttpHeaderNames.CONTENT_TYPE)) {
        doContentTypeLock();
      }
    }
    return asDerivedType();
  }

  /** Replaces all headers with those of {@code headers}, each name with all its values. */
  public T setHeaders(Map<? extends CharSequence, ? extends Iterable<?>> headers) {
    clearHeaders();
    if (headers != null) {
      headers.forEach((name, values) -> addHeader(name, (Iterable<?>) values));
    }
    return asDerivedType();
  }

  /** Replaces all headers with those of {@code headers}, one value per name. */
  public T setSingleHeaders(Map<? extends CharSequence, ?> headers) {
    clearHeaders();
    if (headers != null) {
      headers.forEach((name, value) -> addHeader(name, (Object) value));
    }
    return asDerivedType();
  }

  private void addAllHeaders(HttpHeaders source) {
    // Entry by entry: HttpHeaders.add(HttpHeaders) may copy another DefaultHttpHeaders without validating.
    for (Map.Entry<String, String> header : source) {
      checkHeader(header.getKey(), header.getValue());
      ownHeaders().add(header.getKey(), header.getValue());
    }
  }

  /** The headers object, copied first if a request built earlier holds it. */
  private HttpHeaders ownHeaders() {
    if (headersLent) {
      HttpHeaders copy = newHeaders();
      copy.add(headers);
      headers = copy;
      headersLent = false;
    }
    return headers;
  }

  private static void checkHeader(CharSequence name, @Nullable Object value) {
    HttpSyntaxChecks.requireHeaderName(name);
    if (value instanceof Iterable && !(value instanceof CharSequence)) {
      for (Object v : (Iterable<?>) value) {
        HttpSyntaxChecks.requireHeaderValue(name, v);
      }
    } else {
      HttpSyntaxChecks.requireHeaderValue(name, value);
    }
  }

  private void lockIfContentType(CharSequence name) {
    if (HttpHeaderNames.CONTENT_TYPE.contentEqualsIgnoreCase(name)) {
      doContentTypeLock();
    }
  }

  @EnsuresNonNull("cookies")
  private void lazyInitCookies() {
    if (cookies == null) {
      cookies = new ArrayList<>(3);
    }
  }

  public T setCookies(Collection<Cookie> cookies) {
    for (Cookie cookie : cookies) {
      checkCookie(cookie);
    }
    this.cookies = new ArrayList<>(cookies);
    return asDerivedType();
  }

  public T addCookie(Cookie cookie) {
    checkCookie(cookie);
    lazyInitCookies();
    cookies.add(cookie);
    return asDerivedType();
  }

  /** Adds {@code cookie}, replacing the first cookie of the same name if there is one. */
  public T addOrReplaceCookie(Cookie cookie) {
    return addOrReplaceCookie(cookie, true);
  }

  /** Adds {@code cookie} unless a cookie of the same name is already there. */
  public T addCookieIfUnset(Cookie cookie) {
    return addOrReplaceCookie(cookie, false);
  }

  private T addOrReplaceCookie(Cookie cookie, boolean replace) {
    checkCookie(cookie);
    lazyInitCookies();
    for (int i = 0; i < cookies.size(); i++) {
      if (cookies.get(i).name().equals(cookie.name())) {
        if (replace) {
          cookies.set(i, cookie);
        }
        return asDerivedType();
      }
    }
    cookies.add(cookie);
    return asDerivedType();
  }

  private static void checkCookie(Cookie cookie) {
    String name = cookie.name();
    if (HttpSyntaxChecks.indexOfLineBreakOrNul(name) >= 0 || HttpSyntaxChecks.indexOfLineBreakOrNul(cookie.value()) >= 0) {
      throw new IllegalArgumentException("cookie '" + HttpSyntaxChecks.printable(name) + "': value '"
          + HttpSyntaxChecks.printable(cookie.value()) + "' (expected no CR, LF or NUL in a cookie)");
    }
  }

  public void resetCookies() {
    if (cookies != null) {
      cookies.clear();
    }
  }

  /** Drops the query parameters added so far and the query of the URI. */
  public void resetQuery() {
    queryParams = null;
    if (uri != null) {
      uri = uri.withNewQuery(null);
    }
  }

  public void resetFormParams() {
    formParams = null;
  }

  /** Clears every body that is not multipart: bytes, string, buffers, stream, generator and file. */
  public void resetNonMultipartData() {
    byteData = null;
    compositeByteData = null;
    byteBufferData = null;
    byteBufData = null;
    stringData = null;
    streamData = null;
    bodyGenerator = null;
    file = null;
  }

  public void resetMultipartData() {
    bodyParts = null;
  }

  private void resetBody() {
    resetFormParams();
    resetNonMultipartData();
    resetMultipartData();
  }

  public T setBody(File file) {
    resetBody();
    this.file = file;
    return asDerivedType();
  }

  public T setBody(byte[] data) {
    resetBody();
    this.byteData = data;
    return asDerivedType();
  }

  /** Sends the arrays one after the other, as one body. */
  public T setBody(List<byte[]> data) {
    resetBody();
    this.compositeByteData = data;
    return asDerivedType();
  }

  /** Sends {@code data} encoded with the request's charset (see {@link Request#getCharset()}). */
  public T setBody(String data) {
    resetBody();
    this.stringData = data;
    return asDerivedType();
  }

  public T setBody(ByteBuffer data) {
    resetBody();
    this.byteBufferData = data;
    return asDerivedType();
  }

  /** Sends the readable bytes of {@code data}; the caller keeps ownership of (and releases) the buffer. */
  public T setBody(ByteBuf data) {
    resetBody();
    this.byteBufData = data;
    return asDerivedType();
  }

  public T setBody(InputStream stream) {
    resetBody();
    this.streamData = stream;
    return asDerivedType();
  }

  public T setBody(BodyGenerator bodyGenerator) {
    resetBody();
    this.bodyGenerator = bodyGenerator;
    return asDerivedType();
  }

  /** Appends a query parameter; {@code value} null gives {@code ?name}. Encoded at build (see {@link UriEncoder}). */
  @EnsuresNonNull("queryParams")
  public T addQueryParam(String name, String value) {
    if (queryParams == null) {
      queryParams = new ArrayList<>(1);
    }
    queryParams.add(new Param(name, value));
    return asDerivedType();
  }

  @EnsuresNonNull("queryParams")
  public T addQueryParams(List<Param> params) {
    if (queryParams == null) {
      queryParams = new ArrayList<>(params);
    } else {
      queryParams.addAll(params);
    }
    return asDerivedType();
  }

  public T setQueryParams(Map<String, List<String>> map) {
    return setQueryParams(Param.map2ParamList(map));
  }

  /** Replaces the URI's query and the parameters added so far with {@code params} (null: none). */
  public T setQueryParams(@Nullable List<Param> params) {
    if (uri != null) {
      String query = uri.getQuery();
      if (query != null && !query.isEmpty()) {
        uri = uri.withNewQuery(null);
      }
    }
    queryParams = params == null ? null : new ArrayList<>(params);
    return asDerivedType();
  }

  /** Adds a form parameter; form parameters replace any other non-multipart body and the parts. */
  @EnsuresNonNull("formParams")
  public T addFormParam(String name, String value) {
    resetNonMultipartData();
    resetMultipartData();
    if (formParams == null) {
      formParams = new ArrayList<>(1);
    }
    formParams.add(new Param(name, value));
    return asDerivedType();
  }

  public T setFormParams(Map<String, List<String>> map) {
    return setFormParams(Param.map2ParamList(map));
  }

  public T setFormParams(@Nullable List<Param> params) {
    resetNonMultipartData();
    resetMultipartData();
    formParams = params == null ? null : new ArrayList<>(params);
    return asDerivedType();
  }

  /** Adds a multipart part; parts replace form parameters and any other body. */
  @EnsuresNonNull("bodyParts")
  public T addBodyPart(Part bodyPart) {
    resetFormParams();
    resetNonMultipartData();
    if (bodyParts == null) {
      bodyParts = new ArrayList<>();
    }
    bodyParts.add(bodyPart);
    return asDerivedType();
  }

  @EnsuresNonNull("bodyParts")
  public T setBodyParts(List<Part> bodyParts) {
    resetFormParams();
    resetNonMultipartData();
    this.bodyParts = new ArrayList<>(bodyParts);
    return asDerivedType();
  }

  public T setProxyServer(ProxyServer proxyServer) {
    this.proxyServer = proxyServer;
    return asDerivedType();
  }

  public T setProxyServer(ProxyServer.Builder proxyServerBuilder) {
    this.proxyServer = proxyServerBuilder.build();
    return asDerivedType();
  }

  public T setRealm(Realm.Builder realm) {
    this.realm = realm.build();
    return asDerivedType();
  }

  public T setRealm(Realm realm) {
    this.realm = realm;
    return asDerivedType();
  }

  public T setFollowRedirect(boolean followRedirect) {
    this.followRedirect = followRedirect;
    return asDerivedType();
  }

  /**
   * Overrides the client's request timeout for this request: null or zero uses the client's, -1 ms means
   * none.
   *
   * @throws IllegalArgumentException for any other negative duration
   */
  public T setRequestTimeout(Duration requestTimeout) {
    this.requestTimeout = checkTimeout("requestTimeout", requestTimeout);
    return asDerivedType();
  }

  /**
   * Overrides the client's read timeout for this request: null or zero uses the client's, -1 ms means
   * none.
   *
   * @throws IllegalArgumentException for any other negative duration
   */
  public T setReadTimeout(Duration readTimeout) {
    this.readTimeout = checkTimeout("readTimeout", readTimeout);
    return asDerivedType();
  }

  private static @Nullable Duration checkTimeout(String name, @Nullable Duration timeout) {
    if (timeout != null && timeout.isNegative() && !timeout.equals(NO_TIMEOUT)) {
      String shown = timeout.equals(Duration.ofMillis(timeout.toMillis())) ? timeout.toMillis() + " ms" : timeout.toString();
      throw new IllegalArgumentException(
          name + ": " + shown + " (expected >= 0 ms, or -1 ms for no timeout; 0 means the client's setting)");
    }
    return timeout;
  }

  /**
   * Overrides the client's {@code useAbsoluteRequestDeadline} for this request: true makes redirects,
   * retries and authentication replays share one request-timeout budget counted from submission, false
   * gives each hop a fresh budget, null (the default) defers to the client.
   */
  public T setUseAbsoluteRequestDeadline(@Nullable Boolean useAbsoluteRequestDeadline) {
    this.useAbsoluteRequestDeadline = useAbsoluteRequestDeadline;
    return asDerivedType();
  }

  /**
   * As {@link #setUseAbsoluteRequestDeadline(Boolean)} with a value: AHC 3.0.14's signature, so that
   * code compiled against 3.0.14 links (a call with {@code true} or {@code false} binds here; null
   * still resets to the client's setting through the other one).
   */
  public T setUseAbsoluteRequestDeadline(boolean useAbsoluteRequestDeadline) {
    return setUseAbsoluteRequestDeadline(Boolean.valueOf(useAbsoluteRequestDeadline));
  }

  /**
   * True refuses this request's redirects from {@code https}/{@code wss} to {@code http}/{@code ws}
   * even where the client follows them ({@code refuseSchemeDowngradeOnRedirect}). False cannot
   * relax a client that refuses: the refusal only ever tightens. See {@link
   * Request#getRefuseSchemeDowngradeOnRedirect()}.
   */
  public T setRefuseSchemeDowngradeOnRedirect(boolean refuseSchemeDowngradeOnRedirect) {
    this.refuseSchemeDowngradeOnRedirect = refuseSchemeDowngradeOnRedirect;
    return asDerivedType();
  }

  /**
   * Overrides the client's hedge delay for this request ({@code AsyncHttpClientConfig#getHedgeDelay}):
   * zero turns hedging off for it, null (the default) uses the client's.
   *
   * @throws IllegalArgumentException if the delay is negative
   */
  public T setHedgeDelay(@Nullable Duration hedgeDelay) {
    if (hedgeDelay != null && hedgeDelay.isNegative()) {
      throw new IllegalArgumentException("hedgeDelay: " + hedgeDelay + " (expected >= 0, or null for the client's)");
    }
    this.hedgeDelay = hedgeDelay;
    return asDerivedType();
  }

  /**
   * True marks this request as safe to send twice, so it may be hedged whatever its method; false
   * never hedges it; by default only GET, HEAD, OPTIONS and requests with an {@code Idempotency-Key}
   * header are hedged. See {@link Request#getHedgeable()}.
   */
  public T setHedgeable(boolean hedgeable) {
    this.hedgeable = hedgeable;
    return asDerivedType();
  }

  /**
   * True refuses this request's redirects that would send its body again to another origin even
   * where the client follows them ({@code refuseCrossOriginBodyOnRedirect}). False cannot relax a
   * client that refuses. See {@link Request#getRefuseCrossOriginBodyOnRedirect()}.
   */
  public T setRefuseCrossOriginBodyOnRedirect(boolean refuseCrossOriginBodyOnRedirect) {
    this.refuseCrossOriginBodyOnRedirect = refuseCrossOriginBodyOnRedirect;
    return asDerivedType();
  }

  /** The offset to send as {@code Range: bytes=offset-}, to resume a download; 0 for none. */
  public T setRangeOffset(long rangeOffset) {
    this.rangeOffset = rangeOffset;
    return asDerivedType();
  }

  /**
   * Sets the HTTP method.
   *
   * @throws IllegalArgumentException if {@code method} is not an HTTP token
   */
  public T setMethod(String method) {
    this.method = HttpSyntaxChecks.requireMethod(method);
    return asDerivedType();
  }

  /** The charset for string bodies and form parameters when the Content-Type names none; UTF-8 by default. */
  public T setCharset(Charset charset) {
    this.charset = charset;
    return asDerivedType();
  }

  public T setChannelPoolPartitioning(ChannelPoolPartitioning channelPoolPartitioning) {
    this.channelPoolPartitioning = channelPoolPartitioning;
    return asDerivedType();
  }

  public T setNameResolver(NameResolver<InetAddress> nameResolver) {
    this.nameResolver = nameResolver;
    return asDerivedType();
  }

  /** Signs the request at {@link #build()} time; null removes the calculator. */
  public T setSignatureCalculator(@Nullable SignatureCalculator signatureCalculator) {
    this.signatureCalculator = signatureCalculator;
    return asDerivedType();
  }

  /**
   * Builds the request. The URI defaults to {@code http://localhost}; its query parameters are encoded
   * and appended by the {@link UriEncoder}; the charset comes from the Content-Type, else
   * {@link #setCharset}, else UTF-8; a signature calculator, if any, runs last.
   *
   * @throws IllegalArgumentException if the URI's scheme is not http, https, ws or wss, or a header
   *     written directly to {@link #headers} breaks the header syntax
   */
  public Request build() {
    SignatureCalculator calculator = signatureCalculator;
    if (calculator == null) {
      return buildUnsigned();
    }
    // Typed as the base class: its private members are reachable through it.
    RequestBuilderBase<?> unsigned = new RequestBuilder(method, false);
    copyStateTo(unsigned);
    Request unsignedRequest = unsigned.buildUnsigned();
    calculator.calculateAndAddSignature(unsignedRequest, unsigned);
    return unsigned.buildUnsigned();
  }

  /**
   * Like {@link #build()}, except that the request takes this builder's headers object instead of a
   * copy, and the builder copies it back before its next change to the headers. For a request that goes
   * straight to the client ({@link BoundRequestBuilder#execute}): a request per call is the hot path,
   * and the copy was a whole headers table per request. What is shared until the builder's next header
   * change: a subclass that writes to {@link #headers} directly writes into the request's headers, and
   * a change made through the request's {@code getHeaders()} shows in the builder's next request. Both
   * were true of every build in AHC 3.0.11.
   */
  Request buildLendingHeaders() {
    if (signatureCalculator != null || headersLent) {
      return build();
    }
    for (Map.Entry<String, String> header : headers) {
      checkHeader(header.getKey(), header.getValue());
    }
    headersLent = true;
    return buildUnsigned(headers);
  }

  private Request buildUnsigned() {
    HttpHeaders headersCopy = newHeaders();
    for (Map.Entry<String, String> header : headers) {
      checkHeader(header.getKey(), header.getValue());
      headersCopy.add(header.getKey(), header.getValue());
    }
    return buildUnsigned(headersCopy);
  }

  private Request buildUnsigned(HttpHeaders requestHeaders) {
    Uri target = uri == null ? DEFAULT_REQUEST_URL : uri;
    Uri.validateSupportedScheme(target);
    Uri finalUri = uriEncoder.encode(target, queryParams);
    Charset finalCharset = computeCharset(requestHeaders);

    return new DefaultRequest(method, finalUri, address, localAddress, requestHeaders,
        cookies == null ? Collections.emptyList() : new ArrayList<>(cookies),
        byteData,
        compositeByteData == null ? null : new ArrayList<>(compositeByteData),
        stringData, byteBufferData, byteBufData, streamData, bodyGenerator,
        formParams == null ? Collections.emptyList() : new ArrayList<>(formParams),
        bodyParts == null ? Collections.emptyList() : new ArrayList<>(bodyParts),
        virtualHost, proxyServer, realm, file, followRedirect, requestTimeout, readTimeout, rangeOffset,
        finalCharset, channelPoolPartitioning, nameResolver, overrides());
  }

  private DefaultRequest.Overrides overrides() {
    DefaultRequest.Overrides o = new DefaultRequest.Overrides();
    o.useAbsoluteRequestDeadline = useAbsoluteRequestDeadline;
    o.refuseSchemeDowngradeOnRedirect = refuseSchemeDowngradeOnRedirect;
    o.refuseCrossOriginBodyOnRedirect = refuseCrossOriginBodyOnRedirect;
    o.hedgeDelay = hedgeDelay;
    o.hedgeable = hedgeable;
    return o;
  }

  /**
   * The Content-Type's charset wins, then the builder's, then UTF-8. A {@code text/*} Content-Type that
   * names no charset and that the caller did not set explicitly gets the chosen one appended (AHC 3.0.11).
   */
  private Charset computeCharset(HttpHeaders target) {
    String contentType = target.get(HttpHeaderNames.CONTENT_TYPE);
    Charset fromContentType = contentType == null ? null : ContentTypeCharset.extract(contentType);
    Charset chosen = fromContentType != null ? fromContentType : charset != null ? charset : StandardCharsets.UTF_8;
    if (!contentTypeLocked && contentType != null && fromContentType == null
        && contentType.regionMatches(true, 0, "text/", 0, 5)) {
      target.set(HttpHeaderNames.CONTENT_TYPE, contentType + "; charset=" + chosen.name());
    }
    return chosen;
  }

  /** Copies every field but the signature calculator, with copies of the mutable collections. */
  private void copyStateTo(RequestBuilderBase<?> target) {
    target.uriEncoder = uriEncoder;
    target.queryParams = queryParams == null ? null : new ArrayList<>(queryParams);
    target.method = method;
    target.uri = uri;
    target.address = address;
    target.localAddress = localAddress;
    target.headers = newHeaders();
    target.addAllHeaders(headers);
    target.contentTypeLocked = contentTypeLocked;
    target.cookies = cookies == null ? null : new ArrayList<>(cookies);
    target.byteData = byteData;
    target.compositeByteData = compositeByteData == null ? null : new ArrayList<>(compositeByteData);
    target.stringData = stringData;
    target.byteBufferData = byteBufferData;
    target.byteBufData = byteBufData;
    target.streamData = streamData;
    target.bodyGenerator = bodyGenerator;
    target.formParams = formParams == null ? null : new ArrayList<>(formParams);
    target.bodyParts = bodyParts == null ? null : new ArrayList<>(bodyParts);
    target.virtualHost = virtualHost;
    target.proxyServer = proxyServer;
    target.realm = realm;
    target.file = file;
    target.followRedirect = followRedirect;
    target.requestTimeout = requestTimeout;
    target.readTimeout = readTimeout;
    target.rangeOffset = rangeOffset;
    target.charset = charset;
    target.channelPoolPartitioning = channelPoolPartitioning;
    target.nameResolver = nameResolver;
    target.useAbsoluteRequestDeadline = useAbsoluteRequestDeadline;
    target.refuseSchemeDowngradeOnRedirect = refuseSchemeDowngradeOnRedirect;
    target.refuseCrossOriginBodyOnRedirect = refuseCrossOriginBodyOnRedirect;
    target.hedgeDelay = hedgeDelay;
    target.hedgeable = hedgeable;
  }
}

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
import java.util.List;
import org.asynchttpclient.channel.ChannelPoolPartitioning;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.request.body.generator.BodyGenerator;
import org.asynchttpclient.request.body.multipart.Part;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * An HTTP request as the client sends it: method, URI, headers, at most one kind of body, and per-request
 * overrides of the client's configuration. Build one with {@link RequestBuilder} or
 * {@link AsyncHttpClient#prepareGet(String)} and friends.
 *
 * <p>At most one of the body getters returns a body; the others return null (or an empty list).
 */
public interface Request {

  /** The method, an HTTP token such as {@code GET}. */
  String getMethod();

  /** The URI to send, query parameters included. */
  Uri getUri();

  /** {@link #getUri()} as a string, fragment excluded. */
  String getUrl();

  /** The address to connect to instead of resolving the host, or null. */
  @Nullable InetAddress getAddress();

  /** The local address to bind to, or null. */
  @Nullable InetAddress getLocalAddress();

  HttpHeaders getHeaders();

  List<Cookie> getCookies();

  byte @Nullable [] getByteData();

  @Nullable List<byte[]> getCompositeByteData();

  @Nullable String getStringData();

  @Nullable ByteBuffer getByteBufferData();

  @Nullable ByteBuf getByteBufData();

  @Nullable InputStream getStreamData();

  @Nullable BodyGenerator getBodyGenerator();

  /** Form parameters to send as {@code application/x-www-form-urlencoded}; empty when there are none. */
  List<Param> getFormParams();

  /** Multipart parts; empty when there are none. */
  List<Part> getBodyParts();

  /**
   * The {@code Host} to send instead of the URI's, or null. Over TLS, direct or through SOCKS, it is
   * also the peer ({@code host}, {@code host:port}, {@code [v6]} or {@code [v6]:port}): its name goes
   * out in SNI and must match the certificate, as in 3.0.11; a value that names no peer fails the
   * request with an {@link IllegalArgumentException}.
   */
  @Nullable String getVirtualHost();

  /** The parameters of the URI's query, as written (not decoded). */
  List<Param> getQueryParams();

  /** The proxy for this request, overriding the client's selector, or null. */
  @Nullable ProxyServer getProxyServer();

  /** The credentials for this request, overriding the client's realm, or null. */
  @Nullable Realm getRealm();

  @Nullable File getFile();

  /** Whether to follow redirects, or null for the client's setting. */
  @Nullable Boolean getFollowRedirect();

  /** The request timeout: {@link Duration#ZERO} for the client's setting, -1 ms for none. */
  Duration getRequestTimeout();

  /** The read timeout: {@link Duration#ZERO} for the client's setting, -1 ms for none. */
  Duration getReadTimeout();

  /** The offset to resume a download from, 0 for none. */
  long getRangeOffset();

  /** The charset for string bodies and form parameters. */
  @Nullable Charset getCharset();

  ChannelPoolPartitioning getChannelPoolPartitioning();

  NameResolver<InetAddress> getNameResolver();

  /**
   * Whether this request's redirects, retries and authentication replays share one request-timeout
   * budget counted from submission; null (the default) defers to
   * {@code AsyncHttpClientConfig.isUseAbsoluteRequestDeadline()}.
   */
  default @Nullable Boolean getUseAbsoluteRequestDeadline() {
    return null;
  }

  /**
   * Whether a redirect of this request from {@code https}/{@code wss} to {@code http}/{@code ws} is
   * refused; null (the default) defers to {@code
   * AsyncHttpClientConfig.isRefuseSchemeDowngradeOnRedirect()}. It can only tighten: true refuses
   * where the client follows, false does not follow where the client refuses. Held by the exchange
   * once any of its hops asked for it, so a request rebuilt for a later hop (by a filter, say)
   * cannot take it back.
   */
  default @Nullable Boolean getRefuseSchemeDowngradeOnRedirect() {
    return null;
  }

  /**
   * Whether a redirect that would send this request's body again to another origin is refused;
   * null (the default) defers to {@code AsyncHttpClientConfig.isRefuseCrossOriginBodyOnRedirect()}.
   * Tightens only, and is held by the exchange, as {@link #getRefuseSchemeDowngradeOnRedirect()}.
   */
  default @Nullable Boolean getRefuseCrossOriginBodyOnRedirect() {
    return null;
  }

  /**
   * This request's hedge delay: how long an attempt may go without a response head before a hedge
   * is sent beside it; {@link java.time.Duration#ZERO} turns hedging off for this request, null
   * (the default) defers to {@code AsyncHttpClientConfig.getHedgeDelay()}.
   */
  default @Nullable Duration getHedgeDelay() {
    return null;
  }

  /**
   * True marks a request as safe to send twice, so that it may be hedged whatever its method (a
   * POST the server deduplicates, say); false never hedges it; null (the default) hedges only GET,
   * HEAD, OPTIONS and requests that carry an {@code Idempotency-Key} header.
   */
  default @Nullable Boolean getHedgeable() {
    return null;
  }

  /** A builder holding a copy of this request's state. */
  default RequestBuilder toBuilder() {
    return new RequestBuilder(this);
  }
}

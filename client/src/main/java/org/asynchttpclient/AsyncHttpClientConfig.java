package org.asynchttpclient;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslContext;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.Timer;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.channel.KeepAliveStrategy;
import org.asynchttpclient.config.AsyncHttpClientConfigDefaults;
import org.asynchttpclient.cookie.CookieStore;
import org.asynchttpclient.filter.IOExceptionFilter;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.filter.RequestFilter;
import org.asynchttpclient.filter.ResponseFilter;
import org.asynchttpclient.netty.EagerResponseBodyPart;
import org.asynchttpclient.netty.LazyResponseBodyPart;
import org.asynchttpclient.netty.channel.ConnectionSemaphoreFactory;
import org.asynchttpclient.proxy.ProxyServerSelector;
import org.jetbrains.annotations.Nullable;

/**
 * Everything a client is configured with. Build one with
 * {@link DefaultAsyncHttpClientConfig.Builder} (or {@link Dsl#config()}); every option's default
 * comes from {@link AsyncHttpClientConfigDefaults}, that is from properties files and system
 * properties. docs/configuration.md lists every option with its property key and default.
 *
 * <p>Methods added after AHC 3.0.11 are {@code default} methods that return the configured default,
 * so an implementation written for 3.0.11 still compiles and still honours the system properties.
 *
 * <p>Timeouts are {@link Duration}s. Where a value of -1 ms ({@code PT-0.001S}) is allowed it means
 * "none"; the builder documents what each option accepts.
 */
public interface AsyncHttpClientConfig {

  /** The version of this library. */
  String getAhcVersion();

  /**
   * Prefix of the names of the client's I/O threads when it creates its own thread factory; its
   * own timer's thread is named after it too, with {@code -timer} appended.
   *
   * <p>Default {@code AsyncHttpClient}; property {@code org.asynchttpclient.threadPoolName}.
   */
  String getThreadPoolName();

  /**
   * The most connections open at once over all hosts; -1 (or 0) for no limit.
   *
   * <p>Default {@code -1}; property {@code org.asynchttpclient.maxConnections}.
   */
  int getMaxConnections();

  /**
   * The most connections open at once to one host; -1 (or 0) for no limit.
   *
   * <p>Default {@code -1}; property {@code org.asynchttpclient.maxConnectionsPerHost}.
   */
  int getMaxConnectionsPerHost();

  /**
   * How long, in milliseconds, a request waits for a connection when a connection limit is reached
   * before it fails; 0 fails at once.
   *
   * <p>Default {@code 0}; property {@code org.asynchttpclient.acquireFreeChannelTimeout}.
   */
  int getAcquireFreeChannelTimeout();

  /**
   * How long connecting (TCP) may take; {@link Duration#ZERO} for no limit.
   *
   * <p>Default {@code PT5S}; property {@code org.asynchttpclient.connectTimeout}.
   */
  Duration getConnectTimeout();

  /**
   * The longest silence allowed while waiting for response bytes, reset by every read; -1 ms for
   * none.
   *
   * <p>Default {@code PT1M}; property {@code org.asynchttpclient.readTimeout}.
   */
  Duration getReadTimeout();

  /**
   * How long a connection may stay idle in the pool before it is closed; 0 or -1 ms: forever.
   *
   * <p>Default {@code PT1M}; property {@code org.asynchttpclient.pooledConnectionIdleTimeout}.
   */
  Duration getPooledConnectionIdleTimeout();

  /**
   * How often the pool looks for idle or expired connections to close.
   *
   * <p>Default {@code PT0.1S}; property {@code org.asynchttpclient.connectionPoolCleanerPeriod}.
   */
  Duration getConnectionPoolCleanerPeriod();

  /**
   * How long a request may take until its response is complete; -1 ms for none, zero expires at
   * once (as in 3.0.11). A request's own non-zero timeout replaces it.
   *
   * <p>What it bounds: one hop, from its start (the first hop: {@code execute}; so the wait for a
   * permit, name resolution, connect, TLS, writing and waiting are inside) until the last byte of
   * the response; decoding the body in {@link AsyncHandler#onCompleted()} and the caller's
   * dependent stages are outside it, and a timeout that fires after the response completed does
   * nothing. On expiry the exchange fails
   * with a {@link java.util.concurrent.TimeoutException} (with {@link
   * #isTypedTimeoutExceptions()} an {@code ExchangeTimeoutException} carrying the kind, budget, hop
   * and lateness), its connection is closed and its permit released before the caller hears of it.
   *
   * <p>Across hops: by default (as in 3.0.11) every redirect, retry and auth replay restarts the
   * timeout, so a chain of {@code maxRedirects} hops may run that many times longer. With {@link
   * #isUseAbsoluteRequestDeadline()} (or the request's own setting) it is one budget for the whole
   * exchange, counted from submission on a monotonic clock: each hop gets what is left, and a hop
   * whose budget is spent is never sent.
   *
   * <p>Where it fires: on the client's {@link io.netty.util.HashedWheelTimer} by default, rounded
   * up to its tick ({@link #getHashedWheelTimerTickDuration()}, 100 ms); on the connection's event
   * loop, on time, with {@link #isUseEventLoopTimeouts()}.
   *
   * <p>Default {@code PT1M}; property {@code org.asynchttpclient.requestTimeout}.
   */
  Duration getRequestTimeout();

  /**
   * Whether 3xx redirects are followed.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.followRedirect}.
   */
  boolean isFollowRedirect();

  /**
   * The most redirects followed for one request.
   *
   * <p>Default {@code 5}; property {@code org.asynchttpclient.maxRedirects}.
   */
  int getMaxRedirects();

  /**
   * Whether connections are kept open and pooled for reuse.
   *
   * <p>Default {@code true}; property {@code org.asynchttpclient.keepAlive}.
   */
  boolean isKeepAlive();

  /**
   * The User-Agent header sent when a request has none; null sends none.
   *
   * <p>Default {@code AHC/2.1}; property {@code org.asynchttpclient.userAgent}.
   */
  @Nullable String getUserAgent();

  /**
   * Whether requests ask for compressed responses (Accept-Encoding) even if the user did not.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.compressionEnforced}.
   */
  boolean isCompressionEnforced();

  /**
   * Whether compressed response bodies are decompressed before the handler sees them.
   *
   * <p>Default {@code true}; property {@code org.asynchttpclient.enableAutomaticDecompression}.
   */
  boolean isEnableAutomaticDecompression();

  /**
   * The factory of the client's I/O threads and of its own timer's thread (not of a timer or
   * event loops it is given); null for non-daemon threads named after {@link #getThreadPoolName()}.
   */
  @Nullable ThreadFactory getThreadFactory();

  /** Chooses the proxy for each request; never null (a selector that returns null means direct). */
  ProxyServerSelector getProxyServerSelector();

  /** The TLS context to use; null builds one from the other TLS options. */
  @Nullable SslContext getSslContext();

  /** Credentials used for every request that has none of its own; null for none. */
  @Nullable Realm getRealm();

  /** Filters applied, in order, to every request before it is sent. */
  List<RequestFilter> getRequestFilters();

  /** Filters applied, in order, to every response status and headers. */
  List<ResponseFilter> getResponseFilters();

  /** Filters consulted, in order, when a request fails with an {@link java.io.IOException}. */
  List<IOExceptionFilter> getIoExceptionFilters();

  /** Where cookies received are kept and read from; null disables cookie handling. */
  @Nullable CookieStore getCookieStore();

  /**
   * How often, in milliseconds, expired cookies are evicted from the cookie store.
   *
   * <p>Default {@code 30000}; property {@code org.asynchttpclient.expiredCookieEvictionDelay}.
   */
  int expiredCookieEvictionDelay();

  /**
   * How many times a request is retried after an I/O failure on a reused connection.
   *
   * <p>Default {@code 5}; property {@code org.asynchttpclient.maxRequestRetry}.
   */
  int getMaxRequestRetry();

  /**
   * Whether URLs of bound requests are sent as given, without encoding.
   *
   * <p>Default {@code false}; property {@code
   * org.asynchttpclient.disableUrlEncodingForBoundRequests}.
   */
  boolean isDisableUrlEncodingForBoundRequests();

  /**
   * Whether cookies are encoded, and Set-Cookie headers decoded into the cookie store, leniently (no
   * strict RFC 6265 validation).
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.useLaxCookieEncoder}.
   */
  boolean isUseLaxCookieEncoder();

  /**
   * Whether a 302 keeps the original method instead of switching to GET.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.strict302Handling}.
   */
  boolean isStrict302Handling();

  /**
   * How long a connection may be reused from its creation; 0 or -1 ms: forever.
   *
   * <p>Default {@code -PT0.001S}; property {@code org.asynchttpclient.connectionTtl}.
   */
  Duration getConnectionTtl();

  /**
   * Whether TLS prefers OpenSSL (netty-tcnative). When no OpenSSL provider is on the classpath, the
   * JDK's TLS is used instead.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.useOpenSsl}.
   */
  boolean isUseOpenSsl();

  /**
   * Whether every server certificate is trusted. For tests only: it disables authentication.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.useInsecureTrustManager}.
   */
  boolean isUseInsecureTrustManager();

  /**
   * Whether the server's host name is not checked against its certificate. Unsafe.
   *
   * <p>Default {@code false}; property {@code
   * org.asynchttpclient.disableHttpsEndpointIdentificationAlgorithm}.
   */
  boolean isDisableHttpsEndpointIdentificationAlgorithm();

  /**
   * TLS protocols enabled; null for the TLS provider's defaults.
   *
   * <p>Default {@code TLSv1.3, TLSv1.2}; property {@code org.asynchttpclient.enabledProtocols}.
   */
  @Nullable String[] getEnabledProtocols();

  /**
   * TLS cipher suites enabled; null for the TLS provider's defaults.
   *
   * <p>Default: none (empty); property {@code org.asynchttpclient.enabledCipherSuites}.
   */
  @Nullable String[] getEnabledCipherSuites();

  /**
   * Whether weak cipher suites are removed from the enabled ones.
   *
   * <p>Default {@code true}; property {@code org.asynchttpclient.filterInsecureCipherSuites}.
   */
  boolean isFilterInsecureCipherSuites();

  /**
   * Whether HTTPS connections offer HTTP/2 (ALPN {@code h2}, then {@code http/1.1}); true by
   * default, as in 3.0.11. A connection whose server picks {@code h2} carries every request of its
   * partition as multiplexed streams; otherwise HTTP/1.1 is spoken. See docs/http2.md.
   */
  default boolean isHttp2Enabled() {
    return true;
  }

  /**
   * HTTP/2 initial flow-control window of each stream (SETTINGS_INITIAL_WINDOW_SIZE), in bytes; the
   * connection's window is raised to it too when larger than 65535.
   *
   * <p>Default {@code 16777216}; property {@code org.asynchttpclient.http2InitialWindowSize}.
   */
  default int getHttp2InitialWindowSize() {
    return AsyncHttpClientConfigDefaults.defaultHttp2InitialWindowSize();
  }

  /**
   * HTTP/2 largest frame the client accepts (SETTINGS_MAX_FRAME_SIZE, 16384..16777215).
   *
   * <p>Default {@code 16384}; property {@code org.asynchttpclient.http2MaxFrameSize}.
   */
  default int getHttp2MaxFrameSize() {
    return AsyncHttpClientConfigDefaults.defaultHttp2MaxFrameSize();
  }

  /**
   * HTTP/2 HPACK dynamic table size the client's decoder allows (SETTINGS_HEADER_TABLE_SIZE).
   *
   * <p>Default {@code 4096}; property {@code org.asynchttpclient.http2HeaderTableSize}.
   */
  default int getHttp2HeaderTableSize() {
    return AsyncHttpClientConfigDefaults.defaultHttp2HeaderTableSize();
  }

  /**
   * HTTP/2 largest response header list accepted (SETTINGS_MAX_HEADER_LIST_SIZE); a larger one
   * fails its stream with an exception.
   *
   * <p>Default {@code 8192}; property {@code org.asynchttpclient.http2MaxHeaderListSize}.
   */
  default int getHttp2MaxHeaderListSize() {
    return AsyncHttpClientConfigDefaults.defaultHttp2MaxHeaderListSize();
  }

  /**
   * HTTP/2 streams at most open at once on one connection; the server's SETTINGS_MAX_CONCURRENT_STREAMS
   * if lower; -1 for the server's limit. Requests beyond wait, inside their request timeout.
   *
   * <p>Default {@code -1}; property {@code org.asynchttpclient.http2MaxConcurrentStreams}.
   */
  default int getHttp2MaxConcurrentStreams() {
    return AsyncHttpClientConfigDefaults.defaultHttp2MaxConcurrentStreams();
  }

  /**
   * HTTP/2 connections per pool partition (origin, proxy) opened for load, at least 1. RFC 9113
   * section 9.1 asks a client for one connection per origin, as AHC 3.0.x keeps. By default a
   * further connection opens only when every open one is at its stream limit (the server's
   * SETTINGS_MAX_CONCURRENT_STREAMS, or {@link #getHttp2MaxConcurrentStreams()}), up to {@code
   * maxConnectionsPerHost} and {@code maxConnections} when set: requests beyond would otherwise wait
   * for a stream. Raised above 1, a further connection also opens when every connection carries 8
   * or more streams, up to this many: one connection is served by one event loop at each end, and
   * a busy partition may then use a second loop pair. Either way a further connection needs a
   * connection permit free at once, which it holds for its life, goes on the least busy event loop
   * of the client, and closes once it has carried no stream for {@code pooledConnectionIdleTimeout}.
   *
   * <p>Default {@code 1}; property {@code org.asynchttpclient.http2MaxConnectionsPerPartition}.
   */
  default int getHttp2MaxConnectionsPerPartition() {
    return AsyncHttpClientConfigDefaults.defaultHttp2MaxConnectionsPerPartition();
  }

  /**
   * Largest body automatic decompression may inflate an HTTP/2 response to, in bytes (the smaller
   * positive one of this and {@link #getMaxDecompressedResponseSize()} applies); past it the stream
   * fails with a {@link io.netty.handler.codec.compression.DecompressionException} and is reset. 0
   * means no limit of its own: only {@code maxDecompressedResponseSize} applies.
   *
   * <p>Default {@code 268435456}; property {@code
   * org.asynchttpclient.http2MaxDecompressedResponseSize}.
   */
  default long getHttp2MaxDecompressedResponseSize() {
    return AsyncHttpClientConfigDefaults.defaultHttp2MaxDecompressedResponseSize();
  }

  /**
   * HTTP/2 PING interval, zero for none: a connection that read nothing for this long is pinged,
   * and closed if the ack does not come back within the interval (at most 5 s).
   *
   * <p>Default {@code PT0S}; property {@code org.asynchttpclient.http2PingInterval}.
   */
  default Duration getHttp2PingInterval() {
    return AsyncHttpClientConfigDefaults.defaultHttp2PingInterval();
  }

  /**
   * HTTP/2 without TLS: {@code http} requests, direct or through SOCKS, speak h2c with prior
   * knowledge (no upgrade); requires {@link #isHttp2Enabled()}.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.http2CleartextEnabled}.
   */
  default boolean isHttp2CleartextEnabled() {
    return AsyncHttpClientConfigDefaults.defaultHttp2CleartextEnabled();
  }

  /**
   * Size of the TLS session cache; 0 for the provider's default.
   *
   * <p>Default {@code 0}; property {@code org.asynchttpclient.sslSessionCacheSize}.
   */
  int getSslSessionCacheSize();

  /**
   * Lifetime of cached TLS sessions, in seconds; 0 for the provider's default.
   *
   * <p>Default {@code 0}; property {@code org.asynchttpclient.sslSessionTimeout}.
   */
  int getSslSessionTimeout();

  /**
   * Longest status line accepted, in bytes.
   *
   * <p>Default {@code 4096}; property {@code
   * org.asynchttpclient.httpClientCodecMaxInitialLineLength}.
   */
  int getHttpClientCodecMaxInitialLineLength();

  /**
   * Largest response header block accepted, in bytes.
   *
   * <p>Default {@code 8192}; property {@code org.asynchttpclient.httpClientCodecMaxHeaderSize}.
   */
  int getHttpClientCodecMaxHeaderSize();

  /**
   * Largest piece of body handed on at once, in bytes.
   *
   * <p>Default {@code 8192}; property {@code org.asynchttpclient.httpClientCodecMaxChunkSize}.
   */
  int getHttpClientCodecMaxChunkSize();

  /**
   * Initial size of the response decoder's buffer, in bytes.
   *
   * <p>Default {@code 128}; property {@code org.asynchttpclient.httpClientCodecInitialBufferSize}.
   */
  int getHttpClientCodecInitialBufferSize();

  /**
   * Whether file bodies are copied through user space instead of sent with zero-copy.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.disableZeroCopy}.
   */
  boolean isDisableZeroCopy();

  /**
   * How long the TLS handshake may take, in milliseconds; applied only when more than 0, so 0
   * leaves Netty's own default (10 s).
   *
   * <p>Default {@code 10000}; property {@code org.asynchttpclient.handshakeTimeout}.
   */
  int getHandshakeTimeout();

  /** Creates the TLS engine of each connection; null for the built-in factory. */
  @Nullable SslEngineFactory getSslEngineFactory();

  /**
   * Size of the pieces a file body is read in when zero-copy is not used, in bytes.
   *
   * <p>Default {@code 8192}; property {@code org.asynchttpclient.chunkedFileChunkSize}.
   */
  int getChunkedFileChunkSize();

  /**
   * Largest WebSocket message, in bytes, that fragment aggregation ({@link
   * #isAggregateWebSocketFrameFragments()}) buffers, counted after inflation by a compression
   * extension; a longer message closes the socket with 1009 (Message Too Big) and reports a {@link
   * io.netty.handler.codec.TooLongFrameException} to the listeners' {@code onError}.
   *
   * <p>Default {@code 128000000}; property {@code org.asynchttpclient.webSocketMaxBufferSize}.
   */
  int getWebSocketMaxBufferSize();

  /**
   * Largest WebSocket frame payload accepted, in bytes, as it comes off the wire (compressed or
   * not); a larger frame closes the socket with 1009. What a compressed frame may inflate to is
   * {@link #getWebSocketMaxDecompressedFrameSize()}.
   *
   * <p>Default {@code 10240}; property {@code org.asynchttpclient.webSocketMaxFrameSize}.
   */
  int getWebSocketMaxFrameSize();

  /**
   * Largest size, in bytes, a frame compressed by a negotiated extension (permessage-deflate,
   * deflate-frame) may inflate to; 0 for no limit. A frame that inflates past it closes the socket
   * with 1009 (Message Too Big) and reports a {@link
   * io.netty.handler.codec.compression.DecompressionException} to the listeners' {@code onError}.
   * For an implementation that does not override it, {@link #getWebSocketMaxBufferSize()}, as in
   * AHC 3.0.14.
   *
   * <p>Default {@code 128000000}; property {@code
   * org.asynchttpclient.webSocketMaxDecompressedFrameSize}.
   */
  default int getWebSocketMaxDecompressedFrameSize() {
    return getWebSocketMaxBufferSize();
  }

  /**
   * Whether Content-Encoding stays on a response whose body was decompressed.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.keepEncodingHeader}.
   */
  boolean isKeepEncodingHeader();

  /**
   * Quiet period of the event loops' graceful shutdown when the client closes.
   *
   * <p>Default {@code PT2S}; property {@code org.asynchttpclient.shutdownQuietPeriod}.
   */
  Duration getShutdownQuietPeriod();

  /**
   * Longest time the event loops' graceful shutdown may take when the client closes.
   *
   * <p>Default {@code PT15S}; property {@code org.asynchttpclient.shutdownTimeout}.
   */
  Duration getShutdownTimeout();

  /** Netty channel options applied to every connection, in the order they were added. */
  Map<ChannelOption<Object>, Object> getChannelOptions();

  /** The event loops to use; null for the client to create (and later shut down) its own. */
  @Nullable EventLoopGroup getEventLoopGroup();

  /**
   * Resolves host names; null for the default resolver. The client owns a group it is given: it
   * closes it when the client closes, so a group shared between clients must not be passed.
   */
  default @Nullable AddressResolverGroup<InetSocketAddress> getAddressResolverGroup() {
    return null;
  }

  /**
   * Whether a native transport is asked for: io_uring, else epoll, else NIO with a warning. Unset,
   * a native transport is still used when its library loads (epoll, then io_uring), as in AHC
   * 3.0.12; see docs/configuration.md, Transports.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.useNativeTransport}.
   */
  boolean isUseNativeTransport();

  /**
   * With {@link #isUseNativeTransport()}, whether only epoll is asked for (NIO with a warning
   * where it does not load).
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.useOnlyEpollNativeTransport}.
   */
  boolean isUseOnlyEpollNativeTransport();

  /** Called on each new HTTP channel after the client installed its handlers; null for none. */
  @Nullable Consumer<Channel> getHttpAdditionalChannelInitializer();

  /**
   * Called on a channel once its WebSocket upgrade succeeded, after the client installed its
   * WebSocket handlers (the frame codec, then the handler that drives the listeners, last); null
   * for none.
   */
  @Nullable Consumer<Channel> getWsAdditionalChannelInitializer();

  /** How response body parts are handed to handlers: copied (EAGER) or borrowed (LAZY). */
  ResponseBodyPartFactory getResponseBodyPartFactory();

  /** The connection pool to use; null for the client's own. */
  @Nullable ChannelPool getChannelPool();

  /** Creates the permits that enforce the connection limits; null for the built-in one. */
  @Nullable ConnectionSemaphoreFactory getConnectionSemaphoreFactory();

  /** The timer for timeouts and pool cleaning; null for the client to create its own. */
  @Nullable Timer getNettyTimer();

  /**
   * Tick of the client's own timer, in milliseconds: timer-based deadlines round up to it.
   *
   * <p>Default {@code 100}; property {@code org.asynchttpclient.hashedWheelTimerTickDuration}.
   */
  long getHashedWheelTimerTickDuration();

  /**
   * Number of buckets of the client's own timer.
   *
   * <p>Default {@code 512}; property {@code org.asynchttpclient.hashedWheelTimerSize}.
   */
  int getHashedWheelTimerSize();

  /** Decides whether a connection may be reused after an exchange. */
  KeepAliveStrategy getKeepAliveStrategy();

  /**
   * Whether response headers are validated (rejecting illegal names and values).
   *
   * <p>Default {@code true}; property {@code org.asynchttpclient.validateResponseHeaders}.
   */
  boolean isValidateResponseHeaders();

  /**
   * Whether a fragmented WebSocket message reaches the listeners as one frame (bounded by {@link
   * #getWebSocketMaxBufferSize()}) instead of fragment by fragment.
   *
   * <p>Default {@code true}; property {@code org.asynchttpclient.aggregateWebSocketFrameFragments}.
   */
  boolean isAggregateWebSocketFrameFragments();

  /**
   * Whether the WebSocket upgrade offers compression, as AHC does: permessage-deflate (RFC 7692),
   * deflate-frame and x-webkit-deflate-frame, in that order; the one the server accepts is used.
   * The frame and buffer limits apply to inflated sizes.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.enableWebSocketCompression}.
   */
  boolean isEnableWebSocketCompression();

  /**
   * TCP_NODELAY on client sockets.
   *
   * <p>Default {@code true}; property {@code org.asynchttpclient.tcpNoDelay}.
   */
  boolean isTcpNoDelay();

  /**
   * SO_REUSEADDR on client sockets.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.soReuseAddress}.
   */
  boolean isSoReuseAddress();

  /**
   * SO_KEEPALIVE on client sockets.
   *
   * <p>Default {@code true}; property {@code org.asynchttpclient.soKeepAlive}.
   */
  boolean isSoKeepAlive();

  /**
   * SO_LINGER on client sockets, in seconds; -1 leaves it off.
   *
   * <p>Default {@code -1}; property {@code org.asynchttpclient.soLinger}.
   */
  int getSoLinger();

  /**
   * SO_SNDBUF on client sockets, in bytes; -1 for the OS default.
   *
   * <p>Default {@code -1}; property {@code org.asynchttpclient.soSndBuf}.
   */
  int getSoSndBuf();

  /**
   * SO_RCVBUF on client sockets, in bytes; -1 for the OS default.
   *
   * <p>Default {@code -1}; property {@code org.asynchttpclient.soRcvBuf}.
   */
  int getSoRcvBuf();

  /** The buffer allocator; null for Netty's default. */
  @Nullable ByteBufAllocator getAllocator();

  /**
   * Number of I/O threads the client creates. By default one per processor, as in 3.0.11: the
   * property's -1 is read as {@code Runtime.availableProcessors()}, which this getter then returns.
   * 0 leaves the number to Netty (twice the processors); -1 set on the builder means the processor
   * count too. More loops than cores shorten event-loop timeout lag during a burst of new
   * connections, at a cost in CPU per request at a steady rate (both measured: see
   * docs/compatibility.md, I/O threads).
   *
   * <p>Default {@code -1}; property {@code org.asynchttpclient.ioThreadsCount}.
   */
  int getIoThreadsCount();

  /** Whether Authorization and Proxy-Authorization headers are dropped when following a redirect. */
  default boolean isStripAuthorizationOnRedirect() {
    return false;
  }

  /**
   * Whether request and read timeouts are armed on the event loop of the connection's channel
   * instead of the shared {@link io.netty.util.HashedWheelTimer}: they then fire on time rather than
   * rounded up to the timer's tick. The expiry, and every non-async dependent stage of the response
   * future, then runs on an I/O thread, so it must not block; use the {@code ...Async} stages with
   * your own executor for anything slow. Until a channel exists the timer is still used. Off by
   * default; property {@code org.asynchttpclient.useEventLoopTimeouts}.
   *
   * <p>Why: a {@link io.netty.util.HashedWheelTimer} fires on the first tick at or after a
   * deadline, so with the default 100 ms tick a 20 ms timeout fires at about 100 ms, and one timer
   * thread runs every expiry of the client, and whatever the caller chained on the future. An event
   * loop schedules by deadline and has no tick.
   *
   * <p>Which loop: only ever the loop of the channel that carries the exchange (never one drawn from
   * the group, which would rarely be the channel's and would disturb how connections are spread
   * over loops). A hop that opens a new connection arms its request timeout on the timer, so that
   * it also bounds name resolution, and moves it onto the new channel's loop as soon as that channel
   * exists, when the connect starts (so connect and TLS are bounded on the loop, and a burst of
   * connects does not leave timeouts waiting for the timer's next tick); a hop on a pooled connection arms on its loop directly; the read timeout,
   * armed once the request is written, re-arms on that loop. A loop that refuses (shutting down)
   * hands the timeout to the timer. The pool's idle cleaner stays on the timer.
   *
   * <p>What runs on the I/O thread: the expiry, {@link AsyncHandler#onThrowable}, and every
   * dependent stage added without an executor ({@code thenApply}, {@code whenComplete}, ...). Such
   * code must not block: it would stall every connection of that loop. Use {@code thenApplyAsync},
   * {@code whenCompleteAsync} etc. with your own executor for anything slow.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.useEventLoopTimeouts}.
   */
  default boolean isUseEventLoopTimeouts() {
    return AsyncHttpClientConfigDefaults.defaultUseEventLoopTimeouts();
  }

  /**
   * Whether the request timeout is one budget for the whole exchange: redirects, retries and
   * authentication replays (401/407) share it instead of each hop starting a fresh one. A request
   * can override this with its own setting. Off by default; property
   * {@code org.asynchttpclient.useAbsoluteRequestDeadline}.
   *
   * <p>The setting is resolved once, when the exchange is submitted (the request's value if it has
   * one, else this), and kept on the exchange, so requests rebuilt for later hops cannot lose it.
   * The deadline is anchored on a monotonic clock: a wall-clock step neither removes nor shortens
   * it. See {@link #getRequestTimeout()}.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.useAbsoluteRequestDeadline}.
   */
  default boolean isUseAbsoluteRequestDeadline() {
    return AsyncHttpClientConfigDefaults.defaultUseAbsoluteRequestDeadline();
  }

  /**
   * Whether a request or read timeout fails the exchange with the typed exceptions of {@code
   * org.asynchttpclient.exception} ({@link org.asynchttpclient.exception.RequestTimeoutException},
   * {@link org.asynchttpclient.exception.ReadTimeoutException}: subclasses of {@code
   * TimeoutException} that carry the timeout's kind, phase, hop, budget, elapsed time and lateness
   * as data) instead of a plain {@link java.util.concurrent.TimeoutException}. Off by default, so
   * that the failure's class is exactly 3.0.11's (code and tests written for 3.0.11 compare it);
   * the message is the same either way, beginning as 3.0.11's ({@code Request timeout to <address>
   * after <n> ms}). An {@link org.asynchttpclient.events.ExchangeListener} always receives the
   * typed exception, whatever this says. Property {@code
   * org.asynchttpclient.typedTimeoutExceptions}. Not in AHC 3.0.11 or 3.0.12.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.typedTimeoutExceptions}.
   */
  default boolean isTypedTimeoutExceptions() {
    return AsyncHttpClientConfigDefaults.defaultTypedTimeoutExceptions();
  }

  /**
   * Whether requests started from application threads go to as few I/O threads as their load
   * needs: the client samples its loops' CPU time every 100 ms and uses the first {@code k} loops,
   * {@code k} sized for half a core each, the one carrying fewest exchanges first; a light load
   * thus runs on one loop, which then wakes up for it alone (at a paced 20000 requests/s on
   * loopback about 0.7x the CPU per request of spreading it over two loops), and a heavier one
   * spreads as it grows. A burst spreads at once (a loop takes at most 64 exchanges before the
   * next one is used); a request issued on one of the client's loops stays there. Off: new
   * connections go to the loops in turn, as in AHC 3.0.x. On only with two loops or more and a
   * JVM that measures thread CPU time. Not in AHC.
   *
   * <p>Default {@code true}; property {@code org.asynchttpclient.useLoadAwareLoopPlacement}.
   */
  default boolean isUseLoadAwareLoopPlacement() {
    return AsyncHttpClientConfigDefaults.defaultUseLoadAwareLoopPlacement();
  }

  /**
   * Whether NTLM always answers with NTLMv2 responses. On by default, which is not AHC 3.0.11's and
   * 3.0.12's behaviour: they answer a server whose challenge carries no target information with the
   * NTLM2 session response (when it negotiates extended session security) or NTLMv1, which can be
   * cracked offline from one captured exchange, and which a server (or anyone who can answer in its
   * place) can ask for by leaving target information out. Here such a server gets NTLMv2 with empty
   * target information; a server that only speaks NTLMv1 then refuses the login. Off, the client
   * answers as 3.0.11 does, byte for byte (upstream's {@code NTLMProxyTest} needs that). Property
   * {@code org.asynchttpclient.ntlmV2Only}. Not in AHC 3.0.11 or 3.0.12.
   *
   * <p>Default {@code true}; property {@code org.asynchttpclient.ntlmV2Only}.
   */
  default boolean isNtlmV2Only() {
    return AsyncHttpClientConfigDefaults.defaultNtlmV2Only();
  }

  /**
   * Whether an HTTP/1.1 response cut short (its connection closed or reset after the response
   * started) is replayed only when that is safe: for an idempotent method (GET, HEAD, OPTIONS,
   * TRACE, PUT, DELETE) and only while no body part has reached the handler. Off by default: as in
   * AHC 3.0.11 and 3.0.12, such a request is replayed within {@link #getMaxRequestRetry()} whatever
   * its method and whatever the handler already got (it hears {@code onRetry} first, and a handler
   * that cannot take back what it got throws there, which fails the exchange), so a POST the
   * server already answered may be performed twice. A failure before any response byte is retried
   * either way; an HTTP/2 stream the server may have seen is never replayed. Property {@code
   * org.asynchttpclient.strictMidResponseRetry}. Not in AHC 3.0.11 or 3.0.12.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.strictMidResponseRetry}.
   */
  default boolean isStrictMidResponseRetry() {
    return AsyncHttpClientConfigDefaults.defaultStrictMidResponseRetry();
  }

  /**
   * Whether a request the server may have processed is sent again only when that is safe (RFC
   * 9110 section 9.2.2): its method is idempotent (GET, HEAD, OPTIONS, TRACE, PUT, DELETE, QUERY) or
   * it carries an {@code Idempotency-Key} header. Off by default: as in AHC 3.0.11 to 3.0.14, a
   * request whose connection failed before the answer is replayed within {@link
   * #getMaxRequestRetry()} whatever its method (a POST whose HTTP/1.1 connection closed after it was
   * written is sent again, so the server may perform it twice). Either way a request the server
   * provably did not process (nothing of it was sent; an HTTP/2 stream refused with REFUSED_STREAM
   * or above the last stream id of the server's GOAWAY) is sent again whatever its method, within
   * the exchange's budget, and a request an {@code IOExceptionFilter} asks to replay is sent.
   * Not in AHC.
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.replayOnlyIdempotent}.
   */
  default boolean isReplayOnlyIdempotent() {
    return AsyncHttpClientConfigDefaults.defaultReplayOnlyIdempotent();
  }

  /**
   * How a request picks among the addresses its host resolves to: {@link LoadBalance#DEFAULT}
   * (resolver order) unless set, never null. Property {@code org.asynchttpclient.loadBalance}. As in
   * AHC 3.0.12.
   *
   * <p>Default {@code DEFAULT}; property {@code org.asynchttpclient.loadBalance}.
   */
  default LoadBalance getLoadBalance() {
    return AsyncHttpClientConfigDefaults.defaultLoadBalance();
  }

  /**
   * Whether an address whose TCP connect failed goes to the back of its host's address order for
   * {@link #getFailedIpCooldownPeriod()} (never dropped: it is still tried when the others fail,
   * and first again once the period is over), in every {@link LoadBalance} mode. True by default;
   * property {@code org.asynchttpclient.failedIpCooldownEnabled}. As in AHC 3.0.12.
   *
   * <p>Default {@code true}; property {@code org.asynchttpclient.failedIpCooldownEnabled}.
   */
  default boolean isFailedIpCooldownEnabled() {
    return AsyncHttpClientConfigDefaults.defaultFailedIpCooldownEnabled();
  }

  /**
   * How long a failed address stays at the back of its host's order; PT10S by default, zero
   * allowed (no cooldown). Property {@code org.asynchttpclient.failedIpCooldownPeriod}. As in AHC
   * 3.0.12.
   *
   * <p>Default {@code PT10S}; property {@code org.asynchttpclient.failedIpCooldownPeriod}.
   */
  default Duration getFailedIpCooldownPeriod() {
    return AsyncHttpClientConfigDefaults.defaultFailedIpCooldownPeriod();
  }

  /**
   * Happy Eyeballs (RFC 8305): when a host resolves to several addresses, how long a connect
   * attempt may go unanswered before the next address is tried beside it. The first attempt to
   * connect carries the request and the others are closed at once; an attempt that fails starts
   * the next address without waiting; the addresses of the two families alternate when the
   * resolver returns both. Every attempt is bounded by {@link #getConnectTimeout()}, and all of
   * them by the hop's request timeout (or the exchange's deadline). {@link Duration#ZERO}, the
   * default, turns it off: one address after the other, each only after the previous one failed,
   * as AHC 3.0.11 does. Property {@code org.asynchttpclient.connectionAttemptDelay}. Not in AHC
   * 3.0.11 or 3.0.12.
   *
   * <p>Default {@code PT0S}; property {@code org.asynchttpclient.connectionAttemptDelay}.
   */
  default Duration getConnectionAttemptDelay() {
    return AsyncHttpClientConfigDefaults.defaultConnectionAttemptDelay();
  }

  /**
   * Hedged requests: when no response head has arrived this long after an attempt started, one
   * more attempt of the same request is sent beside it (another connection on HTTP/1.1, another
   * stream on HTTP/2), up to {@link #getMaxHedgedAttempts()}; the first response head wins and
   * every other attempt is cancelled at once. Only requests that are safe to send twice are
   * hedged (GET, HEAD, OPTIONS, a request with an {@code Idempotency-Key}, or one marked with
   * {@code RequestBuilderBase#setHedgeable}), with a body that can be sent again; every hedge
   * stays inside the exchange's request timeout and is counted against {@link #getHedgeBudget()}.
   * {@link Duration#ZERO}, the default, turns hedging off. Also per request
   * ({@code RequestBuilderBase#setHedgeDelay}). Not in AHC.
   *
   * <p>Default {@code PT0S}; property {@code org.asynchttpclient.hedgeDelay}.
   */
  default Duration getHedgeDelay() {
    return AsyncHttpClientConfigDefaults.defaultHedgeDelay();
  }

  /**
   * The most attempts of one hedged exchange in flight at once, the original included: 2 sends
   * at most one hedge. Between 1 (no hedge) and 10. Not in AHC.
   *
   * <p>Default {@code 2}; property {@code org.asynchttpclient.maxHedgedAttempts}.
   */
  default int getMaxHedgedAttempts() {
    return AsyncHttpClientConfigDefaults.defaultMaxHedgedAttempts();
  }

  /**
   * When above 0 (say 95), the hedge delay is the partition's observed time to a response head at
   * this percentile over its recent requests, never below {@link #getHedgeDelay()}; hedges then
   * go out for about (100 - p)% of requests. 0, the default, uses the hedge delay as given.
   * Between 0 and 100 (excluded). Not in AHC.
   *
   * <p>Default {@code 0}; property {@code org.asynchttpclient.hedgePercentile}.
   */
  default double getHedgePercentile() {
    return AsyncHttpClientConfigDefaults.defaultHedgePercentile();
  }

  /**
   * The largest fraction of a partition's requests that may be hedges, whatever the delay says (a
   * token bucket: each request earns this fraction of a hedge, each hedge spends one, at most 10
   * saved), so that a slow server does not get twice its load. Between 0 and 1. Not in AHC.
   *
   * <p>Default {@code 0.05}; property {@code org.asynchttpclient.hedgeBudget}.
   */
  default double getHedgeBudget() {
    return AsyncHttpClientConfigDefaults.defaultHedgeBudget();
  }

  /**
   * A retry budget: a failed request that the server may have processed is sent again (by
   * {@link #getMaxRequestRetry()}'s rules) only while the client's retries over the last 10
   * seconds stay under this percentage of its requests, plus 10 per second; over budget the
   * failure goes to the caller, its message saying the retry budget was spent. A request the
   * server provably did not process is replayed whatever the budget. -1, the default, applies
   * AHC's rules alone. Not in AHC.
   *
   * <p>Default {@code -1}; property {@code org.asynchttpclient.retryBudgetPercent}.
   */
  default int getRetryBudgetPercent() {
    return AsyncHttpClientConfigDefaults.defaultRetryBudgetPercent();
  }

  /**
   * Whether a redirect that leaves a secured scheme ({@code https}, {@code wss}) for one that is not
   * ({@code http}, {@code ws}) is refused instead of followed: the exchange then fails with {@link
   * org.asynchttpclient.handler.RedirectRefusedException} (reason {@code SCHEME_DOWNGRADE}) and the
   * redirect target is never contacted. Off by default, as RFC 9110 lets a client follow such a hop
   * (and 3.0.11 does); whatever this says, credentials never follow it. A request can turn the
   * refusal on for itself ({@code RequestBuilderBase.setRefuseSchemeDowngradeOnRedirect}), never
   * off. Property {@code org.asynchttpclient.refuseSchemeDowngradeOnRedirect}. Not in AHC 3.0.11
   * or 3.0.12 (upstream's later main has it, of the same name).
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.refuseSchemeDowngradeOnRedirect}.
   */
  default boolean isRefuseSchemeDowngradeOnRedirect() {
    return AsyncHttpClientConfigDefaults.defaultRefuseSchemeDowngradeOnRedirect();
  }

  /**
   * Whether a redirect that would send the request's body again (a 307 or 308, and a 301 or 302 of
   * any method but POST, or of POST too on a strict 302) to another origin (RFC 6454: scheme, host, port) is refused instead of
   * followed: the exchange then fails with {@link
   * org.asynchttpclient.handler.RedirectRefusedException} (reason {@code CROSS_ORIGIN_BODY}) and the
   * body never reaches the other origin. A request without a body, and a hop that drops the body (a
   * 303, a POST turned into GET), is followed. One hop is exempt: the same host moving from {@code
   * http} to {@code https} (or {@code ws} to {@code wss}) with its port unchanged or both ports the
   * schemes' defaults. Off by default. A request can turn the refusal on for itself ({@code
   * RequestBuilderBase.setRefuseCrossOriginBodyOnRedirect}), never off. Property {@code
   * org.asynchttpclient.refuseCrossOriginBodyOnRedirect}. Not in AHC 3.0.11 or 3.0.12 (upstream's
   * later main has it, of the same name).
   *
   * <p>Default {@code false}; property {@code org.asynchttpclient.refuseCrossOriginBodyOnRedirect}.
   */
  default boolean isRefuseCrossOriginBodyOnRedirect() {
    return AsyncHttpClientConfigDefaults.defaultRefuseCrossOriginBodyOnRedirect();
  }

  /**
   * Largest body, in bytes, that automatic decompression ({@link #isEnableAutomaticDecompression()})
   * may inflate one response to; 0 or less for no limit. A few kilobytes of gzip can inflate to
   * gigabytes (a decompression bomb): a response that inflates past the limit fails its exchange
   * with Netty's {@link io.netty.handler.codec.compression.DecompressionException} ({@code HTTP/1.1
   * response body exceeds the maximum decompressed size of <n> bytes}, or {@code HTTP/2 ...}), its
   * connection is closed (HTTP/2: its stream is reset) and nothing more of it is inflated. Counted
   * after inflation, so it does not limit bodies the server sends without a content coding, nor any
   * body when automatic decompression is off (bound those in the {@link AsyncHandler}). HTTP/2 uses
   * the smaller positive one of this and {@link #getHttp2MaxDecompressedResponseSize()}. As in AHC
   * 3.0.13 (which limits HTTP/1.1 only; this client counted the same bytes as {@code
   * maxInflatedResponseBodySize}, which is now this option's deprecated alias).
   *
   * <p>Default {@code 268435456}; property {@code org.asynchttpclient.maxDecompressedResponseSize}.
   */
  default long getMaxDecompressedResponseSize() {
    return AsyncHttpClientConfigDefaults.defaultMaxDecompressedResponseSize();
  }

  /**
   * {@link #getMaxDecompressedResponseSize()} under its former name, with the former "no limit"
   * value: -1 where that returns 0 or less.
   *
   * @deprecated use {@link #getMaxDecompressedResponseSize()}, AHC 3.0.13's name for the option;
   *     this alias reads it and will go in a later release
   */
  @Deprecated
  default long getMaxInflatedResponseBodySize() {
    long limit = getMaxDecompressedResponseSize();
    return limit > 0 ? limit : -1;
  }

  /**
   * The name of a request header that tells the server how much of the exchange's budget is left,
   * or null (the default) to send none. When set and the exchange has an absolute deadline ({@link
   * #isUseAbsoluteRequestDeadline()}, or the request's own setting), each hop carries the remaining
   * budget, in whole milliseconds rounded down and never negative, measured just before the hop is
   * written (a hop with no budget left is not sent at all). A server can read it as "answer within
   * this many milliseconds or not at all", as gRPC's {@code grpc-timeout} is read, and pass what is
   * left of it on to its own calls. A header of that name set on the request is replaced. Property
   * {@code org.asynchttpclient.deadlinePropagationHeader}. Not in AHC 3.0.11.
   *
   * <p>Default: none (empty); property {@code org.asynchttpclient.deadlinePropagationHeader}.
   */
  default @Nullable String getDeadlinePropagationHeader() {
    return AsyncHttpClientConfigDefaults.defaultDeadlinePropagationHeader();
  }

  /**
   * The listeners that hear each exchange's and each hop's events (metrics, tracing); empty by
   * default, which costs nothing. Not in AHC 3.0.11.
   */
  default List<ExchangeListener> getExchangeListeners() {
    return Collections.emptyList();
  }

  /**
   * How long an open WebSocket may go without a frame either way before the client closes it with
   * 1001 (Going Away) and reports a {@link java.util.concurrent.TimeoutException} to {@code
   * onError}; zero for none. The Pings of {@link #getWebSocketPingInterval()} and the Pongs that
   * answer them do not count as frames here, so they do not keep an idle socket open. Armed on the
   * socket's event loop. PT0S (none) by default; property {@code
   * org.asynchttpclient.webSocketIdleTimeout}. Not in AHC 3.0.11.
   *
   * <p>Default {@code PT0S}; property {@code org.asynchttpclient.webSocketIdleTimeout}.
   */
  default Duration getWebSocketIdleTimeout() {
    return AsyncHttpClientConfigDefaults.defaultWebSocketIdleTimeout();
  }

  /**
   * How often an open WebSocket sends a Ping to check that the server is still there; zero for
   * never. With {@link #getWebSocketPongTimeout()} a Ping that gets no Pong in time closes the
   * socket (1006) and reports a {@link java.util.concurrent.TimeoutException} to {@code onError}.
   * Armed on the socket's event loop. PT0S (none) by default; property {@code
   * org.asynchttpclient.webSocketPingInterval}. Not in AHC 3.0.11.
   *
   * <p>Default {@code PT0S}; property {@code org.asynchttpclient.webSocketPingInterval}.
   */
  default Duration getWebSocketPingInterval() {
    return AsyncHttpClientConfigDefaults.defaultWebSocketPingInterval();
  }

  /**
   * How long a WebSocket waits for the Pong answering a Ping of {@link
   * #getWebSocketPingInterval()}; zero to send Pings without waiting for answers. PT0S by default;
   * property {@code org.asynchttpclient.webSocketPongTimeout}. Not in AHC 3.0.11.
   *
   * <p>Default {@code PT0S}; property {@code org.asynchttpclient.webSocketPongTimeout}.
   */
  default Duration getWebSocketPongTimeout() {
    return AsyncHttpClientConfigDefaults.defaultWebSocketPongTimeout();
  }

  /**
   * How long a WebSocket's close waits for what the server still owes (RFC 6455 7.1): its Close
   * frame after {@link org.asynchttpclient.ws.WebSocket#sendCloseFrame} (none in time: the
   * connection is closed and {@code onClose} hears 1006), the end of the TCP connection after both
   * Close frames (RFC 6455 7.1.1 has the server close it first), or the flush of the Close frame
   * that reports a failure. Armed on the socket's event loop. PT10S by default (the wait of Netty's
   * own client handshaker); property {@code org.asynchttpclient.webSocketCloseTimeout}. Not in AHC
   * 3.0.11, which put no bound on this wait.
   *
   * <p>Default {@code PT10S}; property {@code org.asynchttpclient.webSocketCloseTimeout}.
   */
  default Duration getWebSocketCloseTimeout() {
    return AsyncHttpClientConfigDefaults.defaultWebSocketCloseTimeout();
  }

  /** How response body bytes are handed to {@link AsyncHandler#onBodyPartReceived}. */
  enum ResponseBodyPartFactory {

    /**
     * Copies the bytes out of the network buffer: the part stays valid after the callback
     * returns. The safe default.
     */
    EAGER {
      @Override
      public HttpResponseBodyPart newResponseBodyPart(ByteBuf buf, boolean last) {
        return new EagerResponseBodyPart(buf, last);
      }
    },

    /**
     * Hands over the network buffer itself, without copying: the part is valid only during the
     * callback, and must not be kept or used from another thread.
     */
    LAZY {
      @Override
      public HttpResponseBodyPart newResponseBodyPart(ByteBuf buf, boolean last) {
        return new LazyResponseBodyPart(buf, last);
      }
    };

    /** Wraps {@code buf} (not retained) as a body part; {@code last} marks the end of the body. */
    public abstract HttpResponseBodyPart newResponseBodyPart(ByteBuf buf, boolean last);
  }
}

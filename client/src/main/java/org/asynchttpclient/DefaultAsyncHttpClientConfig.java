package org.asynchttpclient;

import static org.asynchttpclient.ConfigValueChecks.checkNotNull;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslContext;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.Timer;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.channel.DefaultKeepAliveStrategy;
import org.asynchttpclient.channel.KeepAliveStrategy;
import org.asynchttpclient.config.AsyncHttpClientConfigDefaults;
import org.asynchttpclient.config.ConfigOption;
import org.asynchttpclient.config.ConfigTable;
import org.asynchttpclient.cookie.CookieStore;
import org.asynchttpclient.cookie.ThreadSafeCookieStore;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.filter.IOExceptionFilter;
import org.asynchttpclient.filter.RequestFilter;
import org.asynchttpclient.filter.ResponseFilter;
import org.asynchttpclient.netty.channel.ConnectionSemaphoreFactory;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyServerSelector;
import org.asynchttpclient.util.ProxyUtils;
import org.jetbrains.annotations.Nullable;

/**
 * The immutable {@link AsyncHttpClientConfig} made by {@link Builder}. Safe to share between
 * threads and clients; the objects it refers to (filters, pools, stores) are shared, not copied.
 */
public class DefaultAsyncHttpClientConfig implements AsyncHttpClientConfig {

  // Immutable: a frozen copy that Builder.build() hands over and nobody writes again.
  private final ConfigSettings s;

  private DefaultAsyncHttpClientConfig(ConfigSettings frozenSettings) {
    this.s = frozenSettings;
  }

  /** The selector as configured, null meaning "no proxy"; lets a copy avoid re-resolving it. */
  @Nullable ProxyServerSelector configuredProxyServerSelector() {
    return s.proxyServerSelector;
  }

  @Override
  public String getAhcVersion() {
    return AsyncHttpClientConfigDefaults.AHC_VERSION;
  }

  @Override
  public boolean isFollowRedirect() {
    return s.get(ConfigTable.FOLLOW_REDIRECT);
  }

  @Override
  public int getMaxRedirects() {
    return s.get(ConfigTable.MAX_REDIRECTS);
  }

  @Override
  public boolean isStrict302Handling() {
    return s.get(ConfigTable.STRICT_302_HANDLING);
  }

  @Override
  public boolean isCompressionEnforced() {
    return s.get(ConfigTable.COMPRESSION_ENFORCED);
  }

  @Override
  public boolean isEnableAutomaticDecompression() {
    return s.get(ConfigTable.ENABLE_AUTOMATIC_DECOMPRESSION);
  }

  @Override
  public @Nullable String getUserAgent() {
    return s.get(ConfigTable.USER_AGENT);
  }

  @Override
  public @Nullable Realm getRealm() {
    return s.realm;
  }

  @Override
  public int getMaxRequestRetry() {
    return s.get(ConfigTable.MAX_REQUEST_RETRY);
  }

  @Override
  public boolean isDisableUrlEncodingForBoundRequests() {
    return s.get(ConfigTable.DISABLE_URL_ENCODING_FOR_BOUND_REQUESTS);
  }

  @Override
  public boolean isUseLaxCookieEncoder() {
    return s.get(ConfigTable.USE_LAX_COOKIE_ENCODER);
  }

  @Override
  public boolean isDisableZeroCopy() {
    return s.get(ConfigTable.DISABLE_ZERO_COPY);
  }

  @Override
  public boolean isKeepEncodingHeader() {
    return s.get(ConfigTable.KEEP_ENCODING_HEADER);
  }

  @Override
  public ProxyServerSelector getProxyServerSelector() {
    ProxyServerSelector selector = s.proxyServerSelector;
    return selector != null ? selector : ProxyServerSelector.NO_PROXY_SELECTOR;
  }

  @Override
  public boolean isAggregateWebSocketFrameFragments() {
    return s.get(ConfigTable.AGGREGATE_WEBSOCKET_FRAME_FRAGMENTS);
  }

  @Override
  public boolean isEnableWebSocketCompression() {
    return s.get(ConfigTable.ENABLE_WEBSOCKET_COMPRESSION);
  }

  @Override
  public int getWebSocketMaxBufferSize() {
    return s.get(ConfigTable.WEBSOCKET_MAX_BUFFER_SIZE);
  }

  @Override
  public int getWebSocketMaxFrameSize() {
    return s.get(ConfigTable.WEBSOCKET_MAX_FRAME_SIZE);
  }

  @Override
  public int getWebSocketMaxDecompressedFrameSize() {
    return s.get(ConfigTable.WEBSOCKET_MAX_DECOMPRESSED_FRAME_SIZE);
  }

  @Override
  public Duration getConnectTimeout() {
    return s.get(ConfigTable.CONNECT_TIMEOUT);
  }

  @Override
  public Duration getRequestTimeout() {
    return s.get(ConfigTable.REQUEST_TIMEOUT);
  }

  @Override
  public Duration getReadTimeout() {
    return s.get(ConfigTable.READ_TIMEOUT);
  }

  @Override
  public Duration getShutdownQuietPeriod() {
    return s.get(ConfigTable.SHUTDOWN_QUIET_PERIOD);
  }

  @Override
  public Duration getShutdownTimeout() {
    return s.get(ConfigTable.SHUTDOWN_TIMEOUT);
  }

  @Override
  public boolean isKeepAlive() {
    return s.get(ConfigTable.KEEP_ALIVE);
  }

  @Override
  public Duration getPooledConnectionIdleTimeout() {
    return s.get(ConfigTable.POOLED_CONNECTION_IDLE_TIMEOUT);
  }

  @Override
  public Duration getConnectionPoolCleanerPeriod() {
    return s.get(ConfigTable.CONNECTION_POOL_CLEANER_PERIOD);
  }

  @Override
  public Duration getConnectionTtl() {
    return s.get(ConfigTable.CONNECTION_TTL);
  }

  @Override
  public int getMaxConnections() {
    return s.get(ConfigTable.MAX_CONNECTIONS);
  }

  @Override
  public int getMaxConnectionsPerHost() {
    return s.get(ConfigTable.MAX_CONNECTIONS_PER_HOST);
  }

  @Override
  public int getAcquireFreeChannelTimeout() {
    return s.get(ConfigTable.ACQUIRE_FREE_CHANNEL_TIMEOUT);
  }

  @Override
  public @Nullable ChannelPool getChannelPool() {
    return s.channelPool;
  }

  @Override
  public @Nullable ConnectionSemaphoreFactory getConnectionSemaphoreFactory() {
    return s.connectionSemaphoreFactory;
  }

  @Override
  public KeepAliveStrategy getKeepAliveStrategy() {
    // Builder.build() always sets it.
    return checkNotNull("keepAliveStrategy", s.keepAliveStrategy);
  }

  @Override
  public boolean isValidateResponseHeaders() {
    return s.get(ConfigTable.VALIDATE_RESPONSE_HEADERS);
  }

  @Override
  public boolean isStripAuthorizationOnRedirect() {
    return s.stripAuthorizationOnRedirect;
  }

  @Override
  public boolean isRefuseSchemeDowngradeOnRedirect() {
    return s.get(ConfigTable.REFUSE_SCHEME_DOWNGRADE_ON_REDIRECT);
  }

  @Override
  public boolean isRefuseCrossOriginBodyOnRedirect() {
    return s.get(ConfigTable.REFUSE_CROSS_ORIGIN_BODY_ON_REDIRECT);
  }

  @Override
  public boolean isUseOpenSsl() {
    return s.get(ConfigTable.USE_OPEN_SSL);
  }

  @Override
  public boolean isUseInsecureTrustManager() {
    return s.get(ConfigTable.USE_INSECURE_TRUST_MANAGER);
  }

  @Override
  public boolean isDisableHttpsEndpointIdentificationAlgorithm() {
    return s.get(ConfigTable.DISABLE_HTTPS_ENDPOINT_IDENTIFICATION_ALGORITHM);
  }

  @Override
  public int getHandshakeTimeout() {
    return s.get(ConfigTable.HANDSHAKE_TIMEOUT);
  }

  /** A copy: changing it does not change this config. */
  @Override
  public @Nullable String[] getEnabledProtocols() {
    return s.get(ConfigTable.ENABLED_PROTOCOLS);
  }

  /** A copy: changing it does not change this config. */
  @Override
  public @Nullable String[] getEnabledCipherSuites() {
    return s.get(ConfigTable.ENABLED_CIPHER_SUITES);
  }

  @Override
  public boolean isFilterInsecureCipherSuites() {
    return s.get(ConfigTable.FILTER_INSECURE_CIPHER_SUITES);
  }

  @Override
  public boolean isHttp2Enabled() {
    return s.http2Enabled;
  }

  @Override
  public int getHttp2InitialWindowSize() {
    return s.get(ConfigTable.HTTP2_INITIAL_WINDOW_SIZE);
  }

  @Override
  public int getHttp2MaxFrameSize() {
    return s.get(ConfigTable.HTTP2_MAX_FRAME_SIZE);
  }

  @Override
  public int getHttp2HeaderTableSize() {
    return s.get(ConfigTable.HTTP2_HEADER_TABLE_SIZE);
  }

  @Override
  public int getHttp2MaxHeaderListSize() {
    return s.get(ConfigTable.HTTP2_MAX_HEADER_LIST_SIZE);
  }

  @Override
  public int getHttp2MaxConcurrentStreams() {
    return s.get(ConfigTable.HTTP2_MAX_CONCURRENT_STREAMS);
  }

  @Override
  public int getHttp2MaxConnectionsPerPartition() {
    return s.get(ConfigTable.HTTP2_MAX_CONNECTIONS_PER_PARTITION);
  }

  @Override
  public long getHttp2MaxDecompressedResponseSize() {
    return s.get(ConfigTable.HTTP2_MAX_DECOMPRESSED_RESPONSE_SIZE);
  }

  @Override
  public Duration getHttp2PingInterval() {
    return s.get(ConfigTable.HTTP2_PING_INTERVAL);
  }

  @Override
  public boolean isHttp2CleartextEnabled() {
    return s.get(ConfigTable.HTTP2_CLEARTEXT_ENABLED);
  }

  @Override
  public int getSslSessionCacheSize() {
    return s.get(ConfigTable.SSL_SESSION_CACHE_SIZE);
  }

  @Override
  public int getSslSessionTimeout() {
    return s.get(ConfigTable.SSL_SESSION_TIMEOUT);
  }

  @Override
  public @Nullable SslContext getSslContext() {
    return s.sslContext;
  }

  @Override
  public @Nullable SslEngineFactory getSslEngineFactory() {
    return s.sslEngineFactory;
  }

  /** Immutable. */
  @Override
  public List<RequestFilter> getRequestFilters() {
    return s.requestFilters;
  }

  /** Immutable. */
  @Override
  public List<ResponseFilter> getResponseFilters() {
    return s.responseFilters;
  }

  /** Immutable. */
  @Override
  public List<IOExceptionFilter> getIoExceptionFilters() {
    return s.ioExceptionFilters;
  }

  @Override
  public @Nullable CookieStore getCookieStore() {
    return s.cookieStore;
  }

  @Override
  public int expiredCookieEvictionDelay() {
    return s.get(ConfigTable.EXPIRED_COOKIE_EVICTION_DELAY);
  }

  @Override
  public boolean isTcpNoDelay() {
    return s.get(ConfigTable.TCP_NO_DELAY);
  }

  @Override
  public boolean isSoReuseAddress() {
    return s.get(ConfigTable.SO_REUSE_ADDRESS);
  }

  @Override
  public boolean isSoKeepAlive() {
    return s.get(ConfigTable.SO_KEEP_ALIVE);
  }

  @Override
  public int getSoLinger() {
    return s.get(ConfigTable.SO_LINGER);
  }

  @Override
  public int getSoSndBuf() {
    return s.get(ConfigTable.SO_SND_BUF);
  }

  @Override
  public int getSoRcvBuf() {
    return s.get(ConfigTable.SO_RCV_BUF);
  }

  @Override
  public String getThreadPoolName() {
    return s.get(ConfigTable.THREAD_POOL_NAME);
  }

  @Override
  public int getHttpClientCodecMaxInitialLineLength() {
    return s.get(ConfigTable.HTTP_CLIENT_CODEC_MAX_INITIAL_LINE_LENGTH);
  }

  @Override
  public int getHttpClientCodecMaxHeaderSize() {
    return s.get(ConfigTable.HTTP_CLIENT_CODEC_MAX_HEADER_SIZE);
  }

  @Override
  public int getHttpClientCodecMaxChunkSize() {
    return s.get(ConfigTable.HTTP_CLIENT_CODEC_MAX_CHUNK_SIZE);
  }

  @Override
  public int getHttpClientCodecInitialBufferSize() {
    return s.get(ConfigTable.HTTP_CLIENT_CODEC_INITIAL_BUFFER_SIZE);
  }

  @Override
  public int getChunkedFileChunkSize() {
    return s.get(ConfigTable.CHUNKED_FILE_CHUNK_SIZE);
  }

  /** Immutable, in the order the options were added. */
  @Override
  public Map<ChannelOption<Object>, Object> getChannelOptions() {
    return s.channelOptions;
  }

  @Override
  public @Nullable EventLoopGroup getEventLoopGroup() {
    return s.eventLoopGroup;
  }

  @Override
  public @Nullable AddressResolverGroup<InetSocketAddress> getAddressResolverGroup() {
    return s.addressResolverGroup;
  }

  @Override
  public boolean isUseNativeTransport() {
    return s.get(ConfigTable.USE_NATIVE_TRANSPORT);
  }

  @Override
  public boolean isUseOnlyEpollNativeTransport() {
    return s.get(ConfigTable.USE_ONLY_EPOLL_NATIVE_TRANSPORT);
  }

  @Override
  public @Nullable ByteBufAllocator getAllocator() {
    return s.allocator;
  }

  @Override
  public @Nullable Timer getNettyTimer() {
    return s.nettyTimer;
  }

  @Override
  public long getHashedWheelTimerTickDuration() {
    return s.get(ConfigTable.HASHED_WHEEL_TIMER_TICK_DURATION);
  }

  @Override
  public int getHashedWheelTimerSize() {
    return s.get(ConfigTable.HASHED_WHEEL_TIMER_SIZE);
  }

  @Override
  public @Nullable ThreadFactory getThreadFactory() {
    return s.threadFactory;
  }

  @Override
  public @Nullable Consumer<Channel> getHttpAdditionalChannelInitializer() {
    return s.httpAdditionalChannelInitializer;
  }

  @Override
  public @Nullable Consumer<Channel> getWsAdditionalChannelInitializer() {
    return s.wsAdditionalChannelInitializer;
  }

  @Override
  public ResponseBodyPartFactory getResponseBodyPartFactory() {
    return s.responseBodyPartFactory;
  }

  @Override
  public int getIoThreadsCount() {
    return s.get(ConfigTable.IO_THREADS_COUNT);
  }

  @Override
  public boolean isUseEventLoopTimeouts() {
    return s.get(ConfigTable.USE_EVENT_LOOP_TIMEOUTS);
  }

  @Override
  public boolean isUseAbsoluteRequestDeadline() {
    return s.get(ConfigTable.USE_ABSOLUTE_REQUEST_DEADLINE);
  }

  @Override
  public boolean isTypedTimeoutExceptions() {
    return s.get(ConfigTable.TYPED_TIMEOUT_EXCEPTIONS);
  }

  @Override
  public boolean isUseLoadAwareLoopPlacement() {
    return s.get(ConfigTable.USE_LOAD_AWARE_LOOP_PLACEMENT);
  }

  @Override
  public boolean isNtlmV2Only() {
    return s.get(ConfigTable.NTLM_V2_ONLY);
  }

  @Override
  public boolean isStrictMidResponseRetry() {
    return s.get(ConfigTable.STRICT_MID_RESPONSE_RETRY);
  }

  @Override
  public boolean isReplayOnlyIdempotent() {
    return s.get(ConfigTable.REPLAY_ONLY_IDEMPOTENT);
  }

  @Override
  public LoadBalance getLoadBalance() {
    return s.get(ConfigTable.LOAD_BALANCE);
  }

  @Override
  public boolean isFailedIpCooldownEnabled() {
    return s.get(ConfigTable.FAILED_IP_COOLDOWN_ENABLED);
  }

  @Override
  public Duration getFailedIpCooldownPeriod() {
    return s.get(ConfigTable.FAILED_IP_COOLDOWN_PERIOD);
  }

  @Override
  public Duration getConnectionAttemptDelay() {
    return s.get(ConfigTable.CONNECTION_ATTEMPT_DELAY);
  }

  @Override
  public Duration getHedgeDelay() {
    return s.get(ConfigTable.HEDGE_DELAY);
  }

  @Override
  public int getMaxHedgedAttempts() {
    return s.get(ConfigTable.MAX_HEDGED_ATTEMPTS);
  }

  @Override
  public double getHedgePercentile() {
    return s.get(ConfigTable.HEDGE_PERCENTILE);
  }

  @Override
  public double getHedgeBudget() {
    return s.get(ConfigTable.HEDGE_BUDGET);
  }

  @Override
  public int getRetryBudgetPercent() {
    return s.get(ConfigTable.RETRY_BUDGET_PERCENT);
  }

  @Override
  public long getMaxDecompressedResponseSize() {
    return s.get(ConfigTable.MAX_DECOMPRESSED_RESPONSE_SIZE);
  }

  @Override
  public @Nullable String getDeadlinePropagationHeader() {
    return s.get(ConfigTable.DEADLINE_PROPAGATION_HEADER);
  }

  @Override
  public List<ExchangeListener> getExchangeListeners() {
    return s.exchangeListeners;
  }

  @Override
  public Duration getWebSocketIdleTimeout() {
    return s.get(ConfigTable.WEBSOCKET_IDLE_TIMEOUT);
  }

  @Override
  public Duration getWebSocketPingInterval() {
    return s.get(ConfigTable.WEBSOCKET_PING_INTERVAL);
  }

  @Override
  public Duration getWebSocketPongTimeout() {
    return s.get(ConfigTable.WEBSOCKET_PONG_TIMEOUT);
  }

  @Override
  public Duration getWebSocketCloseTimeout() {
    return s.get(ConfigTable.WEBSOCKET_CLOSE_TIMEOUT);
  }

  /**
   * Collects options and {@link #build() builds} an immutable config. A new builder starts from
   * the defaults of {@link AsyncHttpClientConfigDefaults} (properties files and system properties,
   * read now). Setters refuse values that make no sense with an {@link IllegalArgumentException}
   * naming the option, the value and what is accepted; values coming from properties are not
   * range-checked, as in AHC 3.0.11. The setter of a property-backed option only hands the value
   * to its row of {@link ConfigTable}, which holds the check and what null means.
   *
   * <p>Not thread-safe: use one builder from one thread.
   */
  public static class Builder {

    /**
     * The options AHC 3.0.14 refuses out of range whatever set them: in its build(), and
     * webSocketMaxDecompressedFrameSize when the client is made (Netty's inflater refuses a
     * negative limit).
     */
    private static final List<ConfigOption<?>> CHECKED_BY_BUILD = List.of(
        ConfigTable.HTTP2_MAX_FRAME_SIZE,
        ConfigTable.HTTP2_INITIAL_WINDOW_SIZE,
        ConfigTable.HTTP2_HEADER_TABLE_SIZE,
        ConfigTable.HTTP2_MAX_HEADER_LIST_SIZE,
        ConfigTable.HTTP2_PING_INTERVAL,
        ConfigTable.WEBSOCKET_MAX_DECOMPRESSED_FRAME_SIZE);

    private final ConfigSettings s;

    /** A builder holding the defaults. */
    public Builder() {
      s = new ConfigSettings();
    }

    /** A builder holding every value of {@code prototype}, including its proxy selector. */
    public Builder(AsyncHttpClientConfig prototype) {
      s = ConfigSettings.copyOf(prototype);
    }

    /** Sets an option of {@link ConfigTable}, through its check. */
    private <T> Builder set(ConfigOption<T> option, @Nullable T value) {
      s.values.set(option, value);
      return this;
    }

    /**
     * Sets whether 3xx redirects are followed.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.followRedirect}.
     */
    public Builder setFollowRedirect(boolean followRedirect) {
      return set(ConfigTable.FOLLOW_REDIRECT, followRedirect);
    }

    /**
     * Sets the most redirects followed for one request.
     * Accepts 0 and more.
     *
     * <p>Default {@code 5}; property {@code org.asynchttpclient.maxRedirects}.
     */
    public Builder setMaxRedirects(int maxRedirects) {
      return set(ConfigTable.MAX_REDIRECTS, maxRedirects);
    }

    /**
     * Sets whether a 302 keeps the original method instead of switching to GET.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.strict302Handling}.
     */
    public Builder setStrict302Handling(boolean strict302Handling) {
      return set(ConfigTable.STRICT_302_HANDLING, strict302Handling);
    }

    /**
     * Sets whether requests ask for compressed responses (Accept-Encoding) even if the user did
     * not.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.compressionEnforced}.
     */
    public Builder setCompressionEnforced(boolean compressionEnforced) {
      return set(ConfigTable.COMPRESSION_ENFORCED, compressionEnforced);
    }

    /**
     * Sets whether compressed response bodies are decompressed before the handler sees them.
     *
     * <p>Default {@code true}; property {@code org.asynchttpclient.enableAutomaticDecompression}.
     */
    public Builder setEnableAutomaticDecompression(boolean enable) {
      return set(ConfigTable.ENABLE_AUTOMATIC_DECOMPRESSION, enable);
    }

    /**
     * Null sends no User-Agent header unless the request has one.
     *
     * <p>Default {@code AHC/2.1}; property {@code org.asynchttpclient.userAgent}.
     */
    public Builder setUserAgent(@Nullable String userAgent) {
      return set(ConfigTable.USER_AGENT, userAgent);
    }

    public Builder setRealm(@Nullable Realm realm) {
      s.realm = realm;
      return this;
    }

    public Builder setRealm(Realm.Builder realmBuilder) {
      s.realm = checkNotNull("realmBuilder", realmBuilder).build();
      return this;
    }

    /**
     * Sets how many times a request is retried after an I/O failure on a reused connection.
     * Accepts 0 (no retry) and more.
     *
     * <p>Default {@code 5}; property {@code org.asynchttpclient.maxRequestRetry}.
     */
    public Builder setMaxRequestRetry(int maxRequestRetry) {
      return set(ConfigTable.MAX_REQUEST_RETRY, maxRequestRetry);
    }

    /**
     * Sets whether URLs of bound requests are sent as given, without encoding.
     *
     * <p>Default {@code false}; property {@code
     * org.asynchttpclient.disableUrlEncodingForBoundRequests}.
     */
    public Builder setDisableUrlEncodingForBoundRequests(boolean disable) {
      return set(ConfigTable.DISABLE_URL_ENCODING_FOR_BOUND_REQUESTS, disable);
    }

    /**
     * Sets whether cookies are encoded, and Set-Cookie headers decoded into the cookie store,
     * leniently (no strict RFC 6265 validation).
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.useLaxCookieEncoder}.
     */
    public Builder setUseLaxCookieEncoder(boolean useLaxCookieEncoder) {
      return set(ConfigTable.USE_LAX_COOKIE_ENCODER, useLaxCookieEncoder);
    }

    /**
     * Sets whether file bodies are copied through user space instead of sent with zero-copy.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.disableZeroCopy}.
     */
    public Builder setDisableZeroCopy(boolean disableZeroCopy) {
      return set(ConfigTable.DISABLE_ZERO_COPY, disableZeroCopy);
    }

    /**
     * Sets whether Content-Encoding stays on a response whose body was decompressed.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.keepEncodingHeader}.
     */
    public Builder setKeepEncodingHeader(boolean keepEncodingHeader) {
      return set(ConfigTable.KEEP_ENCODING_HEADER, keepEncodingHeader);
    }

    /**
     * The selector choosing each request's proxy; it wins over {@link #setUseProxySelector} and
     * {@link #setUseProxyProperties}. Null returns to those.
     */
    public Builder setProxyServerSelector(@Nullable ProxyServerSelector selector) {
      s.proxyServerSelector = selector;
      return this;
    }

    /**
     * Sets whether response headers are validated (rejecting illegal names and values).
     *
     * <p>Default {@code true}; property {@code org.asynchttpclient.validateResponseHeaders}.
     */
    public Builder setValidateResponseHeaders(boolean validateResponseHeaders) {
      return set(ConfigTable.VALIDATE_RESPONSE_HEADERS, validateResponseHeaders);
    }

    /** One proxy for every request; null for none. */
    @SuppressWarnings("NullAway") // ProxyServerSelector.select may return null (as in 3.0.11); drop once its implementation carries @Nullable
    public Builder setProxyServer(@Nullable ProxyServer proxyServer) {
      s.proxyServerSelector = uri -> proxyServer;
      return this;
    }

    public Builder setProxyServer(ProxyServer.Builder proxyServerBuilder) {
      return setProxyServer(checkNotNull("proxyServerBuilder", proxyServerBuilder).build());
    }

    /**
     * Ask the JDK's {@link ProxySelector#getDefault()} for each request's proxy.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.useProxySelector}.
     */
    public Builder setUseProxySelector(boolean useProxySelector) {
      return set(ConfigTable.USE_PROXY_SELECTOR, useProxySelector);
    }

    /**
     * Use the proxy of the {@code http.proxyHost}/{@code http.proxyPort} system properties.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.useProxyProperties}.
     */
    public Builder setUseProxyProperties(boolean useProxyProperties) {
      return set(ConfigTable.USE_PROXY_PROPERTIES, useProxyProperties);
    }

    public Builder setStripAuthorizationOnRedirect(boolean strip) {
      s.stripAuthorizationOnRedirect = strip;
      return this;
    }

    /**
     * Sets whether a redirect that leaves a secured scheme ({@code https}, {@code wss}) for one
     * that is not ({@code http}, {@code ws}) is refused instead of followed: the exchange then
     * fails with {@link org.asynchttpclient.handler.RedirectRefusedException} (reason {@code
     * SCHEME_DOWNGRADE}) and the redirect target is never contacted.
     * See {@link AsyncHttpClientConfig#isRefuseSchemeDowngradeOnRedirect()}.
     *
     * <p>Default {@code false}; property {@code
     * org.asynchttpclient.refuseSchemeDowngradeOnRedirect}.
     */
    public Builder setRefuseSchemeDowngradeOnRedirect(boolean refuseSchemeDowngradeOnRedirect) {
      return set(ConfigTable.REFUSE_SCHEME_DOWNGRADE_ON_REDIRECT, refuseSchemeDowngradeOnRedirect);
    }

    /**
     * Sets whether a redirect that would send the request's body again (a 307 or 308, and a 301 or
     * 302 of any method but POST, or of POST too on a strict 302) to another origin (RFC 6454:
     * scheme, host, port) is refused instead of followed: the exchange then fails with {@link
     * org.asynchttpclient.handler.RedirectRefusedException} (reason {@code CROSS_ORIGIN_BODY}) and
     * the body never reaches the other origin.
     * See {@link AsyncHttpClientConfig#isRefuseCrossOriginBodyOnRedirect()}.
     *
     * <p>Default {@code false}; property {@code
     * org.asynchttpclient.refuseCrossOriginBodyOnRedirect}.
     */
    public Builder setRefuseCrossOriginBodyOnRedirect(boolean refuseCrossOriginBodyOnRedirect) {
      return set(ConfigTable.REFUSE_CROSS_ORIGIN_BODY_ON_REDIRECT, refuseCrossOriginBodyOnRedirect);
    }

    /**
     * Sets whether a fragmented WebSocket message reaches the listeners as one frame (bounded by
     * {@link AsyncHttpClientConfig#getWebSocketMaxBufferSize()}) instead of fragment by fragment.
     * See {@link AsyncHttpClientConfig#isAggregateWebSocketFrameFragments()}.
     *
     * <p>Default {@code true}; property {@code
     * org.asynchttpclient.aggregateWebSocketFrameFragments}.
     */
    public Builder setAggregateWebSocketFrameFragments(boolean aggregate) {
      return set(ConfigTable.AGGREGATE_WEBSOCKET_FRAME_FRAGMENTS, aggregate);
    }

    /**
     * Sets whether the WebSocket upgrade offers compression, as AHC does: permessage-deflate (RFC
     * 7692), deflate-frame and x-webkit-deflate-frame, in that order; the one the server accepts is
     * used.
     * See {@link AsyncHttpClientConfig#isEnableWebSocketCompression()}. (Spelling kept from AHC
     * 3.0.11.)
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.enableWebSocketCompression}.
     */
    public Builder setEnablewebSocketCompression(boolean enable) {
      return set(ConfigTable.ENABLE_WEBSOCKET_COMPRESSION, enable);
    }

    /**
     * Sets the largest WebSocket message, in bytes, that fragment aggregation ({@link
     * AsyncHttpClientConfig#isAggregateWebSocketFrameFragments()}) buffers, counted after inflation
     * by a compression extension; a longer message closes the socket with 1009.
     * See {@link AsyncHttpClientConfig#getWebSocketMaxBufferSize()}. Accepts more than 0.
     *
     * <p>Default {@code 128000000}; property {@code org.asynchttpclient.webSocketMaxBufferSize}.
     */
    public Builder setWebSocketMaxBufferSize(int size) {
      return set(ConfigTable.WEBSOCKET_MAX_BUFFER_SIZE, size);
    }

    /**
     * Sets the largest WebSocket frame payload accepted, in bytes, on the wire and again after
     * inflation by a compression extension; a larger frame closes the socket with 1009.
     * See {@link AsyncHttpClientConfig#getWebSocketMaxFrameSize()}. Accepts more than 0.
     *
     * <p>Default {@code 10240}; property {@code org.asynchttpclient.webSocketMaxFrameSize}.
     */
    public Builder setWebSocketMaxFrameSize(int size) {
      return set(ConfigTable.WEBSOCKET_MAX_FRAME_SIZE, size);
    }

    /**
     * Sets the largest size, in bytes, a frame compressed by a negotiated extension may inflate
     * to. See {@link AsyncHttpClientConfig#getWebSocketMaxDecompressedFrameSize()}. Accepts more
     * than 0, or 0 for no limit.
     *
     * <p>Default {@code 128000000}; property {@code
     * org.asynchttpclient.webSocketMaxDecompressedFrameSize}.
     */
    public Builder setWebSocketMaxDecompressedFrameSize(int size) {
      return set(ConfigTable.WEBSOCKET_MAX_DECOMPRESSED_FRAME_SIZE, size);
    }

    /**
     * Sets how long connecting (TCP) may take; {@link Duration#ZERO} for no limit.
     * Accepts 0 (no limit) and more.
     *
     * <p>Default {@code PT5S}; property {@code org.asynchttpclient.connectTimeout}.
     */
    public Builder setConnectTimeout(Duration connectTimeout) {
      return set(ConfigTable.CONNECT_TIMEOUT, connectTimeout);
    }

    /**
     * Sets how long a request may take until its response is complete; -1 ms for none, zero expires
     * at once (as in 3.0.11).
     * Accepts 0 and more, or -1 ms for none. Zero expires at once, as in AHC 3.0.11 (only a
     * request's own zero means "use the config").
     *
     * <p>Default {@code PT1M}; property {@code org.asynchttpclient.requestTimeout}.
     */
    public Builder setRequestTimeout(Duration requestTimeout) {
      return set(ConfigTable.REQUEST_TIMEOUT, requestTimeout);
    }

    /**
     * Sets the longest silence allowed while waiting for response bytes, reset by every read; -1 ms
     * for none.
     * Accepts 0 and more, or -1 ms for none.
     *
     * <p>Default {@code PT1M}; property {@code org.asynchttpclient.readTimeout}.
     */
    public Builder setReadTimeout(Duration readTimeout) {
      return set(ConfigTable.READ_TIMEOUT, readTimeout);
    }

    /**
     * Sets the quiet period of the event loops' graceful shutdown when the client closes.
     * Accepts 0 and more; must not exceed the shutdown timeout (checked by {@link #build()}).
     *
     * <p>Default {@code PT2S}; property {@code org.asynchttpclient.shutdownQuietPeriod}.
     */
    public Builder setShutdownQuietPeriod(Duration shutdownQuietPeriod) {
      return set(ConfigTable.SHUTDOWN_QUIET_PERIOD, shutdownQuietPeriod);
    }

    /**
     * Sets the longest time the event loops' graceful shutdown may take when the client closes.
     * Accepts 0 and more; must be at least the quiet period (checked by {@link #build()}).
     *
     * <p>Default {@code PT15S}; property {@code org.asynchttpclient.shutdownTimeout}.
     */
    public Builder setShutdownTimeout(Duration shutdownTimeout) {
      return set(ConfigTable.SHUTDOWN_TIMEOUT, shutdownTimeout);
    }

    /**
     * Sets whether connections are kept open and pooled for reuse.
     *
     * <p>Default {@code true}; property {@code org.asynchttpclient.keepAlive}.
     */
    public Builder setKeepAlive(boolean keepAlive) {
      return set(ConfigTable.KEEP_ALIVE, keepAlive);
    }

    /**
     * Sets how long a connection may stay idle in the pool before it is closed; 0 or -1 ms:
     * forever.
     * Accepts 0 and more, or -1 ms; 0 and -1 ms keep idle connections forever.
     *
     * <p>Default {@code PT1M}; property {@code org.asynchttpclient.pooledConnectionIdleTimeout}.
     */
    public Builder setPooledConnectionIdleTimeout(Duration idleTimeout) {
      return set(ConfigTable.POOLED_CONNECTION_IDLE_TIMEOUT, idleTimeout);
    }

    /**
     * Sets how often the pool looks for idle or expired connections to close.
     * Accepts more than 0.
     *
     * <p>Default {@code PT0.1S}; property {@code org.asynchttpclient.connectionPoolCleanerPeriod}.
     */
    public Builder setConnectionPoolCleanerPeriod(Duration period) {
      return set(ConfigTable.CONNECTION_POOL_CLEANER_PERIOD, period);
    }

    /**
     * Sets how long a connection may be reused from its creation; 0 or -1 ms: forever.
     * Accepts 0 and more, or -1 ms; 0 and -1 ms let connections live forever.
     *
     * <p>Default {@code -PT0.001S}; property {@code org.asynchttpclient.connectionTtl}.
     */
    public Builder setConnectionTtl(Duration connectionTtl) {
      return set(ConfigTable.CONNECTION_TTL, connectionTtl);
    }

    /**
     * Sets the most connections open at once over all hosts; -1 (or 0) for no limit.
     * Accepts -1 and 0 (no limit, as in AHC 3.0.11) and more.
     *
     * <p>Default {@code -1}; property {@code org.asynchttpclient.maxConnections}.
     */
    public Builder setMaxConnections(int maxConnections) {
      return set(ConfigTable.MAX_CONNECTIONS, maxConnections);
    }

    /**
     * Sets the most connections open at once to one host; -1 (or 0) for no limit.
     * Accepts -1 and 0 (no limit, as in AHC 3.0.11) and more.
     *
     * <p>Default {@code -1}; property {@code org.asynchttpclient.maxConnectionsPerHost}.
     */
    public Builder setMaxConnectionsPerHost(int maxConnectionsPerHost) {
      return set(ConfigTable.MAX_CONNECTIONS_PER_HOST, maxConnectionsPerHost);
    }

    /**
     * In milliseconds; accepts 0 (fail at once) and more.
     *
     * <p>Default {@code 0}; property {@code org.asynchttpclient.acquireFreeChannelTimeout}.
     */
    public Builder setAcquireFreeChannelTimeout(int acquireFreeChannelTimeout) {
      return set(ConfigTable.ACQUIRE_FREE_CHANNEL_TIMEOUT, acquireFreeChannelTimeout);
    }

    public Builder setChannelPool(@Nullable ChannelPool channelPool) {
      s.channelPool = channelPool;
      return this;
    }

    public Builder setConnectionSemaphoreFactory(@Nullable ConnectionSemaphoreFactory factory) {
      s.connectionSemaphoreFactory = factory;
      return this;
    }

    public Builder setKeepAliveStrategy(KeepAliveStrategy keepAliveStrategy) {
      s.keepAliveStrategy = checkNotNull("keepAliveStrategy", keepAliveStrategy);
      return this;
    }

    /**
     * Prefer OpenSSL for TLS; when no OpenSSL provider is on the classpath, the JDK's TLS is used.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.useOpenSsl}.
     */
    public Builder setUseOpenSsl(boolean useOpenSsl) {
      return set(ConfigTable.USE_OPEN_SSL, useOpenSsl);
    }

    /**
     * Trust every certificate: for tests only.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.useInsecureTrustManager}.
     */
    public Builder setUseInsecureTrustManager(boolean useInsecureTrustManager) {
      return set(ConfigTable.USE_INSECURE_TRUST_MANAGER, useInsecureTrustManager);
    }

    /**
     * Sets whether the server's host name is not checked against its certificate.
     *
     * <p>Default {@code false}; property {@code
     * org.asynchttpclient.disableHttpsEndpointIdentificationAlgorithm}.
     */
    public Builder setDisableHttpsEndpointIdentificationAlgorithm(boolean disable) {
      return set(ConfigTable.DISABLE_HTTPS_ENDPOINT_IDENTIFICATION_ALGORITHM, disable);
    }

    /**
     * In milliseconds; accepts 0 (no limit) and more.
     *
     * <p>Default {@code 10000}; property {@code org.asynchttpclient.handshakeTimeout}.
     */
    public Builder setHandshakeTimeout(int handshakeTimeout) {
      return set(ConfigTable.HANDSHAKE_TIMEOUT, handshakeTimeout);
    }

    /**
     * Copied; null for the TLS provider's defaults.
     *
     * <p>Default {@code TLSv1.3, TLSv1.2}; property {@code org.asynchttpclient.enabledProtocols}.
     */
    public Builder setEnabledProtocols(@Nullable String[] enabledProtocols) {
      return set(ConfigTable.ENABLED_PROTOCOLS, enabledProtocols);
    }

    /**
     * Copied; null for the TLS provider's defaults.
     *
     * <p>Default: none (empty); property {@code org.asynchttpclient.enabledCipherSuites}.
     */
    public Builder setEnabledCipherSuites(@Nullable String[] enabledCipherSuites) {
      return set(ConfigTable.ENABLED_CIPHER_SUITES, enabledCipherSuites);
    }

    /**
     * Sets whether weak cipher suites are removed from the enabled ones.
     *
     * <p>Default {@code true}; property {@code org.asynchttpclient.filterInsecureCipherSuites}.
     */
    public Builder setFilterInsecureCipherSuites(boolean filterInsecureCipherSuites) {
      return set(ConfigTable.FILTER_INSECURE_CIPHER_SUITES, filterInsecureCipherSuites);
    }

    /**
     * Sets the size of the TLS session cache; 0 for the provider's default.
     * Accepts 0 (provider's default) and more.
     *
     * <p>Default {@code 0}; property {@code org.asynchttpclient.sslSessionCacheSize}.
     */
    public Builder setSslSessionCacheSize(Integer sslSessionCacheSize) {
      return set(ConfigTable.SSL_SESSION_CACHE_SIZE, sslSessionCacheSize);
    }

    /**
     * In seconds; accepts 0 (provider's default) and more.
     *
     * <p>Default {@code 0}; property {@code org.asynchttpclient.sslSessionTimeout}.
     */
    public Builder setSslSessionTimeout(Integer sslSessionTimeout) {
      return set(ConfigTable.SSL_SESSION_TIMEOUT, sslSessionTimeout);
    }

    public Builder setSslContext(@Nullable SslContext sslContext) {
      s.sslContext = sslContext;
      return this;
    }

    public Builder setSslEngineFactory(@Nullable SslEngineFactory sslEngineFactory) {
      s.sslEngineFactory = sslEngineFactory;
      return this;
    }

    /** Offer HTTP/2 (ALPN {@code h2}, then {@code http/1.1}) on HTTPS connections; default true. */
    public Builder setHttp2Enabled(boolean http2Enabled) {
      s.http2Enabled = http2Enabled;
      return this;
    }

    /**
     * Initial HTTP/2 flow-control window of each stream, in bytes. Accepts 0 to 2^31-1.
     *
     * <p>Default {@code 16777216}; property {@code org.asynchttpclient.http2InitialWindowSize}.
     */
    public Builder setHttp2InitialWindowSize(int size) {
      return set(ConfigTable.HTTP2_INITIAL_WINDOW_SIZE, size);
    }

    /**
     * Largest HTTP/2 frame accepted. Accepts 16384 to 16777215.
     *
     * <p>Default {@code 16384}; property {@code org.asynchttpclient.http2MaxFrameSize}.
     */
    public Builder setHttp2MaxFrameSize(int size) {
      return set(ConfigTable.HTTP2_MAX_FRAME_SIZE, size);
    }

    /**
     * HPACK dynamic table size. Accepts 0 and more.
     *
     * <p>Default {@code 4096}; property {@code org.asynchttpclient.http2HeaderTableSize}.
     */
    public Builder setHttp2HeaderTableSize(int size) {
      return set(ConfigTable.HTTP2_HEADER_TABLE_SIZE, size);
    }

    /**
     * Largest HTTP/2 response header list accepted. Accepts more than 0.
     *
     * <p>Default {@code 8192}; property {@code org.asynchttpclient.http2MaxHeaderListSize}.
     */
    public Builder setHttp2MaxHeaderListSize(int size) {
      return set(ConfigTable.HTTP2_MAX_HEADER_LIST_SIZE, size);
    }

    /**
     * HTTP/2 streams at most open at once per connection. Accepts more than 0, or -1 (the server's
     * limit).
     *
     * <p>Default {@code -1}; property {@code org.asynchttpclient.http2MaxConcurrentStreams}.
     */
    public Builder setHttp2MaxConcurrentStreams(int streams) {
      return set(ConfigTable.HTTP2_MAX_CONCURRENT_STREAMS, streams);
    }

    /**
     * HTTP/2 connections per pool partition opened for load; beyond the first, one opens only under
     * load (see {@link AsyncHttpClientConfig#getHttp2MaxConnectionsPerPartition}). Accepts more
     * than 0.
     *
     * <p>Default {@code 1}; property {@code org.asynchttpclient.http2MaxConnectionsPerPartition}.
     */
    public Builder setHttp2MaxConnectionsPerPartition(int connections) {
      return set(ConfigTable.HTTP2_MAX_CONNECTIONS_PER_PARTITION, connections);
    }

    /**
     * Cap on a decompressed HTTP/2 response body, in bytes. Accepts more than 0, or 0 for no cap of
     * its own (as 3.0.11 and 3.0.12 do; {@code maxDecompressedResponseSize} still applies).
     *
     * <p>Default {@code 268435456}; property {@code
     * org.asynchttpclient.http2MaxDecompressedResponseSize}.
     */
    public Builder setHttp2MaxDecompressedResponseSize(long size) {
      return set(ConfigTable.HTTP2_MAX_DECOMPRESSED_RESPONSE_SIZE, size);
    }

    /**
     * HTTP/2 PING after this long without a read. Accepts 0 (no ping) and more; null is refused with
     * an IllegalArgumentException, as in AHC 3.0.14.
     *
     * <p>Default {@code PT0S}; property {@code org.asynchttpclient.http2PingInterval}.
     */
    public Builder setHttp2PingInterval(Duration interval) {
      return set(ConfigTable.HTTP2_PING_INTERVAL, interval);
    }

    /**
     * h2c with prior knowledge for {@code http} requests, direct or through SOCKS.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.http2CleartextEnabled}.
     */
    public Builder setHttp2CleartextEnabled(boolean enabled) {
      return set(ConfigTable.HTTP2_CLEARTEXT_ENABLED, enabled);
    }

    public Builder addRequestFilter(RequestFilter requestFilter) {
      s.requestFilters.add(checkNotNull("requestFilter", requestFilter));
      return this;
    }

    public Builder removeRequestFilter(RequestFilter requestFilter) {
      s.requestFilters.remove(requestFilter);
      return this;
    }

    public Builder addResponseFilter(ResponseFilter responseFilter) {
      s.responseFilters.add(checkNotNull("responseFilter", responseFilter));
      return this;
    }

    public Builder removeResponseFilter(ResponseFilter responseFilter) {
      s.responseFilters.remove(responseFilter);
      return this;
    }

    public Builder addIOExceptionFilter(IOExceptionFilter ioExceptionFilter) {
      s.ioExceptionFilters.add(checkNotNull("ioExceptionFilter", ioExceptionFilter));
      return this;
    }

    public Builder removeIOExceptionFilter(IOExceptionFilter ioExceptionFilter) {
      s.ioExceptionFilters.remove(ioExceptionFilter);
      return this;
    }

    /** Null disables cookie handling; unset, {@link #build()} makes a {@link ThreadSafeCookieStore}. */
    public Builder setCookieStore(@Nullable CookieStore cookieStore) {
      s.cookieStore = cookieStore;
      s.cookieStoreSet = true;
      return this;
    }

    /**
     * In milliseconds; accepts more than 0.
     *
     * <p>Default {@code 30000}; property {@code org.asynchttpclient.expiredCookieEvictionDelay}.
     */
    public Builder setExpiredCookieEvictionDelay(int delay) {
      return set(ConfigTable.EXPIRED_COOKIE_EVICTION_DELAY, delay);
    }

    /**
     * Sets TCP_NODELAY on client sockets.
     *
     * <p>Default {@code true}; property {@code org.asynchttpclient.tcpNoDelay}.
     */
    public Builder setTcpNoDelay(boolean tcpNoDelay) {
      return set(ConfigTable.TCP_NO_DELAY, tcpNoDelay);
    }

    /**
     * Sets SO_REUSEADDR on client sockets.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.soReuseAddress}.
     */
    public Builder setSoReuseAddress(boolean soReuseAddress) {
      return set(ConfigTable.SO_REUSE_ADDRESS, soReuseAddress);
    }

    /**
     * Sets SO_KEEPALIVE on client sockets.
     *
     * <p>Default {@code true}; property {@code org.asynchttpclient.soKeepAlive}.
     */
    public Builder setSoKeepAlive(boolean soKeepAlive) {
      return set(ConfigTable.SO_KEEP_ALIVE, soKeepAlive);
    }

    /**
     * In seconds; accepts 0 and more, or -1 to leave SO_LINGER off.
     *
     * <p>Default {@code -1}; property {@code org.asynchttpclient.soLinger}.
     */
    public Builder setSoLinger(int soLinger) {
      return set(ConfigTable.SO_LINGER, soLinger);
    }

    /**
     * In bytes; accepts more than 0, or -1 for the OS default.
     *
     * <p>Default {@code -1}; property {@code org.asynchttpclient.soSndBuf}.
     */
    public Builder setSoSndBuf(int soSndBuf) {
      return set(ConfigTable.SO_SND_BUF, soSndBuf);
    }

    /**
     * In bytes; accepts more than 0, or -1 for the OS default.
     *
     * <p>Default {@code -1}; property {@code org.asynchttpclient.soRcvBuf}.
     */
    public Builder setSoRcvBuf(int soRcvBuf) {
      return set(ConfigTable.SO_RCV_BUF, soRcvBuf);
    }

    /**
     * Sets the prefix of the names of the client's I/O threads when it creates its own thread
     * factory; its own timer's thread is named after it too, with {@code -timer} appended.
     *
     * <p>Default {@code AsyncHttpClient}; property {@code org.asynchttpclient.threadPoolName}.
     */
    public Builder setThreadPoolName(String threadPoolName) {
      return set(ConfigTable.THREAD_POOL_NAME, threadPoolName);
    }

    /**
     * In bytes; accepts more than 0.
     *
     * <p>Default {@code 4096}; property {@code
     * org.asynchttpclient.httpClientCodecMaxInitialLineLength}.
     */
    public Builder setHttpClientCodecMaxInitialLineLength(int length) {
      return set(ConfigTable.HTTP_CLIENT_CODEC_MAX_INITIAL_LINE_LENGTH, length);
    }

    /**
     * In bytes; accepts more than 0.
     *
     * <p>Default {@code 8192}; property {@code org.asynchttpclient.httpClientCodecMaxHeaderSize}.
     */
    public Builder setHttpClientCodecMaxHeaderSize(int size) {
      return set(ConfigTable.HTTP_CLIENT_CODEC_MAX_HEADER_SIZE, size);
    }

    /**
     * In bytes; accepts more than 0.
     *
     * <p>Default {@code 8192}; property {@code org.asynchttpclient.httpClientCodecMaxChunkSize}.
     */
    public Builder setHttpClientCodecMaxChunkSize(int size) {
      return set(ConfigTable.HTTP_CLIENT_CODEC_MAX_CHUNK_SIZE, size);
    }

    /**
     * In bytes; accepts more than 0.
     *
     * <p>Default {@code 128}; property {@code
     * org.asynchttpclient.httpClientCodecInitialBufferSize}.
     */
    public Builder setHttpClientCodecInitialBufferSize(int size) {
      return set(ConfigTable.HTTP_CLIENT_CODEC_INITIAL_BUFFER_SIZE, size);
    }

    /**
     * In bytes; accepts more than 0.
     *
     * <p>Default {@code 8192}; property {@code org.asynchttpclient.chunkedFileChunkSize}.
     */
    public Builder setChunkedFileChunkSize(int chunkedFileChunkSize) {
      return set(ConfigTable.CHUNKED_FILE_CHUNK_SIZE, chunkedFileChunkSize);
    }

    /**
     * In milliseconds; accepts more than 0. Used only when the client creates its own timer.
     *
     * <p>Default {@code 100}; property {@code org.asynchttpclient.hashedWheelTimerTickDuration}.
     */
    public Builder setHashedWheelTickDuration(long tickDuration) {
      return set(ConfigTable.HASHED_WHEEL_TIMER_TICK_DURATION, tickDuration);
    }

    /**
     * Sets the number of buckets of the client's own timer.
     * Accepts more than 0. Used only when the client creates its own timer.
     *
     * <p>Default {@code 512}; property {@code org.asynchttpclient.hashedWheelTimerSize}.
     */
    public Builder setHashedWheelSize(int hashedWheelSize) {
      return set(ConfigTable.HASHED_WHEEL_TIMER_SIZE, hashedWheelSize);
    }

    /** Adds (or replaces) a Netty channel option set on every connection. */
    @SuppressWarnings("unchecked") // The map is keyed by option; each value matches its key's T.
    public <T> Builder addChannelOption(ChannelOption<T> name, T value) {
      checkNotNull("channel option name", name);
      checkNotNull("channel option " + name + " value", value);
      s.channelOptions.put((ChannelOption<Object>) name, value);
      return this;
    }

    /** Event loops owned by the caller: the client uses them and does not shut them down. */
    public Builder setEventLoopGroup(@Nullable EventLoopGroup eventLoopGroup) {
      s.eventLoopGroup = eventLoopGroup;
      return this;
    }

    /** A resolver group the client then owns: it closes it when the client closes. */
    public Builder setAddressResolverGroup(
        @Nullable AddressResolverGroup<InetSocketAddress> addressResolverGroup) {
      s.addressResolverGroup = addressResolverGroup;
      return this;
    }

    /**
     * Sets whether a native transport is asked for: io_uring, else epoll, else NIO with a warning.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.useNativeTransport}.
     */
    public Builder setUseNativeTransport(boolean useNativeTransport) {
      return set(ConfigTable.USE_NATIVE_TRANSPORT, useNativeTransport);
    }

    /**
     * Sets whether, with {@link AsyncHttpClientConfig#isUseNativeTransport()}, only epoll is asked
     * for (NIO with a warning where it does not load).
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.useOnlyEpollNativeTransport}.
     */
    public Builder setUseOnlyEpollNativeTransport(boolean useOnlyEpollNativeTransport) {
      return set(ConfigTable.USE_ONLY_EPOLL_NATIVE_TRANSPORT, useOnlyEpollNativeTransport);
    }

    public Builder setAllocator(@Nullable ByteBufAllocator allocator) {
      s.allocator = allocator;
      return this;
    }

    /** A timer owned by the caller: the client uses it and does not stop it. */
    public Builder setNettyTimer(@Nullable Timer nettyTimer) {
      s.nettyTimer = nettyTimer;
      return this;
    }

    public Builder setThreadFactory(@Nullable ThreadFactory threadFactory) {
      s.threadFactory = threadFactory;
      return this;
    }

    public Builder setHttpAdditionalChannelInitializer(@Nullable Consumer<Channel> initializer) {
      s.httpAdditionalChannelInitializer = initializer;
      return this;
    }

    /** See {@link AsyncHttpClientConfig#getWsAdditionalChannelInitializer()}. */
    public Builder setWsAdditionalChannelInitializer(@Nullable Consumer<Channel> initializer) {
      s.wsAdditionalChannelInitializer = initializer;
      return this;
    }

    public Builder setResponseBodyPartFactory(ResponseBodyPartFactory factory) {
      s.responseBodyPartFactory = checkNotNull("responseBodyPartFactory", factory);
      return this;
    }

    /**
     * Sets the number of I/O threads the client creates.
     * Accepts more than 0, or -1 and 0 for Netty's default (twice the number of cores).
     *
     * <p>Default {@code -1}; property {@code org.asynchttpclient.ioThreadsCount}.
     */
    public Builder setIoThreadsCount(int ioThreadsCount) {
      return set(ConfigTable.IO_THREADS_COUNT, ioThreadsCount);
    }

    /**
     * Sets whether request and read timeouts are armed on the event loop of the connection's
     * channel instead of the shared {@link io.netty.util.HashedWheelTimer}: they then fire on time
     * rather than rounded up to the timer's tick.
     * See {@link AsyncHttpClientConfig#isUseEventLoopTimeouts()}.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.useEventLoopTimeouts}.
     */
    public Builder setUseEventLoopTimeouts(boolean useEventLoopTimeouts) {
      return set(ConfigTable.USE_EVENT_LOOP_TIMEOUTS, useEventLoopTimeouts);
    }

    /**
     * Sets whether the request timeout is one budget for the whole exchange: redirects, retries and
     * authentication replays (401/407) share it instead of each hop starting a fresh one.
     * See {@link AsyncHttpClientConfig#isUseAbsoluteRequestDeadline()}.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.useAbsoluteRequestDeadline}.
     */
    public Builder setUseAbsoluteRequestDeadline(boolean useAbsoluteRequestDeadline) {
      return set(ConfigTable.USE_ABSOLUTE_REQUEST_DEADLINE, useAbsoluteRequestDeadline);
    }

    /**
     * Sets whether a request or read timeout fails the exchange with the typed exceptions of {@code
     * org.asynchttpclient.exception} ({@link
     * org.asynchttpclient.exception.RequestTimeoutException}, {@link
     * org.asynchttpclient.exception.ReadTimeoutException}: subclasses of {@code TimeoutException}
     * that carry the timeout's kind, phase, hop, budget, elapsed time and lateness as data) instead
     * of a plain {@link java.util.concurrent.TimeoutException}.
     * See {@link AsyncHttpClientConfig#isTypedTimeoutExceptions()}.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.typedTimeoutExceptions}.
     */
    public Builder setTypedTimeoutExceptions(boolean typedTimeoutExceptions) {
      return set(ConfigTable.TYPED_TIMEOUT_EXCEPTIONS, typedTimeoutExceptions);
    }

    /**
     * Sets whether requests from application threads go to as few I/O threads as their load
     * needs. See {@link AsyncHttpClientConfig#isUseLoadAwareLoopPlacement()}.
     *
     * <p>Default {@code true}; property {@code org.asynchttpclient.useLoadAwareLoopPlacement}.
     */
    public Builder setUseLoadAwareLoopPlacement(boolean useLoadAwareLoopPlacement) {
      return set(ConfigTable.USE_LOAD_AWARE_LOOP_PLACEMENT, useLoadAwareLoopPlacement);
    }

    /**
     * Sets whether NTLM always answers with NTLMv2 responses.
     * See {@link AsyncHttpClientConfig#isNtlmV2Only()}.
     *
     * <p>Default {@code true}; property {@code org.asynchttpclient.ntlmV2Only}.
     */
    public Builder setNtlmV2Only(boolean ntlmV2Only) {
      return set(ConfigTable.NTLM_V2_ONLY, ntlmV2Only);
    }

    /**
     * Sets whether an HTTP/1.1 response cut short (its connection closed or reset after the
     * response started) is replayed only when that is safe: for an idempotent method (GET, HEAD,
     * OPTIONS, TRACE, PUT, DELETE) and only while no body part has reached the handler.
     * See {@link AsyncHttpClientConfig#isStrictMidResponseRetry()}.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.strictMidResponseRetry}.
     */
    public Builder setStrictMidResponseRetry(boolean strictMidResponseRetry) {
      return set(ConfigTable.STRICT_MID_RESPONSE_RETRY, strictMidResponseRetry);
    }

    /**
     * Sets whether a request the server may have processed is sent again only if it is idempotent
     * or carries an {@code Idempotency-Key}. See {@link AsyncHttpClientConfig#isReplayOnlyIdempotent()}.
     *
     * <p>Default {@code false}; property {@code org.asynchttpclient.replayOnlyIdempotent}.
     */
    public Builder setReplayOnlyIdempotent(boolean replayOnlyIdempotent) {
      return set(ConfigTable.REPLAY_ONLY_IDEMPOTENT, replayOnlyIdempotent);
    }

    /**
     * Sets how a request picks among the addresses its host resolves to: {@link
     * LoadBalance#DEFAULT} (resolver order) unless set, never null.
     * See {@link AsyncHttpClientConfig#getLoadBalance()}. Null resets to {@link
     * LoadBalance#DEFAULT}.
     *
     * <p>Default {@code DEFAULT}; property {@code org.asynchttpclient.loadBalance}.
     */
    public Builder setLoadBalance(@Nullable LoadBalance loadBalance) {
      return set(ConfigTable.LOAD_BALANCE, loadBalance);
    }

    /**
     * Sets whether an address whose TCP connect failed goes to the back of its host's address order
     * for {@link AsyncHttpClientConfig#getFailedIpCooldownPeriod()} (never dropped: it is still
     * tried when the others fail, and first again once the period is over), in every {@link
     * LoadBalance} mode.
     * See {@link AsyncHttpClientConfig#isFailedIpCooldownEnabled()}.
     *
     * <p>Default {@code true}; property {@code org.asynchttpclient.failedIpCooldownEnabled}.
     */
    public Builder setFailedIpCooldownEnabled(boolean failedIpCooldownEnabled) {
      return set(ConfigTable.FAILED_IP_COOLDOWN_ENABLED, failedIpCooldownEnabled);
    }

    /**
     * Sets how long a failed address stays at the back of its host's order; PT10S by default, zero
     * allowed (no cooldown).
     * See {@link AsyncHttpClientConfig#getFailedIpCooldownPeriod()}. Accepts zero and more; null
     * resets to the default (the property's value, PT10S unless set); negative is refused.
     *
     * <p>Default {@code PT10S}; property {@code org.asynchttpclient.failedIpCooldownPeriod}.
     */
    public Builder setFailedIpCooldownPeriod(@Nullable Duration failedIpCooldownPeriod) {
      return set(ConfigTable.FAILED_IP_COOLDOWN_PERIOD, failedIpCooldownPeriod);
    }

    /**
     * Sets the delay of Happy Eyeballs (RFC 8305): when a host resolves to several addresses, how
     * long a connect attempt may go unanswered before the next address is tried beside it.
     * See {@link AsyncHttpClientConfig#getConnectionAttemptDelay()}. Accepts zero (off) and more;
     * null resets to the default (the property's value, PT0S unless set); negative is refused.
     *
     * <p>Default {@code PT0S}; property {@code org.asynchttpclient.connectionAttemptDelay}.
     */
    public Builder setConnectionAttemptDelay(@Nullable Duration connectionAttemptDelay) {
      return set(ConfigTable.CONNECTION_ATTEMPT_DELAY, connectionAttemptDelay);
    }

    /**
     * Sets how long an attempt may go without a response head before a hedge is sent beside it.
     * See {@link AsyncHttpClientConfig#getHedgeDelay()}. Accepts zero (off) and more; null resets
     * to the default (the property's value, PT0S unless set); negative is refused.
     *
     * <p>Default {@code PT0S}; property {@code org.asynchttpclient.hedgeDelay}.
     */
    public Builder setHedgeDelay(@Nullable Duration hedgeDelay) {
      return set(ConfigTable.HEDGE_DELAY, hedgeDelay);
    }

    /**
     * Sets the most attempts of one hedged exchange in flight at once, the original included. See
     * {@link AsyncHttpClientConfig#getMaxHedgedAttempts()}. Accepts 1 to 10.
     *
     * <p>Default {@code 2}; property {@code org.asynchttpclient.maxHedgedAttempts}.
     */
    public Builder setMaxHedgedAttempts(int maxHedgedAttempts) {
      return set(ConfigTable.MAX_HEDGED_ATTEMPTS, maxHedgedAttempts);
    }

    /**
     * Sets the latency percentile that sets the hedge delay. See {@link
     * AsyncHttpClientConfig#getHedgePercentile()}. Accepts 0 (off) to 100 (excluded).
     *
     * <p>Default {@code 0}; property {@code org.asynchttpclient.hedgePercentile}.
     */
    public Builder setHedgePercentile(double hedgePercentile) {
      return set(ConfigTable.HEDGE_PERCENTILE, hedgePercentile);
    }

    /**
     * Sets the largest fraction of a partition's requests that may be hedges. See {@link
     * AsyncHttpClientConfig#getHedgeBudget()}. Accepts 0 to 1.
     *
     * <p>Default {@code 0.05}; property {@code org.asynchttpclient.hedgeBudget}.
     */
    public Builder setHedgeBudget(double hedgeBudget) {
      return set(ConfigTable.HEDGE_BUDGET, hedgeBudget);
    }

    /**
     * Sets the retry budget, as a percentage of requests. See {@link
     * AsyncHttpClientConfig#getRetryBudgetPercent()}. Accepts -1 (no budget) and more.
     *
     * <p>Default {@code -1}; property {@code org.asynchttpclient.retryBudgetPercent}.
     */
    public Builder setRetryBudgetPercent(int retryBudgetPercent) {
      return set(ConfigTable.RETRY_BUDGET_PERCENT, retryBudgetPercent);
    }

    /**
     * Sets the largest body, in bytes, that automatic decompression may inflate one response to.
     * See {@link AsyncHttpClientConfig#getMaxDecompressedResponseSize()}. Accepts any value: 0 or
     * less turns the limit off, as in AHC 3.0.13.
     *
     * <p>Default {@code 268435456}; property {@code org.asynchttpclient.maxDecompressedResponseSize}.
     */
    public Builder setMaxDecompressedResponseSize(long maxDecompressedResponseSize) {
      return set(ConfigTable.MAX_DECOMPRESSED_RESPONSE_SIZE, maxDecompressedResponseSize);
    }

    /**
     * Sets {@code maxDecompressedResponseSize}, the same option under its former name, with the
     * former range: more than 0, or -1 for no limit (any other value is refused, as before). The
     * later of the two setters called wins.
     *
     * @deprecated use {@link #setMaxDecompressedResponseSize(long)}, AHC 3.0.13's name
     */
    @Deprecated
    public Builder setMaxInflatedResponseBodySize(long maxInflatedResponseBodySize) {
      if (maxInflatedResponseBodySize <= 0 && maxInflatedResponseBodySize != -1) {
        throw new IllegalArgumentException("maxInflatedResponseBodySize: " + maxInflatedResponseBodySize
            + " (expected > 0, or -1 for no limit)");
      }
      return set(ConfigTable.MAX_DECOMPRESSED_RESPONSE_SIZE, maxInflatedResponseBodySize);
    }

    /**
     * Sets how long an open WebSocket may go without a frame either way before the client closes it
     * with 1001 (Going Away) and reports a {@link java.util.concurrent.TimeoutException} to {@code
     * onError}; zero for none.
     * See {@link AsyncHttpClientConfig#getWebSocketIdleTimeout()}. Accepts 0 (none) and more.
     *
     * <p>Default {@code PT0S}; property {@code org.asynchttpclient.webSocketIdleTimeout}.
     */
    public Builder setWebSocketIdleTimeout(Duration webSocketIdleTimeout) {
      return set(ConfigTable.WEBSOCKET_IDLE_TIMEOUT, webSocketIdleTimeout);
    }

    /**
     * Sets how often an open WebSocket sends a Ping to check that the server is still there; zero
     * for never.
     * See {@link AsyncHttpClientConfig#getWebSocketPingInterval()}. Accepts 0 (none) and more.
     *
     * <p>Default {@code PT0S}; property {@code org.asynchttpclient.webSocketPingInterval}.
     */
    public Builder setWebSocketPingInterval(Duration webSocketPingInterval) {
      return set(ConfigTable.WEBSOCKET_PING_INTERVAL, webSocketPingInterval);
    }

    /**
     * Sets how long a WebSocket waits for the Pong answering a Ping of {@link
     * AsyncHttpClientConfig#getWebSocketPingInterval()}; zero to send Pings without waiting for
     * answers.
     * See {@link AsyncHttpClientConfig#getWebSocketPongTimeout()}. Accepts 0 (none) and more.
     *
     * <p>Default {@code PT0S}; property {@code org.asynchttpclient.webSocketPongTimeout}.
     */
    public Builder setWebSocketPongTimeout(Duration webSocketPongTimeout) {
      return set(ConfigTable.WEBSOCKET_PONG_TIMEOUT, webSocketPongTimeout);
    }

    /**
     * Sets how long a WebSocket's close waits for what the server still owes (RFC 6455 7.1): its
     * Close frame after {@link org.asynchttpclient.ws.WebSocket#sendCloseFrame} (none in time: the
     * connection is closed and {@code onClose} hears 1006), the end of the TCP connection after
     * both Close frames (RFC 6455 7.1.1 has the server close it first), or the flush of the Close
     * frame that reports a failure.
     * See {@link AsyncHttpClientConfig#getWebSocketCloseTimeout()}. Accepts more than 0.
     *
     * <p>Default {@code PT10S}; property {@code org.asynchttpclient.webSocketCloseTimeout}.
     */
    public Builder setWebSocketCloseTimeout(Duration webSocketCloseTimeout) {
      return set(ConfigTable.WEBSOCKET_CLOSE_TIMEOUT, webSocketCloseTimeout);
    }

    /**
     * Sets the name of a request header that tells the server how much of the exchange's budget is
     * left, or null (the default) to send none.
     * See {@link AsyncHttpClientConfig#getDeadlinePropagationHeader()}: a header name (an HTTP
     * token), or null or empty for none.
     *
     * <p>Default: none (empty); property {@code org.asynchttpclient.deadlinePropagationHeader}.
     */
    public Builder setDeadlinePropagationHeader(@Nullable String deadlinePropagationHeader) {
      return set(ConfigTable.DEADLINE_PROPAGATION_HEADER, deadlinePropagationHeader);
    }

    /** See {@link AsyncHttpClientConfig#getExchangeListeners()}. */
    public Builder addExchangeListener(ExchangeListener listener) {
      s.exchangeListeners.add(checkNotNull("exchangeListener", listener));
      return this;
    }

    public Builder removeExchangeListener(ExchangeListener listener) {
      s.exchangeListeners.remove(listener);
      return this;
    }

    /**
     * An immutable config holding the current values; the builder can go on being used. Refuses a
     * shutdown timeout shorter than the quiet period, and, as AHC 3.0.14 does, HTTP/2 settings out
     * of range (frame size, initial window, header table, header list, a null ping interval) and a
     * negative webSocketMaxDecompressedFrameSize, even when they came from properties or a prototype
     * config. The default keep-alive strategy and cookie
     * store are made by the first {@code build()} that needs them and shared by later ones, as
     * with AHC 3.0.11's builder.
     */
    public DefaultAsyncHttpClientConfig build() {
      // As AHC 3.0.14's build(): these are refused however they came, from a setter (which
      // refused them already), a property or a prototype config (which are not range-checked).
      for (ConfigOption<?> option : CHECKED_BY_BUILD) {
        checkAgain(option);
      }
      if (s.get(ConfigTable.SHUTDOWN_TIMEOUT).compareTo(s.get(ConfigTable.SHUTDOWN_QUIET_PERIOD)) < 0) {
        throw new IllegalArgumentException("shutdownTimeout: " + s.get(ConfigTable.SHUTDOWN_TIMEOUT)
            + " (expected >= shutdownQuietPeriod " + s.get(ConfigTable.SHUTDOWN_QUIET_PERIOD) + ")");
      }
      if (s.keepAliveStrategy == null) {
        s.keepAliveStrategy = new DefaultKeepAliveStrategy();
      }
      if (!s.cookieStoreSet) {
        s.cookieStore = new ThreadSafeCookieStore();
        s.cookieStoreSet = true;
      }
      ConfigSettings resolved = s.frozenCopy();
      resolved.proxyServerSelector = resolveProxyServerSelector();
      return new DefaultAsyncHttpClientConfig(resolved);
    }

    private <T> void checkAgain(ConfigOption<T> option) {
      s.values.set(option, s.get(option));
    }

    private @Nullable ProxyServerSelector resolveProxyServerSelector() {
      if (s.proxyServerSelector != null) {
        return s.proxyServerSelector;
      }
      if (s.get(ConfigTable.USE_PROXY_SELECTOR)) {
        return ProxyUtils.getJdkDefaultProxyServerSelector();
      }
      if (s.get(ConfigTable.USE_PROXY_PROPERTIES)) {
        return ProxyUtils.createProxyServerSelector(System.getProperties());
      }
      return null;
    }
  }
}

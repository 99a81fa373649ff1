package org.asynchttpclient;

import static org.asynchttpclient.ConfigValueChecks.atLeast;
import static org.asynchttpclient.ConfigValueChecks.between;
import static org.asynchttpclient.ConfigValueChecks.checkNotNull;
import static org.asynchttpclient.ConfigValueChecks.nonNegative;
import static org.asynchttpclient.ConfigValueChecks.nonNegativeOrNone;
import static org.asynchttpclient.ConfigValueChecks.positive;
import static org.asynchttpclient.ConfigValueChecks.positiveOr;

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
import org.asynchttpclient.cookie.CookieStore;
import org.asynchttpclient.cookie.ThreadSafeCookieStore;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.filter.IOExceptionFilter;
import org.asynchttpclient.filter.RequestFilter;
import org.asynchttpclient.filter.ResponseFilter;
import org.asynchttpclient.netty.channel.ConnectionSemaphoreFactory;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyServerSelector;
import org.asynchttpclient.util.HttpSyntaxChecks;
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
    return s.followRedirect;
  }

  @Override
  public int getMaxRedirects() {
    return s.maxRedirects;
  }

  @Override
  public boolean isStrict302Handling() {
    return s.strict302Handling;
  }

  @Override
  public boolean isCompressionEnforced() {
    return s.compressionEnforced;
  }

  @Override
  public boolean isEnableAutomaticDecompression() {
    return s.enableAutomaticDecompression;
  }

  @Override
  public @Nullable String getUserAgent() {
    return s.userAgent;
  }

  @Override
  public @Nullable Realm getRealm() {
    return s.realm;
  }

  @Override
  public int getMaxRequestRetry() {
    return s.maxRequestRetry;
  }

  @Override
  public boolean isDisableUrlEncodingForBoundRequests() {
    return s.disableUrlEncodingForBoundRequests;
  }

  @Override
  public boolean isUseLaxCookieEncoder() {
    return s.useLaxCookieEncoder;
  }

  @Override
  public boolean isDisableZeroCopy() {
    return s.disableZeroCopy;
  }

  @Override
  public boolean isKeepEncodingHeader() {
    return s.keepEncodingHeader;
  }

  @Override
  public ProxyServerSelector getProxyServerSelector() {
    ProxyServerSelector selector = s.proxyServerSelector;
    return selector != null ? selector : ProxyServerSelector.NO_PROXY_SELECTOR;
  }

  @Override
  public boolean isAggregateWebSocketFrameFragments() {
    return s.aggregateWebSocketFrameFragments;
  }

  @Override
  public boolean isEnableWebSocketCompression() {
    return s.enableWebSocketCompression;
  }

  @Override
  public int getWebSocketMaxBufferSize() {
    return s.webSocketMaxBufferSize;
  }

  @Override
  public int getWebSocketMaxFrameSize() {
    return s.webSocketMaxFrameSize;
  }

  @Override
  public Duration getConnectTimeout() {
    return s.connectTimeout;
  }

  @Override
  public Duration getRequestTimeout() {
    return s.requestTimeout;
  }

  @Override
  public Duration getReadTimeout() {
    return s.readTimeout;
  }

  @Override
  public Duration getShutdownQuietPeriod() {
    return s.shutdownQuietPeriod;
  }

  @Override
  public Duration getShutdownTimeout() {
    return s.shutdownTimeout;
  }

  @Override
  public boolean isKeepAlive() {
    return s.keepAlive;
  }

  @Override
  public Duration getPooledConnectionIdleTimeout() {
    return s.pooledConnectionIdleTimeout;
  }

  @Override
  public Duration getConnectionPoolCleanerPeriod() {
    return s.connectionPoolCleanerPeriod;
  }

  @Override
  public Duration getConnectionTtl() {
    return s.connectionTtl;
  }

  @Override
  public int getMaxConnections() {
    return s.maxConnections;
  }

  @Override
  public int getMaxConnectionsPerHost() {
    return s.maxConnectionsPerHost;
  }

  @Override
  public int getAcquireFreeChannelTimeout() {
    return s.acquireFreeChannelTimeout;
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
    return s.validateResponseHeaders;
  }

  @Override
  public boolean isStripAuthorizationOnRedirect() {
    return s.stripAuthorizationOnRedirect;
  }

  @Override
  public boolean isRefuseSchemeDowngradeOnRedirect() {
    return s.refuseSchemeDowngradeOnRedirect;
  }

  @Override
  public boolean isRefuseCrossOriginBodyOnRedirect() {
    return s.refuseCrossOriginBodyOnRedirect;
  }

  @Override
  public boolean isUseOpenSsl() {
    return s.useOpenSsl;
  }

  @Override
  public boolean isUseInsecureTrustManager() {
    return s.useInsecureTrustManager;
  }

  @Override
  public boolean isDisableHttpsEndpointIdentificationAlgorithm() {
    return s.disableHttpsEndpointIdentificationAlgorithm;
  }

  @Override
  public int getHandshakeTimeout() {
    return s.handshakeTimeout;
  }

  /** A copy: changing it does not change this config. */
  @Override
  public @Nullable String[] getEnabledProtocols() {
    return ConfigSettings.cloneOrNull(s.enabledProtocols);
  }

  /** A copy: changing it does not change this config. */
  @Override
  public @Nullable String[] getEnabledCipherSuites() {
    return ConfigSettings.cloneOrNull(s.enabledCipherSuites);
  }

  @Override
  public boolean isFilterInsecureCipherSuites() {
    return s.filterInsecureCipherSuites;
  }

  @Override
  public boolean isHttp2Enabled() {
    return s.http2Enabled;
  }

  @Override
  public int getHttp2InitialWindowSize() {
    return s.http2InitialWindowSize;
  }

  @Override
  public int getHttp2MaxFrameSize() {
    return s.http2MaxFrameSize;
  }

  @Override
  public int getHttp2HeaderTableSize() {
    return s.http2HeaderTableSize;
  }

  @Override
  public int getHttp2MaxHeaderListSize() {
    return s.http2MaxHeaderListSize;
  }

  @Override
  public int getHttp2MaxConcurrentStreams() {
    return s.http2MaxConcurrentStreams;
  }

  @Override
  public long getHttp2MaxDecompressedResponseSize() {
    return s.http2MaxDecompressedResponseSize;
  }

  @Override
  public Duration getHttp2PingInterval() {
    return s.http2PingInterval;
  }

  @Override
  public boolean isHttp2CleartextEnabled() {
    return s.http2CleartextEnabled;
  }

  @Override
  public int getSslSessionCacheSize() {
    return s.sslSessionCacheSize;
  }

  @Override
  public int getSslSessionTimeout() {
    return s.sslSessionTimeout;
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
    return s.expiredCookieEvictionDelay;
  }

  @Override
  public boolean isTcpNoDelay() {
    return s.tcpNoDelay;
  }

  @Override
  public boolean isSoReuseAddress() {
    return s.soReuseAddress;
  }

  @Override
  public boolean isSoKeepAlive() {
    return s.soKeepAlive;
  }

  @Override
  public int getSoLinger() {
    return s.soLinger;
  }

  @Override
  public int getSoSndBuf() {
    return s.soSndBuf;
  }

  @Override
  public int getSoRcvBuf() {
    return s.soRcvBuf;
  }

  @Override
  public String getThreadPoolName() {
    return s.threadPoolName;
  }

  @Override
  public int getHttpClientCodecMaxInitialLineLength() {
    return s.httpClientCodecMaxInitialLineLength;
  }

  @Override
  public int getHttpClientCodecMaxHeaderSize() {
    return s.httpClientCodecMaxHeaderSize;
  }

  @Override
  public int getHttpClientCodecMaxChunkSize() {
    return s.httpClientCodecMaxChunkSize;
  }

  @Override
  public int getHttpClientCodecInitialBufferSize() {
    return s.httpClientCodecInitialBufferSize;
  }

  @Override
  public int getChunkedFileChunkSize() {
    return s.chunkedFileChunkSize;
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
    return s.useNativeTransport;
  }

  @Override
  public boolean isUseOnlyEpollNativeTransport() {
    return s.useOnlyEpollNativeTransport;
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
    return s.hashedWheelTickDuration;
  }

  @Override
  public int getHashedWheelTimerSize() {
    return s.hashedWheelSize;
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
    return s.ioThreadsCount;
  }

  @Override
  public boolean isUseEventLoopTimeouts() {
    return s.useEventLoopTimeouts;
  }

  @Override
  public boolean isUseAbsoluteRequestDeadline() {
    return s.useAbsoluteRequestDeadline;
  }

  @Override
  public boolean isTypedTimeoutExceptions() {
    return s.typedTimeoutExceptions;
  }

  @Override
  public boolean isNtlmV2Only() {
    return s.ntlmV2Only;
  }

  @Override
  public boolean isStrictMidResponseRetry() {
    return s.strictMidResponseRetry;
  }

  @Override
  public LoadBalance getLoadBalance() {
    return s.loadBalance;
  }

  @Override
  public boolean isFailedIpCooldownEnabled() {
    return s.failedIpCooldownEnabled;
  }

  @Override
  public Duration getFailedIpCooldownPeriod() {
    return s.failedIpCooldownPeriod;
  }

  @Override
  public Duration getConnectionAttemptDelay() {
    return s.connectionAttemptDelay;
  }

  @Override
  public long getMaxInflatedResponseBodySize() {
    return s.maxInflatedResponseBodySize;
  }

  @Override
  public @Nullable String getDeadlinePropagationHeader() {
    return s.deadlinePropagationHeader;
  }

  @Override
  public List<ExchangeListener> getExchangeListeners() {
    return s.exchangeListeners;
  }

  @Override
  public Duration getWebSocketIdleTimeout() {
    return s.webSocketIdleTimeout;
  }

  @Override
  public Duration getWebSocketPingInterval() {
    return s.webSocketPingInterval;
  }

  @Override
  public Duration getWebSocketPongTimeout() {
    return s.webSocketPongTimeout;
  }

  @Override
  public Duration getWebSocketCloseTimeout() {
    return s.webSocketCloseTimeout;
  }

  /**
   * Collects options and {@link #build() builds} an immutable config. A new builder starts from
   * the defaults of {@link AsyncHttpClientConfigDefaults} (properties files and system properties,
   * read now). Setters refuse values that make no sense with an {@link IllegalArgumentException}
   * naming the option, the value and what is accepted; values coming from properties are not
   * range-checked, as in AHC 3.0.11.
   *
   * <p>Not thread-safe: use one builder from one thread.
   */
  public static class Builder {

    private final ConfigSettings s;

    /** A builder holding the defaults. */
    public Builder() {
      s = new ConfigSettings();
    }

    /** A builder holding every value of {@code prototype}, including its proxy selector. */
    public Builder(AsyncHttpClientConfig prototype) {
      s = ConfigSettings.copyOf(prototype);
    }

    public Builder setFollowRedirect(boolean followRedirect) {
      s.followRedirect = followRedirect;
      return this;
    }

    /** Accepts 0 and more. */
    public Builder setMaxRedirects(int maxRedirects) {
      s.maxRedirects = atLeast("maxRedirects", maxRedirects, 0);
      return this;
    }

    public Builder setStrict302Handling(boolean strict302Handling) {
      s.strict302Handling = strict302Handling;
      return this;
    }

    public Builder setCompressionEnforced(boolean compressionEnforced) {
      s.compressionEnforced = compressionEnforced;
      return this;
    }

    public Builder setEnableAutomaticDecompression(boolean enable) {
      s.enableAutomaticDecompression = enable;
      return this;
    }

    /** Null sends no User-Agent header unless the request has one. */
    public Builder setUserAgent(@Nullable String userAgent) {
      s.userAgent = userAgent;
      return this;
    }

    public Builder setRealm(@Nullable Realm realm) {
      s.realm = realm;
      return this;
    }

    public Builder setRealm(Realm.Builder realmBuilder) {
      s.realm = checkNotNull("realmBuilder", realmBuilder).build();
      return this;
    }

    /** Accepts 0 (no retry) and more. */
    public Builder setMaxRequestRetry(int maxRequestRetry) {
      s.maxRequestRetry = atLeast("maxRequestRetry", maxRequestRetry, 0);
      return this;
    }

    public Builder setDisableUrlEncodingForBoundRequests(boolean disable) {
      s.disableUrlEncodingForBoundRequests = disable;
      return this;
    }

    public Builder setUseLaxCookieEncoder(boolean useLaxCookieEncoder) {
      s.useLaxCookieEncoder = useLaxCookieEncoder;
      return this;
    }

    public Builder setDisableZeroCopy(boolean disableZeroCopy) {
      s.disableZeroCopy = disableZeroCopy;
      return this;
    }

    public Builder setKeepEncodingHeader(boolean keepEncodingHeader) {
      s.keepEncodingHeader = keepEncodingHeader;
      return this;
    }

    /**
     * The selector choosing each request's proxy; it wins over {@link #setUseProxySelector} and
     * {@link #setUseProxyProperties}. Null returns to those.
     */
    public Builder setProxyServerSelector(@Nullable ProxyServerSelector selector) {
      s.proxyServerSelector = selector;
      return this;
    }

    public Builder setValidateResponseHeaders(boolean validateResponseHeaders) {
      s.validateResponseHeaders = validateResponseHeaders;
      return this;
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

    /** Ask the JDK's {@link ProxySelector#getDefault()} for each request's proxy. */
    public Builder setUseProxySelector(boolean useProxySelector) {
      s.useProxySelector = useProxySelector;
      return this;
    }

    /** Use the proxy of the {@code http.proxyHost}/{@code http.proxyPort} system properties. */
    public Builder setUseProxyProperties(boolean useProxyProperties) {
      s.useProxyProperties = useProxyProperties;
      return this;
    }

    public Builder setStripAuthorizationOnRedirect(boolean strip) {
      s.stripAuthorizationOnRedirect = strip;
      return this;
    }

    /** See {@link AsyncHttpClientConfig#isRefuseSchemeDowngradeOnRedirect()}. */
    public Builder setRefuseSchemeDowngradeOnRedirect(boolean refuseSchemeDowngradeOnRedirect) {
      s.refuseSchemeDowngradeOnRedirect = refuseSchemeDowngradeOnRedirect;
      return this;
    }

    /** See {@link AsyncHttpClientConfig#isRefuseCrossOriginBodyOnRedirect()}. */
    public Builder setRefuseCrossOriginBodyOnRedirect(boolean refuseCrossOriginBodyOnRedirect) {
      s.refuseCrossOriginBodyOnRedirect = refuseCrossOriginBodyOnRedirect;
      return this;
    }

    /** See {@link AsyncHttpClientConfig#isAggregateWebSocketFrameFragments()}. */
    public Builder setAggregateWebSocketFrameFragments(boolean aggregate) {
      s.aggregateWebSocketFrameFragments = aggregate;
      return this;
    }

    /**
     * See {@link AsyncHttpClientConfig#isEnableWebSocketCompression()}. (Spelling kept from AHC
     * 3.0.11.)
     */
    public Builder setEnablewebSocketCompression(boolean enable) {
      s.enableWebSocketCompression = enable;
      return this;
    }

    /** See {@link AsyncHttpClientConfig#getWebSocketMaxBufferSize()}. Accepts more than 0. */
    public Builder setWebSocketMaxBufferSize(int size) {
      s.webSocketMaxBufferSize = positive("webSocketMaxBufferSize", size);
      return this;
    }

    /** See {@link AsyncHttpClientConfig#getWebSocketMaxFrameSize()}. Accepts more than 0. */
    public Builder setWebSocketMaxFrameSize(int size) {
      s.webSocketMaxFrameSize = positive("webSocketMaxFrameSize", size);
      return this;
    }

    /** Accepts 0 (no limit) and more. */
    public Builder setConnectTimeout(Duration connectTimeout) {
      s.connectTimeout = nonNegative("connectTimeout", connectTimeout);
      return this;
    }

    /**
     * Accepts 0 and more, or -1 ms for none. Zero expires at once, as in AHC 3.0.11 (only a
     * request's own zero means "use the config").
     */
    public Builder setRequestTimeout(Duration requestTimeout) {
      s.requestTimeout = nonNegativeOrNone("requestTimeout", requestTimeout);
      return this;
    }

    /** Accepts 0 and more, or -1 ms for none. */
    public Builder setReadTimeout(Duration readTimeout) {
      s.readTimeout = nonNegativeOrNone("readTimeout", readTimeout);
      return this;
    }

    /** Accepts 0 and more; must not exceed the shutdown timeout (checked by {@link #build()}). */
    public Builder setShutdownQuietPeriod(Duration shutdownQuietPeriod) {
      s.shutdownQuietPeriod = nonNegative("shutdownQuietPeriod", shutdownQuietPeriod);
      return this;
    }

    /** Accepts 0 and more; must be at least the quiet period (checked by {@link #build()}). */
    public Builder setShutdownTimeout(Duration shutdownTimeout) {
      s.shutdownTimeout = nonNegative("shutdownTimeout", shutdownTimeout);
      return this;
    }

    public Builder setKeepAlive(boolean keepAlive) {
      s.keepAlive = keepAlive;
      return this;
    }

    /** Accepts 0 and more, or -1 ms; 0 and -1 ms keep idle connections forever. */
    public Builder setPooledConnectionIdleTimeout(Duration idleTimeout) {
      s.pooledConnectionIdleTimeout = nonNegativeOrNone("pooledConnectionIdleTimeout", idleTimeout);
      return this;
    }

    /** Accepts more than 0. */
    public Builder setConnectionPoolCleanerPeriod(Duration period) {
      s.connectionPoolCleanerPeriod = positive("connectionPoolCleanerPeriod", period);
      return this;
    }

    /** Accepts 0 and more, or -1 ms; 0 and -1 ms let connections live forever. */
    public Builder setConnectionTtl(Duration connectionTtl) {
      s.connectionTtl = nonNegativeOrNone("connectionTtl", connectionTtl);
      return this;
    }

    /** Accepts -1 and 0 (no limit, as in AHC 3.0.11) and more. */
    public Builder setMaxConnections(int maxConnections) {
      s.maxConnections = atLeast("maxConnections", maxConnections, -1);
      return this;
    }

    /** Accepts -1 and 0 (no limit, as in AHC 3.0.11) and more. */
    public Builder setMaxConnectionsPerHost(int maxConnectionsPerHost) {
      s.maxConnectionsPerHost = atLeast("maxConnectionsPerHost", maxConnectionsPerHost, -1);
      return this;
    }

    /** In milliseconds; accepts 0 (fail at once) and more. */
    public Builder setAcquireFreeChannelTimeout(int acquireFreeChannelTimeout) {
      s.acquireFreeChannelTimeout =
          atLeast("acquireFreeChannelTimeout", acquireFreeChannelTimeout, 0);
      return this;
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

    /** Prefer OpenSSL for TLS; when no OpenSSL provider is on the classpath, the JDK's TLS is used. */
    public Builder setUseOpenSsl(boolean useOpenSsl) {
      s.useOpenSsl = useOpenSsl;
      return this;
    }

    /** Trust every certificate: for tests only. */
    public Builder setUseInsecureTrustManager(boolean useInsecureTrustManager) {
      s.useInsecureTrustManager = useInsecureTrustManager;
      return this;
    }

    public Builder setDisableHttpsEndpointIdentificationAlgorithm(boolean disable) {
      s.disableHttpsEndpointIdentificationAlgorithm = disable;
      return this;
    }

    /** In milliseconds; accepts 0 (no limit) and more. */
    public Builder setHandshakeTimeout(int handshakeTimeout) {
      s.handshakeTimeout = atLeast("handshakeTimeout", handshakeTimeout, 0);
      return this;
    }

    /** Copied; null for the TLS provider's defaults. */
    public Builder setEnabledProtocols(@Nullable String[] enabledProtocols) {
      s.enabledProtocols = ConfigSettings.cloneOrNull(enabledProtocols);
      return this;
    }

    /** Copied; null for the TLS provider's defaults. */
    public Builder setEnabledCipherSuites(@Nullable String[] enabledCipherSuites) {
      s.enabledCipherSuites = ConfigSettings.cloneOrNull(enabledCipherSuites);
      return this;
    }

    public Builder setFilterInsecureCipherSuites(boolean filterInsecureCipherSuites) {
      s.filterInsecureCipherSuites = filterInsecureCipherSuites;
      return this;
    }

    /** Accepts 0 (provider's default) and more. */
    public Builder setSslSessionCacheSize(Integer sslSessionCacheSize) {
      checkNotNull("sslSessionCacheSize", sslSessionCacheSize);
      s.sslSessionCacheSize = atLeast("sslSessionCacheSize", sslSessionCacheSize, 0);
      return this;
    }

    /** In seconds; accepts 0 (provider's default) and more. */
    public Builder setSslSessionTimeout(Integer sslSessionTimeout) {
      checkNotNull("sslSessionTimeout", sslSessionTimeout);
      s.sslSessionTimeout = atLeast("sslSessionTimeout", sslSessionTimeout, 0);
      return this;
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

    /** Initial HTTP/2 flow-control window of each stream, in bytes. Accepts 0 to 2^31-1. */
    public Builder setHttp2InitialWindowSize(int size) {
      s.http2InitialWindowSize = atLeast("http2InitialWindowSize", size, 0);
      return this;
    }

    /** Largest HTTP/2 frame accepted. Accepts 16384 to 16777215. */
    public Builder setHttp2MaxFrameSize(int size) {
      s.http2MaxFrameSize = between("http2MaxFrameSize", size, 16_384, 16_777_215);
      return this;
    }

    /** HPACK dynamic table size. Accepts 0 and more. */
    public Builder setHttp2HeaderTableSize(int size) {
      s.http2HeaderTableSize = atLeast("http2HeaderTableSize", size, 0);
      return this;
    }

    /** Largest HTTP/2 response header list accepted. Accepts more than 0. */
    public Builder setHttp2MaxHeaderListSize(int size) {
      s.http2MaxHeaderListSize = positive("http2MaxHeaderListSize", size);
      return this;
    }

    /** HTTP/2 streams at most open at once per connection. Accepts more than 0, or -1 (the server's limit). */
    public Builder setHttp2MaxConcurrentStreams(int streams) {
      s.http2MaxConcurrentStreams =
          positiveOr("http2MaxConcurrentStreams", streams, -1, "the server's limit");
      return this;
    }

    /**
     * Cap on a decompressed HTTP/2 response body, in bytes. Accepts more than 0, or 0 for no cap of
     * its own (as 3.0.11 and 3.0.12 do; {@code maxInflatedResponseBodySize} still applies).
     */
    public Builder setHttp2MaxDecompressedResponseSize(long size) {
      s.http2MaxDecompressedResponseSize =
          positiveOr("http2MaxDecompressedResponseSize", size, 0, "no limit");
      return this;
    }

    /** HTTP/2 PING after this long without a read. Accepts 0 (no ping) and more. */
    public Builder setHttp2PingInterval(Duration interval) {
      s.http2PingInterval = nonNegative("http2PingInterval", interval);
      return this;
    }

    /** h2c with prior knowledge for {@code http} requests, direct or through SOCKS. */
    public Builder setHttp2CleartextEnabled(boolean enabled) {
      s.http2CleartextEnabled = enabled;
      return this;
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

    /** In milliseconds; accepts more than 0. */
    public Builder setExpiredCookieEvictionDelay(int delay) {
      s.expiredCookieEvictionDelay = positive("expiredCookieEvictionDelay", delay);
      return this;
    }

    public Builder setTcpNoDelay(boolean tcpNoDelay) {
      s.tcpNoDelay = tcpNoDelay;
      return this;
    }

    public Builder setSoReuseAddress(boolean soReuseAddress) {
      s.soReuseAddress = soReuseAddress;
      return this;
    }

    public Builder setSoKeepAlive(boolean soKeepAlive) {
      s.soKeepAlive = soKeepAlive;
      return this;
    }

    /** In seconds; accepts 0 and more, or -1 to leave SO_LINGER off. */
    public Builder setSoLinger(int soLinger) {
      s.soLinger = atLeast("soLinger", soLinger, -1);
      return this;
    }

    /** In bytes; accepts more than 0, or -1 for the OS default. */
    public Builder setSoSndBuf(int soSndBuf) {
      s.soSndBuf = positiveOr("soSndBuf", soSndBuf, -1, "the OS default");
      return this;
    }

    /** In bytes; accepts more than 0, or -1 for the OS default. */
    public Builder setSoRcvBuf(int soRcvBuf) {
      s.soRcvBuf = positiveOr("soRcvBuf", soRcvBuf, -1, "the OS default");
      return this;
    }

    public Builder setThreadPoolName(String threadPoolName) {
      s.threadPoolName = checkNotNull("threadPoolName", threadPoolName);
      return this;
    }

    /** In bytes; accepts more than 0. */
    public Builder setHttpClientCodecMaxInitialLineLength(int length) {
      s.httpClientCodecMaxInitialLineLength =
          positive("httpClientCodecMaxInitialLineLength", length);
      return this;
    }

    /** In bytes; accepts more than 0. */
    public Builder setHttpClientCodecMaxHeaderSize(int size) {
      s.httpClientCodecMaxHeaderSize = positive("httpClientCodecMaxHeaderSize", size);
      return this;
    }

    /** In bytes; accepts more than 0. */
    public Builder setHttpClientCodecMaxChunkSize(int size) {
      s.httpClientCodecMaxChunkSize = positive("httpClientCodecMaxChunkSize", size);
      return this;
    }

    /** In bytes; accepts more than 0. */
    public Builder setHttpClientCodecInitialBufferSize(int size) {
      s.httpClientCodecInitialBufferSize = positive("httpClientCodecInitialBufferSize", size);
      return this;
    }

    /** In bytes; accepts more than 0. */
    public Builder setChunkedFileChunkSize(int chunkedFileChunkSize) {
      s.chunkedFileChunkSize = positive("chunkedFileChunkSize", chunkedFileChunkSize);
      return this;
    }

    /** In milliseconds; accepts more than 0. Used only when the client creates its own timer. */
    public Builder setHashedWheelTickDuration(long tickDuration) {
      s.hashedWheelTickDuration = positive("hashedWheelTickDuration", tickDuration);
      return this;
    }

    /** Accepts more than 0. Used only when the client creates its own timer. */
    public Builder setHashedWheelSize(int hashedWheelSize) {
      s.hashedWheelSize = positive("hashedWheelSize", hashedWheelSize);
      return this;
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

    public Builder setAddressResolverGroup(
        @Nullable AddressResolverGroup<InetSocketAddress> addressResolverGroup) {
      s.addressResolverGroup = addressResolverGroup;
      return this;
    }

    public Builder setUseNativeTransport(boolean useNativeTransport) {
      s.useNativeTransport = useNativeTransport;
      return this;
    }

    public Builder setUseOnlyEpollNativeTransport(boolean useOnlyEpollNativeTransport) {
      s.useOnlyEpollNativeTransport = useOnlyEpollNativeTransport;
      return this;
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

    /** Accepts more than 0, or -1 and 0 for Netty's default (twice the number of cores). */
    public Builder setIoThreadsCount(int ioThreadsCount) {
      s.ioThreadsCount = atLeast("ioThreadsCount", ioThreadsCount, -1);
      return this;
    }

    /** See {@link AsyncHttpClientConfig#isUseEventLoopTimeouts()}. */
    public Builder setUseEventLoopTimeouts(boolean useEventLoopTimeouts) {
      s.useEventLoopTimeouts = useEventLoopTimeouts;
      return this;
    }

    /** See {@link AsyncHttpClientConfig#isUseAbsoluteRequestDeadline()}. */
    public Builder setUseAbsoluteRequestDeadline(boolean useAbsoluteRequestDeadline) {
      s.useAbsoluteRequestDeadline = useAbsoluteRequestDeadline;
      return this;
    }

    /** See {@link AsyncHttpClientConfig#isTypedTimeoutExceptions()}. */
    public Builder setTypedTimeoutExceptions(boolean typedTimeoutExceptions) {
      s.typedTimeoutExceptions = typedTimeoutExceptions;
      return this;
    }

    /** See {@link AsyncHttpClientConfig#isNtlmV2Only()}. */
    public Builder setNtlmV2Only(boolean ntlmV2Only) {
      s.ntlmV2Only = ntlmV2Only;
      return this;
    }

    /** See {@link AsyncHttpClientConfig#isStrictMidResponseRetry()}. */
    public Builder setStrictMidResponseRetry(boolean strictMidResponseRetry) {
      s.strictMidResponseRetry = strictMidResponseRetry;
      return this;
    }

    /** See {@link AsyncHttpClientConfig#getLoadBalance()}. Null resets to {@link LoadBalance#DEFAULT}. */
    public Builder setLoadBalance(@Nullable LoadBalance loadBalance) {
      s.loadBalance = loadBalance == null ? LoadBalance.DEFAULT : loadBalance;
      return this;
    }

    /** See {@link AsyncHttpClientConfig#isFailedIpCooldownEnabled()}. */
    public Builder setFailedIpCooldownEnabled(boolean failedIpCooldownEnabled) {
      s.failedIpCooldownEnabled = failedIpCooldownEnabled;
      return this;
    }

    /**
     * See {@link AsyncHttpClientConfig#getFailedIpCooldownPeriod()}. Accepts zero and more; null
     * resets to the default (the property's value, PT10S unless set); negative is refused.
     */
    public Builder setFailedIpCooldownPeriod(@Nullable Duration failedIpCooldownPeriod) {
      s.failedIpCooldownPeriod =
          failedIpCooldownPeriod == null
              ? AsyncHttpClientConfigDefaults.defaultFailedIpCooldownPeriod()
              : nonNegative("failedIpCooldownPeriod", failedIpCooldownPeriod);
      return this;
    }

    /**
     * See {@link AsyncHttpClientConfig#getConnectionAttemptDelay()}. Accepts zero (off) and more;
     * null resets to the default (the property's value, PT0S unless set); negative is refused.
     */
    public Builder setConnectionAttemptDelay(@Nullable Duration connectionAttemptDelay) {
      s.connectionAttemptDelay =
          connectionAttemptDelay == null
              ? AsyncHttpClientConfigDefaults.defaultConnectionAttemptDelay()
              : nonNegative("connectionAttemptDelay", connectionAttemptDelay);
      return this;
    }

    /**
     * See {@link AsyncHttpClientConfig#getMaxInflatedResponseBodySize()}. Accepts more than 0, or
     * -1 for no limit.
     */
    public Builder setMaxInflatedResponseBodySize(long maxInflatedResponseBodySize) {
      s.maxInflatedResponseBodySize =
          positiveOr("maxInflatedResponseBodySize", maxInflatedResponseBodySize, -1, "no limit");
      return this;
    }

    /** See {@link AsyncHttpClientConfig#getWebSocketIdleTimeout()}. Accepts 0 (none) and more. */
    public Builder setWebSocketIdleTimeout(Duration webSocketIdleTimeout) {
      s.webSocketIdleTimeout = nonNegative("webSocketIdleTimeout", webSocketIdleTimeout);
      return this;
    }

    /** See {@link AsyncHttpClientConfig#getWebSocketPingInterval()}. Accepts 0 (none) and more. */
    public Builder setWebSocketPingInterval(Duration webSocketPingInterval) {
      s.webSocketPingInterval = nonNegative("webSocketPingInterval", webSocketPingInterval);
      return this;
    }

    /** See {@link AsyncHttpClientConfig#getWebSocketPongTimeout()}. Accepts 0 (none) and more. */
    public Builder setWebSocketPongTimeout(Duration webSocketPongTimeout) {
      s.webSocketPongTimeout = nonNegative("webSocketPongTimeout", webSocketPongTimeout);
      return this;
    }

    /** See {@link AsyncHttpClientConfig#getWebSocketCloseTimeout()}. Accepts more than 0. */
    public Builder setWebSocketCloseTimeout(Duration webSocketCloseTimeout) {
      s.webSocketCloseTimeout = positive("webSocketCloseTimeout", webSocketCloseTimeout);
      return this;
    }

    /**
     * See {@link AsyncHttpClientConfig#getDeadlinePropagationHeader()}: a header name (an HTTP
     * token), or null or empty for none.
     */
    public Builder setDeadlinePropagationHeader(@Nullable String deadlinePropagationHeader) {
      if (deadlinePropagationHeader == null || deadlinePropagationHeader.isEmpty()) {
        s.deadlinePropagationHeader = null;
        return this;
      }
      if (!HttpSyntaxChecks.isToken(deadlinePropagationHeader)) {
        throw new IllegalArgumentException("deadlinePropagationHeader: \""
            + deadlinePropagationHeader + "\" (expected an HTTP header name, a token)");
      }
      s.deadlinePropagationHeader = deadlinePropagationHeader;
      return this;
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
     * shutdown timeout shorter than the quiet period. The default keep-alive strategy and cookie
     * store are made by the first {@code build()} that needs them and shared by later ones, as
     * with AHC 3.0.11's builder.
     */
    public DefaultAsyncHttpClientConfig build() {
      if (s.shutdownTimeout.compareTo(s.shutdownQuietPeriod) < 0) {
        throw new IllegalArgumentException("shutdownTimeout: " + s.shutdownTimeout
            + " (expected >= shutdownQuietPeriod " + s.shutdownQuietPeriod + ")");
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

    private @Nullable ProxyServerSelector resolveProxyServerSelector() {
      if (s.proxyServerSelector != null) {
        return s.proxyServerSelector;
      }
      if (s.useProxySelector) {
        return ProxyUtils.getJdkDefaultProxyServerSelector();
      }
      if (s.useProxyProperties) {
        return ProxyUtils.createProxyServerSelector(System.getProperties());
      }
      return null;
    }
  }
}

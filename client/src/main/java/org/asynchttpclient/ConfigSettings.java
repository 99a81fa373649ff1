package org.asynchttpclient;

import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultAcquireFreeChannelTimeout;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultAggregateWebSocketFrameFragments;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultChunkedFileChunkSize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultCompressionEnforced;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultConnectTimeout;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultConnectionAttemptDelay;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultConnectionPoolCleanerPeriod;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultConnectionTtl;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultDeadlinePropagationHeader;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultDisableHttpsEndpointIdentificationAlgorithm;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultDisableUrlEncodingForBoundRequests;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultDisableZeroCopy;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultEnableAutomaticDecompression;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultEnableWebSocketCompression;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultEnabledCipherSuites;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultEnabledProtocols;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultExpiredCookieEvictionDelay;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultFailedIpCooldownEnabled;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultFailedIpCooldownPeriod;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultFilterInsecureCipherSuites;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultFollowRedirect;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHandshakeTimeout;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHashedWheelTimerSize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHashedWheelTimerTickDuration;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHttp2CleartextEnabled;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHttp2HeaderTableSize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHttp2InitialWindowSize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHttp2MaxConcurrentStreams;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHttp2MaxDecompressedResponseSize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHttp2MaxFrameSize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHttp2MaxHeaderListSize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHttp2PingInterval;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHttpClientCodecInitialBufferSize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHttpClientCodecMaxChunkSize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHttpClientCodecMaxHeaderSize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultHttpClientCodecMaxInitialLineLength;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultIoThreadsCount;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultKeepAlive;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultKeepEncodingHeader;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultLoadBalance;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultMaxConnections;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultMaxConnectionsPerHost;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultMaxInflatedResponseBodySize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultMaxRedirects;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultMaxRequestRetry;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultNtlmV2Only;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultPooledConnectionIdleTimeout;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultReadTimeout;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultRefuseCrossOriginBodyOnRedirect;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultRefuseSchemeDowngradeOnRedirect;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultRequestTimeout;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultShutdownQuietPeriod;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultShutdownTimeout;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultSoKeepAlive;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultSoLinger;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultSoRcvBuf;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultSoReuseAddress;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultSoSndBuf;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultSslSessionCacheSize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultSslSessionTimeout;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultStrict302Handling;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultStrictMidResponseRetry;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultTcpNoDelay;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultThreadPoolName;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultTypedTimeoutExceptions;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultUseAbsoluteRequestDeadline;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultUseEventLoopTimeouts;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultUseInsecureTrustManager;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultUseLaxCookieEncoder;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultUseNativeTransport;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultUseOnlyEpollNativeTransport;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultUseOpenSsl;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultUseProxyProperties;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultUseProxySelector;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultUserAgent;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultValidateResponseHeaders;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultWebSocketCloseTimeout;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultWebSocketIdleTimeout;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultWebSocketMaxBufferSize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultWebSocketMaxFrameSize;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultWebSocketPingInterval;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.defaultWebSocketPongTimeout;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslContext;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.Timer;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import org.asynchttpclient.AsyncHttpClientConfig.ResponseBodyPartFactory;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.channel.KeepAliveStrategy;
import org.asynchttpclient.cookie.CookieStore;
import org.asynchttpclient.filter.IOExceptionFilter;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.filter.RequestFilter;
import org.asynchttpclient.filter.ResponseFilter;
import org.asynchttpclient.netty.channel.ConnectionSemaphoreFactory;
import org.asynchttpclient.proxy.ProxyServerSelector;
import org.jetbrains.annotations.Nullable;

/**
 * The value of every option, held once for both {@link DefaultAsyncHttpClientConfig.Builder} (which
 * writes it) and {@link DefaultAsyncHttpClientConfig} (which reads a frozen copy).
 *
 * <p>Threads: a builder's instance is written by the thread using that builder. A config's instance
 * is made by {@link #frozenCopy()} inside the config's constructor and never written afterwards;
 * it is published through a final field, so every thread sees it complete.
 *
 * <p>Fields start at the {@code AsyncHttpClientConfigDefaults} values, read when the builder is
 * created. Two defaults are objects made late, in {@link DefaultAsyncHttpClientConfig.Builder#build()},
 * and only when not set: the keep-alive strategy and the cookie store.
 */
final class ConfigSettings implements Cloneable {

  // Redirects, retries, requests
  boolean followRedirect = defaultFollowRedirect();
  int maxRedirects = defaultMaxRedirects();
  boolean strict302Handling = defaultStrict302Handling();
  boolean stripAuthorizationOnRedirect = false;
  boolean refuseSchemeDowngradeOnRedirect = defaultRefuseSchemeDowngradeOnRedirect();
  boolean refuseCrossOriginBodyOnRedirect = defaultRefuseCrossOriginBodyOnRedirect();
  int maxRequestRetry = defaultMaxRequestRetry();
  boolean disableUrlEncodingForBoundRequests = defaultDisableUrlEncodingForBoundRequests();
  @Nullable String userAgent = defaultUserAgent();
  @Nullable Realm realm;
  boolean compressionEnforced = defaultCompressionEnforced();
  boolean enableAutomaticDecompression = defaultEnableAutomaticDecompression();
  boolean keepEncodingHeader = defaultKeepEncodingHeader();
  boolean disableZeroCopy = defaultDisableZeroCopy();
  boolean validateResponseHeaders = defaultValidateResponseHeaders();
  long maxInflatedResponseBodySize = defaultMaxInflatedResponseBodySize();
  int chunkedFileChunkSize = defaultChunkedFileChunkSize();
  ResponseBodyPartFactory responseBodyPartFactory = ResponseBodyPartFactory.EAGER;

  // Timeouts
  Duration connectTimeout = defaultConnectTimeout();
  Duration requestTimeout = defaultRequestTimeout();
  Duration readTimeout = defaultReadTimeout();
  boolean useEventLoopTimeouts = defaultUseEventLoopTimeouts();
  boolean useAbsoluteRequestDeadline = defaultUseAbsoluteRequestDeadline();
  boolean typedTimeoutExceptions = defaultTypedTimeoutExceptions();
  boolean ntlmV2Only = defaultNtlmV2Only();
  boolean strictMidResponseRetry = defaultStrictMidResponseRetry();

  // Addresses of a host
  LoadBalance loadBalance = defaultLoadBalance();
  boolean failedIpCooldownEnabled = defaultFailedIpCooldownEnabled();
  Duration failedIpCooldownPeriod = defaultFailedIpCooldownPeriod();
  Duration connectionAttemptDelay = defaultConnectionAttemptDelay();
  @Nullable String deadlinePropagationHeader = defaultDeadlinePropagationHeader();

  // Proxy: proxyServerSelector wins; else the two flags choose how build() makes one.
  @Nullable ProxyServerSelector proxyServerSelector;
  boolean useProxySelector = defaultUseProxySelector();
  boolean useProxyProperties = defaultUseProxyProperties();

  // Connections and pool
  boolean keepAlive = defaultKeepAlive();
  Duration pooledConnectionIdleTimeout = defaultPooledConnectionIdleTimeout();
  Duration connectionPoolCleanerPeriod = defaultConnectionPoolCleanerPeriod();
  Duration connectionTtl = defaultConnectionTtl();
  int maxConnections = defaultMaxConnections();
  int maxConnectionsPerHost = defaultMaxConnectionsPerHost();
  int acquireFreeChannelTimeout = defaultAcquireFreeChannelTimeout();
  @Nullable ChannelPool channelPool;
  @Nullable ConnectionSemaphoreFactory connectionSemaphoreFactory;
  // Null only in a builder, meaning "make the default in build()".
  @Nullable KeepAliveStrategy keepAliveStrategy;

  // TLS
  boolean useOpenSsl = defaultUseOpenSsl();
  boolean useInsecureTrustManager = defaultUseInsecureTrustManager();
  boolean disableHttpsEndpointIdentificationAlgorithm =
      defaultDisableHttpsEndpointIdentificationAlgorithm();
  int handshakeTimeout = defaultHandshakeTimeout();
  @Nullable String[] enabledProtocols = defaultEnabledProtocols();
  @Nullable String[] enabledCipherSuites = defaultEnabledCipherSuites();
  boolean filterInsecureCipherSuites = defaultFilterInsecureCipherSuites();
  int sslSessionCacheSize = defaultSslSessionCacheSize();
  int sslSessionTimeout = defaultSslSessionTimeout();
  @Nullable SslContext sslContext;
  @Nullable SslEngineFactory sslEngineFactory;

  // HTTP/2 (see org.asynchttpclient.netty.h2)
  boolean http2Enabled = true;
  int http2InitialWindowSize = defaultHttp2InitialWindowSize();
  int http2MaxFrameSize = defaultHttp2MaxFrameSize();
  int http2HeaderTableSize = defaultHttp2HeaderTableSize();
  int http2MaxHeaderListSize = defaultHttp2MaxHeaderListSize();
  int http2MaxConcurrentStreams = defaultHttp2MaxConcurrentStreams();
  long http2MaxDecompressedResponseSize = defaultHttp2MaxDecompressedResponseSize();
  Duration http2PingInterval = defaultHttp2PingInterval();
  boolean http2CleartextEnabled = defaultHttp2CleartextEnabled();

  // WebSocket
  boolean aggregateWebSocketFrameFragments = defaultAggregateWebSocketFrameFragments();
  boolean enableWebSocketCompression = defaultEnableWebSocketCompression();
  int webSocketMaxBufferSize = defaultWebSocketMaxBufferSize();
  int webSocketMaxFrameSize = defaultWebSocketMaxFrameSize();
  @Nullable Consumer<Channel> wsAdditionalChannelInitializer;
  Duration webSocketIdleTimeout = defaultWebSocketIdleTimeout();
  Duration webSocketPingInterval = defaultWebSocketPingInterval();
  Duration webSocketPongTimeout = defaultWebSocketPongTimeout();
  Duration webSocketCloseTimeout = defaultWebSocketCloseTimeout();

  // Filters
  List<RequestFilter> requestFilters = new ArrayList<>();
  List<ResponseFilter> responseFilters = new ArrayList<>();
  List<IOExceptionFilter> ioExceptionFilters = new ArrayList<>();
  List<ExchangeListener> exchangeListeners = new ArrayList<>();

  // Cookies: cookieStoreSet tells "disabled with null" from "not chosen yet".
  @Nullable CookieStore cookieStore;
  boolean cookieStoreSet;
  boolean useLaxCookieEncoder = defaultUseLaxCookieEncoder();
  int expiredCookieEvictionDelay = defaultExpiredCookieEvictionDelay();

  // Sockets
  boolean tcpNoDelay = defaultTcpNoDelay();
  boolean soReuseAddress = defaultSoReuseAddress();
  boolean soKeepAlive = defaultSoKeepAlive();
  int soLinger = defaultSoLinger();
  int soSndBuf = defaultSoSndBuf();
  int soRcvBuf = defaultSoRcvBuf();
  Map<ChannelOption<Object>, Object> channelOptions = new LinkedHashMap<>();

  // HTTP codec
  int httpClientCodecMaxInitialLineLength = defaultHttpClientCodecMaxInitialLineLength();
  int httpClientCodecMaxHeaderSize = defaultHttpClientCodecMaxHeaderSize();
  int httpClientCodecMaxChunkSize = defaultHttpClientCodecMaxChunkSize();
  int httpClientCodecInitialBufferSize = defaultHttpClientCodecInitialBufferSize();

  // Threads, event loops, timer
  String threadPoolName = defaultThreadPoolName();
  @Nullable ThreadFactory threadFactory;
  @Nullable EventLoopGroup eventLoopGroup;
  @Nullable AddressResolverGroup<InetSocketAddress> addressResolverGroup;
  boolean useNativeTransport = defaultUseNativeTransport();
  boolean useOnlyEpollNativeTransport = defaultUseOnlyEpollNativeTransport();
  int ioThreadsCount = defaultIoThreadsCount();
  @Nullable ByteBufAllocator allocator;
  @Nullable Timer nettyTimer;
  long hashedWheelTickDuration = defaultHashedWheelTimerTickDuration();
  int hashedWheelSize = defaultHashedWheelTimerSize();
  Duration shutdownQuietPeriod = defaultShutdownQuietPeriod();
  Duration shutdownTimeout = defaultShutdownTimeout();
  @Nullable Consumer<Channel> httpAdditionalChannelInitializer;

  /** Settings that copy every value of {@code config}, without checking them. */
  static ConfigSettings copyOf(AsyncHttpClientConfig config) {
    ConfigSettings s = new ConfigSettings();
    s.followRedirect = config.isFollowRedirect();
    s.maxRedirects = config.getMaxRedirects();
    s.strict302Handling = config.isStrict302Handling();
    s.stripAuthorizationOnRedirect = config.isStripAuthorizationOnRedirect();
    s.refuseSchemeDowngradeOnRedirect = config.isRefuseSchemeDowngradeOnRedirect();
    s.refuseCrossOriginBodyOnRedirect = config.isRefuseCrossOriginBodyOnRedirect();
    s.maxRequestRetry = config.getMaxRequestRetry();
    s.disableUrlEncodingForBoundRequests = config.isDisableUrlEncodingForBoundRequests();
    s.userAgent = config.getUserAgent();
    s.realm = config.getRealm();
    s.compressionEnforced = config.isCompressionEnforced();
    s.enableAutomaticDecompression = config.isEnableAutomaticDecompression();
    s.keepEncodingHeader = config.isKeepEncodingHeader();
    s.disableZeroCopy = config.isDisableZeroCopy();
    s.validateResponseHeaders = config.isValidateResponseHeaders();
    s.maxInflatedResponseBodySize = config.getMaxInflatedResponseBodySize();
    s.chunkedFileChunkSize = config.getChunkedFileChunkSize();
    s.responseBodyPartFactory = config.getResponseBodyPartFactory();

    s.connectTimeout = config.getConnectTimeout();
    s.requestTimeout = config.getRequestTimeout();
    s.readTimeout = config.getReadTimeout();
    s.useEventLoopTimeouts = config.isUseEventLoopTimeouts();
    s.useAbsoluteRequestDeadline = config.isUseAbsoluteRequestDeadline();
    s.typedTimeoutExceptions = config.isTypedTimeoutExceptions();
    s.ntlmV2Only = config.isNtlmV2Only();
    s.strictMidResponseRetry = config.isStrictMidResponseRetry();

    s.loadBalance = config.getLoadBalance();
    s.failedIpCooldownEnabled = config.isFailedIpCooldownEnabled();
    s.failedIpCooldownPeriod = config.getFailedIpCooldownPeriod();
    s.connectionAttemptDelay = config.getConnectionAttemptDelay();
    s.deadlinePropagationHeader = config.getDeadlinePropagationHeader();

    // The copy's selector is the prototype's, already resolved: the flags no longer matter.
    s.proxyServerSelector = config instanceof DefaultAsyncHttpClientConfig
        ? ((DefaultAsyncHttpClientConfig) config).configuredProxyServerSelector()
        : config.getProxyServerSelector();
    s.useProxySelector = false;
    s.useProxyProperties = false;

    s.keepAlive = config.isKeepAlive();
    s.pooledConnectionIdleTimeout = config.getPooledConnectionIdleTimeout();
    s.connectionPoolCleanerPeriod = config.getConnectionPoolCleanerPeriod();
    s.connectionTtl = config.getConnectionTtl();
    s.maxConnections = config.getMaxConnections();
    s.maxConnectionsPerHost = config.getMaxConnectionsPerHost();
    s.acquireFreeChannelTimeout = config.getAcquireFreeChannelTimeout();
    s.channelPool = config.getChannelPool();
    s.connectionSemaphoreFactory = config.getConnectionSemaphoreFactory();
    s.keepAliveStrategy = config.getKeepAliveStrategy();

    s.useOpenSsl = config.isUseOpenSsl();
    s.useInsecureTrustManager = config.isUseInsecureTrustManager();
    s.disableHttpsEndpointIdentificationAlgorithm =
        config.isDisableHttpsEndpointIdentificationAlgorithm();
    s.handshakeTimeout = config.getHandshakeTimeout();
    s.enabledProtocols = cloneOrNull(config.getEnabledProtocols());
    s.enabledCipherSuites = cloneOrNull(config.getEnabledCipherSuites());
    s.filterInsecureCipherSuites = config.isFilterInsecureCipherSuites();
    s.sslSessionCacheSize = config.getSslSessionCacheSize();
    s.sslSessionTimeout = config.getSslSessionTimeout();
    s.sslContext = config.getSslContext();
    s.sslEngineFactory = config.getSslEngineFactory();

    s.http2Enabled = config.isHttp2Enabled();
    s.http2InitialWindowSize = config.getHttp2InitialWindowSize();
    s.http2MaxFrameSize = config.getHttp2MaxFrameSize();
    s.http2HeaderTableSize = config.getHttp2HeaderTableSize();
    s.http2MaxHeaderListSize = config.getHttp2MaxHeaderListSize();
    s.http2MaxConcurrentStreams = config.getHttp2MaxConcurrentStreams();
    s.http2MaxDecompressedResponseSize = config.getHttp2MaxDecompressedResponseSize();
    s.http2PingInterval = config.getHttp2PingInterval();
    s.http2CleartextEnabled = config.isHttp2CleartextEnabled();

    s.aggregateWebSocketFrameFragments = config.isAggregateWebSocketFrameFragments();
    s.enableWebSocketCompression = config.isEnableWebSocketCompression();
    s.webSocketMaxBufferSize = config.getWebSocketMaxBufferSize();
    s.webSocketMaxFrameSize = config.getWebSocketMaxFrameSize();
    s.wsAdditionalChannelInitializer = config.getWsAdditionalChannelInitializer();
    s.webSocketIdleTimeout = config.getWebSocketIdleTimeout();
    s.webSocketPingInterval = config.getWebSocketPingInterval();
    s.webSocketPongTimeout = config.getWebSocketPongTimeout();
    s.webSocketCloseTimeout = config.getWebSocketCloseTimeout();

    s.requestFilters = new ArrayList<>(config.getRequestFilters());
    s.responseFilters = new ArrayList<>(config.getResponseFilters());
    s.ioExceptionFilters = new ArrayList<>(config.getIoExceptionFilters());
    s.exchangeListeners = new ArrayList<>(config.getExchangeListeners());

    s.cookieStore = config.getCookieStore();
    s.cookieStoreSet = true;
    s.useLaxCookieEncoder = config.isUseLaxCookieEncoder();
    s.expiredCookieEvictionDelay = config.expiredCookieEvictionDelay();

    s.tcpNoDelay = config.isTcpNoDelay();
    s.soReuseAddress = config.isSoReuseAddress();
    s.soKeepAlive = config.isSoKeepAlive();
    s.soLinger = config.getSoLinger();
    s.soSndBuf = config.getSoSndBuf();
    s.soRcvBuf = config.getSoRcvBuf();
    s.channelOptions = new LinkedHashMap<>(config.getChannelOptions());

    s.httpClientCodecMaxInitialLineLength = config.getHttpClientCodecMaxInitialLineLength();
    s.httpClientCodecMaxHeaderSize = config.getHttpClientCodecMaxHeaderSize();
    s.httpClientCodecMaxChunkSize = config.getHttpClientCodecMaxChunkSize();
    s.httpClientCodecInitialBufferSize = config.getHttpClientCodecInitialBufferSize();

    s.threadPoolName = config.getThreadPoolName();
    s.threadFactory = config.getThreadFactory();
    s.eventLoopGroup = config.getEventLoopGroup();
    s.addressResolverGroup = config.getAddressResolverGroup();
    s.useNativeTransport = config.isUseNativeTransport();
    s.useOnlyEpollNativeTransport = config.isUseOnlyEpollNativeTransport();
    s.ioThreadsCount = config.getIoThreadsCount();
    s.allocator = config.getAllocator();
    s.nettyTimer = config.getNettyTimer();
    s.hashedWheelTickDuration = config.getHashedWheelTimerTickDuration();
    s.hashedWheelSize = config.getHashedWheelTimerSize();
    s.shutdownQuietPeriod = config.getShutdownQuietPeriod();
    s.shutdownTimeout = config.getShutdownTimeout();
    s.httpAdditionalChannelInitializer = config.getHttpAdditionalChannelInitializer();
    return s;
  }

  /**
   * A copy whose collections are immutable and whose arrays are private, for a config. Every
   * scalar field is copied by {@link Object#clone()}, so a new field cannot be forgotten here.
   */
  ConfigSettings frozenCopy() {
    ConfigSettings copy;
    try {
      copy = (ConfigSettings) super.clone();
    } catch (CloneNotSupportedException e) {
      throw new AssertionError("ConfigSettings implements Cloneable", e);
    }
    copy.requestFilters = List.copyOf(requestFilters);
    copy.responseFilters = List.copyOf(responseFilters);
    copy.ioExceptionFilters = List.copyOf(ioExceptionFilters);
    copy.exchangeListeners = List.copyOf(exchangeListeners);
    copy.channelOptions = Collections.unmodifiableMap(new LinkedHashMap<>(channelOptions));
    copy.enabledProtocols = cloneOrNull(enabledProtocols);
    copy.enabledCipherSuites = cloneOrNull(enabledCipherSuites);
    return copy;
  }

  static @Nullable String[] cloneOrNull(@Nullable String[] values) {
    return values == null ? null : values.clone();
  }
}

package org.asynchttpclient.config;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class AsyncHttpClientConfigDefaults {
  public static final java.lang.String ASYNC_CLIENT_CONFIG_ROOT = "org.asynchttpclient.";
  public static final java.lang.String THREAD_POOL_NAME_CONFIG = "threadPoolName";
  public static final java.lang.String MAX_CONNECTIONS_CONFIG = "maxConnections";
  public static final java.lang.String MAX_CONNECTIONS_PER_HOST_CONFIG = "maxConnectionsPerHost";
  public static final java.lang.String ACQUIRE_FREE_CHANNEL_TIMEOUT = "acquireFreeChannelTimeout";
  public static final java.lang.String CONNECTION_TIMEOUT_CONFIG = "connectTimeout";
  public static final java.lang.String POOLED_CONNECTION_IDLE_TIMEOUT_CONFIG = "pooledConnectionIdleTimeout";
  public static final java.lang.String CONNECTION_POOL_CLEANER_PERIOD_CONFIG = "connectionPoolCleanerPeriod";
  public static final java.lang.String READ_TIMEOUT_CONFIG = "readTimeout";
  public static final java.lang.String REQUEST_TIMEOUT_CONFIG = "requestTimeout";
  public static final java.lang.String CONNECTION_TTL_CONFIG = "connectionTtl";
  public static final java.lang.String FOLLOW_REDIRECT_CONFIG = "followRedirect";
  public static final java.lang.String MAX_REDIRECTS_CONFIG = "maxRedirects";
  public static final java.lang.String COMPRESSION_ENFORCED_CONFIG = "compressionEnforced";
  public static final java.lang.String ENABLE_AUTOMATIC_DECOMPRESSION_CONFIG = "enableAutomaticDecompression";
  public static final java.lang.String USER_AGENT_CONFIG = "userAgent";
  public static final java.lang.String ENABLED_PROTOCOLS_CONFIG = "enabledProtocols";
  public static final java.lang.String ENABLED_CIPHER_SUITES_CONFIG = "enabledCipherSuites";
  public static final java.lang.String FILTER_INSECURE_CIPHER_SUITES_CONFIG = "filterInsecureCipherSuites";
  public static final java.lang.String USE_PROXY_SELECTOR_CONFIG = "useProxySelector";
  public static final java.lang.String USE_PROXY_PROPERTIES_CONFIG = "useProxyProperties";
  public static final java.lang.String VALIDATE_RESPONSE_HEADERS_CONFIG = "validateResponseHeaders";
  public static final java.lang.String AGGREGATE_WEBSOCKET_FRAME_FRAGMENTS_CONFIG = "aggregateWebSocketFrameFragments";
  public static final java.lang.String ENABLE_WEBSOCKET_COMPRESSION_CONFIG = "enableWebSocketCompression";
  public static final java.lang.String STRICT_302_HANDLING_CONFIG = "strict302Handling";
  public static final java.lang.String KEEP_ALIVE_CONFIG = "keepAlive";
  public static final java.lang.String MAX_REQUEST_RETRY_CONFIG = "maxRequestRetry";
  public static final java.lang.String DISABLE_URL_ENCODING_FOR_BOUND_REQUESTS_CONFIG = "disableUrlEncodingForBoundRequests";
  public static final java.lang.String USE_LAX_COOKIE_ENCODER_CONFIG = "useLaxCookieEncoder";
  public static final java.lang.String USE_OPEN_SSL_CONFIG = "useOpenSsl";
  public static final java.lang.String USE_INSECURE_TRUST_MANAGER_CONFIG = "useInsecureTrustManager";
  public static final java.lang.String DISABLE_HTTPS_ENDPOINT_IDENTIFICATION_ALGORITHM_CONFIG = "disableHttpsEndpointIdentificationAlgorithm";
  public static final java.lang.String SSL_SESSION_CACHE_SIZE_CONFIG = "sslSessionCacheSize";
  public static final java.lang.String SSL_SESSION_TIMEOUT_CONFIG = "sslSessionTimeout";
  public static final java.lang.String TCP_NO_DELAY_CONFIG = "tcpNoDelay";
  public static final java.lang.String SO_REUSE_ADDRESS_CONFIG = "soReuseAddress";
  public static final java.lang.String SO_KEEP_ALIVE_CONFIG = "soKeepAlive";
  public static final java.lang.String SO_LINGER_CONFIG = "soLinger";
  public static final java.lang.String SO_SND_BUF_CONFIG = "soSndBuf";
  public static final java.lang.String SO_RCV_BUF_CONFIG = "soRcvBuf";
  public static final java.lang.String HTTP_CLIENT_CODEC_MAX_INITIAL_LINE_LENGTH_CONFIG = "httpClientCodecMaxInitialLineLength";
  public static final java.lang.String HTTP_CLIENT_CODEC_MAX_HEADER_SIZE_CONFIG = "httpClientCodecMaxHeaderSize";
  public static final java.lang.String HTTP_CLIENT_CODEC_MAX_CHUNK_SIZE_CONFIG = "httpClientCodecMaxChunkSize";
  public static final java.lang.String HTTP_CLIENT_CODEC_INITIAL_BUFFER_SIZE_CONFIG = "httpClientCodecInitialBufferSize";
  public static final java.lang.String DISABLE_ZERO_COPY_CONFIG = "disableZeroCopy";
  public static final java.lang.String HANDSHAKE_TIMEOUT_CONFIG = "handshakeTimeout";
  public static final java.lang.String CHUNKED_FILE_CHUNK_SIZE_CONFIG = "chunkedFileChunkSize";
  public static final java.lang.String WEBSOCKET_MAX_BUFFER_SIZE_CONFIG = "webSocketMaxBufferSize";
  public static final java.lang.String WEBSOCKET_MAX_FRAME_SIZE_CONFIG = "webSocketMaxFrameSize";
  public static final java.lang.String KEEP_ENCODING_HEADER_CONFIG = "keepEncodingHeader";
  public static final java.lang.String SHUTDOWN_QUIET_PERIOD_CONFIG = "shutdownQuietPeriod";
  public static final java.lang.String SHUTDOWN_TIMEOUT_CONFIG = "shutdownTimeout";
  public static final java.lang.String USE_NATIVE_TRANSPORT_CONFIG = "useNativeTransport";
  public static final java.lang.String USE_ONLY_EPOLL_NATIVE_TRANSPORT = "useOnlyEpollNativeTransport";
  public static final java.lang.String IO_THREADS_COUNT_CONFIG = "ioThreadsCount";
  public static final java.lang.String HASHED_WHEEL_TIMER_TICK_DURATION = "hashedWheelTimerTickDuration";
  public static final java.lang.String HASHED_WHEEL_TIMER_SIZE = "hashedWheelTimerSize";
  public static final java.lang.String EXPIRED_COOKIE_EVICTION_DELAY = "expiredCookieEvictionDelay";
  public static final java.lang.String HTTP2_INITIAL_WINDOW_SIZE_CONFIG = "http2InitialWindowSize";
  public static final java.lang.String HTTP2_MAX_FRAME_SIZE_CONFIG = "http2MaxFrameSize";
  public static final java.lang.String HTTP2_HEADER_TABLE_SIZE_CONFIG = "http2HeaderTableSize";
  public static final java.lang.String HTTP2_MAX_HEADER_LIST_SIZE_CONFIG = "http2MaxHeaderListSize";
  public static final java.lang.String HTTP2_MAX_CONCURRENT_STREAMS_CONFIG = "http2MaxConcurrentStreams";
  public static final java.lang.String HTTP2_MAX_DECOMPRESSED_RESPONSE_SIZE_CONFIG = "http2MaxDecompressedResponseSize";
  public static final java.lang.String HTTP2_PING_INTERVAL_CONFIG = "http2PingInterval";
  public static final java.lang.String HTTP2_CLEARTEXT_ENABLED_CONFIG = "http2CleartextEnabled";
  // TODO field public java.lang.String AHC_VERSION
  public static final java.lang.String AHC_VERSION = stubField();
  public static java.lang.String defaultThreadPoolName() { throw new UnsupportedOperationException("stub"); }
  public static int defaultMaxConnections() { throw new UnsupportedOperationException("stub"); }
  public static int defaultMaxConnectionsPerHost() { throw new UnsupportedOperationException("stub"); }
  public static int defaultAcquireFreeChannelTimeout() { throw new UnsupportedOperationException("stub"); }
  public static java.time.Duration defaultConnectTimeout() { throw new UnsupportedOperationException("stub"); }
  public static java.time.Duration defaultPooledConnectionIdleTimeout() { throw new UnsupportedOperationException("stub"); }
  public static java.time.Duration defaultConnectionPoolCleanerPeriod() { throw new UnsupportedOperationException("stub"); }
  public static java.time.Duration defaultReadTimeout() { throw new UnsupportedOperationException("stub"); }
  public static java.time.Duration defaultRequestTimeout() { throw new UnsupportedOperationException("stub"); }
  public static java.time.Duration defaultConnectionTtl() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultFollowRedirect() { throw new UnsupportedOperationException("stub"); }
  public static int defaultMaxRedirects() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultCompressionEnforced() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultEnableAutomaticDecompression() { throw new UnsupportedOperationException("stub"); }
  public static java.lang.String defaultUserAgent() { throw new UnsupportedOperationException("stub"); }
  public static java.lang.String[] defaultEnabledProtocols() { throw new UnsupportedOperationException("stub"); }
  public static java.lang.String[] defaultEnabledCipherSuites() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultFilterInsecureCipherSuites() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultUseProxySelector() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultUseProxyProperties() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultValidateResponseHeaders() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultAggregateWebSocketFrameFragments() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultEnableWebSocketCompression() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultStrict302Handling() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultKeepAlive() { throw new UnsupportedOperationException("stub"); }
  public static int defaultMaxRequestRetry() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultDisableUrlEncodingForBoundRequests() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultUseLaxCookieEncoder() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultUseOpenSsl() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultUseInsecureTrustManager() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultDisableHttpsEndpointIdentificationAlgorithm() { throw new UnsupportedOperationException("stub"); }
  public static int defaultSslSessionCacheSize() { throw new UnsupportedOperationException("stub"); }
  public static int defaultSslSessionTimeout() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultTcpNoDelay() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultSoReuseAddress() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultSoKeepAlive() { throw new UnsupportedOperationException("stub"); }
  public static int defaultSoLinger() { throw new UnsupportedOperationException("stub"); }
  public static int defaultSoSndBuf() { throw new UnsupportedOperationException("stub"); }
  public static int defaultSoRcvBuf() { throw new UnsupportedOperationException("stub"); }
  public static int defaultHttpClientCodecMaxInitialLineLength() { throw new UnsupportedOperationException("stub"); }
  public static int defaultHttpClientCodecMaxHeaderSize() { throw new UnsupportedOperationException("stub"); }
  public static int defaultHttpClientCodecMaxChunkSize() { throw new UnsupportedOperationException("stub"); }
  public static int defaultHttpClientCodecInitialBufferSize() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultDisableZeroCopy() { throw new UnsupportedOperationException("stub"); }
  public static int defaultHandshakeTimeout() { throw new UnsupportedOperationException("stub"); }
  public static int defaultChunkedFileChunkSize() { throw new UnsupportedOperationException("stub"); }
  public static int defaultWebSocketMaxBufferSize() { throw new UnsupportedOperationException("stub"); }
  public static int defaultWebSocketMaxFrameSize() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultKeepEncodingHeader() { throw new UnsupportedOperationException("stub"); }
  public static java.time.Duration defaultShutdownQuietPeriod() { throw new UnsupportedOperationException("stub"); }
  public static java.time.Duration defaultShutdownTimeout() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultUseNativeTransport() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultUseOnlyEpollNativeTransport() { throw new UnsupportedOperationException("stub"); }
  public static int defaultIoThreadsCount() { throw new UnsupportedOperationException("stub"); }
  public static int defaultHashedWheelTimerTickDuration() { throw new UnsupportedOperationException("stub"); }
  public static int defaultHashedWheelTimerSize() { throw new UnsupportedOperationException("stub"); }
  public static int defaultExpiredCookieEvictionDelay() { throw new UnsupportedOperationException("stub"); }
  public static int defaultHttp2InitialWindowSize() { throw new UnsupportedOperationException("stub"); }
  public static int defaultHttp2MaxFrameSize() { throw new UnsupportedOperationException("stub"); }
  public static int defaultHttp2HeaderTableSize() { throw new UnsupportedOperationException("stub"); }
  public static int defaultHttp2MaxHeaderListSize() { throw new UnsupportedOperationException("stub"); }
  public static int defaultHttp2MaxConcurrentStreams() { throw new UnsupportedOperationException("stub"); }
  public static long defaultHttp2MaxDecompressedResponseSize() { throw new UnsupportedOperationException("stub"); }
  public static java.time.Duration defaultHttp2PingInterval() { throw new UnsupportedOperationException("stub"); }
  public static boolean defaultHttp2CleartextEnabled() { throw new UnsupportedOperationException("stub"); }
  private AsyncHttpClientConfigDefaults() {}
  private static <X> X stubField() { throw new UnsupportedOperationException("stub"); }
}

package org.asynchttpclient.config;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Properties;
import org.asynchttpclient.LoadBalance;
import org.jetbrains.annotations.Nullable;

/**
 * The default of every configuration option, read from the properties at call time.
 *
 * <p>Each {@code defaultX()} reads the property {@code org.asynchttpclient.X} (the constant
 * {@code ..._CONFIG} names {@code X}) through {@link AsyncHttpClientConfigHelper#getAsyncHttpClientConfig()}:
 * a system property wins over {@code ahc.properties}, which wins over {@code ahc-default.properties}.
 * A {@link org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder} takes these values when it is
 * created; what each option means is documented on {@link org.asynchttpclient.AsyncHttpClientConfig}
 * and listed in docs/configuration.md.
 *
 * <p>Each is a one-liner reading its option's row of {@link ConfigTable}, which says how the value
 * is parsed. Values from properties are parsed but not range-checked, as in AHC 3.0.11; the
 * builder's setters check ranges.
 */
public final class AsyncHttpClientConfigDefaults {

  public static final String ASYNC_CLIENT_CONFIG_ROOT = "org.asynchttpclient.";
  public static final String THREAD_POOL_NAME_CONFIG = "threadPoolName";
  public static final String MAX_CONNECTIONS_CONFIG = "maxConnections";
  public static final String MAX_CONNECTIONS_PER_HOST_CONFIG = "maxConnectionsPerHost";
  public static final String ACQUIRE_FREE_CHANNEL_TIMEOUT = "acquireFreeChannelTimeout";
  public static final String CONNECTION_TIMEOUT_CONFIG = "connectTimeout";
  public static final String POOLED_CONNECTION_IDLE_TIMEOUT_CONFIG = "pooledConnectionIdleTimeout";
  public static final String CONNECTION_POOL_CLEANER_PERIOD_CONFIG = "connectionPoolCleanerPeriod";
  public static final String READ_TIMEOUT_CONFIG = "readTimeout";
  public static final String REQUEST_TIMEOUT_CONFIG = "requestTimeout";
  public static final String CONNECTION_TTL_CONFIG = "connectionTtl";
  public static final String FOLLOW_REDIRECT_CONFIG = "followRedirect";
  public static final String MAX_REDIRECTS_CONFIG = "maxRedirects";
  public static final String COMPRESSION_ENFORCED_CONFIG = "compressionEnforced";
  public static final String ENABLE_AUTOMATIC_DECOMPRESSION_CONFIG = "enableAutomaticDecompression";
  public static final String MAX_DECOMPRESSED_RESPONSE_SIZE_CONFIG = "maxDecompressedResponseSize";
  public static final String USER_AGENT_CONFIG = "userAgent";
  public static final String ENABLED_PROTOCOLS_CONFIG = "enabledProtocols";
  public static final String ENABLED_CIPHER_SUITES_CONFIG = "enabledCipherSuites";
  public static final String FILTER_INSECURE_CIPHER_SUITES_CONFIG = "filterInsecureCipherSuites";
  public static final String USE_PROXY_SELECTOR_CONFIG = "useProxySelector";
  public static final String USE_PROXY_PROPERTIES_CONFIG = "useProxyProperties";
  public static final String VALIDATE_RESPONSE_HEADERS_CONFIG = "validateResponseHeaders";
  public static final String AGGREGATE_WEBSOCKET_FRAME_FRAGMENTS_CONFIG = "aggregateWebSocketFrameFragments";
  public static final String ENABLE_WEBSOCKET_COMPRESSION_CONFIG = "enableWebSocketCompression";
  public static final String STRICT_302_HANDLING_CONFIG = "strict302Handling";
  public static final String KEEP_ALIVE_CONFIG = "keepAlive";
  public static final String MAX_REQUEST_RETRY_CONFIG = "maxRequestRetry";
  public static final String DISABLE_URL_ENCODING_FOR_BOUND_REQUESTS_CONFIG = "disableUrlEncodingForBoundRequests";
  public static final String USE_LAX_COOKIE_ENCODER_CONFIG = "useLaxCookieEncoder";
  public static final String USE_OPEN_SSL_CONFIG = "useOpenSsl";
  public static final String USE_INSECURE_TRUST_MANAGER_CONFIG = "useInsecureTrustManager";
  public static final String DISABLE_HTTPS_ENDPOINT_IDENTIFICATION_ALGORITHM_CONFIG = "disableHttpsEndpointIdentificationAlgorithm";
  public static final String SSL_SESSION_CACHE_SIZE_CONFIG = "sslSessionCacheSize";
  public static final String SSL_SESSION_TIMEOUT_CONFIG = "sslSessionTimeout";
  public static final String TCP_NO_DELAY_CONFIG = "tcpNoDelay";
  public static final String SO_REUSE_ADDRESS_CONFIG = "soReuseAddress";
  public static final String SO_KEEP_ALIVE_CONFIG = "soKeepAlive";
  public static final String SO_LINGER_CONFIG = "soLinger";
  public static final String SO_SND_BUF_CONFIG = "soSndBuf";
  public static final String SO_RCV_BUF_CONFIG = "soRcvBuf";
  public static final String HTTP_CLIENT_CODEC_MAX_INITIAL_LINE_LENGTH_CONFIG = "httpClientCodecMaxInitialLineLength";
  public static final String HTTP_CLIENT_CODEC_MAX_HEADER_SIZE_CONFIG = "httpClientCodecMaxHeaderSize";
  public static final String HTTP_CLIENT_CODEC_MAX_CHUNK_SIZE_CONFIG = "httpClientCodecMaxChunkSize";
  public static final String HTTP_CLIENT_CODEC_INITIAL_BUFFER_SIZE_CONFIG = "httpClientCodecInitialBufferSize";
  public static final String DISABLE_ZERO_COPY_CONFIG = "disableZeroCopy";
  public static final String HANDSHAKE_TIMEOUT_CONFIG = "handshakeTimeout";
  public static final String CHUNKED_FILE_CHUNK_SIZE_CONFIG = "chunkedFileChunkSize";
  public static final String WEBSOCKET_MAX_BUFFER_SIZE_CONFIG = "webSocketMaxBufferSize";
  public static final String WEBSOCKET_MAX_FRAME_SIZE_CONFIG = "webSocketMaxFrameSize";
  public static final String WEBSOCKET_MAX_DECOMPRESSED_FRAME_SIZE_CONFIG =
      "webSocketMaxDecompressedFrameSize";
  public static final String KEEP_ENCODING_HEADER_CONFIG = "keepEncodingHeader";
  public static final String SHUTDOWN_QUIET_PERIOD_CONFIG = "shutdownQuietPeriod";
  public static final String SHUTDOWN_TIMEOUT_CONFIG = "shutdownTimeout";
  public static final String USE_NATIVE_TRANSPORT_CONFIG = "useNativeTransport";
  public static final String USE_ONLY_EPOLL_NATIVE_TRANSPORT = "useOnlyEpollNativeTransport";
  public static final String IO_THREADS_COUNT_CONFIG = "ioThreadsCount";
  public static final String HASHED_WHEEL_TIMER_TICK_DURATION = "hashedWheelTimerTickDuration";
  public static final String HASHED_WHEEL_TIMER_SIZE = "hashedWheelTimerSize";
  public static final String EXPIRED_COOKIE_EVICTION_DELAY = "expiredCookieEvictionDelay";
  public static final String HTTP2_INITIAL_WINDOW_SIZE_CONFIG = "http2InitialWindowSize";
  public static final String HTTP2_MAX_FRAME_SIZE_CONFIG = "http2MaxFrameSize";
  public static final String HTTP2_HEADER_TABLE_SIZE_CONFIG = "http2HeaderTableSize";
  public static final String HTTP2_MAX_HEADER_LIST_SIZE_CONFIG = "http2MaxHeaderListSize";
  public static final String HTTP2_MAX_CONCURRENT_STREAMS_CONFIG = "http2MaxConcurrentStreams";
  public static final String HTTP2_MAX_CONNECTIONS_PER_PARTITION_CONFIG = "http2MaxConnectionsPerPartition";
  public static final String HTTP2_MAX_DECOMPRESSED_RESPONSE_SIZE_CONFIG = "http2MaxDecompressedResponseSize";
  public static final String HTTP2_PING_INTERVAL_CONFIG = "http2PingInterval";
  public static final String HTTP2_CLEARTEXT_ENABLED_CONFIG = "http2CleartextEnabled";
  public static final String USE_EVENT_LOOP_TIMEOUTS_CONFIG = "useEventLoopTimeouts";
  public static final String USE_ABSOLUTE_REQUEST_DEADLINE_CONFIG = "useAbsoluteRequestDeadline";
  public static final String TYPED_TIMEOUT_EXCEPTIONS_CONFIG = "typedTimeoutExceptions";
  public static final String USE_LOAD_AWARE_LOOP_PLACEMENT_CONFIG = "useLoadAwareLoopPlacement";
  public static final String NTLM_V2_ONLY_CONFIG = "ntlmV2Only";
  public static final String STRICT_MID_RESPONSE_RETRY_CONFIG = "strictMidResponseRetry";
  public static final String REPLAY_ONLY_IDEMPOTENT_CONFIG = "replayOnlyIdempotent";
  public static final String LOAD_BALANCE_CONFIG = "loadBalance";
  public static final String FAILED_IP_COOLDOWN_ENABLED_CONFIG = "failedIpCooldownEnabled";
  public static final String FAILED_IP_COOLDOWN_PERIOD_CONFIG = "failedIpCooldownPeriod";
  public static final String CONNECTION_ATTEMPT_DELAY_CONFIG = "connectionAttemptDelay";
  public static final String HEDGE_DELAY_CONFIG = "hedgeDelay";
  public static final String MAX_HEDGED_ATTEMPTS_CONFIG = "maxHedgedAttempts";
  public static final String HEDGE_PERCENTILE_CONFIG = "hedgePercentile";
  public static final String HEDGE_BUDGET_CONFIG = "hedgeBudget";
  public static final String RETRY_BUDGET_PERCENT_CONFIG = "retryBudgetPercent";
  public static final String REFUSE_SCHEME_DOWNGRADE_ON_REDIRECT_CONFIG = "refuseSchemeDowngradeOnRedirect";
  public static final String REFUSE_CROSS_ORIGIN_BODY_ON_REDIRECT_CONFIG = "refuseCrossOriginBodyOnRedirect";
  /**
   * The former name of {@link #MAX_DECOMPRESSED_RESPONSE_SIZE_CONFIG}: a property of this name still
   * sets that option, unless {@code maxDecompressedResponseSize} is set too (which then wins).
   *
   * @deprecated use {@link #MAX_DECOMPRESSED_RESPONSE_SIZE_CONFIG}, AHC 3.0.13's name
   */
  @Deprecated
  public static final String MAX_INFLATED_RESPONSE_BODY_SIZE_CONFIG = "maxInflatedResponseBodySize";
  public static final String DEADLINE_PROPAGATION_HEADER_CONFIG = "deadlinePropagationHeader";
  public static final String WEBSOCKET_IDLE_TIMEOUT_CONFIG = "webSocketIdleTimeout";
  public static final String WEBSOCKET_PING_INTERVAL_CONFIG = "webSocketPingInterval";
  public static final String WEBSOCKET_PONG_TIMEOUT_CONFIG = "webSocketPongTimeout";
  public static final String WEBSOCKET_CLOSE_TIMEOUT_CONFIG = "webSocketCloseTimeout";

  /** This library's version, or {@code UNKNOWN} when the build did not record it. */
  public static final String AHC_VERSION = readVersion();

  private static final String VERSION_FILE = "ahc-version.properties";

  private AsyncHttpClientConfigDefaults() {}

  private static String readVersion() {
    Properties props = new Properties();
    try (InputStream in = AsyncHttpClientConfigDefaults.class.getResourceAsStream(VERSION_FILE)) {
      if (in != null) {
        props.load(in);
      }
    } catch (IOException e) {
      // The version is informative only; a client must still start without it.
      return "UNKNOWN";
    }
    String version = props.getProperty("ahc.version");
    // An unfiltered build leaves the Maven placeholder in place.
    if (version == null || version.isBlank() || version.contains("${")) {
      String fromManifest = AsyncHttpClientConfigDefaults.class.getPackage().getImplementationVersion();
      return fromManifest != null ? fromManifest : "UNKNOWN";
    }
    return version.trim();
  }

  public static String defaultThreadPoolName() {
    return ConfigTable.THREAD_POOL_NAME.defaultValue();
  }

  public static int defaultMaxConnections() {
    return ConfigTable.MAX_CONNECTIONS.defaultValue();
  }

  public static int defaultMaxConnectionsPerHost() {
    return ConfigTable.MAX_CONNECTIONS_PER_HOST.defaultValue();
  }

  public static int defaultAcquireFreeChannelTimeout() {
    return ConfigTable.ACQUIRE_FREE_CHANNEL_TIMEOUT.defaultValue();
  }

  public static Duration defaultConnectTimeout() {
    return ConfigTable.CONNECT_TIMEOUT.defaultValue();
  }

  public static Duration defaultPooledConnectionIdleTimeout() {
    return ConfigTable.POOLED_CONNECTION_IDLE_TIMEOUT.defaultValue();
  }

  public static Duration defaultConnectionPoolCleanerPeriod() {
    return ConfigTable.CONNECTION_POOL_CLEANER_PERIOD.defaultValue();
  }

  public static Duration defaultReadTimeout() {
    return ConfigTable.READ_TIMEOUT.defaultValue();
  }

  public static Duration defaultRequestTimeout() {
    return ConfigTable.REQUEST_TIMEOUT.defaultValue();
  }

  public static Duration defaultConnectionTtl() {
    return ConfigTable.CONNECTION_TTL.defaultValue();
  }

  public static boolean defaultFollowRedirect() {
    return ConfigTable.FOLLOW_REDIRECT.defaultValue();
  }

  public static int defaultMaxRedirects() {
    return ConfigTable.MAX_REDIRECTS.defaultValue();
  }

  public static boolean defaultCompressionEnforced() {
    return ConfigTable.COMPRESSION_ENFORCED.defaultValue();
  }

  public static boolean defaultEnableAutomaticDecompression() {
    return ConfigTable.ENABLE_AUTOMATIC_DECOMPRESSION.defaultValue();
  }

  /**
   * Largest body, in bytes, automatic decompression may inflate a response to; 0 or less for no
   * limit; property {@code org.asynchttpclient.maxDecompressedResponseSize} (or, when only it is
   * set, the former {@code org.asynchttpclient.maxInflatedResponseBodySize}), 268435456 (256 MiB)
   * unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getMaxDecompressedResponseSize()}. As in AHC 3.0.13.
   */
  public static long defaultMaxDecompressedResponseSize() {
    return ConfigTable.MAX_DECOMPRESSED_RESPONSE_SIZE.defaultValue();
  }

  public static String defaultUserAgent() {
    return ConfigTable.USER_AGENT.defaultValue();
  }

  public static @Nullable String[] defaultEnabledProtocols() {
    return ConfigTable.ENABLED_PROTOCOLS.defaultValue();
  }

  public static @Nullable String[] defaultEnabledCipherSuites() {
    return ConfigTable.ENABLED_CIPHER_SUITES.defaultValue();
  }

  public static boolean defaultFilterInsecureCipherSuites() {
    return ConfigTable.FILTER_INSECURE_CIPHER_SUITES.defaultValue();
  }

  public static boolean defaultUseProxySelector() {
    return ConfigTable.USE_PROXY_SELECTOR.defaultValue();
  }

  public static boolean defaultUseProxyProperties() {
    return ConfigTable.USE_PROXY_PROPERTIES.defaultValue();
  }

  public static boolean defaultValidateResponseHeaders() {
    return ConfigTable.VALIDATE_RESPONSE_HEADERS.defaultValue();
  }

  public static boolean defaultAggregateWebSocketFrameFragments() {
    return ConfigTable.AGGREGATE_WEBSOCKET_FRAME_FRAGMENTS.defaultValue();
  }

  public static boolean defaultEnableWebSocketCompression() {
    return ConfigTable.ENABLE_WEBSOCKET_COMPRESSION.defaultValue();
  }

  public static boolean defaultStrict302Handling() {
    return ConfigTable.STRICT_302_HANDLING.defaultValue();
  }

  public static boolean defaultKeepAlive() {
    return ConfigTable.KEEP_ALIVE.defaultValue();
  }

  public static int defaultMaxRequestRetry() {
    return ConfigTable.MAX_REQUEST_RETRY.defaultValue();
  }

  public static boolean defaultDisableUrlEncodingForBoundRequests() {
    return ConfigTable.DISABLE_URL_ENCODING_FOR_BOUND_REQUESTS.defaultValue();
  }

  public static boolean defaultUseLaxCookieEncoder() {
    return ConfigTable.USE_LAX_COOKIE_ENCODER.defaultValue();
  }

  public static boolean defaultUseOpenSsl() {
    return ConfigTable.USE_OPEN_SSL.defaultValue();
  }

  public static boolean defaultUseInsecureTrustManager() {
    return ConfigTable.USE_INSECURE_TRUST_MANAGER.defaultValue();
  }

  public static boolean defaultDisableHttpsEndpointIdentificationAlgorithm() {
    return ConfigTable.DISABLE_HTTPS_ENDPOINT_IDENTIFICATION_ALGORITHM.defaultValue();
  }

  public static int defaultSslSessionCacheSize() {
    return ConfigTable.SSL_SESSION_CACHE_SIZE.defaultValue();
  }

  public static int defaultSslSessionTimeout() {
    return ConfigTable.SSL_SESSION_TIMEOUT.defaultValue();
  }

  public static boolean defaultTcpNoDelay() {
    return ConfigTable.TCP_NO_DELAY.defaultValue();
  }

  public static boolean defaultSoReuseAddress() {
    return ConfigTable.SO_REUSE_ADDRESS.defaultValue();
  }

  public static boolean defaultSoKeepAlive() {
    return ConfigTable.SO_KEEP_ALIVE.defaultValue();
  }

  public static int defaultSoLinger() {
    return ConfigTable.SO_LINGER.defaultValue();
  }

  public static int defaultSoSndBuf() {
    return ConfigTable.SO_SND_BUF.defaultValue();
  }

  public static int defaultSoRcvBuf() {
    return ConfigTable.SO_RCV_BUF.defaultValue();
  }

  public static int defaultHttpClientCodecMaxInitialLineLength() {
    return ConfigTable.HTTP_CLIENT_CODEC_MAX_INITIAL_LINE_LENGTH.defaultValue();
  }

  public static int defaultHttpClientCodecMaxHeaderSize() {
    return ConfigTable.HTTP_CLIENT_CODEC_MAX_HEADER_SIZE.defaultValue();
  }

  public static int defaultHttpClientCodecMaxChunkSize() {
    return ConfigTable.HTTP_CLIENT_CODEC_MAX_CHUNK_SIZE.defaultValue();
  }

  public static int defaultHttpClientCodecInitialBufferSize() {
    return ConfigTable.HTTP_CLIENT_CODEC_INITIAL_BUFFER_SIZE.defaultValue();
  }

  public static boolean defaultDisableZeroCopy() {
    return ConfigTable.DISABLE_ZERO_COPY.defaultValue();
  }

  public static int defaultHandshakeTimeout() {
    return ConfigTable.HANDSHAKE_TIMEOUT.defaultValue();
  }

  public static int defaultChunkedFileChunkSize() {
    return ConfigTable.CHUNKED_FILE_CHUNK_SIZE.defaultValue();
  }

  public static int defaultWebSocketMaxBufferSize() {
    return ConfigTable.WEBSOCKET_MAX_BUFFER_SIZE.defaultValue();
  }

  public static int defaultWebSocketMaxFrameSize() {
    return ConfigTable.WEBSOCKET_MAX_FRAME_SIZE.defaultValue();
  }

  /**
   * Largest size, in bytes, a compressed WebSocket frame may inflate to; 0 for no limit; property
   * {@code org.asynchttpclient.webSocketMaxDecompressedFrameSize}, 128000000 unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getWebSocketMaxDecompressedFrameSize()}. As in AHC
   * 3.0.14.
   */
  public static int defaultWebSocketMaxDecompressedFrameSize() {
    return ConfigTable.WEBSOCKET_MAX_DECOMPRESSED_FRAME_SIZE.defaultValue();
  }

  public static boolean defaultKeepEncodingHeader() {
    return ConfigTable.KEEP_ENCODING_HEADER.defaultValue();
  }

  public static Duration defaultShutdownQuietPeriod() {
    return ConfigTable.SHUTDOWN_QUIET_PERIOD.defaultValue();
  }

  public static Duration defaultShutdownTimeout() {
    return ConfigTable.SHUTDOWN_TIMEOUT.defaultValue();
  }

  public static boolean defaultUseNativeTransport() {
    return ConfigTable.USE_NATIVE_TRANSPORT.defaultValue();
  }

  public static boolean defaultUseOnlyEpollNativeTransport() {
    return ConfigTable.USE_ONLY_EPOLL_NATIVE_TRANSPORT.defaultValue();
  }

  /** The property's value, with -1 read as the processor count, as in 3.0.11. */
  public static int defaultIoThreadsCount() {
    return ConfigTable.IO_THREADS_COUNT.defaultValue();
  }

  public static int defaultHashedWheelTimerTickDuration() {
    return ConfigTable.HASHED_WHEEL_TIMER_TICK_DURATION.defaultValue().intValue();
  }

  public static int defaultHashedWheelTimerSize() {
    return ConfigTable.HASHED_WHEEL_TIMER_SIZE.defaultValue();
  }

  public static int defaultExpiredCookieEvictionDelay() {
    return ConfigTable.EXPIRED_COOKIE_EVICTION_DELAY.defaultValue();
  }

  public static int defaultHttp2InitialWindowSize() {
    return ConfigTable.HTTP2_INITIAL_WINDOW_SIZE.defaultValue();
  }

  public static int defaultHttp2MaxFrameSize() {
    return ConfigTable.HTTP2_MAX_FRAME_SIZE.defaultValue();
  }

  public static int defaultHttp2HeaderTableSize() {
    return ConfigTable.HTTP2_HEADER_TABLE_SIZE.defaultValue();
  }

  public static int defaultHttp2MaxHeaderListSize() {
    return ConfigTable.HTTP2_MAX_HEADER_LIST_SIZE.defaultValue();
  }

  public static int defaultHttp2MaxConcurrentStreams() {
    return ConfigTable.HTTP2_MAX_CONCURRENT_STREAMS.defaultValue();
  }

  public static int defaultHttp2MaxConnectionsPerPartition() {
    return ConfigTable.HTTP2_MAX_CONNECTIONS_PER_PARTITION.defaultValue();
  }

  public static long defaultHttp2MaxDecompressedResponseSize() {
    return ConfigTable.HTTP2_MAX_DECOMPRESSED_RESPONSE_SIZE.defaultValue();
  }

  public static Duration defaultHttp2PingInterval() {
    return ConfigTable.HTTP2_PING_INTERVAL.defaultValue();
  }

  public static boolean defaultHttp2CleartextEnabled() {
    return ConfigTable.HTTP2_CLEARTEXT_ENABLED.defaultValue();
  }

  /**
   * Whether request and read timeouts are armed on the channel's event loop instead of the shared
   * timer; property {@code org.asynchttpclient.useEventLoopTimeouts}, false unless set. See
   * {@link org.asynchttpclient.AsyncHttpClientConfig#isUseEventLoopTimeouts()}.
   */
  public static boolean defaultUseEventLoopTimeouts() {
    return ConfigTable.USE_EVENT_LOOP_TIMEOUTS.defaultValue();
  }

  /**
   * Whether the request timeout is one budget for the whole exchange; property
   * {@code org.asynchttpclient.useAbsoluteRequestDeadline}, false unless set. See
   * {@link org.asynchttpclient.AsyncHttpClientConfig#isUseAbsoluteRequestDeadline()}.
   */
  public static boolean defaultUseAbsoluteRequestDeadline() {
    return ConfigTable.USE_ABSOLUTE_REQUEST_DEADLINE.defaultValue();
  }

  /**
   * Whether a timeout fails its exchange with the typed exceptions instead of a plain {@code
   * TimeoutException}; property {@code org.asynchttpclient.typedTimeoutExceptions}, false unless
   * set. See {@link org.asynchttpclient.AsyncHttpClientConfig#isTypedTimeoutExceptions()}.
   */
  public static boolean defaultTypedTimeoutExceptions() {
    return ConfigTable.TYPED_TIMEOUT_EXCEPTIONS.defaultValue();
  }

  /**
   * Whether new connections and pooled picks go to as few I/O threads as the load needs; property
   * {@code org.asynchttpclient.useLoadAwareLoopPlacement}, true unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#isUseLoadAwareLoopPlacement()}.
   */
  public static boolean defaultUseLoadAwareLoopPlacement() {
    return ConfigTable.USE_LOAD_AWARE_LOOP_PLACEMENT.defaultValue();
  }

  /**
   * Whether NTLM always answers with NTLMv2; property {@code org.asynchttpclient.ntlmV2Only},
   * true unless set. See {@link org.asynchttpclient.AsyncHttpClientConfig#isNtlmV2Only()}.
   */
  public static boolean defaultNtlmV2Only() {
    return ConfigTable.NTLM_V2_ONLY.defaultValue();
  }

  /**
   * Whether a response cut short is replayed only for an idempotent method before any body part
   * reached the handler; property {@code org.asynchttpclient.strictMidResponseRetry}, false unless
   * set. See {@link org.asynchttpclient.AsyncHttpClientConfig#isStrictMidResponseRetry()}.
   */
  public static boolean defaultStrictMidResponseRetry() {
    return ConfigTable.STRICT_MID_RESPONSE_RETRY.defaultValue();
  }

  /**
   * Whether only idempotent requests (or those with an {@code Idempotency-Key}) the server may have
   * processed are sent again; property {@code org.asynchttpclient.replayOnlyIdempotent}, false unless
   * set. See {@link org.asynchttpclient.AsyncHttpClientConfig#isReplayOnlyIdempotent()}.
   */
  public static boolean defaultReplayOnlyIdempotent() {
    return ConfigTable.REPLAY_ONLY_IDEMPOTENT.defaultValue();
  }

  /**
   * How a request picks among its host's addresses; property {@code
   * org.asynchttpclient.loadBalance}, {@code DEFAULT} unless set. A blank value means {@code
   * DEFAULT}; the name is matched ignoring case; an unknown one is logged as a warning and {@code
   * DEFAULT} used (as in 3.0.12: a bad property never stops a client from starting). See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getLoadBalance()}.
   */
  public static LoadBalance defaultLoadBalance() {
    return ConfigTable.LOAD_BALANCE.defaultValue();
  }

  /**
   * Whether an address whose connect failed goes to the back of its host's order for a while;
   * property {@code org.asynchttpclient.failedIpCooldownEnabled}, true unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#isFailedIpCooldownEnabled()}.
   */
  public static boolean defaultFailedIpCooldownEnabled() {
    return ConfigTable.FAILED_IP_COOLDOWN_ENABLED.defaultValue();
  }

  /**
   * How long a failed address stays at the back; property {@code
   * org.asynchttpclient.failedIpCooldownPeriod}, PT10S unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getFailedIpCooldownPeriod()}.
   */
  public static Duration defaultFailedIpCooldownPeriod() {
    return ConfigTable.FAILED_IP_COOLDOWN_PERIOD.defaultValue();
  }

  /**
   * How long a connect attempt may go unanswered before the next address starts beside it;
   * property {@code org.asynchttpclient.connectionAttemptDelay}, PT0S (off) unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getConnectionAttemptDelay()}.
   */
  public static Duration defaultConnectionAttemptDelay() {
    return ConfigTable.CONNECTION_ATTEMPT_DELAY.defaultValue();
  }

  /**
   * How long an attempt may go without a response head before a hedge is sent; property {@code
   * org.asynchttpclient.hedgeDelay}, PT0S (hedging off) unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getHedgeDelay()}.
   */
  public static Duration defaultHedgeDelay() {
    return ConfigTable.HEDGE_DELAY.defaultValue();
  }

  /**
   * The most attempts a hedged exchange sends at once, the original included; property {@code
   * org.asynchttpclient.maxHedgedAttempts}, 2 unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getMaxHedgedAttempts()}.
   */
  public static int defaultMaxHedgedAttempts() {
    return ConfigTable.MAX_HEDGED_ATTEMPTS.defaultValue();
  }

  /**
   * The latency percentile that sets the hedge delay; property {@code
   * org.asynchttpclient.hedgePercentile}, 0 (the delay as given) unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getHedgePercentile()}.
   */
  public static double defaultHedgePercentile() {
    return ConfigTable.HEDGE_PERCENTILE.defaultValue();
  }

  /**
   * The largest fraction of a partition's requests that may be hedges; property {@code
   * org.asynchttpclient.hedgeBudget}, 0.05 unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getHedgeBudget()}.
   */
  public static double defaultHedgeBudget() {
    return ConfigTable.HEDGE_BUDGET.defaultValue();
  }

  /**
   * Retries allowed as a percentage of requests; property {@code
   * org.asynchttpclient.retryBudgetPercent}, -1 (no budget) unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getRetryBudgetPercent()}.
   */
  public static int defaultRetryBudgetPercent() {
    return ConfigTable.RETRY_BUDGET_PERCENT.defaultValue();
  }

  /**
   * Whether a redirect from a secured to an unsecured scheme is refused; property {@code
   * org.asynchttpclient.refuseSchemeDowngradeOnRedirect}, false unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#isRefuseSchemeDowngradeOnRedirect()}.
   */
  public static boolean defaultRefuseSchemeDowngradeOnRedirect() {
    return ConfigTable.REFUSE_SCHEME_DOWNGRADE_ON_REDIRECT.defaultValue();
  }

  /**
   * Whether a redirect that would resend the body to another origin is refused; property {@code
   * org.asynchttpclient.refuseCrossOriginBodyOnRedirect}, false unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#isRefuseCrossOriginBodyOnRedirect()}.
   */
  public static boolean defaultRefuseCrossOriginBodyOnRedirect() {
    return ConfigTable.REFUSE_CROSS_ORIGIN_BODY_ON_REDIRECT.defaultValue();
  }

  /**
   * {@link #defaultMaxDecompressedResponseSize()} under its former name, with its former "no limit"
   * value: -1 where that returns 0 or less.
   *
   * @deprecated use {@link #defaultMaxDecompressedResponseSize()}
   */
  @Deprecated
  public static long defaultMaxInflatedResponseBodySize() {
    long limit = defaultMaxDecompressedResponseSize();
    return limit > 0 ? limit : -1;
  }

  /**
   * The header that carries each hop's remaining budget, or null (empty) for none; property
   * {@code org.asynchttpclient.deadlinePropagationHeader}, none unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getDeadlinePropagationHeader()}.
   */
  public static @Nullable String defaultDeadlinePropagationHeader() {
    return ConfigTable.DEADLINE_PROPAGATION_HEADER.defaultValue();
  }

  /**
   * How long an open WebSocket may go without a frame either way before it is closed with 1001;
   * property {@code org.asynchttpclient.webSocketIdleTimeout}, PT0S (none) unless set. See
   * {@link org.asynchttpclient.AsyncHttpClientConfig#getWebSocketIdleTimeout()}.
   */
  public static Duration defaultWebSocketIdleTimeout() {
    return ConfigTable.WEBSOCKET_IDLE_TIMEOUT.defaultValue();
  }

  /**
   * How often an open WebSocket sends a Ping; property {@code
   * org.asynchttpclient.webSocketPingInterval}, PT0S (none) unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getWebSocketPingInterval()}.
   */
  public static Duration defaultWebSocketPingInterval() {
    return ConfigTable.WEBSOCKET_PING_INTERVAL.defaultValue();
  }

  /**
   * How long a WebSocket waits for the Pong that answers its Ping; property {@code
   * org.asynchttpclient.webSocketPongTimeout}, PT0S (not checked) unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getWebSocketPongTimeout()}.
   */
  public static Duration defaultWebSocketPongTimeout() {
    return ConfigTable.WEBSOCKET_PONG_TIMEOUT.defaultValue();
  }

  /**
   * How long a WebSocket's close waits for the server's part of the closing handshake; property
   * {@code org.asynchttpclient.webSocketCloseTimeout}, PT10S unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getWebSocketCloseTimeout()}.
   */
  public static Duration defaultWebSocketCloseTimeout() {
    return ConfigTable.WEBSOCKET_CLOSE_TIMEOUT.defaultValue();
  }
}

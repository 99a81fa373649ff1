package org.asynchttpclient.config;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;
import org.asynchttpclient.LoadBalance;
import org.asynchttpclient.config.AsyncHttpClientConfigHelper.Config;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default of every configuration option, read from the properties at call time.
 *
 * <p>Each {@code defaultX()} reads the property {@code org.asynchttpclient.X} (the constant
 * {@code ..._CONFIG} names {@code X}) through {@link AsyncHttpClientConfigHelper#getAsyncHttpClientConfig()}:
 * a system property wins over {@code ahc.properties}, which wins over {@code ahc-default.properties}.
 * A {@link org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder} takes these values when it is
 * created; what each option means is documented on {@link org.asynchttpclient.AsyncHttpClientConfig}
 * and listed in the README's configuration table.
 *
 * <p>Values from properties are parsed but not range-checked, as in AHC 3.0.11; the builder's
 * setters check ranges.
 */
public final class AsyncHttpClientConfigDefaults {
  private static final Logger LOGGER = LoggerFactory.getLogger(AsyncHttpClientConfigDefaults.class);


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
  public static final String HTTP2_MAX_DECOMPRESSED_RESPONSE_SIZE_CONFIG = "http2MaxDecompressedResponseSize";
  public static final String HTTP2_PING_INTERVAL_CONFIG = "http2PingInterval";
  public static final String HTTP2_CLEARTEXT_ENABLED_CONFIG = "http2CleartextEnabled";
  public static final String USE_EVENT_LOOP_TIMEOUTS_CONFIG = "useEventLoopTimeouts";
  public static final String USE_ABSOLUTE_REQUEST_DEADLINE_CONFIG = "useAbsoluteRequestDeadline";
  public static final String TYPED_TIMEOUT_EXCEPTIONS_CONFIG = "typedTimeoutExceptions";
  public static final String NTLM_V2_ONLY_CONFIG = "ntlmV2Only";
  public static final String STRICT_MID_RESPONSE_RETRY_CONFIG = "strictMidResponseRetry";
  public static final String LOAD_BALANCE_CONFIG = "loadBalance";
  public static final String FAILED_IP_COOLDOWN_ENABLED_CONFIG = "failedIpCooldownEnabled";
  public static final String FAILED_IP_COOLDOWN_PERIOD_CONFIG = "failedIpCooldownPeriod";
  public static final String CONNECTION_ATTEMPT_DELAY_CONFIG = "connectionAttemptDelay";
  public static final String REFUSE_SCHEME_DOWNGRADE_ON_REDIRECT_CONFIG = "refuseSchemeDowngradeOnRedirect";
  public static final String REFUSE_CROSS_ORIGIN_BODY_ON_REDIRECT_CONFIG = "refuseCrossOriginBodyOnRedirect";
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

  private static Config config() {
    return AsyncHttpClientConfigHelper.getAsyncHttpClientConfig();
  }

  private static String key(String name) {
    return ASYNC_CLIENT_CONFIG_ROOT + name;
  }

  private static String string(String name) {
    String value = config().getString(key(name));
    if (value == null) {
      throw new IllegalArgumentException(key(name) + ": not set (expected a value)");
    }
    return value;
  }

  private static @Nullable String[] stringArray(String name) {
    return config().getStringArray(key(name));
  }

  private static int integer(String name) {
    return config().getInt(key(name));
  }

  private static long longInteger(String name) {
    return config().getLong(key(name));
  }

  private static boolean bool(String name) {
    return config().getBoolean(key(name));
  }

  private static Duration duration(String name) {
    return config().getDuration(key(name));
  }

  public static String defaultThreadPoolName() {
    return string(THREAD_POOL_NAME_CONFIG);
  }

  public static int defaultMaxConnections() {
    return integer(MAX_CONNECTIONS_CONFIG);
  }

  public static int defaultMaxConnectionsPerHost() {
    return integer(MAX_CONNECTIONS_PER_HOST_CONFIG);
  }

  public static int defaultAcquireFreeChannelTimeout() {
    return integer(ACQUIRE_FREE_CHANNEL_TIMEOUT);
  }

  public static Duration defaultConnectTimeout() {
    return duration(CONNECTION_TIMEOUT_CONFIG);
  }

  public static Duration defaultPooledConnectionIdleTimeout() {
    return duration(POOLED_CONNECTION_IDLE_TIMEOUT_CONFIG);
  }

  public static Duration defaultConnectionPoolCleanerPeriod() {
    return duration(CONNECTION_POOL_CLEANER_PERIOD_CONFIG);
  }

  public static Duration defaultReadTimeout() {
    return duration(READ_TIMEOUT_CONFIG);
  }

  public static Duration defaultRequestTimeout() {
    return duration(REQUEST_TIMEOUT_CONFIG);
  }

  public static Duration defaultConnectionTtl() {
    return duration(CONNECTION_TTL_CONFIG);
  }

  public static boolean defaultFollowRedirect() {
    return bool(FOLLOW_REDIRECT_CONFIG);
  }

  public static int defaultMaxRedirects() {
    return integer(MAX_REDIRECTS_CONFIG);
  }

  public static boolean defaultCompressionEnforced() {
    return bool(COMPRESSION_ENFORCED_CONFIG);
  }

  public static boolean defaultEnableAutomaticDecompression() {
    return bool(ENABLE_AUTOMATIC_DECOMPRESSION_CONFIG);
  }

  public static String defaultUserAgent() {
    return string(USER_AGENT_CONFIG);
  }

  public static @Nullable String[] defaultEnabledProtocols() {
    return stringArray(ENABLED_PROTOCOLS_CONFIG);
  }

  public static @Nullable String[] defaultEnabledCipherSuites() {
    return stringArray(ENABLED_CIPHER_SUITES_CONFIG);
  }

  public static boolean defaultFilterInsecureCipherSuites() {
    return bool(FILTER_INSECURE_CIPHER_SUITES_CONFIG);
  }

  public static boolean defaultUseProxySelector() {
    return bool(USE_PROXY_SELECTOR_CONFIG);
  }

  public static boolean defaultUseProxyProperties() {
    return bool(USE_PROXY_PROPERTIES_CONFIG);
  }

  public static boolean defaultValidateResponseHeaders() {
    return bool(VALIDATE_RESPONSE_HEADERS_CONFIG);
  }

  public static boolean defaultAggregateWebSocketFrameFragments() {
    return bool(AGGREGATE_WEBSOCKET_FRAME_FRAGMENTS_CONFIG);
  }

  public static boolean defaultEnableWebSocketCompression() {
    return bool(ENABLE_WEBSOCKET_COMPRESSION_CONFIG);
  }

  public static boolean defaultStrict302Handling() {
    return bool(STRICT_302_HANDLING_CONFIG);
  }

  public static boolean defaultKeepAlive() {
    return bool(KEEP_ALIVE_CONFIG);
  }

  public static int defaultMaxRequestRetry() {
    return integer(MAX_REQUEST_RETRY_CONFIG);
  }

  public static boolean defaultDisableUrlEncodingForBoundRequests() {
    return bool(DISABLE_URL_ENCODING_FOR_BOUND_REQUESTS_CONFIG);
  }

  public static boolean defaultUseLaxCookieEncoder() {
    return bool(USE_LAX_COOKIE_ENCODER_CONFIG);
  }

  public static boolean defaultUseOpenSsl() {
    return bool(USE_OPEN_SSL_CONFIG);
  }

  public static boolean defaultUseInsecureTrustManager() {
    return bool(USE_INSECURE_TRUST_MANAGER_CONFIG);
  }

  public static boolean defaultDisableHttpsEndpointIdentificationAlgorithm() {
    return bool(DISABLE_HTTPS_ENDPOINT_IDENTIFICATION_ALGORITHM_CONFIG);
  }

  public static int defaultSslSessionCacheSize() {
    return integer(SSL_SESSION_CACHE_SIZE_CONFIG);
  }

  public static int defaultSslSessionTimeout() {
    return integer(SSL_SESSION_TIMEOUT_CONFIG);
  }

  public static boolean defaultTcpNoDelay() {
    return bool(TCP_NO_DELAY_CONFIG);
  }

  public static boolean defaultSoReuseAddress() {
    return bool(SO_REUSE_ADDRESS_CONFIG);
  }

  public static boolean defaultSoKeepAlive() {
    return bool(SO_KEEP_ALIVE_CONFIG);
  }

  public static int defaultSoLinger() {
    return integer(SO_LINGER_CONFIG);
  }

  public static int defaultSoSndBuf() {
    return integer(SO_SND_BUF_CONFIG);
  }

  public static int defaultSoRcvBuf() {
    return integer(SO_RCV_BUF_CONFIG);
  }

  public static int defaultHttpClientCodecMaxInitialLineLength() {
    return integer(HTTP_CLIENT_CODEC_MAX_INITIAL_LINE_LENGTH_CONFIG);
  }

  public static int defaultHttpClientCodecMaxHeaderSize() {
    return integer(HTTP_CLIENT_CODEC_MAX_HEADER_SIZE_CONFIG);
  }

  public static int defaultHttpClientCodecMaxChunkSize() {
    return integer(HTTP_CLIENT_CODEC_MAX_CHUNK_SIZE_CONFIG);
  }

  public static int defaultHttpClientCodecInitialBufferSize() {
    return integer(HTTP_CLIENT_CODEC_INITIAL_BUFFER_SIZE_CONFIG);
  }

  public static boolean defaultDisableZeroCopy() {
    return bool(DISABLE_ZERO_COPY_CONFIG);
  }

  public static int defaultHandshakeTimeout() {
    return integer(HANDSHAKE_TIMEOUT_CONFIG);
  }

  public static int defaultChunkedFileChunkSize() {
    return integer(CHUNKED_FILE_CHUNK_SIZE_CONFIG);
  }

  public static int defaultWebSocketMaxBufferSize() {
    return integer(WEBSOCKET_MAX_BUFFER_SIZE_CONFIG);
  }

  public static int defaultWebSocketMaxFrameSize() {
    return integer(WEBSOCKET_MAX_FRAME_SIZE_CONFIG);
  }

  public static boolean defaultKeepEncodingHeader() {
    return bool(KEEP_ENCODING_HEADER_CONFIG);
  }

  public static Duration defaultShutdownQuietPeriod() {
    return duration(SHUTDOWN_QUIET_PERIOD_CONFIG);
  }

  public static Duration defaultShutdownTimeout() {
    return duration(SHUTDOWN_TIMEOUT_CONFIG);
  }

  public static boolean defaultUseNativeTransport() {
    return bool(USE_NATIVE_TRANSPORT_CONFIG);
  }

  public static boolean defaultUseOnlyEpollNativeTransport() {
    return bool(USE_ONLY_EPOLL_NATIVE_TRANSPORT);
  }

  /** The property's value, with -1 read as the processor count, as in 3.0.11. */
  public static int defaultIoThreadsCount() {
    int count = integer(IO_THREADS_COUNT_CONFIG);
    return count == -1 ? Runtime.getRuntime().availableProcessors() : count;
  }

  public static int defaultHashedWheelTimerTickDuration() {
    return integer(HASHED_WHEEL_TIMER_TICK_DURATION);
  }

  public static int defaultHashedWheelTimerSize() {
    return integer(HASHED_WHEEL_TIMER_SIZE);
  }

  public static int defaultExpiredCookieEvictionDelay() {
    return integer(EXPIRED_COOKIE_EVICTION_DELAY);
  }

  public static int defaultHttp2InitialWindowSize() {
    return integer(HTTP2_INITIAL_WINDOW_SIZE_CONFIG);
  }

  public static int defaultHttp2MaxFrameSize() {
    return integer(HTTP2_MAX_FRAME_SIZE_CONFIG);
  }

  public static int defaultHttp2HeaderTableSize() {
    return integer(HTTP2_HEADER_TABLE_SIZE_CONFIG);
  }

  public static int defaultHttp2MaxHeaderListSize() {
    return integer(HTTP2_MAX_HEADER_LIST_SIZE_CONFIG);
  }

  public static int defaultHttp2MaxConcurrentStreams() {
    return integer(HTTP2_MAX_CONCURRENT_STREAMS_CONFIG);
  }

  public static long defaultHttp2MaxDecompressedResponseSize() {
    return longInteger(HTTP2_MAX_DECOMPRESSED_RESPONSE_SIZE_CONFIG);
  }

  public static Duration defaultHttp2PingInterval() {
    return duration(HTTP2_PING_INTERVAL_CONFIG);
  }

  public static boolean defaultHttp2CleartextEnabled() {
    return bool(HTTP2_CLEARTEXT_ENABLED_CONFIG);
  }

  /**
   * Whether request and read timeouts are armed on the channel's event loop instead of the shared
   * timer; property {@code org.asynchttpclient.useEventLoopTimeouts}, false unless set. See
   * {@link org.asynchttpclient.AsyncHttpClientConfig#isUseEventLoopTimeouts()}.
   */
  public static boolean defaultUseEventLoopTimeouts() {
    return bool(USE_EVENT_LOOP_TIMEOUTS_CONFIG);
  }

  /**
   * Whether the request timeout is one budget for the whole exchange; property
   * {@code org.asynchttpclient.useAbsoluteRequestDeadline}, false unless set. See
   * {@link org.asynchttpclient.AsyncHttpClientConfig#isUseAbsoluteRequestDeadline()}.
   */
  public static boolean defaultUseAbsoluteRequestDeadline() {
    return bool(USE_ABSOLUTE_REQUEST_DEADLINE_CONFIG);
  }

  /**
   * Whether a timeout fails its exchange with the typed exceptions instead of a plain {@code
   * TimeoutException}; property {@code org.asynchttpclient.typedTimeoutExceptions}, false unless
   * set. See {@link org.asynchttpclient.AsyncHttpClientConfig#isTypedTimeoutExceptions()}.
   */
  public static boolean defaultTypedTimeoutExceptions() {
    return bool(TYPED_TIMEOUT_EXCEPTIONS_CONFIG);
  }

  /**
   * Whether NTLM always answers with NTLMv2; property {@code org.asynchttpclient.ntlmV2Only},
   * true unless set. See {@link org.asynchttpclient.AsyncHttpClientConfig#isNtlmV2Only()}.
   */
  public static boolean defaultNtlmV2Only() {
    return bool(NTLM_V2_ONLY_CONFIG);
  }

  /**
   * Whether a response cut short is replayed only for an idempotent method before any body part
   * reached the handler; property {@code org.asynchttpclient.strictMidResponseRetry}, false unless
   * set. See {@link org.asynchttpclient.AsyncHttpClientConfig#isStrictMidResponseRetry()}.
   */
  public static boolean defaultStrictMidResponseRetry() {
    return bool(STRICT_MID_RESPONSE_RETRY_CONFIG);
  }

  /**
   * How a request picks among its host's addresses; property {@code
   * org.asynchttpclient.loadBalance}, {@code DEFAULT} unless set. A blank value means {@code
   * DEFAULT}; the name is matched ignoring case; an unknown one is logged as a warning and {@code
   * DEFAULT} used (as in 3.0.12: a bad property never stops a client from starting). See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getLoadBalance()}.
   */
  public static LoadBalance defaultLoadBalance() {
    String value = config().getString(key(LOAD_BALANCE_CONFIG));
    if (value == null || value.trim().isEmpty()) {
      return LoadBalance.DEFAULT;
    }
    try {
      return LoadBalance.valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      LOGGER.warn(
          "{}={} is not a load balance mode (expected one of {}); using DEFAULT",
          key(LOAD_BALANCE_CONFIG), value, Arrays.toString(LoadBalance.values()));
      return LoadBalance.DEFAULT;
    }
  }

  /**
   * Whether an address whose connect failed goes to the back of its host's order for a while;
   * property {@code org.asynchttpclient.failedIpCooldownEnabled}, true unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#isFailedIpCooldownEnabled()}.
   */
  public static boolean defaultFailedIpCooldownEnabled() {
    return bool(FAILED_IP_COOLDOWN_ENABLED_CONFIG);
  }

  /**
   * How long a failed address stays at the back; property {@code
   * org.asynchttpclient.failedIpCooldownPeriod}, PT10S unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getFailedIpCooldownPeriod()}.
   */
  public static Duration defaultFailedIpCooldownPeriod() {
    return duration(FAILED_IP_COOLDOWN_PERIOD_CONFIG);
  }

  /**
   * How long a connect attempt may go unanswered before the next address starts beside it;
   * property {@code org.asynchttpclient.connectionAttemptDelay}, PT0S (off) unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getConnectionAttemptDelay()}.
   */
  public static Duration defaultConnectionAttemptDelay() {
    return duration(CONNECTION_ATTEMPT_DELAY_CONFIG);
  }

  /**
   * Whether a redirect from a secured to an unsecured scheme is refused; property {@code
   * org.asynchttpclient.refuseSchemeDowngradeOnRedirect}, false unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#isRefuseSchemeDowngradeOnRedirect()}.
   */
  public static boolean defaultRefuseSchemeDowngradeOnRedirect() {
    return bool(REFUSE_SCHEME_DOWNGRADE_ON_REDIRECT_CONFIG);
  }

  /**
   * Whether a redirect that would resend the body to another origin is refused; property {@code
   * org.asynchttpclient.refuseCrossOriginBodyOnRedirect}, false unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#isRefuseCrossOriginBodyOnRedirect()}.
   */
  public static boolean defaultRefuseCrossOriginBodyOnRedirect() {
    return bool(REFUSE_CROSS_ORIGIN_BODY_ON_REDIRECT_CONFIG);
  }

  /**
   * Largest response body, in bytes, that automatic decompression may produce; -1 for no limit;
   * property {@code org.asynchttpclient.maxInflatedResponseBodySize}, 512 MiB unless set. See
   * {@link org.asynchttpclient.AsyncHttpClientConfig#getMaxInflatedResponseBodySize()}.
   */
  public static long defaultMaxInflatedResponseBodySize() {
    return longInteger(MAX_INFLATED_RESPONSE_BODY_SIZE_CONFIG);
  }

  /**
   * The header that carries each hop's remaining budget, or null (empty) for none; property
   * {@code org.asynchttpclient.deadlinePropagationHeader}, none unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getDeadlinePropagationHeader()}.
   */
  public static @Nullable String defaultDeadlinePropagationHeader() {
    String value = config().getString(key(DEADLINE_PROPAGATION_HEADER_CONFIG));
    return value == null || value.trim().isEmpty() ? null : value.trim();
  }

  /**
   * How long an open WebSocket may go without a frame either way before it is closed with 1001;
   * property {@code org.asynchttpclient.webSocketIdleTimeout}, PT0S (none) unless set. See
   * {@link org.asynchttpclient.AsyncHttpClientConfig#getWebSocketIdleTimeout()}.
   */
  public static Duration defaultWebSocketIdleTimeout() {
    return duration(WEBSOCKET_IDLE_TIMEOUT_CONFIG);
  }

  /**
   * How often an open WebSocket sends a Ping; property {@code
   * org.asynchttpclient.webSocketPingInterval}, PT0S (none) unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getWebSocketPingInterval()}.
   */
  public static Duration defaultWebSocketPingInterval() {
    return duration(WEBSOCKET_PING_INTERVAL_CONFIG);
  }

  /**
   * How long a WebSocket waits for the Pong that answers its Ping; property {@code
   * org.asynchttpclient.webSocketPongTimeout}, PT0S (not checked) unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getWebSocketPongTimeout()}.
   */
  public static Duration defaultWebSocketPongTimeout() {
    return duration(WEBSOCKET_PONG_TIMEOUT_CONFIG);
  }

  /**
   * How long a WebSocket's close waits for the server's part of the closing handshake; property
   * {@code org.asynchttpclient.webSocketCloseTimeout}, PT10S unless set. See {@link
   * org.asynchttpclient.AsyncHttpClientConfig#getWebSocketCloseTimeout()}.
   */
  public static Duration defaultWebSocketCloseTimeout() {
    return duration(WEBSOCKET_CLOSE_TIMEOUT_CONFIG);
  }
}

package org.asynchttpclient.config;

import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.AGGREGATE_WEBSOCKET_FRAME_FRAGMENTS_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.CHUNKED_FILE_CHUNK_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.COMPRESSION_ENFORCED_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.CONNECTION_ATTEMPT_DELAY_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HEDGE_BUDGET_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HEDGE_DELAY_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HEDGE_PERCENTILE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.MAX_HEDGED_ATTEMPTS_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.RETRY_BUDGET_PERCENT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.CONNECTION_POOL_CLEANER_PERIOD_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.CONNECTION_TIMEOUT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.CONNECTION_TTL_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.DEADLINE_PROPAGATION_HEADER_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.DISABLE_HTTPS_ENDPOINT_IDENTIFICATION_ALGORITHM_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.DISABLE_URL_ENCODING_FOR_BOUND_REQUESTS_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.DISABLE_ZERO_COPY_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.ENABLED_CIPHER_SUITES_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.ENABLED_PROTOCOLS_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.ENABLE_AUTOMATIC_DECOMPRESSION_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.ENABLE_WEBSOCKET_COMPRESSION_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.FAILED_IP_COOLDOWN_ENABLED_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.FAILED_IP_COOLDOWN_PERIOD_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.FILTER_INSECURE_CIPHER_SUITES_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.FOLLOW_REDIRECT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HANDSHAKE_TIMEOUT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HTTP2_CLEARTEXT_ENABLED_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HTTP2_HEADER_TABLE_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HTTP2_INITIAL_WINDOW_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HTTP2_MAX_CONCURRENT_STREAMS_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HTTP2_MAX_CONNECTIONS_PER_PARTITION_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HTTP2_MAX_DECOMPRESSED_RESPONSE_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HTTP2_MAX_FRAME_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HTTP2_MAX_HEADER_LIST_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HTTP2_PING_INTERVAL_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HTTP_CLIENT_CODEC_INITIAL_BUFFER_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HTTP_CLIENT_CODEC_MAX_CHUNK_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HTTP_CLIENT_CODEC_MAX_HEADER_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.HTTP_CLIENT_CODEC_MAX_INITIAL_LINE_LENGTH_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.IO_THREADS_COUNT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.KEEP_ALIVE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.KEEP_ENCODING_HEADER_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.LOAD_BALANCE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.MAX_CONNECTIONS_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.MAX_CONNECTIONS_PER_HOST_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.MAX_DECOMPRESSED_RESPONSE_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.MAX_REDIRECTS_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.MAX_REQUEST_RETRY_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.NTLM_V2_ONLY_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.POOLED_CONNECTION_IDLE_TIMEOUT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.READ_TIMEOUT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.REFUSE_CROSS_ORIGIN_BODY_ON_REDIRECT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.REFUSE_SCHEME_DOWNGRADE_ON_REDIRECT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.REPLAY_ONLY_IDEMPOTENT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.REQUEST_TIMEOUT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.SHUTDOWN_QUIET_PERIOD_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.SHUTDOWN_TIMEOUT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.SO_KEEP_ALIVE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.SO_LINGER_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.SO_RCV_BUF_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.SO_REUSE_ADDRESS_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.SO_SND_BUF_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.SSL_SESSION_CACHE_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.SSL_SESSION_TIMEOUT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.STRICT_302_HANDLING_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.STRICT_MID_RESPONSE_RETRY_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.TCP_NO_DELAY_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.THREAD_POOL_NAME_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.TYPED_TIMEOUT_EXCEPTIONS_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.USE_LOAD_AWARE_LOOP_PLACEMENT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.USER_AGENT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.USE_ABSOLUTE_REQUEST_DEADLINE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.USE_EVENT_LOOP_TIMEOUTS_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.USE_INSECURE_TRUST_MANAGER_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.USE_LAX_COOKIE_ENCODER_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.USE_NATIVE_TRANSPORT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.USE_OPEN_SSL_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.USE_PROXY_PROPERTIES_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.USE_PROXY_SELECTOR_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.VALIDATE_RESPONSE_HEADERS_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.WEBSOCKET_CLOSE_TIMEOUT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.WEBSOCKET_IDLE_TIMEOUT_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.WEBSOCKET_MAX_BUFFER_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.WEBSOCKET_MAX_DECOMPRESSED_FRAME_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.WEBSOCKET_MAX_FRAME_SIZE_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.WEBSOCKET_PING_INTERVAL_CONFIG;
import static org.asynchttpclient.config.AsyncHttpClientConfigDefaults.WEBSOCKET_PONG_TIMEOUT_CONFIG;
import static org.asynchttpclient.config.ConfigChecks.atLeast;
import static org.asynchttpclient.config.ConfigChecks.between;
import static org.asynchttpclient.config.ConfigChecks.fraction;
import static org.asynchttpclient.config.ConfigChecks.percentileOrOff;
import static org.asynchttpclient.config.ConfigChecks.headerNameOrNone;
import static org.asynchttpclient.config.ConfigChecks.nonNegative;
import static org.asynchttpclient.config.ConfigChecks.nonNegativeOrNone;
import static org.asynchttpclient.config.ConfigChecks.nullMeans;
import static org.asynchttpclient.config.ConfigChecks.nullMeansDefault;
import static org.asynchttpclient.config.ConfigChecks.nullable;
import static org.asynchttpclient.config.ConfigChecks.positive;
import static org.asynchttpclient.config.ConfigChecks.positiveDuration;
import static org.asynchttpclient.config.ConfigChecks.positiveLong;
import static org.asynchttpclient.config.ConfigChecks.positiveOr;
import static org.asynchttpclient.config.ConfigChecks.present;
import static org.asynchttpclient.config.ConfigChecks.presentArgument;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.LoadBalance;
import org.asynchttpclient.config.AsyncHttpClientConfigHelper.Config;
import org.asynchttpclient.config.ConfigOption.Check;
import org.asynchttpclient.config.ConfigOption.Parser;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every property-backed option, declared once: its name (the {@code ..._CONFIG} constant of
 * {@link AsyncHttpClientConfigDefaults}), its type, how its default is parsed from the properties,
 * the range the builder accepts, and the getter a copy reads it with. From this table derive the
 * {@code defaultX()} methods, the builder's checks, the values a builder starts with and the copy
 * a builder makes of another config.
 *
 * <p>A new option is one row here, its key in {@code ahc-default.properties}, its constant and
 * {@code defaultX()}, and the getter and setter the API needs, each a one-liner reading this row.
 * {@code ConfigSurfaceAgreementTest} fails when one of those is missing.
 *
 * <p>Options without a property (filters, the TLS context, event loops, ...) are objects the
 * caller makes; they are not in this table.
 *
 * <p>Public only for {@code DefaultAsyncHttpClientConfig} in another package: not part of the
 * AsyncHttpClient API, and it may change in any release.
 */
public final class ConfigTable {

  private static final Logger LOGGER = LoggerFactory.getLogger(ConfigTable.class);
  private static final AtomicBoolean FORMER_KEY_WARNED = new AtomicBoolean();

  private static final String OS_DEFAULT = "the OS default";
  private static final String NO_LIMIT = "no limit";

  // Filled by the row declarations below, in their order; read only by ALL's initializer.
  private static final List<ConfigOption<?>> ROWS = new ArrayList<>();

  public static final ConfigOption<String> THREAD_POOL_NAME =
      text(THREAD_POOL_NAME_CONFIG, present(), AsyncHttpClientConfig::getThreadPoolName);
  public static final ConfigOption<Integer> MAX_CONNECTIONS =
      integer(MAX_CONNECTIONS_CONFIG, atLeast(-1), AsyncHttpClientConfig::getMaxConnections);
  public static final ConfigOption<Integer> MAX_CONNECTIONS_PER_HOST =
      integer(MAX_CONNECTIONS_PER_HOST_CONFIG,
          atLeast(-1), AsyncHttpClientConfig::getMaxConnectionsPerHost);
  public static final ConfigOption<Integer> ACQUIRE_FREE_CHANNEL_TIMEOUT =
      integer(AsyncHttpClientConfigDefaults.ACQUIRE_FREE_CHANNEL_TIMEOUT,
          atLeast(0), AsyncHttpClientConfig::getAcquireFreeChannelTimeout);
  public static final ConfigOption<Duration> CONNECT_TIMEOUT =
      duration(CONNECTION_TIMEOUT_CONFIG, nonNegative(), AsyncHttpClientConfig::getConnectTimeout);
  public static final ConfigOption<Duration> POOLED_CONNECTION_IDLE_TIMEOUT =
      duration(POOLED_CONNECTION_IDLE_TIMEOUT_CONFIG,
          nonNegativeOrNone(), AsyncHttpClientConfig::getPooledConnectionIdleTimeout);
  public static final ConfigOption<Duration> CONNECTION_POOL_CLEANER_PERIOD =
      duration(CONNECTION_POOL_CLEANER_PERIOD_CONFIG,
          positiveDuration(), AsyncHttpClientConfig::getConnectionPoolCleanerPeriod);
  public static final ConfigOption<Duration> READ_TIMEOUT =
      duration(READ_TIMEOUT_CONFIG, nonNegativeOrNone(), AsyncHttpClientConfig::getReadTimeout);
  public static final ConfigOption<Duration> REQUEST_TIMEOUT =
      duration(REQUEST_TIMEOUT_CONFIG,
          nonNegativeOrNone(), AsyncHttpClientConfig::getRequestTimeout);
  public static final ConfigOption<Duration> CONNECTION_TTL =
      duration(CONNECTION_TTL_CONFIG, nonNegativeOrNone(), AsyncHttpClientConfig::getConnectionTtl);
  public static final ConfigOption<Boolean> FOLLOW_REDIRECT =
      flag(FOLLOW_REDIRECT_CONFIG, AsyncHttpClientConfig::isFollowRedirect);
  public static final ConfigOption<Integer> MAX_REDIRECTS =
      integer(MAX_REDIRECTS_CONFIG, atLeast(0), AsyncHttpClientConfig::getMaxRedirects);
  public static final ConfigOption<Boolean> COMPRESSION_ENFORCED =
      flag(COMPRESSION_ENFORCED_CONFIG, AsyncHttpClientConfig::isCompressionEnforced);
  public static final ConfigOption<Boolean> ENABLE_AUTOMATIC_DECOMPRESSION =
      flag(ENABLE_AUTOMATIC_DECOMPRESSION_CONFIG,
          AsyncHttpClientConfig::isEnableAutomaticDecompression);
  /**
   * Any value, as in AHC 3.0.13: 0 or less turns the limit off. The former key {@code
   * maxInflatedResponseBodySize} is read when only it is set (see {@link
   * #maxDecompressedResponseSize}).
   */
  public static final ConfigOption<Long> MAX_DECOMPRESSED_RESPONSE_SIZE =
      row(MAX_DECOMPRESSED_RESPONSE_SIZE_CONFIG, ConfigTable::maxDecompressedResponseSize,
          present(), AsyncHttpClientConfig::getMaxDecompressedResponseSize);
  public static final ConfigOption<String> USER_AGENT =
      text(USER_AGENT_CONFIG, nullable(), AsyncHttpClientConfig::getUserAgent);
  public static final ConfigOption<String[]> ENABLED_PROTOCOLS =
      list(ENABLED_PROTOCOLS_CONFIG, AsyncHttpClientConfig::getEnabledProtocols);
  public static final ConfigOption<String[]> ENABLED_CIPHER_SUITES =
      list(ENABLED_CIPHER_SUITES_CONFIG, AsyncHttpClientConfig::getEnabledCipherSuites);
  public static final ConfigOption<Boolean> FILTER_INSECURE_CIPHER_SUITES =
      flag(FILTER_INSECURE_CIPHER_SUITES_CONFIG,
          AsyncHttpClientConfig::isFilterInsecureCipherSuites);
  public static final ConfigOption<Boolean> USE_PROXY_SELECTOR =
      flag(USE_PROXY_SELECTOR_CONFIG, config -> false);
  public static final ConfigOption<Boolean> USE_PROXY_PROPERTIES =
      flag(USE_PROXY_PROPERTIES_CONFIG, config -> false);
  public static final ConfigOption<Boolean> VALIDATE_RESPONSE_HEADERS =
      flag(VALIDATE_RESPONSE_HEADERS_CONFIG, AsyncHttpClientConfig::isValidateResponseHeaders);
  public static final ConfigOption<Boolean> AGGREGATE_WEBSOCKET_FRAME_FRAGMENTS =
      flag(AGGREGATE_WEBSOCKET_FRAME_FRAGMENTS_CONFIG,
          AsyncHttpClientConfig::isAggregateWebSocketFrameFragments);
  public static final ConfigOption<Boolean> ENABLE_WEBSOCKET_COMPRESSION =
      flag(ENABLE_WEBSOCKET_COMPRESSION_CONFIG,
          AsyncHttpClientConfig::isEnableWebSocketCompression);
  public static final ConfigOption<Boolean> STRICT_302_HANDLING =
      flag(STRICT_302_HANDLING_CONFIG, AsyncHttpClientConfig::isStrict302Handling);
  public static final ConfigOption<Boolean> KEEP_ALIVE =
      flag(KEEP_ALIVE_CONFIG, AsyncHttpClientConfig::isKeepAlive);
  public static final ConfigOption<Integer> MAX_REQUEST_RETRY =
      integer(MAX_REQUEST_RETRY_CONFIG, atLeast(0), AsyncHttpClientConfig::getMaxRequestRetry);
  public static final ConfigOption<Boolean> DISABLE_URL_ENCODING_FOR_BOUND_REQUESTS =
      flag(DISABLE_URL_ENCODING_FOR_BOUND_REQUESTS_CONFIG,
          AsyncHttpClientConfig::isDisableUrlEncodingForBoundRequests);
  public static final ConfigOption<Boolean> USE_LAX_COOKIE_ENCODER =
      flag(USE_LAX_COOKIE_ENCODER_CONFIG, AsyncHttpClientConfig::isUseLaxCookieEncoder);
  public static final ConfigOption<Boolean> USE_OPEN_SSL =
      flag(USE_OPEN_SSL_CONFIG, AsyncHttpClientConfig::isUseOpenSsl);
  public static final ConfigOption<Boolean> USE_INSECURE_TRUST_MANAGER =
      flag(USE_INSECURE_TRUST_MANAGER_CONFIG, AsyncHttpClientConfig::isUseInsecureTrustManager);
  public static final ConfigOption<Boolean> DISABLE_HTTPS_ENDPOINT_IDENTIFICATION_ALGORITHM =
      flag(DISABLE_HTTPS_ENDPOINT_IDENTIFICATION_ALGORITHM_CONFIG,
          AsyncHttpClientConfig::isDisableHttpsEndpointIdentificationAlgorithm);
  public static final ConfigOption<Integer> SSL_SESSION_CACHE_SIZE =
      integer(SSL_SESSION_CACHE_SIZE_CONFIG,
          atLeast(0), AsyncHttpClientConfig::getSslSessionCacheSize);
  public static final ConfigOption<Integer> SSL_SESSION_TIMEOUT =
      integer(SSL_SESSION_TIMEOUT_CONFIG, atLeast(0), AsyncHttpClientConfig::getSslSessionTimeout);
  public static final ConfigOption<Boolean> TCP_NO_DELAY =
      flag(TCP_NO_DELAY_CONFIG, AsyncHttpClientConfig::isTcpNoDelay);
  public static final ConfigOption<Boolean> SO_REUSE_ADDRESS =
      flag(SO_REUSE_ADDRESS_CONFIG, AsyncHttpClientConfig::isSoReuseAddress);
  public static final ConfigOption<Boolean> SO_KEEP_ALIVE =
      flag(SO_KEEP_ALIVE_CONFIG, AsyncHttpClientConfig::isSoKeepAlive);
  public static final ConfigOption<Integer> SO_LINGER =
      integer(SO_LINGER_CONFIG, atLeast(-1), AsyncHttpClientConfig::getSoLinger);
  public static final ConfigOption<Integer> SO_SND_BUF =
      integer(SO_SND_BUF_CONFIG, positiveOr(-1, OS_DEFAULT), AsyncHttpClientConfig::getSoSndBuf);
  public static final ConfigOption<Integer> SO_RCV_BUF =
      integer(SO_RCV_BUF_CONFIG, positiveOr(-1, OS_DEFAULT), AsyncHttpClientConfig::getSoRcvBuf);
  public static final ConfigOption<Integer> HTTP_CLIENT_CODEC_MAX_INITIAL_LINE_LENGTH =
      integer(HTTP_CLIENT_CODEC_MAX_INITIAL_LINE_LENGTH_CONFIG,
          positive(), AsyncHttpClientConfig::getHttpClientCodecMaxInitialLineLength);
  public static final ConfigOption<Integer> HTTP_CLIENT_CODEC_MAX_HEADER_SIZE =
      integer(HTTP_CLIENT_CODEC_MAX_HEADER_SIZE_CONFIG,
          positive(), AsyncHttpClientConfig::getHttpClientCodecMaxHeaderSize);
  public static final ConfigOption<Integer> HTTP_CLIENT_CODEC_MAX_CHUNK_SIZE =
      integer(HTTP_CLIENT_CODEC_MAX_CHUNK_SIZE_CONFIG,
          positive(), AsyncHttpClientConfig::getHttpClientCodecMaxChunkSize);
  public static final ConfigOption<Integer> HTTP_CLIENT_CODEC_INITIAL_BUFFER_SIZE =
      integer(HTTP_CLIENT_CODEC_INITIAL_BUFFER_SIZE_CONFIG,
          positive(), AsyncHttpClientConfig::getHttpClientCodecInitialBufferSize);
  public static final ConfigOption<Boolean> DISABLE_ZERO_COPY =
      flag(DISABLE_ZERO_COPY_CONFIG, AsyncHttpClientConfig::isDisableZeroCopy);
  public static final ConfigOption<Integer> HANDSHAKE_TIMEOUT =
      integer(HANDSHAKE_TIMEOUT_CONFIG, atLeast(0), AsyncHttpClientConfig::getHandshakeTimeout);
  public static final ConfigOption<Integer> CHUNKED_FILE_CHUNK_SIZE =
      integer(CHUNKED_FILE_CHUNK_SIZE_CONFIG,
          positive(), AsyncHttpClientConfig::getChunkedFileChunkSize);
  public static final ConfigOption<Integer> WEBSOCKET_MAX_BUFFER_SIZE =
      integer(WEBSOCKET_MAX_BUFFER_SIZE_CONFIG,
          positive(), AsyncHttpClientConfig::getWebSocketMaxBufferSize);
  public static final ConfigOption<Integer> WEBSOCKET_MAX_FRAME_SIZE =
      integer(WEBSOCKET_MAX_FRAME_SIZE_CONFIG,
          positive(), AsyncHttpClientConfig::getWebSocketMaxFrameSize);
  /** 0 for no limit, as Netty's inflater takes it; negative is refused (by Netty, in 3.0.14). */
  public static final ConfigOption<Integer> WEBSOCKET_MAX_DECOMPRESSED_FRAME_SIZE =
      integer(WEBSOCKET_MAX_DECOMPRESSED_FRAME_SIZE_CONFIG,
          positiveOr(0, NO_LIMIT), AsyncHttpClientConfig::getWebSocketMaxDecompressedFrameSize);
  public static final ConfigOption<Boolean> KEEP_ENCODING_HEADER =
      flag(KEEP_ENCODING_HEADER_CONFIG, AsyncHttpClientConfig::isKeepEncodingHeader);
  public static final ConfigOption<Duration> SHUTDOWN_QUIET_PERIOD =
      duration(SHUTDOWN_QUIET_PERIOD_CONFIG,
          nonNegative(), AsyncHttpClientConfig::getShutdownQuietPeriod);
  public static final ConfigOption<Duration> SHUTDOWN_TIMEOUT =
      duration(SHUTDOWN_TIMEOUT_CONFIG, nonNegative(), AsyncHttpClientConfig::getShutdownTimeout);
  public static final ConfigOption<Boolean> USE_NATIVE_TRANSPORT =
      flag(USE_NATIVE_TRANSPORT_CONFIG, AsyncHttpClientConfig::isUseNativeTransport);
  public static final ConfigOption<Boolean> USE_ONLY_EPOLL_NATIVE_TRANSPORT =
      flag(AsyncHttpClientConfigDefaults.USE_ONLY_EPOLL_NATIVE_TRANSPORT,
          AsyncHttpClientConfig::isUseOnlyEpollNativeTransport);
  /** -1 in the properties means the processor count, as in 3.0.11. */
  public static final ConfigOption<Integer> IO_THREADS_COUNT = row(IO_THREADS_COUNT_CONFIG,
      ConfigTable::ioThreadsCount, atLeast(-1), AsyncHttpClientConfig::getIoThreadsCount);
  /** An int property, a long getter and setter, as in 3.0.11. */
  public static final ConfigOption<Long> HASHED_WHEEL_TIMER_TICK_DURATION =
      row(AsyncHttpClientConfigDefaults.HASHED_WHEEL_TIMER_TICK_DURATION,
          "hashedWheelTickDuration",
          (config, key) -> (long) config.getInt(key), positiveLong(),
          AsyncHttpClientConfig::getHashedWheelTimerTickDuration);
  public static final ConfigOption<Integer> HASHED_WHEEL_TIMER_SIZE =
      row(AsyncHttpClientConfigDefaults.HASHED_WHEEL_TIMER_SIZE, "hashedWheelSize",
          Config::getInt, positive(),
          AsyncHttpClientConfig::getHashedWheelTimerSize);
  public static final ConfigOption<Integer> EXPIRED_COOKIE_EVICTION_DELAY =
      integer(AsyncHttpClientConfigDefaults.EXPIRED_COOKIE_EVICTION_DELAY,
          positive(), AsyncHttpClientConfig::expiredCookieEvictionDelay);
  public static final ConfigOption<Integer> HTTP2_INITIAL_WINDOW_SIZE =
      integer(HTTP2_INITIAL_WINDOW_SIZE_CONFIG,
          atLeast(0), AsyncHttpClientConfig::getHttp2InitialWindowSize);
  public static final ConfigOption<Integer> HTTP2_MAX_FRAME_SIZE =
      integer(HTTP2_MAX_FRAME_SIZE_CONFIG,
          between(16_384, 16_777_215), AsyncHttpClientConfig::getHttp2MaxFrameSize);
  public static final ConfigOption<Integer> HTTP2_HEADER_TABLE_SIZE =
      integer(HTTP2_HEADER_TABLE_SIZE_CONFIG,
          atLeast(0), AsyncHttpClientConfig::getHttp2HeaderTableSize);
  public static final ConfigOption<Integer> HTTP2_MAX_HEADER_LIST_SIZE =
      integer(HTTP2_MAX_HEADER_LIST_SIZE_CONFIG,
          positive(), AsyncHttpClientConfig::getHttp2MaxHeaderListSize);
  public static final ConfigOption<Integer> HTTP2_MAX_CONCURRENT_STREAMS =
      integer(HTTP2_MAX_CONCURRENT_STREAMS_CONFIG, positiveOr(-1, "the server's limit"),
          AsyncHttpClientConfig::getHttp2MaxConcurrentStreams);
  public static final ConfigOption<Integer> HTTP2_MAX_CONNECTIONS_PER_PARTITION =
      integer(HTTP2_MAX_CONNECTIONS_PER_PARTITION_CONFIG,
          positive(), AsyncHttpClientConfig::getHttp2MaxConnectionsPerPartition);
  public static final ConfigOption<Long> HTTP2_MAX_DECOMPRESSED_RESPONSE_SIZE =
      longInteger(HTTP2_MAX_DECOMPRESSED_RESPONSE_SIZE_CONFIG,
          positiveOr(0L, NO_LIMIT), AsyncHttpClientConfig::getHttp2MaxDecompressedResponseSize);
  /** Null is an IllegalArgumentException, as 3.0.14's build() makes it. */
  public static final ConfigOption<Duration> HTTP2_PING_INTERVAL =
      duration(HTTP2_PING_INTERVAL_CONFIG, presentArgument(nonNegative(), "a duration, zero for none"),
          AsyncHttpClientConfig::getHttp2PingInterval);
  public static final ConfigOption<Boolean> HTTP2_CLEARTEXT_ENABLED =
      flag(HTTP2_CLEARTEXT_ENABLED_CONFIG, AsyncHttpClientConfig::isHttp2CleartextEnabled);
  public static final ConfigOption<Boolean> USE_EVENT_LOOP_TIMEOUTS =
      flag(USE_EVENT_LOOP_TIMEOUTS_CONFIG, AsyncHttpClientConfig::isUseEventLoopTimeouts);
  public static final ConfigOption<Boolean> USE_ABSOLUTE_REQUEST_DEADLINE =
      flag(USE_ABSOLUTE_REQUEST_DEADLINE_CONFIG,
          AsyncHttpClientConfig::isUseAbsoluteRequestDeadline);
  public static final ConfigOption<Boolean> TYPED_TIMEOUT_EXCEPTIONS =
      flag(TYPED_TIMEOUT_EXCEPTIONS_CONFIG, AsyncHttpClientConfig::isTypedTimeoutExceptions);
  public static final ConfigOption<Boolean> USE_LOAD_AWARE_LOOP_PLACEMENT =
      flag(USE_LOAD_AWARE_LOOP_PLACEMENT_CONFIG, AsyncHttpClientConfig::isUseLoadAwareLoopPlacement);
  public static final ConfigOption<Boolean> NTLM_V2_ONLY =
      flag(NTLM_V2_ONLY_CONFIG, AsyncHttpClientConfig::isNtlmV2Only);
  public static final ConfigOption<Boolean> STRICT_MID_RESPONSE_RETRY =
      flag(STRICT_MID_RESPONSE_RETRY_CONFIG, AsyncHttpClientConfig::isStrictMidResponseRetry);
  public static final ConfigOption<Boolean> REPLAY_ONLY_IDEMPOTENT =
      flag(REPLAY_ONLY_IDEMPOTENT_CONFIG, AsyncHttpClientConfig::isReplayOnlyIdempotent);
  /** Null in the builder means DEFAULT, whatever the property says (as in 3.0.12). */
  public static final ConfigOption<LoadBalance> LOAD_BALANCE =
      row(LOAD_BALANCE_CONFIG, ConfigTable::loadBalance, nullMeans(LoadBalance.DEFAULT),
          AsyncHttpClientConfig::getLoadBalance);
  public static final ConfigOption<Boolean> FAILED_IP_COOLDOWN_ENABLED =
      flag(FAILED_IP_COOLDOWN_ENABLED_CONFIG, AsyncHttpClientConfig::isFailedIpCooldownEnabled);
  public static final ConfigOption<Duration> FAILED_IP_COOLDOWN_PERIOD =
      duration(FAILED_IP_COOLDOWN_PERIOD_CONFIG,
          nullMeansDefault(nonNegative()), AsyncHttpClientConfig::getFailedIpCooldownPeriod);
  public static final ConfigOption<Duration> CONNECTION_ATTEMPT_DELAY =
      duration(CONNECTION_ATTEMPT_DELAY_CONFIG,
          nullMeansDefault(nonNegative()), AsyncHttpClientConfig::getConnectionAttemptDelay);
  public static final ConfigOption<Duration> HEDGE_DELAY =
      duration(HEDGE_DELAY_CONFIG, nullMeansDefault(nonNegative()), AsyncHttpClientConfig::getHedgeDelay);
  public static final ConfigOption<Integer> MAX_HEDGED_ATTEMPTS =
      integer(MAX_HEDGED_ATTEMPTS_CONFIG, between(1, 10), AsyncHttpClientConfig::getMaxHedgedAttempts);
  public static final ConfigOption<Double> HEDGE_PERCENTILE =
      decimal(HEDGE_PERCENTILE_CONFIG, percentileOrOff(), AsyncHttpClientConfig::getHedgePercentile);
  public static final ConfigOption<Double> HEDGE_BUDGET =
      decimal(HEDGE_BUDGET_CONFIG, fraction(), AsyncHttpClientConfig::getHedgeBudget);
  public static final ConfigOption<Integer> RETRY_BUDGET_PERCENT =
      integer(RETRY_BUDGET_PERCENT_CONFIG, atLeast(-1), AsyncHttpClientConfig::getRetryBudgetPercent);
  public static final ConfigOption<Boolean> REFUSE_SCHEME_DOWNGRADE_ON_REDIRECT =
      flag(REFUSE_SCHEME_DOWNGRADE_ON_REDIRECT_CONFIG,
          AsyncHttpClientConfig::isRefuseSchemeDowngradeOnRedirect);
  public static final ConfigOption<Boolean> REFUSE_CROSS_ORIGIN_BODY_ON_REDIRECT =
      flag(REFUSE_CROSS_ORIGIN_BODY_ON_REDIRECT_CONFIG,
          AsyncHttpClientConfig::isRefuseCrossOriginBodyOnRedirect);
  public static final ConfigOption<String> DEADLINE_PROPAGATION_HEADER =
      row(DEADLINE_PROPAGATION_HEADER_CONFIG, ConfigTable::textOrNone, headerNameOrNone(),
          AsyncHttpClientConfig::getDeadlinePropagationHeader);
  public static final ConfigOption<Duration> WEBSOCKET_IDLE_TIMEOUT =
      duration(WEBSOCKET_IDLE_TIMEOUT_CONFIG,
          nonNegative(), AsyncHttpClientConfig::getWebSocketIdleTimeout);
  public static final ConfigOption<Duration> WEBSOCKET_PING_INTERVAL =
      duration(WEBSOCKET_PING_INTERVAL_CONFIG,
          nonNegative(), AsyncHttpClientConfig::getWebSocketPingInterval);
  public static final ConfigOption<Duration> WEBSOCKET_PONG_TIMEOUT =
      duration(WEBSOCKET_PONG_TIMEOUT_CONFIG,
          nonNegative(), AsyncHttpClientConfig::getWebSocketPongTimeout);
  public static final ConfigOption<Duration> WEBSOCKET_CLOSE_TIMEOUT =
      duration(WEBSOCKET_CLOSE_TIMEOUT_CONFIG,
          positiveDuration(), AsyncHttpClientConfig::getWebSocketCloseTimeout);

  /** Every row, in declaration order: a row's index is its position here. */
  // Declared after the rows, so that it is initialized after they have all been added.
  public static final List<ConfigOption<?>> ALL = List.copyOf(ROWS);

  private ConfigTable() {}

  private static ConfigOption<Boolean> flag(
      String name, Function<AsyncHttpClientConfig, Boolean> reader) {
    return row(name, Config::getBoolean, present(), reader);
  }

  private static ConfigOption<Integer> integer(
      String name, Check<Integer> check, Function<AsyncHttpClientConfig, Integer> reader) {
    return row(name, Config::getInt, check, reader);
  }

  private static ConfigOption<Long> longInteger(
      String name, Check<Long> check, Function<AsyncHttpClientConfig, Long> reader) {
    return row(name, Config::getLong, check, reader);
  }

  private static ConfigOption<Double> decimal(
      String name, Check<Double> check, Function<AsyncHttpClientConfig, Double> reader) {
    return row(name, Config::getDouble, check, reader);
  }

  private static ConfigOption<Duration> duration(
      String name, Check<Duration> check, Function<AsyncHttpClientConfig, Duration> reader) {
    return row(name, Config::getDuration, check, reader);
  }

  private static ConfigOption<String> text(
      String name, Check<String> check, Function<AsyncHttpClientConfig, String> reader) {
    return row(name, ConfigTable::text, check, reader);
  }

  /** Comma-separated in the properties; null (blank) for none. */
  private static ConfigOption<String[]> list(
      String name, Function<AsyncHttpClientConfig, String[]> reader) {
    return row(name, Config::getStringArray, nullable(), reader);
  }

  private static <T> ConfigOption<T> row(String name, Parser<T> parser, Check<T> check,
      Function<AsyncHttpClientConfig, T> reader) {
    return row(name, name, parser, check, reader);
  }

  private static <T> ConfigOption<T> row(String name, String label, Parser<T> parser,
      Check<T> check, Function<AsyncHttpClientConfig, T> reader) {
    ConfigOption<T> option = new ConfigOption<>(ROWS.size(), name, label, parser, check, reader);
    ROWS.add(option);
    return option;
  }

  private static String text(Config config, String key) {
    String value = config.getString(key);
    if (value == null) {
      throw new IllegalArgumentException(key + ": not set (expected a value)");
    }
    return value;
  }

  /** Trimmed; null when blank. */
  private static @Nullable String textOrNone(Config config, String key) {
    String value = config.getString(key);
    return value == null || value.trim().isEmpty() ? null : value.trim();
  }

  /**
   * {@code key}'s value, unless only the former key {@code maxInflatedResponseBodySize} was set
   * (as a system property or in {@code ahc.properties}; the shipped defaults do not name it): then
   * that one's. When both are set, {@code maxDecompressedResponseSize} wins.
   */
  @SuppressWarnings("deprecation") // Reads the former key on purpose.
  private static long maxDecompressedResponseSize(Config config, String key) {
    String formerKey = AsyncHttpClientConfigDefaults.ASYNC_CLIENT_CONFIG_ROOT
        + AsyncHttpClientConfigDefaults.MAX_INFLATED_RESPONSE_BODY_SIZE_CONFIG;
    String former = config.getString(formerKey);
    if (former != null && !former.trim().isEmpty() && !config.isSetByUser(key)) {
      if (FORMER_KEY_WARNED.compareAndSet(false, true)) {
        LOGGER.warn("{} is deprecated: set {} instead (same meaning; 0 or less for no limit)",
            formerKey, key);
      }
      return config.getLong(formerKey);
    }
    return config.getLong(key);
  }

  private static int ioThreadsCount(Config config, String key) {
    int count = config.getInt(key);
    return count == -1 ? Runtime.getRuntime().availableProcessors() : count;
  }

  /**
   * Blank means {@code DEFAULT}; the name is matched ignoring case; an unknown one is logged as a
   * warning and {@code DEFAULT} used (as in 3.0.12: a bad property never stops a client starting).
   */
  private static LoadBalance loadBalance(Config config, String key) {
    String value = config.getString(key);
    if (value == null || value.trim().isEmpty()) {
      return LoadBalance.DEFAULT;
    }
    try {
      return LoadBalance.valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      LOGGER.warn("{}={} is not a load balance mode (expected one of {}); using DEFAULT",
          key, value, Arrays.toString(LoadBalance.values()));
      return LoadBalance.DEFAULT;
    }
  }
}

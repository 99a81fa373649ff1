package org.asynchttpclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class BuilderValidationTest {

  private static void refused(String message, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertEquals(message, e.getMessage());
  }

  @Test
  void timeoutsRefuseNegativesOtherThanMinusOneMillisecond() {
    DefaultAsyncHttpClientConfig.Builder b = ConfigOptions.builder();
    refused("readTimeout: PT-0.005S (expected >= 0, or -1 ms for none)",
        () -> b.setReadTimeout(Duration.ofMillis(-5)));
    refused("requestTimeout: PT-1S (expected >= 0, or -1 ms for none)",
        () -> b.setRequestTimeout(Duration.ofSeconds(-1)));
    refused("connectionTtl: PT-0.002S (expected >= 0, or -1 ms for none)",
        () -> b.setConnectionTtl(Duration.ofMillis(-2)));
    refused("connectTimeout: PT-0.001S (expected >= 0)",
        () -> b.setConnectTimeout(Duration.ofMillis(-1)));
    refused("connectionPoolCleanerPeriod: PT0S (expected > 0)",
        () -> b.setConnectionPoolCleanerPeriod(Duration.ZERO));
  }

  @Test
  void minusOneMillisecondAndZeroAreAccepted() {
    Duration none = Duration.ofMillis(-1);
    DefaultAsyncHttpClientConfig config = ConfigOptions.builder()
        .setReadTimeout(none).setRequestTimeout(Duration.ZERO)
        .setPooledConnectionIdleTimeout(none).setConnectionTtl(Duration.ZERO)
        .setConnectTimeout(Duration.ZERO).build();
    assertEquals(none, config.getReadTimeout());
    assertEquals(Duration.ZERO, config.getRequestTimeout());
    assertEquals(none, config.getPooledConnectionIdleTimeout());
    assertEquals(Duration.ZERO, config.getConnectionTtl());
    assertEquals(Duration.ZERO, config.getConnectTimeout());
  }

  @Test
  void countsAndSizesNameTheValueAndWhatIsExpected() {
    DefaultAsyncHttpClientConfig.Builder b = ConfigOptions.builder();
    refused("maxRedirects: -1 (expected >= 0)", () -> b.setMaxRedirects(-1));
    refused("maxRequestRetry: -2 (expected >= 0)", () -> b.setMaxRequestRetry(-2));
    refused("maxConnections: -2 (expected >= -1)", () -> b.setMaxConnections(-2));
    refused("maxConnectionsPerHost: -5 (expected >= -1)", () -> b.setMaxConnectionsPerHost(-5));
    refused("acquireFreeChannelTimeout: -1 (expected >= 0)", () -> b.setAcquireFreeChannelTimeout(-1));
    refused("soSndBuf: 0 (expected > 0, or -1 for the OS default)", () -> b.setSoSndBuf(0));
    refused("soRcvBuf: -3 (expected > 0, or -1 for the OS default)", () -> b.setSoRcvBuf(-3));
    refused("soLinger: -2 (expected >= -1)", () -> b.setSoLinger(-2));
    refused("httpClientCodecMaxHeaderSize: 0 (expected > 0)", () -> b.setHttpClientCodecMaxHeaderSize(0));
    refused("chunkedFileChunkSize: -1 (expected > 0)", () -> b.setChunkedFileChunkSize(-1));
    refused("hashedWheelTickDuration: 0 (expected > 0)", () -> b.setHashedWheelTickDuration(0));
    refused("ioThreadsCount: -2 (expected >= -1)", () -> b.setIoThreadsCount(-2));
    refused("handshakeTimeout: -1 (expected >= 0)", () -> b.setHandshakeTimeout(-1));
    refused("sslSessionCacheSize: -1 (expected >= 0)", () -> b.setSslSessionCacheSize(-1));
    refused("expiredCookieEvictionDelay: 0 (expected > 0)", () -> b.setExpiredCookieEvictionDelay(0));
    refused("http2MaxFrameSize: 1024 (expected between 16384 and 16777215)",
        () -> b.setHttp2MaxFrameSize(1024));
    refused("http2MaxConcurrentStreams: 0 (expected > 0, or -1 for the server's limit)",
        () -> b.setHttp2MaxConcurrentStreams(0));
    refused("http2MaxDecompressedResponseSize: -1 (expected > 0, or 0 for no limit)",
        () -> b.setHttp2MaxDecompressedResponseSize(-1));
  }

  @Test
  void zeroTurnsTheHttp2DecompressionCapOffAs3011Does() {
    // Upstream's DefaultAsyncHttpClientConfigTest#testHttp2MaxDecompressedResponseSize_ZeroDisables.
    assertEquals(0L, ConfigOptions.builder().setHttp2MaxDecompressedResponseSize(0).build()
        .getHttp2MaxDecompressedResponseSize());
  }

  @Test
  void aRefusedValueLeavesThePreviousOne() {
    DefaultAsyncHttpClientConfig.Builder b = ConfigOptions.builder().setMaxRedirects(3);
    assertThrows(IllegalArgumentException.class, () -> b.setMaxRedirects(-1));
    assertEquals(3, b.build().getMaxRedirects());
  }

  @Test
  @SuppressWarnings("NullAway") // Passes null on purpose: the refusal is what is tested.
  void nullsAreRefusedWhereAValueIsRequired() {
    DefaultAsyncHttpClientConfig.Builder b = ConfigOptions.builder();
    NullPointerException e = assertThrows(NullPointerException.class, () -> b.setReadTimeout(null));
    assertEquals("readTimeout: null (expected a value)", e.getMessage());
    assertThrows(NullPointerException.class, () -> b.setThreadPoolName(null));
    assertThrows(NullPointerException.class, () -> b.setResponseBodyPartFactory(null));
    assertThrows(NullPointerException.class, () -> b.setSslSessionTimeout(null));
  }

  @Test
  @SuppressWarnings("NullAway") // Passes null on purpose: the refusal is what is tested.
  void aNullHttp2PingIntervalIsAnIllegalArgumentAs3014Has() {
    refused("http2PingInterval: null (expected a duration, zero for none)",
        () -> ConfigOptions.builder().setHttp2PingInterval(null));
  }

  @Test
  void http2SettingsOutOfRangeAreRefusedHoweverTheyCameAs3014sBuildDoes() {
    refused("http2HeaderTableSize: -1 (expected >= 0)",
        () -> ConfigOptions.builder().setHttp2HeaderTableSize(-1));
    refused("http2MaxHeaderListSize: 0 (expected > 0)",
        () -> ConfigOptions.builder().setHttp2MaxHeaderListSize(0));
    // Values from properties are not range-checked when read, but build() refuses them.
    String[][] bad = {
      {"http2HeaderTableSize", "-1", "http2HeaderTableSize: -1 (expected >= 0)"},
      {"http2MaxHeaderListSize", "0", "http2MaxHeaderListSize: 0 (expected > 0)"},
      {"http2MaxFrameSize", "100", "http2MaxFrameSize: 100 (expected between 16384 and 16777215)"},
      {"http2InitialWindowSize", "-1", "http2InitialWindowSize: -1 (expected >= 0)"},
      {"webSocketMaxDecompressedFrameSize", "-1",
          "webSocketMaxDecompressedFrameSize: -1 (expected > 0, or 0 for no limit)"},
    };
    for (String[] row : bad) {
      String key = ConfigOptions.ROOT + row[0];
      System.setProperty(key, row[1]);
      try {
        DefaultAsyncHttpClientConfig.Builder fromProperties = ConfigOptions.builder();
        refused(row[2], fromProperties::build);
      } finally {
        System.clearProperty(key);
      }
    }
    // And from a prototype config, which is copied through its getters unchecked.
    AsyncHttpClientConfig built = ConfigOptions.builder().build();
    AsyncHttpClientConfig custom = (AsyncHttpClientConfig) Proxy.newProxyInstance(
        AsyncHttpClientConfig.class.getClassLoader(), new Class<?>[] {AsyncHttpClientConfig.class},
        (proxy, method, args) -> method.getName().equals("getHttp2MaxHeaderListSize")
            ? 0 : method.invoke(built, args));
    DefaultAsyncHttpClientConfig.Builder copy = new DefaultAsyncHttpClientConfig.Builder(custom);
    refused("http2MaxHeaderListSize: 0 (expected > 0)", copy::build);
  }

  @Test
  void theDecompressionLimitsTake3014sRanges() {
    DefaultAsyncHttpClientConfig.Builder b = ConfigOptions.builder();
    // maxDecompressedResponseSize: any value, 0 or less being no limit, as in 3.0.13.
    assertEquals(-7L, b.setMaxDecompressedResponseSize(-7).build().getMaxDecompressedResponseSize());
    assertEquals(0L, b.setMaxDecompressedResponseSize(0).build().getMaxDecompressedResponseSize());
    assertEquals(0, b.setWebSocketMaxDecompressedFrameSize(0).build().getWebSocketMaxDecompressedFrameSize());
    refused("webSocketMaxDecompressedFrameSize: -1 (expected > 0, or 0 for no limit)",
        () -> b.setWebSocketMaxDecompressedFrameSize(-1));
  }

  @Test
  void buildRefusesAShutdownTimeoutShorterThanTheQuietPeriod() {
    DefaultAsyncHttpClientConfig.Builder b = ConfigOptions.builder()
        .setShutdownQuietPeriod(Duration.ofSeconds(2)).setShutdownTimeout(Duration.ofSeconds(1));
    refused("shutdownTimeout: PT1S (expected >= shutdownQuietPeriod PT2S)", b::build);
  }
}

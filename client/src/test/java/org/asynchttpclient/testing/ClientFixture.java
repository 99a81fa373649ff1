package org.asynchttpclient.testing;

import java.time.Duration;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;

/**
 * Clients for loopback tests. Both configs shut down without a quiet period (2 s at most), so
 * tests close fast; a test sets what it is about on top.
 *
 * <ul>
 *   <li>{@link #config()}: 10 s request and read timeouts, so a stuck exchange fails the test
 *       instead of hanging it;
 *   <li>{@link #faultConfig()}: for fault, leak and shutdown tests that run many exchanges: two
 *       I/O threads (whatever the machine), 5 s request and read timeouts;
 *   <li>{@link #h2cConfig}: for the HTTP/2 tests against a raw frame server.
 * </ul>
 */
public final class ClientFixture {
  private ClientFixture() {}

  public static DefaultAsyncHttpClientConfig.Builder config() {
    return new DefaultAsyncHttpClientConfig.Builder()
        .setShutdownQuietPeriod(Duration.ZERO)
        .setShutdownTimeout(Duration.ofSeconds(2))
        .setRequestTimeout(Duration.ofSeconds(10))
        .setReadTimeout(Duration.ofSeconds(10));
  }

  public static DefaultAsyncHttpClientConfig.Builder faultConfig() {
    return config()
        .setIoThreadsCount(2)
        .setRequestTimeout(Duration.ofSeconds(5))
        .setReadTimeout(Duration.ofSeconds(5));
  }

  /**
   * HTTP/2 over cleartext by prior knowledge, without retries (a replay would hide what the server
   * did to the first attempt), request and read timeouts both {@code timeouts}: long enough for the
   * test's many streams on a loaded machine.
   */
  public static DefaultAsyncHttpClientConfig.Builder h2cConfig(Duration timeouts) {
    return config()
        .setHttp2CleartextEnabled(true)
        .setMaxRequestRetry(0)
        .setRequestTimeout(timeouts)
        .setReadTimeout(timeouts);
  }

  public static DefaultAsyncHttpClient client() {
    return new DefaultAsyncHttpClient(config().build());
  }

  public static DefaultAsyncHttpClient client(DefaultAsyncHttpClientConfig.Builder b) {
    return new DefaultAsyncHttpClient(b.build());
  }
}

package org.asynchttpclient.engine;

import java.time.Duration;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;

/** Clients for loopback tests: no quiet period on shutdown, so tests close fast. */
final class ClientFixture {
  private ClientFixture() {}

  static DefaultAsyncHttpClientConfig.Builder config() {
    return new DefaultAsyncHttpClientConfig.Builder()
        .setShutdownQuietPeriod(Duration.ZERO)
        .setShutdownTimeout(Duration.ofSeconds(2))
        .setRequestTimeout(Duration.ofSeconds(10))
        .setReadTimeout(Duration.ofSeconds(10));
  }

  static DefaultAsyncHttpClient client() {
    return new DefaultAsyncHttpClient(config().build());
  }

  static DefaultAsyncHttpClient client(DefaultAsyncHttpClientConfig.Builder b) {
    return new DefaultAsyncHttpClient(b.build());
  }
}

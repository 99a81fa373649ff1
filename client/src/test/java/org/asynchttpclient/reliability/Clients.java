package org.asynchttpclient.reliability;

import java.time.Duration;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;

/** Client configs for the reliability tests: fast shutdown, short timeouts, small loops. */
final class Clients {
  private Clients() {}

  static DefaultAsyncHttpClientConfig.Builder config() {
    return new DefaultAsyncHttpClientConfig.Builder()
        .setShutdownQuietPeriod(Duration.ZERO)
        .setShutdownTimeout(Duration.ofSeconds(2))
        .setIoThreadsCount(2)
        .setRequestTimeout(Duration.ofSeconds(5))
        .setReadTimeout(Duration.ofSeconds(5));
  }
}

package io.github.ahcdeadline.bench;

import io.opentelemetry.api.GlobalOpenTelemetry;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.extras.opentelemetry.AsyncHttpClientTelemetry;

/**
 * Registers ahc-deadline's extras/opentelemetry listener for {@link OtelAgentClientMain}. A class
 * of its own so that a JVM running AHC 3.0.11, which has no exchange listeners, never loads it.
 */
final class OtelModuleHook {
  private OtelModuleHook() {}

  static void register(DefaultAsyncHttpClientConfig.Builder config) {
    config.addExchangeListener(
        AsyncHttpClientTelemetry.create(GlobalOpenTelemetry.get()).exchangeListener());
  }
}

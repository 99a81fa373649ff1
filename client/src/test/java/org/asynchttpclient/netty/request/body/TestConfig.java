package org.asynchttpclient.netty.request.body;

import java.util.HashMap;
import java.util.Map;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.testing.Stub;
import org.jetbrains.annotations.Nullable;

/**
 * A test-only {@link AsyncHttpClientConfig} answering the few settings the request encoder reads; any other call
 * fails so a test notices when the encoder starts depending on something new.
 */
public final class TestConfig {
  private final Map<String, @Nullable Object> values = new HashMap<>();

  public TestConfig() {
    values.put("getUserAgent", "AHC/test");
    values.put("isKeepAlive", true);
    values.put("isCompressionEnforced", false);
    values.put("isUseLaxCookieEncoder", false);
    values.put("isDisableZeroCopy", false);
    values.put("getChunkedFileChunkSize", 8192);
  }

  public TestConfig set(String getter, @Nullable Object value) {
    values.put(getter, value);
    return this;
  }

  public AsyncHttpClientConfig build() {
    Map<String, @Nullable Object> snapshot = new HashMap<>(values);
    return Stub.of(
        AsyncHttpClientConfig.class,
        "TestConfig" + snapshot,
        (name, args) -> {
          if (!snapshot.containsKey(name)) {
            throw new UnsupportedOperationException("TestConfig does not answer " + name);
          }
          return snapshot.get(name);
        });
  }

  public static AsyncHttpClientConfig defaults() {
    return new TestConfig().build();
  }
}

package org.asynchttpclient;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.asynchttpclient.config.AsyncHttpClientConfigDefaults;
import org.junit.jupiter.api.Test;

/**
 * The two flags (useEventLoopTimeouts, useAbsoluteRequestDeadline) through the builder,
 * system properties and a 3.0.11-style custom implementation. The properties-file path is in
 * {@code org.asynchttpclient.config.AhcPropertiesFileTest}.
 */
class TimeoutFlagsConfigTest {

  private static final String EVENT_LOOP_KEY = "org.asynchttpclient.useEventLoopTimeouts";
  private static final String DEADLINE_KEY = "org.asynchttpclient.useAbsoluteRequestDeadline";

  @Test
  void offByDefault() {
    DefaultAsyncHttpClientConfig config = ConfigOptions.builder().build();
    assertFalse(config.isUseEventLoopTimeouts());
    assertFalse(config.isUseAbsoluteRequestDeadline());
  }

  @Test
  void theBuilderSetsEachFlagOnItsOwn() {
    DefaultAsyncHttpClientConfig loop = ConfigOptions.builder().setUseEventLoopTimeouts(true).build();
    assertTrue(loop.isUseEventLoopTimeouts());
    assertFalse(loop.isUseAbsoluteRequestDeadline());

    DefaultAsyncHttpClientConfig deadline =
        ConfigOptions.builder().setUseAbsoluteRequestDeadline(true).build();
    assertFalse(deadline.isUseEventLoopTimeouts());
    assertTrue(deadline.isUseAbsoluteRequestDeadline());
  }

  @Test
  void theBuilderOverridesTheSystemProperty() {
    System.setProperty(DEADLINE_KEY, "true");
    try {
      assertFalse(ConfigOptions.builder().setUseAbsoluteRequestDeadline(false).build()
          .isUseAbsoluteRequestDeadline());
    } finally {
      System.clearProperty(DEADLINE_KEY);
    }
  }

  @Test
  void systemPropertiesReachDefaultsAndBuiltConfigs() {
    System.setProperty(EVENT_LOOP_KEY, "true");
    System.setProperty(DEADLINE_KEY, "TRUE");
    try {
      assertTrue(AsyncHttpClientConfigDefaults.defaultUseEventLoopTimeouts());
      assertTrue(AsyncHttpClientConfigDefaults.defaultUseAbsoluteRequestDeadline());
      DefaultAsyncHttpClientConfig config = ConfigOptions.builder().build();
      assertTrue(config.isUseEventLoopTimeouts());
      assertTrue(config.isUseAbsoluteRequestDeadline());
    } finally {
      System.clearProperty(EVENT_LOOP_KEY);
      System.clearProperty(DEADLINE_KEY);
    }
    assertFalse(AsyncHttpClientConfigDefaults.defaultUseAbsoluteRequestDeadline());
  }

  @Test
  void aBuiltConfigKeepsItsValueWhenThePropertyChangesLater() {
    DefaultAsyncHttpClientConfig config = ConfigOptions.builder().build();
    System.setProperty(DEADLINE_KEY, "true");
    try {
      assertFalse(config.isUseAbsoluteRequestDeadline());
    } finally {
      System.clearProperty(DEADLINE_KEY);
    }
  }

  @Test
  void aCustomImplementationWithoutTheNewMethodsHonoursTheSystemProperties() {
    AsyncHttpClientConfig custom = new DelegatingUserConfig(ConfigOptions.builder()
        .setUseEventLoopTimeouts(true).setUseAbsoluteRequestDeadline(true).build());
    // The delegate's values do not leak: the custom class does not implement the new methods.
    assertFalse(custom.isUseEventLoopTimeouts());
    assertFalse(custom.isUseAbsoluteRequestDeadline());

    System.setProperty(EVENT_LOOP_KEY, "true");
    System.setProperty(DEADLINE_KEY, "true");
    try {
      assertTrue(custom.isUseEventLoopTimeouts());
      assertTrue(custom.isUseAbsoluteRequestDeadline());
    } finally {
      System.clearProperty(EVENT_LOOP_KEY);
      System.clearProperty(DEADLINE_KEY);
    }
    assertFalse(custom.isUseAbsoluteRequestDeadline());
  }

  @Test
  void aCopyOfACustomImplementationTakesItsFlags() {
    System.setProperty(DEADLINE_KEY, "true");
    AsyncHttpClientConfig custom;
    try {
      custom = new DelegatingUserConfig(ConfigOptions.builder().setProxyServerSelector(uri -> {
        throw new UnsupportedOperationException();
      }).build());
      DefaultAsyncHttpClientConfig copy = new DefaultAsyncHttpClientConfig.Builder(custom).build();
      assertTrue(copy.isUseAbsoluteRequestDeadline());
    } finally {
      System.clearProperty(DEADLINE_KEY);
    }
  }

  @Test
  void typedTimeoutExceptionsAreOffByDefaultAndFollowTheirPropertyAndBuilder() {
    String key = "org.asynchttpclient.typedTimeoutExceptions";
    assertFalse(ConfigOptions.builder().build().isTypedTimeoutExceptions());
    assertTrue(ConfigOptions.builder().setTypedTimeoutExceptions(true).build().isTypedTimeoutExceptions());
    AsyncHttpClientConfig custom = new DelegatingUserConfig(ConfigOptions.builder().build());
    System.setProperty(key, "true");
    try {
      assertTrue(AsyncHttpClientConfigDefaults.defaultTypedTimeoutExceptions());
      assertTrue(ConfigOptions.builder().build().isTypedTimeoutExceptions());
      assertTrue(custom.isTypedTimeoutExceptions(), "a 3.0.11-style implementation falls back to the property");
      assertFalse(ConfigOptions.builder().setTypedTimeoutExceptions(false).build().isTypedTimeoutExceptions());
    } finally {
      System.clearProperty(key);
    }
  }

  @Test
  void ntlmV2OnlyIsOnByDefaultAndFollowsItsPropertyAndBuilder() {
    String key = "org.asynchttpclient.ntlmV2Only";
    assertTrue(ConfigOptions.builder().build().isNtlmV2Only());
    assertFalse(ConfigOptions.builder().setNtlmV2Only(false).build().isNtlmV2Only());
    AsyncHttpClientConfig custom = new DelegatingUserConfig(ConfigOptions.builder().build());
    System.setProperty(key, "false");
    try {
      assertFalse(AsyncHttpClientConfigDefaults.defaultNtlmV2Only());
      assertFalse(ConfigOptions.builder().build().isNtlmV2Only());
      assertFalse(custom.isNtlmV2Only(), "a 3.0.11-style implementation falls back to the property");
    } finally {
      System.clearProperty(key);
    }
  }

  @Test
  void strictMidResponseRetryIsOffByDefaultAndFollowsItsPropertyAndBuilder() {
    String key = "org.asynchttpclient.strictMidResponseRetry";
    assertFalse(ConfigOptions.builder().build().isStrictMidResponseRetry());
    assertTrue(ConfigOptions.builder().setStrictMidResponseRetry(true).build().isStrictMidResponseRetry());
    AsyncHttpClientConfig custom = new DelegatingUserConfig(ConfigOptions.builder().build());
    System.setProperty(key, "true");
    try {
      assertTrue(AsyncHttpClientConfigDefaults.defaultStrictMidResponseRetry());
      assertTrue(ConfigOptions.builder().build().isStrictMidResponseRetry());
      assertTrue(custom.isStrictMidResponseRetry(), "a 3.0.11-style implementation falls back to the property");
    } finally {
      System.clearProperty(key);
    }
  }

  @Test
  void replayOnlyIdempotentIsOffByDefaultAndFollowsItsPropertyAndBuilder() {
    String key = "org.asynchttpclient.replayOnlyIdempotent";
    assertFalse(ConfigOptions.builder().build().isReplayOnlyIdempotent());
    assertTrue(ConfigOptions.builder().setReplayOnlyIdempotent(true).build().isReplayOnlyIdempotent());
    AsyncHttpClientConfig custom = new DelegatingUserConfig(ConfigOptions.builder().build());
    System.setProperty(key, "true");
    try {
      assertTrue(AsyncHttpClientConfigDefaults.defaultReplayOnlyIdempotent());
      assertTrue(ConfigOptions.builder().build().isReplayOnlyIdempotent());
      assertTrue(custom.isReplayOnlyIdempotent(), "a 3.0.11-style implementation falls back to the property");
    } finally {
      System.clearProperty(key);
    }
  }
}

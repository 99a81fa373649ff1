package org.asynchttpclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.asynchttpclient.config.AsyncHttpClientConfigDefaults;
import org.junit.jupiter.api.Test;

/**
 * The options 3.0.12 added for a host's addresses (loadBalance, failedIpCooldownEnabled,
 * failedIpCooldownPeriod) and the default it changed (http2InitialWindowSize): defaults, the
 * builder's checks, system properties, the copy constructor, a 3.0.11-style implementation; and
 * ours beside them, connectionAttemptDelay (Happy Eyeballs).
 */
class AddressOptionsConfigTest {

  @Test
  void defaultsAre3012s() {
    DefaultAsyncHttpClientConfig config = ConfigOptions.builder().build();
    assertEquals(LoadBalance.DEFAULT, config.getLoadBalance());
    assertTrue(config.isFailedIpCooldownEnabled());
    assertEquals(Duration.ofSeconds(10), config.getFailedIpCooldownPeriod());
    assertEquals(16 * 1024 * 1024, config.getHttp2InitialWindowSize());
    assertEquals(Duration.ZERO, config.getConnectionAttemptDelay(), "Happy Eyeballs is off by default");
  }

  @Test
  void theAttemptDelaySetsResetsAndRefusesNegative() {
    assertEquals(
        Duration.ofMillis(250),
        ConfigOptions.builder().setConnectionAttemptDelay(Duration.ofMillis(250)).build().getConnectionAttemptDelay());
    assertEquals(
        Duration.ZERO,
        ConfigOptions.builder()
            .setConnectionAttemptDelay(Duration.ofMillis(250))
            .setConnectionAttemptDelay(null)
            .build()
            .getConnectionAttemptDelay());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConfigOptions.builder().setConnectionAttemptDelay(Duration.ofMillis(-5)));
    assertTrue(e.getMessage().startsWith("connectionAttemptDelay: PT-0.005S"), e.getMessage());
    DefaultAsyncHttpClientConfig copy =
        new DefaultAsyncHttpClientConfig.Builder(
                ConfigOptions.builder().setConnectionAttemptDelay(Duration.ofMillis(100)).build())
            .build();
    assertEquals(Duration.ofMillis(100), copy.getConnectionAttemptDelay());
  }

  @Test
  void theAttemptDelayPropertyReachesBuiltConfigsAndCustomImplementations() {
    AsyncHttpClientConfig custom = new DelegatingUserConfig(ConfigOptions.builder().build());
    System.setProperty("org.asynchttpclient.connectionAttemptDelay", "PT0.3S");
    try {
      assertEquals(Duration.ofMillis(300), ConfigOptions.builder().build().getConnectionAttemptDelay());
      assertEquals(Duration.ofMillis(300), custom.getConnectionAttemptDelay());
    } finally {
      System.clearProperty("org.asynchttpclient.connectionAttemptDelay");
    }
  }

  @Test
  void theBuilderSetsAndResets() {
    assertEquals(
        LoadBalance.ROUND_ROBIN,
        ConfigOptions.builder().setLoadBalance(LoadBalance.ROUND_ROBIN).build().getLoadBalance());
    assertEquals(
        LoadBalance.DEFAULT,
        ConfigOptions.builder().setLoadBalance(LoadBalance.ROUND_ROBIN).setLoadBalance(null).build().getLoadBalance());
    assertFalse(ConfigOptions.builder().setFailedIpCooldownEnabled(false).build().isFailedIpCooldownEnabled());
    assertEquals(
        Duration.ofSeconds(30),
        ConfigOptions.builder().setFailedIpCooldownPeriod(Duration.ofSeconds(30)).build().getFailedIpCooldownPeriod());
    assertEquals(
        Duration.ZERO,
        ConfigOptions.builder().setFailedIpCooldownPeriod(Duration.ZERO).build().getFailedIpCooldownPeriod());
    assertEquals(
        Duration.ofSeconds(10),
        ConfigOptions.builder()
            .setFailedIpCooldownPeriod(Duration.ofSeconds(3))
            .setFailedIpCooldownPeriod(null)
            .build()
            .getFailedIpCooldownPeriod());
  }

  @Test
  void aNegativeCooldownIsRefusedWithItsName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConfigOptions.builder().setFailedIpCooldownPeriod(Duration.ofSeconds(-1)));
    assertTrue(e.getMessage().startsWith("failedIpCooldownPeriod: PT-1S"), e.getMessage());
  }

  @Test
  void theCopyConstructorKeepsThem() {
    DefaultAsyncHttpClientConfig original =
        ConfigOptions.builder()
            .setLoadBalance(LoadBalance.ROUND_ROBIN)
            .setFailedIpCooldownEnabled(false)
            .setFailedIpCooldownPeriod(Duration.ofSeconds(42))
            .build();
    DefaultAsyncHttpClientConfig copy = new DefaultAsyncHttpClientConfig.Builder(original).build();
    assertEquals(LoadBalance.ROUND_ROBIN, copy.getLoadBalance());
    assertFalse(copy.isFailedIpCooldownEnabled());
    assertEquals(Duration.ofSeconds(42), copy.getFailedIpCooldownPeriod());
  }

  @Test
  void systemPropertiesReachDefaultsBuiltConfigsAndCustomImplementations() {
    AsyncHttpClientConfig custom = new DelegatingUserConfig(ConfigOptions.builder().build());
    System.setProperty("org.asynchttpclient.loadBalance", " round_robin ");
    System.setProperty("org.asynchttpclient.failedIpCooldownEnabled", "false");
    System.setProperty("org.asynchttpclient.failedIpCooldownPeriod", "PT2S");
    try {
      assertEquals(LoadBalance.ROUND_ROBIN, AsyncHttpClientConfigDefaults.defaultLoadBalance());
      DefaultAsyncHttpClientConfig config = ConfigOptions.builder().build();
      assertEquals(LoadBalance.ROUND_ROBIN, config.getLoadBalance());
      assertFalse(config.isFailedIpCooldownEnabled());
      assertEquals(Duration.ofSeconds(2), config.getFailedIpCooldownPeriod());
      assertEquals(
          Duration.ofSeconds(2),
          ConfigOptions.builder().setFailedIpCooldownPeriod(null).build().getFailedIpCooldownPeriod(),
          "null resets to the property's value");
      assertEquals(LoadBalance.ROUND_ROBIN, custom.getLoadBalance());
      assertFalse(custom.isFailedIpCooldownEnabled());
      assertEquals(Duration.ofSeconds(2), custom.getFailedIpCooldownPeriod());
    } finally {
      System.clearProperty("org.asynchttpclient.loadBalance");
      System.clearProperty("org.asynchttpclient.failedIpCooldownEnabled");
      System.clearProperty("org.asynchttpclient.failedIpCooldownPeriod");
    }
  }

  @Test
  void anUnknownOrBlankLoadBalancePropertyMeansDefault() {
    for (String value : new String[] {"SOMETIMES", " ", ""}) {
      System.setProperty("org.asynchttpclient.loadBalance", value);
      try {
        assertEquals(LoadBalance.DEFAULT, AsyncHttpClientConfigDefaults.defaultLoadBalance(), "'" + value + "'");
        assertEquals(LoadBalance.DEFAULT, ConfigOptions.builder().build().getLoadBalance(), "'" + value + "'");
      } finally {
        System.clearProperty("org.asynchttpclient.loadBalance");
      }
    }
  }
}

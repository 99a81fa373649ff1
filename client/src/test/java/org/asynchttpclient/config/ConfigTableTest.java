package org.asynchttpclient.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import org.asynchttpclient.LoadBalance;
import org.junit.jupiter.api.Test;

/** The rows of {@link ConfigTable} and the values kept by {@link ConfigValues}. */
class ConfigTableTest {

  @Test
  void eachRowIsIndexedByItsPosition() {
    for (int i = 0; i < ConfigTable.ALL.size(); i++) {
      assertEquals(i, ConfigTable.ALL.get(i).index, ConfigTable.ALL.get(i).name());
    }
  }

  @Test
  void onlyTheseOptionsGiveNullAMeaning() {
    // Every other row refuses null naming the option; a new exception belongs in this list.
    Set<String> acceptingNull = new TreeSet<>();
    for (ConfigOption<?> option : ConfigTable.ALL) {
      try {
        option.checked(null);
        acceptingNull.add(option.name());
      } catch (NullPointerException e) {
        // Messages use the builder setter's spelling (3.0.11: setHashedWheelTickDuration).
        assertEquals(option.name().replace("hashedWheelTimer", "hashedWheel")
            + ": null (expected a value)", e.getMessage());
      } catch (IllegalArgumentException e) {
        // AHC 3.0.14's build() refuses a null http2PingInterval so; the only one.
        assertEquals("http2PingInterval", option.name());
        assertEquals("http2PingInterval: null (expected a duration, zero for none)", e.getMessage());
      }
    }
    assertEquals(new TreeSet<>(Set.of("userAgent", "enabledProtocols", "enabledCipherSuites",
        "loadBalance", "failedIpCooldownPeriod", "connectionAttemptDelay",
        "deadlinePropagationHeader", "hedgeDelay")), acceptingNull);
  }

  @Test
  void nullMeansWhatTheRowSays() {
    assertEquals(LoadBalance.DEFAULT, ConfigTable.LOAD_BALANCE.checked(null));
    assertEquals(ConfigTable.FAILED_IP_COOLDOWN_PERIOD.defaultValue(),
        ConfigTable.FAILED_IP_COOLDOWN_PERIOD.checked(null));
    assertEquals(null, ConfigTable.DEADLINE_PROPAGATION_HEADER.checked(""));
  }

  @Test
  void aRefusedValueLeavesThePreviousOneAndNamesTheOption() {
    ConfigValues values = ConfigValues.defaults();
    values.set(ConfigTable.READ_TIMEOUT, Duration.ofSeconds(3));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> values.set(ConfigTable.READ_TIMEOUT, Duration.ofMillis(-5)));
    assertEquals("readTimeout: PT-0.005S (expected >= 0, or -1 ms for none)", e.getMessage());
    assertEquals(Duration.ofSeconds(3), values.get(ConfigTable.READ_TIMEOUT));
    e = assertThrows(IllegalArgumentException.class,
        () -> values.set(ConfigTable.DEADLINE_PROPAGATION_HEADER, "x budget"));
    assertEquals("deadlinePropagationHeader: \"x budget\" (expected an HTTP header name, a token)",
        e.getMessage());
  }

  @Test
  void arraysAreNotShared() {
    ConfigValues values = ConfigValues.defaults();
    String[] protocols = {"TLSv1.3"};
    values.set(ConfigTable.ENABLED_PROTOCOLS, protocols);
    protocols[0] = "changed";
    values.get(ConfigTable.ENABLED_PROTOCOLS)[0] = "changed too";
    ConfigValues copy = values.copy();
    values.set(ConfigTable.ENABLED_PROTOCOLS, new String[] {"TLSv1.2"});
    assertEquals("TLSv1.3", copy.get(ConfigTable.ENABLED_PROTOCOLS)[0]);
  }
}

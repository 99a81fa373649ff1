package org.asynchttpclient.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SensitiveLoggingUtilsTest {

  private static final List<String> SENSITIVE =
      List.of("Authorization", "proxy-authorization", "COOKIE", "Set-Cookie");

  @Test
  void credentialAndSessionHeadersAreRedactedByDefault() {
    // The test JVM sets neither the property nor the environment variable.
    assertEquals("<redacted>", SensitiveLoggingUtils.REDACTED);
    for (String name : SENSITIVE) {
      assertTrue(SensitiveLoggingUtils.isSensitiveHeader(name), name);
    }
    for (String name : List.of("Accept", "WWW-Authenticate", "Proxy-Authenticate", "X-Cookie", "")) {
      assertFalse(SensitiveLoggingUtils.isSensitiveHeader(name), name);
    }
  }

  @Test
  void switchedOnNothingIsRedacted() {
    for (String name : SENSITIVE) {
      assertFalse(SensitiveLoggingUtils.isSensitiveHeader(name, true), name);
    }
  }

  @Test
  void thePropertyWinsOverTheEnvironmentWhenSet() {
    assertFalse(SensitiveLoggingUtils.enabledBy(null, null));
    assertTrue(SensitiveLoggingUtils.enabledBy(null, "TRUE"));
    assertTrue(SensitiveLoggingUtils.enabledBy("true", null));
    assertFalse(SensitiveLoggingUtils.enabledBy("false", "true"));
    assertTrue(SensitiveLoggingUtils.enabledBy("True", "false"));
    assertFalse(SensitiveLoggingUtils.enabledBy("yes", null));
    assertEquals("org.asynchttpclient.enableSensitiveLogging", SensitiveLoggingUtils.PROPERTY);
    assertEquals("AHC_ENABLE_SENSITIVE_LOGGING", SensitiveLoggingUtils.ENVIRONMENT_VARIABLE);
  }
}

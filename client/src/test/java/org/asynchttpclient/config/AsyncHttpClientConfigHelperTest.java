package org.asynchttpclient.config;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.asynchttpclient.config.AsyncHttpClientConfigHelper.Config;
import org.junit.jupiter.api.Test;

class AsyncHttpClientConfigHelperTest {

  private static final String KEY = "org.asynchttpclient.test.helperKey";

  /** Files served by name; a test edits the map and calls reload(). */
  private final Map<String, String> files = new HashMap<>();

  private Config config() {
    return new Config(name -> {
      String text = files.get(name);
      return text == null ? null : new ByteArrayInputStream(text.getBytes(ISO_8859_1));
    });
  }

  @Test
  void customFileOverridesDefaultsAndSystemPropertyOverridesBoth() {
    files.put(Config.DEFAULT_AHC_PROPERTIES, KEY + "=fromDefaults\nother=kept\n");
    files.put(Config.CUSTOM_AHC_PROPERTIES, KEY + "=fromCustom\n");
    Config config = config();
    assertEquals("fromCustom", config.getString(KEY));
    assertEquals("kept", config.getString("other"));
    System.setProperty(KEY, "fromSystem");
    try {
      assertEquals("fromSystem", config.getString(KEY));
    } finally {
      System.clearProperty(KEY);
    }
    assertEquals("fromCustom", config.getString(KEY));
  }

  @Test
  void reloadRereadsTheFiles() {
    files.put(Config.DEFAULT_AHC_PROPERTIES, KEY + "=1\n");
    Config config = config();
    assertEquals(1, config.getInt(KEY));
    files.put(Config.CUSTOM_AHC_PROPERTIES, KEY + "=2\n");
    assertEquals(1, config.getInt(KEY));
    config.reload();
    assertEquals(2, config.getInt(KEY));
  }

  @Test
  void theDefaultsFileIsRequired() {
    IllegalStateException e = assertThrows(IllegalStateException.class, this::config);
    assertTrue(String.valueOf(e.getMessage()).startsWith("ahc-default.properties: not found"),
        e.getMessage());
  }

  @Test
  void durationsAcceptIso8601AndMilliseconds() {
    files.put(Config.DEFAULT_AHC_PROPERTIES,
        "iso=PT1.5S\nnegative=-PT0.001S\nmillis=1500\nminus=-1\nbad=soon\n");
    Config config = config();
    assertEquals(Duration.ofMillis(1500), config.getDuration("iso"));
    assertEquals(Duration.ofMillis(-1), config.getDuration("negative"));
    assertEquals(Duration.ofMillis(1500), config.getDuration("millis"));
    assertEquals(Duration.ofMillis(-1), config.getDuration("minus"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> config.getDuration("bad"));
    assertEquals("bad: 'soon' (expected an ISO-8601 duration such as PT30S, or milliseconds)", e.getMessage());
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> config.getDuration("none"));
    assertEquals("none: not set (expected an ISO-8601 duration such as PT30S, or milliseconds)",
        missing.getMessage());
  }

  @Test
  void intsAreTrimmedAndMalformedOnesNamed() {
    files.put(Config.DEFAULT_AHC_PROPERTIES, "n=42  \nbad=4x\n");
    Config config = config();
    assertEquals(42, config.getInt("n"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> config.getInt("bad"));
    assertEquals("bad: '4x' (expected an integer)", e.getMessage());
  }

  @Test
  void booleansAreTrueOnlyForTrue() {
    files.put(Config.DEFAULT_AHC_PROPERTIES, "a=TRUE\nb=yes\nc=\n");
    Config config = config();
    assertTrue(config.getBoolean("a"));
    assertFalse(config.getBoolean("b"));
    assertFalse(config.getBoolean("c"));
    assertFalse(config.getBoolean("missing"));
  }

  @Test
  void stringArraysAreTrimmedAndBlankMeansNone() {
    files.put(Config.DEFAULT_AHC_PROPERTIES, "list= TLSv1.3 , ,TLSv1.2\nempty=\nblank=   \n");
    Config config = config();
    assertArrayEquals(new String[] {"TLSv1.3", "TLSv1.2"}, config.getStringArray("list"));
    assertNull(config.getStringArray("empty"));
    assertNull(config.getStringArray("blank"));
    assertNull(config.getStringArray("missing"));
  }

  @Test
  void theSharedConfigIsCreatedOnceAndReadsTheShippedDefaults() {
    Config shared = AsyncHttpClientConfigHelper.getAsyncHttpClientConfig();
    assertSame(shared, AsyncHttpClientConfigHelper.getAsyncHttpClientConfig());
    AsyncHttpClientConfigHelper.reloadProperties();
    assertSame(shared, AsyncHttpClientConfigHelper.getAsyncHttpClientConfig());
    assertEquals("AHC/2.1", shared.getString("org.asynchttpclient.userAgent"));
  }

  @Test
  void theVersionIsNeverNull() {
    assertFalse(AsyncHttpClientConfigDefaults.AHC_VERSION.isBlank());
  }
}

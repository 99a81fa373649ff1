package org.asynchttpclient.config;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.util.Map;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.config.AsyncHttpClientConfigHelper.Config;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code maxInflatedResponseBodySize}, this client's former name for AHC 3.0.13's {@code
 * maxDecompressedResponseSize}: a property of the former name still sets the option, unless the
 * option's own name is set by the user too, which then wins.
 */
class FormerKeyTest {
  private static final String OPTION = "org.asynchttpclient.maxDecompressedResponseSize";
  private static final String FORMER = "org.asynchttpclient.maxInflatedResponseBodySize";

  @AfterEach
  void clear() {
    System.clearProperty(OPTION);
    System.clearProperty(FORMER);
  }

  @Test
  void theFormerKeyAloneSetsTheOption() {
    System.setProperty(FORMER, "1234");
    assertEquals(1234L, AsyncHttpClientConfigDefaults.defaultMaxDecompressedResponseSize());
    assertEquals(1234L, new DefaultAsyncHttpClientConfig.Builder().build().getMaxDecompressedResponseSize());
    System.setProperty(FORMER, "-1");
    assertEquals(-1L, AsyncHttpClientConfigDefaults.defaultMaxDecompressedResponseSize());
  }

  @Test
  void theOptionsOwnKeyWinsWhenBothAreSet() {
    System.setProperty(FORMER, "1234");
    System.setProperty(OPTION, "5678");
    assertEquals(5678L, AsyncHttpClientConfigDefaults.defaultMaxDecompressedResponseSize());
  }

  @Test
  void aBlankFormerKeyIsIgnoredAndNothingSetGivesTheShippedDefault() {
    assertEquals(268_435_456L, AsyncHttpClientConfigDefaults.defaultMaxDecompressedResponseSize());
    System.setProperty(FORMER, " ");
    assertEquals(268_435_456L, AsyncHttpClientConfigDefaults.defaultMaxDecompressedResponseSize());
  }

  @Test
  @SuppressWarnings("deprecation") // The former name is what is tested.
  void theFormerDefaultMethodReadsTheOptionWithTheFormerNoLimitValue() {
    assertEquals(268_435_456L, AsyncHttpClientConfigDefaults.defaultMaxInflatedResponseBodySize());
    System.setProperty(OPTION, "0");
    assertEquals(-1L, AsyncHttpClientConfigDefaults.defaultMaxInflatedResponseBodySize());
  }

  @Test
  void aKeyIsSetByTheUserInAhcPropertiesOrAsASystemPropertyNotInTheShippedDefaults() {
    Map<String, String> files = Map.of(
        Config.DEFAULT_AHC_PROPERTIES, "a=1\nb=1\n",
        Config.CUSTOM_AHC_PROPERTIES, "b=2\n");
    Config config = new Config(name -> files.containsKey(name)
        ? new ByteArrayInputStream(files.get(name).getBytes(ISO_8859_1)) : null);
    assertFalse(config.isSetByUser("a"));
    assertTrue(config.isSetByUser("b"));
    System.setProperty(OPTION, "1");
    assertTrue(config.isSetByUser(OPTION));
  }
}

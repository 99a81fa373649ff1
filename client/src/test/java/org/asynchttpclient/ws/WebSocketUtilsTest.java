package org.asynchttpclient.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WebSocketUtilsTest {

  @Test
  void keysAreSixteenBytesFromASecureRandom() {
    // Whether bytes are predictable cannot be seen in a sample; what can is the source they come
    // from, which AHC 3.0.12 made a SecureRandom.
    assertInstanceOf(SecureRandom.class, WebSocketUtils.KEY_RANDOM);
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 100; i++) {
      String key = WebSocketUtils.getWebSocketKey();
      assertEquals(16, Base64.getDecoder().decode(key).length, key);
      seen.add(key);
    }
    assertEquals(100, seen.size());
  }

  @Test
  void acceptKeyIsTheOneOfRfc6455sExample() {
    assertEquals(
        "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", WebSocketUtils.getAcceptKey("dGhlIHNhbXBsZSBub25jZQ=="));
  }
}

package org.asynchttpclient.netty.request;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.asynchttpclient.util.HttpSyntaxChecks;
import org.junit.jupiter.api.Test;

/** The character classes the wire checks use, over every char. */
class WireSyntaxTest {

  @Test
  void tokenCharsAreExactlyThoseOfRfc9110() {
    for (int i = 0; i <= Character.MAX_VALUE; i++) {
      char c = (char) i;
      boolean tchar =
          c >= 'a' && c <= 'z'
              || c >= 'A' && c <= 'Z'
              || c >= '0' && c <= '9'
              || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
      assertEquals(tchar, HttpSyntaxChecks.isTokenChar(c), () -> "char " + (int) c);
    }
  }

  @Test
  void aHostRefusesWhitespaceControlsAndDelimitersAndNothingElse() {
    for (int i = 0; i <= Character.MAX_VALUE; i++) {
      char c = (char) i;
      String host = "a" + c + "b";
      if (c <= ' ' || c == 0x7f || "/?#@\\\"<>".indexOf(c) >= 0) {
        assertThrows(IllegalArgumentException.class, () -> WireSyntax.checkHost("host", host), () -> "char " + (int) c);
      } else {
        assertDoesNotThrow(() -> WireSyntax.checkHost("host", host), () -> "char " + (int) c);
      }
    }
  }
}

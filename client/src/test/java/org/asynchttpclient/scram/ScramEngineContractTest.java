package org.asynchttpclient.scram;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import org.junit.jupiter.api.Test;

/**
 * What callers of the public {@link ScramEngine} helpers can observe, as in AHC 3.0.11: the nonce's
 * length and alphabet, the in-place xor, and the OpaqueString preparation of the password (RFC 8265,
 * which RFC 7804 names for SCRAM over HTTP).
 */
class ScramEngineContractTest {

  @Test
  void aNonceIsTheBase64OfThatManyRandomBytes() {
    String a = ScramEngine.generateNonce(24);
    String b = ScramEngine.generateNonce(24);
    assertEquals(32, a.length(), a);
    assertEquals(24, Base64.getDecoder().decode(a).length);
    assertNotEquals(a, b);
    assertFalse(a.contains(","), a);
    assertEquals(4, ScramEngine.generateNonce(1).length(), "one byte, padded to a base64 quantum");
  }

  @Test
  void xorWritesIntoItsFirstArgumentAndTheProofKeepsTheClientKey() {
    byte[] left = {0x10, 0x20, 0x30};
    byte[] right = {0x01, 0x02, 0x03};
    byte[] out = ScramEngine.xor(left, right);
    assertSame(left, out);
    assertArrayEquals(new byte[] {0x11, 0x22, 0x33}, left);
    assertArrayEquals(new byte[] {0x01, 0x02, 0x03}, right);

    byte[] clientKey = {0x0F, 0x0F};
    byte[] proof = ScramEngine.computeClientProof(clientKey, new byte[] {0x01, 0x10});
    assertArrayEquals(new byte[] {0x0E, 0x1F}, proof);
    assertArrayEquals(new byte[] {0x0F, 0x0F}, clientKey, "the client key is still needed after the proof");
    ScramException e = assertThrows(ScramException.class, () -> ScramEngine.xor(new byte[2], new byte[3]));
    assertTrue(e.getMessage().contains("2") && e.getMessage().contains("3"), e.getMessage());
  }

  @Test
  void thePasswordKeepsWidthAndCompatibilityCharactersAndIsComposed() {
    assertEquals("\uFF21\uFF42", ScramEngine.normalizePassword("\uFF21\uFF42"), "fullwidth letters");
    assertEquals("\u00BD", ScramEngine.normalizePassword("\u00BD"), "vulgar fraction one half");
    assertEquals("\u2168", ScramEngine.normalizePassword("\u2168"), "roman numeral nine");
    assertEquals("Caf\u00E9", ScramEngine.normalizePassword("Cafe\u0301"), "NFC composes");
    assertEquals("a\u00ADb", ScramEngine.normalizePassword("a\u00ADb"), "nothing is mapped away");
    assertEquals("a b c", ScramEngine.normalizePassword("a\u00A0b\u3000c"), "other spaces become U+0020");
    assertEquals("", ScramEngine.normalizePassword(""));
  }

  @Test
  void tabLineFeedAndCarriageReturnAreAllowedOtherControlsAreNot() {
    assertEquals("a\tb\nc\rd", ScramEngine.normalizePassword("a\tb\nc\rd"));
    for (String bad : new String[] {"se\u0000cret", "se\u0007cret", "se\u007Fcret", "se\u0085cret",
        "se\uFDD0cret", "se\uFFFEcret", "se\u0378cret", "se\uD800cret"}) {
      ScramException e = assertThrows(ScramException.class, () -> ScramEngine.normalizePassword(bad),
          () -> "U+" + Integer.toHexString(bad.charAt(2)));
      assertTrue(e.getMessage().contains("index 2"), e.getMessage());
      assertFalse(e.getMessage().contains("cret"), "the password stays out of the message: " + e.getMessage());
    }
  }
}

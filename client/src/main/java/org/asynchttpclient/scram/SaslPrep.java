package org.asynchttpclient.scram;

import java.text.Normalizer;

/**
 * SASLprep (RFC 4013) of a password, as a "query" string: non-ASCII spaces become U+0020, the
 * characters RFC 3454 table B.1 maps to nothing are dropped, the result is NFKC-normalised, and
 * prohibited characters (controls, private use, non-characters, surrogates, tagging and
 * display-changing characters) are refused. The bidirectional rule of RFC 3454 section 6 is not
 * checked; passwords that need it are rare and the server applies its own preparation.
 *
 * <p>Stateless; any thread. Errors name the code point's position, never the password.
 */
final class SaslPrep {
  private SaslPrep() {}

  static String prepare(String s) {
    StringBuilder mapped = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      if (mappedToNothing(cp)) {
        continue;
      }
      if (cp != ' ' && Character.getType(cp) == Character.SPACE_SEPARATOR) {
        mapped.append(' ');
      } else {
        mapped.appendCodePoint(cp);
      }
    }
    String normalized = Normalizer.normalize(mapped, Normalizer.Form.NFKC);
    for (int i = 0; i < normalized.length(); ) {
      int cp = normalized.codePointAt(i);
      if (prohibited(cp)) {
        throw new ScramException("password: prohibited character U+" + Integer.toHexString(cp).toUpperCase(java.util.Locale.ROOT)
            + " at index " + i + " (RFC 4013 section 2.3)");
      }
      i += Character.charCount(cp);
    }
    return normalized;
  }

  /** RFC 3454 table B.1. */
  private static boolean mappedToNothing(int cp) {
    return cp == 0x00AD || cp == 0x034F || cp == 0x1806 || (cp >= 0x180B && cp <= 0x180D)
        || (cp >= 0x200B && cp <= 0x200D) || cp == 0x2060 || (cp >= 0xFE00 && cp <= 0xFE0F)
        || cp == 0xFEFF;
  }

  /** RFC 4013 section 2.3: RFC 3454 tables C.2.1 to C.9 (C.1.2 is already mapped to a space). */
  private static boolean prohibited(int cp) {
    int type = Character.getType(cp);
    if (type == Character.CONTROL || type == Character.PRIVATE_USE || type == Character.SURROGATE) {
      return true; // C.2.1, C.2.2 (in part), C.3, C.5
    }
    if ((cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE) {
      return true; // C.4 non-characters
    }
    if (cp >= 0xFFF9 && cp <= 0xFFFD) {
      return true; // C.6 inappropriate for plain text, C.7 canonical representation
    }
    if ((cp >= 0x2FF0 && cp <= 0x2FFB) || cp == 0x0340 || cp == 0x0341 || cp == 0x200E
        || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x206A && cp <= 0x206F)) {
      return true; // C.7, C.8
    }
    return cp == 0xE0001 || (cp >= 0xE0020 && cp <= 0xE007F); // C.9 tagging
  }
}

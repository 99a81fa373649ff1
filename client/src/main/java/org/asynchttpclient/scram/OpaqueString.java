package org.asynchttpclient.scram;

import java.text.Normalizer;
import java.util.Locale;

/**
 * A password prepared the way RFC 7804 section 5 asks for SCRAM over HTTP: the OpaqueString profile
 * of RFC 8265 (formerly RFC 7613), as AHC 3.0.11 applies it. Non-ASCII spaces become U+0020, width
 * and case are kept, the result is NFC-normalised (so U+00BD and fullwidth letters survive, unlike
 * SASLprep's NFKC), and a code point is refused when it is a C0 control other than tab, line feed
 * and carriage return, DEL, a C1 control, a surrogate, a non-character or unassigned.
 *
 * <p>The servers we talk to derive their stored keys from the same preparation; a stricter one
 * here would turn a password the server accepts into a failed login.
 *
 * <p>Stateless; any thread. Errors name the code point's position, never the password.
 */
final class OpaqueString {
  private OpaqueString() {}

  static String prepare(String s) {
    StringBuilder mapped = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      if (cp != ' ' && Character.getType(cp) == Character.SPACE_SEPARATOR) {
        mapped.append(' ');
      } else {
        mapped.appendCodePoint(cp);
      }
    }
    String normalized = Normalizer.normalize(mapped, Normalizer.Form.NFC);
    for (int i = 0; i < normalized.length(); ) {
      int cp = normalized.codePointAt(i);
      if (prohibited(cp)) {
        throw new ScramException("password: prohibited character U+"
            + Integer.toHexString(cp).toUpperCase(Locale.ROOT) + " at index " + i
            + " (expected no controls other than tab, line feed and carriage return, no surrogates,"
            + " non-characters or unassigned code points)");
      }
      i += Character.charCount(cp);
    }
    return normalized;
  }

  private static boolean prohibited(int cp) {
    if (cp < 0x20) {
      return cp != '\t' && cp != '\n' && cp != '\r';
    }
    if (cp >= 0x7F && cp <= 0x9F) {
      return true; // DEL and the C1 controls
    }
    if ((cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE) {
      return true; // non-characters, in every plane
    }
    int type = Character.getType(cp);
    return type == Character.SURROGATE || type == Character.UNASSIGNED;
  }
}

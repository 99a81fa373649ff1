package org.asynchttpclient.testing;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The server side of HTTP Digest (RFC 7616) for loopback tests: parses an {@code Authorization:
 * Digest ...} value and checks its response against the password the test knows, computed here
 * independently of the client's code.
 */
public final class DigestVerifier {
  private DigestVerifier() {}

  /** The auth-params of a Digest credentials value, unquoted, in the order they are written. */
  public static Map<String, String> params(String header) {
    Map<String, String> out = new LinkedHashMap<>();
    String s = header.trim();
    if (!s.regionMatches(true, 0, "Digest ", 0, 7)) {
      return out;
    }
    int i = 7;
    while (i < s.length()) {
      while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == ',')) {
        i++;
      }
      int eq = s.indexOf('=', i);
      if (eq < 0) {
        break;
      }
      String name = s.substring(i, eq).trim().toLowerCase(java.util.Locale.ROOT);
      i = eq + 1;
      StringBuilder value = new StringBuilder();
      if (i < s.length() && s.charAt(i) == '"') {
        i++;
        while (i < s.length() && s.charAt(i) != '"') {
          if (s.charAt(i) == '\\' && i + 1 < s.length()) {
            i++;
          }
          value.append(s.charAt(i++));
        }
        i++;
      } else {
        while (i < s.length() && s.charAt(i) != ',') {
          value.append(s.charAt(i++));
        }
      }
      out.put(name, value.toString().trim());
    }
    return out;
  }

  /**
   * Whether {@code p} (from {@link #params}) proves knowledge of {@code password} for this method,
   * request target and body.
   */
  public static boolean valid(Map<String, String> p, String password, String method, String uri, String body) {
    String algorithm = p.getOrDefault("algorithm", "MD5");
    String qop = p.get("qop");
    String ha1 = hash(algorithm, p.get("username") + ":" + p.get("realm") + ":" + password);
    String a2 = method + ":" + uri;
    if ("auth-int".equals(qop)) {
      a2 = a2 + ":" + hash(algorithm, body);
    }
    String ha2 = hash(algorithm, a2);
    String expected =
        qop == null
            ? hash(algorithm, ha1 + ":" + p.get("nonce") + ":" + ha2)
            : hash(
                algorithm,
                ha1 + ":" + p.get("nonce") + ":" + p.get("nc") + ":" + p.get("cnonce") + ":" + qop + ":" + ha2);
    return uri.equals(p.get("uri")) && expected.equals(p.get("response"));
  }

  public static String hash(String algorithm, String text) {
    try {
      MessageDigest md = MessageDigest.getInstance(algorithm.equalsIgnoreCase("SHA-256") ? "SHA-256" : "MD5");
      StringBuilder hex = new StringBuilder();
      for (byte b : md.digest(text.getBytes(StandardCharsets.ISO_8859_1))) {
        hex.append(String.format("%02x", b));
      }
      return hex.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}

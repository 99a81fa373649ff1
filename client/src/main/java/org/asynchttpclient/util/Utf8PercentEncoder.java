package org.asynchttpclient.util;

import java.nio.charset.StandardCharsets;
import java.util.BitSet;

/**
 * UTF-8 percent-encoding (RFC 3986 section 2.1) for the parts of a request URI and for
 * {@code application/x-www-form-urlencoded} bodies.
 *
 * <p>The {@code fix...} methods are lenient: they keep every character that is legal in the component and
 * every well-formed {@code %XX} escape, and encode the rest (including a {@code %} that starts no valid
 * escape). The {@code append...Element} methods encode one query or form name or value completely, so
 * that reserved characters such as {@code &} or {@code =} inside it cannot change the structure.
 */
public final class Utf8PercentEncoder {

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  /** RFC 3986 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~". */
  private static final BitSet UNRESERVED = new BitSet(128);
  /** pchar without pct-encoded: unreserved / sub-delims / ":" / "@". */
  private static final BitSet PCHAR = new BitSet(128);
  /** What a path may hold as is: pchar and "/". */
  private static final BitSet PATH = new BitSet(128);
  /** What a query may hold as is: pchar, "/" and "?". */
  private static final BitSet QUERY = new BitSet(128);
  /** The characters the WHATWG URL standard leaves alone in form-urlencoded data. */
  private static final BitSet FORM_SAFE = new BitSet(128);
  /** PATH plus every "%", well-formed escape or not: what 3.0.11's encoder keeps in a path. */
  private static final BitSet PATH_KEEPING_PERCENT = new BitSet(128);
  /** QUERY plus every "%": what 3.0.11's encoder keeps in a query. */
  private static final BitSet QUERY_KEEPING_PERCENT = new BitSet(128);

  static {
    for (char c = 'a'; c <= 'z'; c++) {
      UNRESERVED.set(c);
      FORM_SAFE.set(c);
    }
    for (char c = 'A'; c <= 'Z'; c++) {
      UNRESERVED.set(c);
      FORM_SAFE.set(c);
    }
    for (char c = '0'; c <= '9'; c++) {
      UNRESERVED.set(c);
      FORM_SAFE.set(c);
    }
    for (char c : "-._~".toCharArray()) {
      UNRESERVED.set(c);
    }
    for (char c : "-._*".toCharArray()) {
      FORM_SAFE.set(c);
    }
    PCHAR.or(UNRESERVED);
    for (char c : "!$&'()*+,;=:@".toCharArray()) {
      PCHAR.set(c);
    }
    PATH.or(PCHAR);
    PATH.set('/');
    QUERY.or(PCHAR);
    QUERY.set('/');
    QUERY.set('?');
    PATH_KEEPING_PERCENT.or(PATH);
    PATH_KEEPING_PERCENT.set('%');
    QUERY_KEEPING_PERCENT.or(QUERY);
    QUERY_KEEPING_PERCENT.set('%');
  }

  private Utf8PercentEncoder() {}

  /** Encodes what may not stand in a URI path; keeps {@code /} and existing {@code %XX} escapes. */
  public static String fixPath(String path) {
    return fix(path, PATH);
  }

  /** Encodes what may not stand in a URI query; keeps {@code &}, {@code =} and existing {@code %XX} escapes. */
  public static String fixQuery(String query) {
    return fix(query, QUERY);
  }

  /** Appends a query parameter name or value, encoding everything but ALPHA, DIGIT and {@code -._*}; space is %20. */
  public static StringBuilder appendQueryElement(StringBuilder sb, CharSequence element) {
    return appendEncoded(sb, element, FORM_SAFE, false);
  }

  /** Appends a form parameter name or value as {@code application/x-www-form-urlencoded}; space is {@code +}. */
  public static StringBuilder appendFormElement(StringBuilder sb, CharSequence element) {
    return appendEncoded(sb, element, FORM_SAFE, true);
  }

  /** Encodes a query parameter name or value; see {@link #appendQueryElement}. */
  public static String encodeQueryElement(CharSequence element) {
    return appendQueryElement(new StringBuilder(element.length() + 8), element).toString();
  }

  /** Encodes a form parameter name or value; see {@link #appendFormElement}. */
  public static String encodeFormElement(CharSequence element) {
    return appendFormElement(new StringBuilder(element.length() + 8), element).toString();
  }

  /** Encodes everything but the RFC 3986 unreserved characters (as OAuth 1.0 signatures require). */
  public static String encodeStrict(CharSequence element) {
    return appendStrict(new StringBuilder(element.length() + 8), element).toString();
  }

  /** Appends {@code element} encoding everything but the RFC 3986 unreserved characters. */
  public static StringBuilder appendStrict(StringBuilder sb, CharSequence element) {
    return appendEncoded(sb, element, UNRESERVED, false);
  }

  /**
   * Encodes what may not stand in a URI path but keeps every {@code %} as it is, whether or not an
   * escape follows (3.0.11's {@code Utf8UrlEncoder.encodePath}); returns {@code path} itself when
   * nothing changes.
   */
  public static String encodePathKeepingPercent(String path) {
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      if (c >= 128 || !PATH_KEEPING_PERCENT.get(c)) {
        StringBuilder sb = new StringBuilder(path.length() + 16).append(path, 0, i);
        return appendEncoded(sb, path.substring(i), PATH_KEEPING_PERCENT, false).toString();
      }
    }
    return path;
  }

  /**
   * Encodes what may not stand in a URI query but keeps every {@code %}, as {@link
   * #appendQueryKeepingPercent} does; returns {@code query} itself when nothing changes.
   */
  public static String encodeQueryKeepingPercent(String query) {
    for (int i = 0; i < query.length(); i++) {
      char c = query.charAt(i);
      if (c >= 128 || !QUERY_KEEPING_PERCENT.get(c)) {
        StringBuilder sb = new StringBuilder(query.length() + 16).append(query, 0, i);
        return appendEncoded(sb, query.substring(i), QUERY_KEEPING_PERCENT, false).toString();
      }
    }
    return query;
  }

  /** Appends {@code query}, encoding what may not stand in a URI query but keeping every {@code %}. */
  public static StringBuilder appendQueryKeepingPercent(StringBuilder sb, CharSequence query) {
    return appendEncoded(sb, query, QUERY_KEEPING_PERCENT, false);
  }

  private static String fix(String s, BitSet allowed) {
    int i = 0;
    int n = s.length();
    // Most URIs need no fixing: return the same instance when nothing changes.
    while (i < n && keepsAsIs(s, i, allowed)) {
      i++;
    }
    if (i == n) {
      return s;
    }
    StringBuilder sb = new StringBuilder(n + 16).append(s, 0, i);
    while (i < n) {
      if (keepsAsIs(s, i, allowed)) {
        sb.append(s.charAt(i));
        i++;
      } else {
        int cp = s.codePointAt(i);
        appendUtf8Escaped(sb, cp);
        i += Character.charCount(cp);
      }
    }
    return sb.toString();
  }

  private static boolean keepsAsIs(String s, int i, BitSet allowed) {
    char c = s.charAt(i);
    if (c == '%') {
      return i + 2 < s.length() && isHex(s.charAt(i + 1)) && isHex(s.charAt(i + 2));
    }
    return c < 128 && allowed.get(c);
  }

  private static boolean isHex(char c) {
    return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
  }

  private static StringBuilder appendEncoded(StringBuilder sb, CharSequence s, BitSet safe, boolean spaceAsPlus) {
    for (int i = 0; i < s.length(); ) {
      int cp = Character.codePointAt(s, i);
      if (cp < 128 && safe.get(cp)) {
        sb.append((char) cp);
      } else if (cp == ' ' && spaceAsPlus) {
        sb.append('+');
      } else {
        appendUtf8Escaped(sb, cp);
      }
      i += Character.charCount(cp);
    }
    return sb;
  }

  private static void appendUtf8Escaped(StringBuilder sb, int codePoint) {
    if (codePoint < 0x80) {
      appendEscapedByte(sb, codePoint);
      return;
    }
    // A lone surrogate has no UTF-8 form; String.getBytes maps it to '?' as the JDK encoders do.
    byte[] bytes = new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8);
    for (byte b : bytes) {
      appendEscapedByte(sb, b & 0xff);
    }
  }

  private static void appendEscapedByte(StringBuilder sb, int b) {
    sb.append('%').append(HEX[b >> 4]).append(HEX[b & 0xf]);
  }
}

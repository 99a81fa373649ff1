package org.asynchttpclient.util;

import org.jetbrains.annotations.Nullable;

/**
 * Checks of request-line and header syntax (RFC 9110) done where a value enters the request model, so
 * that a CR, LF or NUL smuggled into a method, header name or header value is refused with a message that
 * names it, long before anything is written to a socket.
 */
public final class HttpSyntaxChecks {

  private HttpSyntaxChecks() {}

  /** Whether {@code c} is a {@code tchar} of RFC 9110 section 5.6.2. */
  public static boolean isTokenChar(char c) {
    if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
      return true;
    }
    switch (c) {
      case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+': case '-': case '.':
      case '^': case '_': case '`': case '|': case '~':
        return true;
      default:
        return false;
    }
  }

  /** Whether {@code s} is a non-empty token. */
  public static boolean isToken(@Nullable CharSequence s) {
    if (s == null || s.length() == 0) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (!isTokenChar(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Returns {@code method} if it is an HTTP token.
   *
   * @throws IllegalArgumentException naming the value otherwise
   */
  public static String requireMethod(@Nullable String method) {
    if (method == null || !isToken(method)) {
      throw new IllegalArgumentException(
          "method: " + quote(method) + " (expected an HTTP token such as GET or POST: no spaces, CR, LF or separators)");
    }
    return method;
  }

  /**
   * Returns {@code name} if it is a valid header name (a token).
   *
   * @throws IllegalArgumentException naming the header otherwise
   */
  public static CharSequence requireHeaderName(@Nullable CharSequence name) {
    if (name == null || !isToken(name)) {
      throw new IllegalArgumentException(
          "header name: " + quote(name) + " (expected an HTTP token: no spaces, CR, LF, NUL or separators)");
    }
    return name;
  }

  /**
   * Refuses a header value that contains CR, LF or NUL: such a value would split the header block.
   *
   * @throws IllegalArgumentException naming the header otherwise
   */
  public static void requireHeaderValue(CharSequence name, @Nullable Object value) {
    if (value == null) {
      return;
    }
    CharSequence text = value instanceof CharSequence ? (CharSequence) value : String.valueOf(value);
    int bad = indexOfLineBreakOrNul(text);
    if (bad >= 0) {
      throw new IllegalArgumentException("header '" + printable(name) + "': value " + quote(text)
          + " contains " + describe(text.charAt(bad)) + " at index " + bad
          + " (expected no CR, LF or NUL in a header value)");
    }
  }

  /** Index of the first CR, LF or NUL in {@code s}, or -1. */
  public static int indexOfLineBreakOrNul(CharSequence s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\r' || c == '\n' || c == '\0') {
        return i;
      }
    }
    return -1;
  }

  /** Names a character for an error message. */
  public static String describe(char c) {
    switch (c) {
      case '\r':
        return "CR";
      case '\n':
        return "LF";
      case '\0':
        return "NUL";
      case ' ':
        return "a space";
      case '\t':
        return "a TAB";
      default:
        return String.format("character U+%04X", (int) c);
    }
  }

  /**
   * Renders {@code s} for an error message with control characters escaped, so that a refused value
   * cannot forge log lines.
   */
  public static String printable(@Nullable CharSequence s) {
    if (s == null) {
      return "null";
    }
    StringBuilder sb = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\r') {
        sb.append("\\r");
      } else if (c == '\n') {
        sb.append("\\n");
      } else if (c == '\t') {
        sb.append("\\t");
      } else if (c < 0x20 || c == 0x7f) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  private static String quote(@Nullable CharSequence s) {
    return s == null ? "null" : "'" + printable(s) + "'";
  }
}

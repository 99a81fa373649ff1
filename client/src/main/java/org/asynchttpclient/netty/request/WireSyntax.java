package org.asynchttpclient.netty.request;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.Iterator;
import java.util.Map;
import org.asynchttpclient.util.HttpSyntaxChecks;

/**
 * Checks that what goes into a request line or header cannot break the HTTP/1.1 framing (RFC 9110 / 9112): a CR
 * or LF in a value would let a caller inject headers or a whole second request. Every failure is an
 * {@link IllegalArgumentException} that names the offending element and quotes it with control characters escaped,
 * so the message itself cannot inject anything into a log.
 */
final class WireSyntax {

  private static final int MAX_QUOTED_LENGTH = 200;
  /** What a host may not hold besides whitespace and control characters. */
  private static final String HOST_DELIMITERS = "/?#@\\\"<>";
  /**
   * By char (ASCII only): every request checks its host char by char, and a search of the
   * delimiter string per char showed in its CPU profile.
   */
  private static final boolean[] NOT_IN_HOST = new boolean[128];

  static {
    for (char c = 0; c < 128; c++) {
      NOT_IN_HOST[c] = c <= ' ' || c == 0x7f || HOST_DELIMITERS.indexOf(c) >= 0;
    }
  }

  private WireSyntax() {}

  static void checkMethod(String method) {
    if (!HttpSyntaxChecks.isToken(method)) {
      throw new IllegalArgumentException("request method: " + quote(method) + " (expected an HTTP token such as GET)");
    }
  }

  static void checkHeaderName(CharSequence name) {
    if (!HttpSyntaxChecks.isToken(name)) {
      throw new IllegalArgumentException(
          "header name: " + quote(name) + " (expected an HTTP token: letters, digits and !#$%&'*+-.^_`|~)");
    }
  }

  static void checkHeaderValue(CharSequence name, CharSequence value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '\r' || c == '\n' || c == '\0') {
        throw new IllegalArgumentException(
            "header " + name + ": value " + quote(value) + " (expected no CR, LF or NUL characters)");
      }
    }
  }

  /** Checks every name and value of {@code headers}. */
  static void checkHeaders(HttpHeaders headers) {
    Iterator<Map.Entry<CharSequence, CharSequence>> entries = headers.iteratorCharSequence();
    while (entries.hasNext()) {
      Map.Entry<CharSequence, CharSequence> entry = entries.next();
      checkHeaderName(entry.getKey());
      checkHeaderValue(entry.getKey(), entry.getValue());
    }
  }

  /** The request target goes into the request line between two spaces: no whitespace or control characters. */
  static void checkRequestTarget(String target) {
    for (int i = 0; i < target.length(); i++) {
      char c = target.charAt(i);
      if (c <= ' ' || c == 0x7f) {
        throw new IllegalArgumentException("request target: " + quote(target)
            + " (expected no whitespace or control characters; percent-encode them)");
      }
    }
  }

  /** A host (or virtual host with an optional port) as it goes into {@code Host} or a CONNECT target. */
  static void checkHost(String what, String host) {
    if (host.isEmpty()) {
      throw new IllegalArgumentException(what + ": \"\" (expected a host name or IP literal)");
    }
    for (int i = 0; i < host.length(); i++) {
      char c = host.charAt(i);
      if (c < 128 && NOT_IN_HOST[c]) {
        throw new IllegalArgumentException(what + ": " + quote(host)
            + " (expected a host name or IP literal without whitespace, control characters or / ? # @ \\ \" < >)");
      }
    }
  }

  /** Quotes {@code s} for an error message, escaping control and non-ASCII characters and capping its length. */
  static String quote(CharSequence s) {
    int shown = Math.min(s.length(), MAX_QUOTED_LENGTH);
    StringBuilder sb = new StringBuilder(shown + 8).append('"');
    for (int i = 0; i < shown; i++) {
      char c = s.charAt(i);
      if (c == '\r') {
        sb.append("\\r");
      } else if (c == '\n') {
        sb.append("\\n");
      } else if (c == '\0') {
        sb.append("\\0");
      } else if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < ' ' || c > '~') {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    sb.append('"');
    if (s.length() > shown) {
      sb.append("... (").append(s.length()).append(" chars)");
    }
    return sb.toString();
  }
}

package org.asynchttpclient.uri;

import io.netty.util.NetUtil;
import org.asynchttpclient.util.HttpSyntaxChecks;
import org.jetbrains.annotations.Nullable;

/**
 * Parses a URI reference and resolves it against a base (RFC 3986 sections 3 and 5.2). Stateless.
 *
 * <p>Two departures from RFC 3986 section 5.2, both as 3.0.11: a reference that repeats the base's
 * scheme but has no authority ({@code http:g}) is resolved as a relative one, as browsers do; and a
 * {@code ..} segment that would climb above the root is kept ({@code http://h/../g}) rather than
 * dropped.
 */
final class UriParser {

  private UriParser() {}

  /** The pieces of a reference as written, before resolution; null means absent. */
  private static final class Reference {
    @Nullable String scheme;
    @Nullable String authority;
    String path = "";
    @Nullable String query;
    @Nullable String fragment;
  }

  static Uri parse(@Nullable Uri context, @Nullable String input) {
    if (input == null) {
      throw new IllegalArgumentException("url: null (expected an absolute URL such as http://host/path)");
    }
    if (input.isEmpty() && context == null) {
      throw new IllegalArgumentException("url: '' (expected an absolute URL such as http://host/path)");
    }
    // 3.0.11 trims what surrounds the URL; only plain spaces here: a CR, LF or tab stays refused.
    String url = trimSpaces(input);
    int bad = indexOfForbiddenChar(url);
    if (bad >= 0) {
      int inInput = bad + input.indexOf(url);
      throw refuse(input, "contains " + HttpSyntaxChecks.describe(url.charAt(bad)) + " at index " + inInput
          + " (expected no control characters, and no whitespace but a space in the path, query or"
          + " fragment; percent-encode them)");
    }
    Reference ref = split(url);

    String scheme;
    @Nullable String userInfo = null;
    @Nullable String host = null;
    int port = -1;
    @Nullable String authority = null;
    String path;
    @Nullable String query;

    boolean sameSchemeRelative = context != null && ref.scheme != null && ref.authority == null
        && ref.scheme.equalsIgnoreCase(context.getScheme());
    if (ref.scheme != null && !sameSchemeRelative) {
      scheme = lowerCaseAscii(ref.scheme);
      authority = ref.authority;
      path = removeDotSegments(ref.path);
      query = ref.query;
    } else if (context == null) {
      throw refuse(input, "has no scheme (expected an absolute URL such as http://host/path)");
    } else {
      scheme = context.getScheme();
      if (ref.authority != null) {
        authority = ref.authority;
        path = removeDotSegments(ref.path);
        query = ref.query;
      } else {
        userInfo = context.getUserInfo();
        host = context.getHost();
        port = context.getPort();
        if (ref.path.isEmpty()) {
          path = context.getPath();
          query = ref.query != null ? ref.query : context.getQuery();
        } else {
          path = removeDotSegments(ref.path.charAt(0) == '/' ? ref.path : merge(context.getPath(), ref.path));
          query = ref.query;
        }
      }
    }

    if (!isSupportedScheme(scheme)) {
      throw refuse(input, "has scheme '" + scheme + "' (expected http, https, ws or wss)");
    }
    if (authority != null) {
      int at = authority.lastIndexOf('@');
      userInfo = at >= 0 ? authority.substring(0, at) : null;
      String hostPort = at >= 0 ? authority.substring(at + 1) : authority;
      String portText;
      if (hostPort.startsWith("[")) {
        int close = hostPort.indexOf(']');
        if (close < 0) {
          throw refuse(input, "has an IPv6 literal without its closing ']' (expected [address])");
        }
        host = hostPort.substring(0, close + 1);
        String literal = host.substring(1, host.length() - 1);
        if (!NetUtil.isValidIpV6Address(literal)) {
          throw refuse(input, "has host '" + host + "' (expected a valid IPv6 address between the brackets)");
        }
        String rest = hostPort.substring(close + 1);
        if (!rest.isEmpty() && rest.charAt(0) != ':') {
          throw refuse(input, "has '" + rest + "' after the IPv6 literal (expected ':' and a port, or nothing)");
        }
        portText = rest.isEmpty() ? "" : rest.substring(1);
      } else {
        int colon = hostPort.indexOf(':');
        host = colon >= 0 ? hostPort.substring(0, colon) : hostPort;
        portText = colon >= 0 ? hostPort.substring(colon + 1) : "";
        int badHostChar = indexOfIllegalHostChar(host);
        if (badHostChar >= 0) {
          throw refuse(input, "has host '" + host + "' with '" + host.charAt(badHostChar)
              + "' at index " + badHostChar + " (expected a host name or IP address)");
        }
      }
      port = parsePort(input, portText);
    }
    if (host == null || host.isEmpty()) {
      throw refuse(input, "has no host (expected scheme://host[:port][/path])");
    }
    return new Uri(scheme, userInfo, host, port, path, query, ref.fragment);
  }

  private static Reference split(String s) {
    Reference ref = new Reference();
    int n = s.length();
    int i = 0;
    int schemeEnd = schemeEnd(s);
    if (schemeEnd > 0) {
      ref.scheme = s.substring(0, schemeEnd);
      i = schemeEnd + 1;
    }
    if (s.startsWith("//", i)) {
      int start = i + 2;
      int end = indexOfAny(s, start, "/?#");
      ref.authority = s.substring(start, end);
      i = end;
    }
    int pathEnd = indexOfAny(s, i, "?#");
    ref.path = s.substring(i, pathEnd);
    i = pathEnd;
    if (i < n && s.charAt(i) == '?') {
      int queryEnd = indexOfAny(s, i + 1, "#");
      ref.query = s.substring(i + 1, queryEnd);
      i = queryEnd;
    }
    if (i < n && s.charAt(i) == '#') {
      ref.fragment = s.substring(i + 1);
    }
    return ref;
  }

  /** Index of the ':' that ends a scheme ({@code ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )}), or -1. */
  private static int schemeEnd(String s) {
    if (s.isEmpty() || !isAsciiLetter(s.charAt(0))) {
      return -1;
    }
    for (int i = 1; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ':') {
        return i;
      }
      if (!(isAsciiLetter(c) || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
        return -1;
      }
    }
    return -1;
  }

  private static int indexOfAny(String s, int from, String chars) {
    for (int i = from; i < s.length(); i++) {
      if (chars.indexOf(s.charAt(i)) >= 0) {
        return i;
      }
    }
    return s.length();
  }

  /** RFC 3986 section 5.2.3. */
  private static String merge(String basePath, String relativePath) {
    if (basePath.isEmpty()) {
      // The base always has an authority here: an empty base path merges as "/".
      return "/" + relativePath;
    }
    return basePath.substring(0, basePath.lastIndexOf('/') + 1) + relativePath;
  }

  /** RFC 3986 section 5.2.4. */
  static String removeDotSegments(String path) {
    if (path.indexOf('.') < 0) {
      return path;
    }
    String in = path;
    StringBuilder out = new StringBuilder(path.length());
    while (!in.isEmpty()) {
      if (in.startsWith("../")) {
        in = in.substring(3);
      } else if (in.startsWith("./")) {
        in = in.substring(2);
      } else if (in.startsWith("/./")) {
        in = in.substring(2);
      } else if (in.equals("/.")) {
        in = "/";
      } else if (in.startsWith("/../")) {
        in = in.substring(3);
        removeLastSegmentOrKeepParent(out);
      } else if (in.equals("/..")) {
        in = removeLastSegmentOrKeepParent(out) ? "/" : "";
      } else if (in.equals(".") || in.equals("..")) {
        in = "";
      } else {
        int next = in.indexOf('/', in.charAt(0) == '/' ? 1 : 0);
        if (next < 0) {
          next = in.length();
        }
        out.append(in, 0, next);
        in = in.substring(next);
      }
    }
    return out.toString();
  }

  /**
   * Removes the last segment of {@code out} and returns true; when there is none above the root (out
   * is empty or holds only kept {@code ..} segments) appends {@code /..} instead and returns false.
   * RFC 3986 drops such a {@code ..}; 3.0.11 keeps it, and so does this parser: {@code ../../g}
   * against {@code http://h/a} is {@code http://h/../g}, for the server to judge.
   */
  private static boolean removeLastSegmentOrKeepParent(StringBuilder out) {
    int n = out.length();
    if (n == 0 || (n >= 3 && out.charAt(n - 1) == '.' && out.charAt(n - 2) == '.' && out.charAt(n - 3) == '/')) {
      out.append("/..");
      return false;
    }
    out.setLength(Math.max(out.lastIndexOf("/"), 0));
    return true;
  }

  private static int parsePort(String input, String portText) {
    if (portText.isEmpty()) {
      // RFC 3986 allows "host:" with an empty port: the scheme's default applies.
      return -1;
    }
    if (portText.length() > 5) {
      throw refuse(input, "has port '" + portText + "' (expected 0 to 65535)");
    }
    int port = 0;
    for (int i = 0; i < portText.length(); i++) {
      char c = portText.charAt(i);
      if (c < '0' || c > '9') {
        throw refuse(input, "has port '" + portText + "' (expected 0 to 65535)");
      }
      port = port * 10 + (c - '0');
    }
    if (port > 65535) {
      throw refuse(input, "has port '" + portText + "' (expected 0 to 65535)");
    }
    return port;
  }

  /** reg-name allows unreserved, pct-encoded and sub-delims; non-ASCII (IDN) hosts are let through. */
  private static int indexOfIllegalHostChar(String host) {
    for (int i = 0; i < host.length(); i++) {
      char c = host.charAt(i);
      boolean ok = c >= 0x80 || isAsciiLetter(c) || c >= '0' && c <= '9' || "-._~%!$&'()*+,;=".indexOf(c) >= 0;
      if (!ok) {
        return i;
      }
    }
    return -1;
  }

  private static String trimSpaces(String s) {
    int start = 0;
    int end = s.length();
    while (start < end && s.charAt(start) == ' ') {
      start++;
    }
    while (end > start && s.charAt(end - 1) == ' ') {
      end--;
    }
    return start == 0 && end == s.length() ? s : s.substring(start, end);
  }

  /**
   * Index of the first character a URL may not hold, or -1: a control character, or whitespace
   * (ASCII or Unicode) other than a plain space after the authority. 3.0.11 accepts a space in the
   * path and query (FIXING sends it as {@code %20}); in the scheme or authority it is an error.
   */
  private static int indexOfForbiddenChar(String s) {
    int spacesFrom = endOfAuthority(s);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (isWhitespaceOrControl(c) && !(c == ' ' && i >= spacesFrom)) {
        return i;
      }
    }
    return -1;
  }

  /** Where the path of {@code s} starts: after {@code scheme:} and {@code //authority} when present. */
  private static int endOfAuthority(String s) {
    int i = schemeEnd(s) + 1;
    return s.startsWith("//", i) ? indexOfAny(s, i + 2, "/?#") : i;
  }

  /**
   * Index of the first whitespace (ASCII or Unicode) or control character of a URI component, or
   * -1; a plain space does not count when {@code spaceAllowed}.
   */
  static int indexOfWhitespaceOrControl(String s, boolean spaceAllowed) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (isWhitespaceOrControl(c) && !(spaceAllowed && c == ' ')) {
        return i;
      }
    }
    return -1;
  }

  private static boolean isWhitespaceOrControl(char c) {
    return c <= 0x20
        || c == 0x7f
        || c >= 0x80 && (Character.isISOControl(c) || Character.isWhitespace(c) || Character.isSpaceChar(c));
  }

  static boolean isSupportedScheme(String scheme) {
    return Uri.HTTP.equalsIgnoreCase(scheme) || Uri.HTTPS.equalsIgnoreCase(scheme)
        || Uri.WS.equalsIgnoreCase(scheme) || Uri.WSS.equalsIgnoreCase(scheme);
  }

  static String lowerCaseAscii(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        StringBuilder sb = new StringBuilder(s);
        for (int j = i; j < sb.length(); j++) {
          char d = sb.charAt(j);
          if (d >= 'A' && d <= 'Z') {
            sb.setCharAt(j, (char) (d + ('a' - 'A')));
          }
        }
        return sb.toString();
      }
    }
    return s;
  }

  private static boolean isAsciiLetter(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
  }

  private static IllegalArgumentException refuse(String input, String problem) {
    return new IllegalArgumentException("url: '" + HttpSyntaxChecks.printable(input) + "' " + problem);
  }
}

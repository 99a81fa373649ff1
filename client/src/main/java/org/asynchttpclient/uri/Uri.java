package org.asynchttpclient.uri;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Objects;
import org.asynchttpclient.util.HttpSyntaxChecks;
import org.jetbrains.annotations.Nullable;

/**
 * An absolute http, https, ws or wss URI, split into its components. Immutable and safe to share between
 * threads.
 *
 * <p>{@link #create(String)} parses and validates: it refuses a missing or unsupported scheme, a missing
 * host, a bad port, any control character (CR and LF included) anywhere in the input, and any
 * whitespace except a plain space in the path, query or fragment, with an {@link
 * IllegalArgumentException} that names the input and what was expected. A space there is accepted as
 * in 3.0.11 (spaces around the whole URL are trimmed): the default {@code FIXING} encoding of a request
 * sends it as {@code %20}; with {@code RAW} ({@code disableUrlEncoding}) the request fails when its
 * request line is written, since a space would end the request target there. Components are
 * kept as written (no decoding); the scheme is lower-cased and dot segments of the path are removed,
 * except a {@code ..} that would climb above the root, which 3.0.11 keeps and so does this class.
 *
 * <p>As in AHC 3.0.11, {@link #getHost()} keeps the brackets of an IPv6 literal ({@code [::1]}),
 * {@link #getPort()} is -1 when the URI names no port, and {@link #getPath()} is empty, not {@code /},
 * when the URI has no path.
 */
public class Uri {

  public static final String HTTP = "http";
  public static final String HTTPS = "https";
  public static final String WS = "ws";
  public static final String WSS = "wss";

  private final String scheme;
  private final @Nullable String userInfo;
  private final String host;
  private final int port;
  private final String path;
  private final @Nullable String query;
  private final @Nullable String fragment;
  private final boolean secured;
  private final boolean webSocket;
  // Racy single-check cache: any thread may compute it, all compute the same immutable String.
  private @Nullable String url;

  /**
   * Builds a URI from components that are already encoded; no parsing happens.
   *
   * @param scheme the scheme, not empty (stored lower-case)
   * @param userInfo the user info without the {@code @}, or null
   * @param host the host, not empty; an IPv6 literal keeps its brackets
   * @param port the port, or -1 for the scheme's default
   * @param path the path, possibly empty
   * @param query the query without the {@code ?}, or null
   * @param fragment the fragment without the {@code #}, or null
   * @throws IllegalArgumentException if the scheme or host is empty, the port is out of range or a
   *     component holds a control character or whitespace (a plain space is allowed in the path,
   *     query and fragment)
   */
  public Uri(String scheme, @Nullable String userInfo, String host, int port, String path, @Nullable String query,
      @Nullable String fragment) {
    if (scheme == null || scheme.isEmpty()) {
      throw new IllegalArgumentException("scheme: " + HttpSyntaxChecks.printable(scheme) + " (expected http, https, ws or wss)");
    }
    if (host == null || host.isEmpty()) {
      throw new IllegalArgumentException("host: " + HttpSyntaxChecks.printable(host) + " (expected a host name or IP address)");
    }
    if (port < -1 || port > 65535) {
      throw new IllegalArgumentException("port: " + port + " (expected 0 to 65535, or -1 for the scheme's default)");
    }
    this.scheme = known(UriParser.lowerCaseAscii(scheme));
    this.userInfo = userInfo;
    this.host = host;
    this.port = port;
    this.path = path == null ? "" : path;
    this.query = query;
    this.fragment = fragment;
    requireNoControlChars("scheme", this.scheme, false);
    requireNoControlChars("userInfo", userInfo, false);
    requireNoControlChars("host", host, false);
    requireNoControlChars("path", this.path, true);
    requireNoControlChars("query", query, true);
    requireNoControlChars("fragment", fragment, true);
    secured = HTTPS.equals(this.scheme) || WSS.equals(this.scheme);
    webSocket = WS.equals(this.scheme) || WSS.equals(this.scheme);
  }

  /**
   * The constant for a scheme this client speaks, else {@code scheme}: every later comparison with
   * a constant (the supported-scheme check of each request, {@link #isSecured}, the default port)
   * is then an identity check, not a character walk over a substring of the URL.
   */
  private static String known(String scheme) {
    switch (scheme) {
      case HTTP:
        return HTTP;
      case HTTPS:
        return HTTPS;
      case WS:
        return WS;
      case WSS:
        return WSS;
      default:
        return scheme;
    }
  }

  /**
   * Parses an absolute URL.
   *
   * @throws IllegalArgumentException if {@code originalUrl} is not an absolute http, https, ws or wss URL
   */
  public static Uri create(String originalUrl) {
    return create(null, originalUrl);
  }

  /**
   * Resolves {@code originalUrl} against {@code context} as RFC 3986 section 5.2 describes (a redirect's
   * {@code Location}, for example), keeping a {@code ..} above the root as 3.0.11 does. An absolute
   * {@code originalUrl} ignores the context; so does a {@code null} context.
   *
   * @throws IllegalArgumentException if the result is not an absolute http, https, ws or wss URL
   */
  public static Uri create(@Nullable Uri context, String originalUrl) {
    // A null text (callers without NullAway) goes to the parser, which says what it expected.
    if (context != null || originalUrl == null) {
      return UriParser.parse(context, originalUrl);
    }
    // The same absolute URL, parsed again for each request to an endpoint: parsed once.
    Uri parsed = ParsedUris.get(originalUrl);
    if (parsed == null) {
      parsed = UriParser.parse(null, originalUrl);
      ParsedUris.put(originalUrl, parsed);
    }
    return parsed;
  }

  public @Nullable String getQuery() {
    return query;
  }

  /** The path as written, empty when the URI has none. */
  public String getPath() {
    return path;
  }

  public @Nullable String getUserInfo() {
    return userInfo;
  }

  /** The port as written, or -1; see {@link #getExplicitPort()}. */
  public int getPort() {
    return port;
  }

  /** The scheme, lower-case. */
  public String getScheme() {
    return scheme;
  }

  /** The host as written; an IPv6 literal keeps its brackets. */
  public String getHost() {
    return host;
  }

  public @Nullable String getFragment() {
    return fragment;
  }

  /** Whether the scheme is https or wss. */
  public boolean isSecured() {
    return secured;
  }

  /** Whether the scheme is ws or wss. */
  public boolean isWebSocket() {
    return webSocket;
  }

  /** The same URI as a {@link URI}, fragment excluded. */
  public URI toJavaNetURI() throws URISyntaxException {
    return new URI(toUrl());
  }

  /** The port, or the scheme's default when none is written. */
  public int getExplicitPort() {
    return port == -1 ? getSchemeDefaultPort() : port;
  }

  /** 443 for https and wss, 80 otherwise. */
  public int getSchemeDefaultPort() {
    return secured ? 443 : 80;
  }

  /** {@code scheme://[userInfo@]host[:port]path[?query]}, without the fragment. */
  public String toUrl() {
    String result = url;
    if (result == null) {
      StringBuilder sb = new StringBuilder(64);
      sb.append(scheme).append("://");
      if (userInfo != null) {
        sb.append(userInfo).append('@');
      }
      sb.append(host);
      if (port != -1) {
        sb.append(':').append(port);
      }
      sb.append(path);
      if (query != null) {
        sb.append('?').append(query);
      }
      result = sb.toString();
      url = result;
    }
    return result;
  }

  /**
   * {@link #toUrl()} without the user info and its {@code @}: {@code scheme://host[:port]path[?query]},
   * the port as written (even the scheme's default), no fragment. RFC 9110 section 4.2.4 forbids user
   * info in a request target, so this is the form an absolute-form target takes (as in AHC 3.0.12).
   *
   * @return {@link #toUrl()} itself when there is no user info
   */
  public String toUrlWithoutUserInfo() {
    if (userInfo == null) {
      return toUrl();
    }
    StringBuilder sb = new StringBuilder(64);
    sb.append(scheme).append("://").append(host);
    if (port != -1) {
      sb.append(':').append(port);
    }
    sb.append(path);
    if (query != null) {
      sb.append('?').append(query);
    }
    return sb.toString();
  }

  /** {@code scheme://host[:port]path}: no user info, no query, and no port when it is the default. */
  public String toBaseUrl() {
    StringBuilder sb = new StringBuilder(64);
    sb.append(scheme).append("://").append(host);
    if (port != -1 && port != getSchemeDefaultPort()) {
      sb.append(':').append(port);
    }
    return sb.append(path).toString();
  }

  /** What goes on the request line to an origin server: {@code path[?query]}, path {@code /} when empty. */
  public String toRelativeUrl() {
    String nonEmptyPath = getNonEmptyPath();
    return query == null ? nonEmptyPath : nonEmptyPath + '?' + query;
  }

  /** {@link #toUrl()} plus {@code #fragment} when there is one. */
  public String toFullUrl() {
    return fragment == null ? toUrl() : toUrl() + '#' + fragment;
  }

  /** {@code scheme://host:port}, with the port always written. */
  public String getBaseUrl() {
    return scheme + "://" + host + ':' + getExplicitPort();
  }

  /** {@code host:port}, with the port always written (the form a CONNECT request uses). */
  public String getAuthority() {
    return host + ':' + getExplicitPort();
  }

  /** Whether {@code other} has the same scheme, host and explicit port (the same origin). */
  public boolean isSameBase(Uri other) {
    return scheme.equals(other.scheme) && host.equals(other.host) && getExplicitPort() == other.getExplicitPort();
  }

  /** The path, or {@code /} when it is empty. */
  public String getNonEmptyPath() {
    return path.isEmpty() ? "/" : path;
  }

  @Override
  public String toString() {
    return toUrl();
  }

  /** A copy with another scheme (http to ws on an upgrade, for example). */
  public Uri withNewScheme(String newScheme) {
    return new Uri(newScheme, userInfo, host, port, path, query, fragment);
  }

  /** A copy with another query; null removes it. */
  public Uri withNewQuery(@Nullable String newQuery) {
    return new Uri(scheme, userInfo, host, port, path, newQuery, fragment);
  }

  @Override
  public int hashCode() {
    return Objects.hash(scheme, userInfo, host, port, path, query, fragment);
  }

  @Override
  public boolean equals(Object obj) {
    if (this == obj) {
      return true;
    }
    if (!(obj instanceof Uri)) {
      return false;
    }
    Uri other = (Uri) obj;
    return port == other.port
        && scheme.equals(other.scheme)
        && host.equals(other.host)
        && path.equals(other.path)
        && Objects.equals(userInfo, other.userInfo)
        && Objects.equals(query, other.query)
        && Objects.equals(fragment, other.fragment);
  }

  /**
   * Refuses a URI whose scheme this client cannot speak.
   *
   * @throws IllegalArgumentException unless the scheme is http, https, ws or wss (any case)
   */
  public static void validateSupportedScheme(Uri uri) {
    if (!UriParser.isSupportedScheme(uri.getScheme())) {
      throw new IllegalArgumentException("URI " + HttpSyntaxChecks.printable(uri.toUrl()) + ": scheme '"
          + HttpSyntaxChecks.printable(uri.getScheme()) + "' (expected http, https, ws or wss)");
    }
  }

  private static void requireNoControlChars(String component, @Nullable String value, boolean spaceAllowed) {
    if (value == null) {
      return;
    }
    int bad = UriParser.indexOfWhitespaceOrControl(value, spaceAllowed);
    if (bad >= 0) {
      throw new IllegalArgumentException(component + ": '" + HttpSyntaxChecks.printable(value) + "' contains "
          + HttpSyntaxChecks.describe(value.charAt(bad)) + " at index " + bad
          + (spaceAllowed
              ? " (expected no control characters and no whitespace but a space; percent-encode them)"
              : " (expected no whitespace or control characters; percent-encode them)"));
    }
  }
}

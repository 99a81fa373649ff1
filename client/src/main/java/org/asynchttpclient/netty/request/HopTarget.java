package org.asynchttpclient.netty.request;

import org.asynchttpclient.netty.ws.WebSocketUpgradeRequest;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * The parts of the target URI that shape the request line and the {@code Host} header, copied out of a {@link Uri}
 * so the wire formatting can be built (and tested) from plain values. Immutable.
 */
final class HopTarget {
  final String scheme;
  final String host;
  /** The port written in the URI, or -1 when it has none. */
  final int explicitPort;
  final int defaultPort;
  final String path;
  final @Nullable String query;
  final boolean secured;

  HopTarget(String scheme, String host, int explicitPort, int defaultPort, String path, @Nullable String query,
      boolean secured) {
    this.scheme = scheme;
    this.host = host;
    this.explicitPort = explicitPort;
    this.defaultPort = defaultPort;
    this.path = path;
    this.query = query;
    this.secured = secured;
  }

  static HopTarget of(Uri uri) {
    String path = uri.getPath();
    return new HopTarget(uri.getScheme(), uri.getHost(), uri.getPort(), uri.getSchemeDefaultPort(),
        path == null ? "" : path, uri.getQuery(), uri.isSecured());
  }

  /** The host as it appears in an authority: an IPv6 literal gets its brackets. */
  String hostInAuthority() {
    return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
  }

  private boolean hasNonDefaultPort() {
    return explicitPort != -1 && explicitPort != defaultPort;
  }

  /** {@code Host} value: the port only when it is not the scheme's default. */
  String hostHeader() {
    return hasNonDefaultPort() ? hostInAuthority() + ':' + explicitPort : hostInAuthority();
  }

  /** {@code host:port} with the port always present, as CONNECT requires (RFC 9110 section 9.3.6). */
  String authorityForm() {
    return hostInAuthority() + ':' + (explicitPort != -1 ? explicitPort : defaultPort);
  }

  /** {@code path?query}, with "/" for an empty path; never a fragment. */
  String originForm() {
    String nonEmptyPath = path.isEmpty() ? "/" : path;
    return query == null || query.isEmpty() ? nonEmptyPath : nonEmptyPath + '?' + query;
  }

  /** Whether the hop asks for a WebSocket upgrade ({@code ws} or {@code wss}). */
  boolean webSocket() {
    return WebSocketUpgradeRequest.isWebSocket(scheme);
  }

  /**
   * Whether an HTTP proxy carries this hop through a CONNECT tunnel, unread: {@code https}, and
   * {@code ws} too (as AHC 3.0.11 does: proxies rarely forward an upgrade they read).
   */
  boolean tunnelled() {
    return secured || webSocket();
  }

  /** The {@code Origin} of a WebSocket upgrade, as AHC 3.0.11 sends it. */
  String origin() {
    String origin = (secured ? "https://" : "http://") + hostInAuthority();
    return hasNonDefaultPort() ? origin + ':' + explicitPort : origin;
  }

  /**
   * The full URL without user info or fragment, for a request sent through an HTTP proxy: what
   * {@link Uri#toUrlWithoutUserInfo()} gives (the port as written, even the scheme's default, as AHC
   * 3.0.12 sends it), except that an empty path is sent as {@code /}.
   */
  String absoluteForm() {
    String authority = explicitPort != -1 ? hostInAuthority() + ':' + explicitPort : hostInAuthority();
    return scheme + "://" + authority + originForm();
  }
}

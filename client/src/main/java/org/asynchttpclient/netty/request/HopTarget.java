package org.asynchttpclient.netty.request;

import org.asynchttpclient.netty.ws.WebSocketUpgradeRequest;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * The parts of the target URI that shape the request line and the {@code Host} header, copied out of a {@link Uri}
 * so the wire formatting can be built (and tested) from plain values. Immutable.
 *
 * <p>The targets built most recently are kept by the identity of their {@link Uri} (a direct-mapped table of
 * {@value #RECENT_SLOTS} slots): a service requesting the same URL again gets the same {@code Uri} instance from
 * the parse cache, so its target and {@code Host} value are not built anew per request. Slots are read and written
 * without locks: every field is final, so a thread that sees a target sees it whole; a miss just builds one.
 */
final class HopTarget {
  private static final int RECENT_SLOTS = 64; // a power of two
  // any thread, see the class javadoc; elements null until first built
  private static final HopTarget[] RECENT = new HopTarget[RECENT_SLOTS];

  // immutable
  /** The URI this target was copied from, or null when built from values (tests, digest-uri variants). */
  private final @Nullable Uri source;
  /** {@code Host} value: the port only when it is not the scheme's default. */
  final String hostHeader;
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
    this(null, scheme, host, explicitPort, defaultPort, path, query, secured);
  }

  private HopTarget(@Nullable Uri source, String scheme, String host, int explicitPort, int defaultPort, String path,
      @Nullable String query, boolean secured) {
    this.source = source;
    this.scheme = scheme;
    this.host = host;
    this.explicitPort = explicitPort;
    this.defaultPort = defaultPort;
    this.path = path;
    this.query = query;
    this.secured = secured;
    boolean nonDefaultPort = explicitPort != -1 && explicitPort != defaultPort;
    this.hostHeader = nonDefaultPort ? hostInAuthority() + ':' + explicitPort : hostInAuthority();
  }

  // Identity, not equals: the table only saves work when the caller holds the very same instance.
  @SuppressWarnings("ReferenceEquality")
  static HopTarget of(Uri uri) {
    int slot = System.identityHashCode(uri) & (RECENT_SLOTS - 1);
    HopTarget recent = RECENT[slot];
    if (recent != null && recent.source == uri) {
      return recent;
    }
    String path = uri.getPath();
    HopTarget target = new HopTarget(uri, uri.getScheme(), uri.getHost(), uri.getPort(), uri.getSchemeDefaultPort(),
        path == null ? "" : path, uri.getQuery(), uri.isSecured());
    RECENT[slot] = target;
    return target;
  }

  /** The host as it appears in an authority: an IPv6 literal gets its brackets. */
  String hostInAuthority() {
    return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
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
    return (secured ? "https://" : "http://") + hostHeader;
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

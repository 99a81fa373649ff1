package org.asynchttpclient.netty.hop;

import io.netty.util.AsciiString;
import org.asynchttpclient.uri.Uri;

/** Origin comparisons (RFC 6454: scheme, host, port) for deciding where credentials and bodies may go. */
final class Origins {
  private Origins() {}

  /**
   * Whether {@code a} and {@code b} share scheme, host and port, with a missing port meaning the
   * scheme's default. Hosts compare case-insensitively in ASCII only (RFC 6454 4, step 5, asks for
   * the i;ascii-casemap collation): a Unicode fold would take a host spelled with the Kelvin sign
   * (U+212A) for the one spelled with {@code k}, and keep the credentials on a hop to it.
   */
  static boolean sameOrigin(Uri a, Uri b) {
    return a.getScheme().equalsIgnoreCase(b.getScheme())
        && sameHost(a, b)
        && a.getExplicitPort() == b.getExplicitPort();
  }

  /** Whether the hop from {@code from} to {@code to} leaves TLS for clear text. */
  static boolean downgradesTls(Uri from, Uri to) {
    return from.isSecured() && !to.isSecured();
  }

  /**
   * Whether the hop from {@code from} to {@code to} only moves the same host onto TLS: {@code http}
   * to {@code https} or {@code ws} to {@code wss}, with the port unchanged or both ports their
   * scheme's default ({@code :80} to {@code :443}, the move RFC 6797 8.3 makes for a known HSTS
   * host). Another origin by RFC 6454, but refusing a body for it would trade confidentiality away
   * rather than protect it. The host is compared, not trusted; a port change stays another origin.
   */
  static boolean upgradesToTlsOnSameHost(Uri from, Uri to) {
    boolean upgrade =
        (Uri.HTTP.equals(from.getScheme()) && Uri.HTTPS.equals(to.getScheme()))
            || (Uri.WS.equals(from.getScheme()) && Uri.WSS.equals(to.getScheme()));
    boolean samePort = from.getExplicitPort() == to.getExplicitPort();
    boolean defaultPorts =
        from.getExplicitPort() == from.getSchemeDefaultPort()
            && to.getExplicitPort() == to.getSchemeDefaultPort();
    return upgrade && sameHost(from, to) && (samePort || defaultPorts);
  }

  private static boolean sameHost(Uri a, Uri b) {
    return AsciiString.contentEqualsIgnoreCase(a.getHost(), b.getHost());
  }
}

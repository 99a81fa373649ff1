package org.asynchttpclient.netty.hop;

import java.util.Locale;
import org.asynchttpclient.uri.Uri;

/** Origin comparisons (RFC 6454: scheme, host, port) for deciding where credentials may go. */
final class Origins {
  private Origins() {}

  /**
   * Whether {@code a} and {@code b} share scheme, host (case-insensitively) and port, with a
   * missing port meaning the scheme's default.
   */
  static boolean sameOrigin(Uri a, Uri b) {
    return a.getScheme().equalsIgnoreCase(b.getScheme())
        && a.getHost().toLowerCase(Locale.ROOT).equals(b.getHost().toLowerCase(Locale.ROOT))
        && a.getExplicitPort() == b.getExplicitPort();
  }

  /** Whether the hop from {@code from} to {@code to} leaves TLS for clear text. */
  static boolean downgradesTls(Uri from, Uri to) {
    return from.isSecured() && !to.isSecured();
  }
}

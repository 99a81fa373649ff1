package org.asynchttpclient.proxy;

import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/** Chooses the proxy for a URI. Implementations are called from any thread and must be thread-safe. */
public interface ProxyServerSelector {

  /** Selects no proxy, whatever the URI. */
  ProxyServerSelector NO_PROXY_SELECTOR = uri -> null;

  /** The proxy to use for {@code uri}, or null to connect directly. */
  @Nullable ProxyServer select(Uri uri);
}

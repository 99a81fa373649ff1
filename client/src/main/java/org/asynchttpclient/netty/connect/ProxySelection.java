package org.asynchttpclient.netty.connect;

import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Request;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyServerSelector;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Which proxy, if any, carries a hop: the request's own proxy, else the config's selector (which
 * covers {@code useProxyProperties} and {@code useProxySelector}); a host listed in the proxy's
 * non-proxy hosts goes direct.
 */
public final class ProxySelection {
  private ProxySelection() {}

  public static @Nullable ProxyServer select(AsyncHttpClientConfig config, Request request) {
    Uri uri = request.getUri();
    ProxyServer proxy = request.getProxyServer();
    if (proxy == null) {
      ProxyServerSelector selector = config.getProxyServerSelector();
      if (selector != null) {
        proxy = selector.select(uri);
      }
    }
    if (proxy != null && proxy.isIgnoredForHost(uri.getHost())) {
      return null;
    }
    return proxy;
  }
}

package org.asynchttpclient;

import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyServerSelector;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The proxy selectors behind {@code useProxyProperties} and {@code useProxySelector}: one built from
 * the JDK's {@code http.proxyHost}-style properties, one that asks a {@link ProxySelector}.
 */
final class SystemProxySelectors {

  static final String PROXY_HOST = "http.proxyHost";
  static final String PROXY_PORT = "http.proxyPort";
  static final String NON_PROXY_HOSTS = "http.nonProxyHosts";
  static final String PROXY_USER = "org.asynchttpclient.AsyncHttpClientConfig.proxy.user";
  static final String PROXY_PASSWORD = "org.asynchttpclient.AsyncHttpClientConfig.proxy.password";

  private static final Logger LOGGER = LoggerFactory.getLogger(SystemProxySelectors.class);

  private SystemProxySelectors() {}

  /**
   * A selector for the proxy described by {@code props} (read now, not per request), or null when
   * {@code http.proxyHost} is not set. Hosts listed in {@code http.nonProxyHosts} go direct.
   */
  @SuppressWarnings("NullAway") // ProxyServerSelector.select may return null (as in 3.0.11); drop once its implementation carries @Nullable
  static @Nullable ProxyServerSelector fromProperties(Properties props) {
    String host = props.getProperty(PROXY_HOST);
    if (host == null || host.isBlank()) {
      return null;
    }
    String portText = props.getProperty(PROXY_PORT, "80").trim();
    int port;
    try {
      port = Integer.parseInt(portText);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          PROXY_PORT + ": '" + portText + "' (expected a port number)", e);
    }
    ProxyServer.Builder builder = new ProxyServer.Builder(host.trim(), port);
    String user = props.getProperty(PROXY_USER);
    if (user != null) {
      builder.setRealm(Dsl.basicAuthRealm(user, props.getProperty(PROXY_PASSWORD)).build());
    }
    String nonProxyHosts = props.getProperty(NON_PROXY_HOSTS);
    if (nonProxyHosts != null && !nonProxyHosts.isBlank()) {
      List<String> hosts = new ArrayList<>();
      for (String entry : nonProxyHosts.split("\\|", -1)) {
        if (!entry.isBlank()) {
          hosts.add(entry.trim());
        }
      }
      builder.setNonProxyHosts(hosts);
    }
    ProxyServer proxy = builder.build();
    return uri -> proxy.isIgnoredForHost(uri.getHost()) ? null : proxy;
  }

  /**
   * A selector that asks {@code selector} for each request and uses its first HTTP proxy; DIRECT,
   * or no usable answer, goes direct. SOCKS answers are skipped (as in AHC 3.0.11) with a warning.
   */
  @SuppressWarnings("NullAway") // ProxyServerSelector.select may return null (as in 3.0.11); drop once its implementation carries @Nullable
  static ProxyServerSelector fromJdk(@Nullable ProxySelector selector) {
    if (selector == null) {
      return uri -> null;
    }
    return uri -> {
      List<Proxy> proxies;
      try {
        proxies = selector.select(uri.toJavaNetURI());
      } catch (URISyntaxException | IllegalArgumentException e) {
        LOGGER.warn("Cannot ask the JDK proxy selector about {}; going direct", uri, e);
        return null;
      }
      for (Proxy proxy : proxies) {
        if (proxy.type() == Proxy.Type.DIRECT) {
          return null;
        }
        SocketAddress address = proxy.address();
        if (proxy.type() == Proxy.Type.HTTP && address instanceof InetSocketAddress) {
          InetSocketAddress inet = (InetSocketAddress) address;
          return new ProxyServer.Builder(inet.getHostString(), inet.getPort()).build();
        }
        LOGGER.warn("Ignoring proxy {} from the JDK proxy selector: only HTTP proxies are used", proxy);
      }
      return null;
    };
  }
}

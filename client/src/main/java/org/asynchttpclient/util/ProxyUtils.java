package org.asynchttpclient.util;

import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Request;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyServerSelector;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which proxy carries a request, and the selectors behind {@code useProxyProperties} (the JDK's
 * {@code http.proxyHost}-style properties) and {@code useProxySelector} (the JDK's default {@link
 * ProxySelector}).
 */
public final class ProxyUtils {

  /** The proxy host property. */
  public static final String PROXY_HOST = "http.proxyHost";

  /** The proxy port property; 80 when absent. */
  public static final String PROXY_PORT = "http.proxyPort";

  /** The hosts reached directly, separated by {@code |}; see {@link ProxyServer#isIgnoredForHost}. */
  public static final String PROXY_NONPROXYHOSTS = "http.nonProxyHosts";

  private static final String PROXY_USER = "org.asynchttpclient.AsyncHttpClientConfig.proxy.user";
  private static final String PROXY_PASSWORD = "org.asynchttpclient.AsyncHttpClientConfig.proxy.password";

  private static final Logger LOGGER = LoggerFactory.getLogger(ProxyUtils.class);

  private ProxyUtils() {}

  /**
   * The proxy for {@code request}: its own, else the one {@code config}'s selector chooses; null
   * when there is none or the request's host is one of the proxy's non-proxy hosts.
   */
  public static @Nullable ProxyServer getProxyServer(AsyncHttpClientConfig config, Request request) {
    ProxyServer proxy = request.getProxyServer();
    if (proxy == null) {
      ProxyServerSelector selector = config.getProxyServerSelector();
      if (selector != null) {
        proxy = selector.select(request.getUri());
      }
    }
    return proxy != null && !proxy.isIgnoredForHost(request.getUri().getHost()) ? proxy : null;
  }

  /**
   * A selector for the proxy that {@code properties} describe, read now (not per request): {@link
   * #PROXY_HOST}, {@link #PROXY_PORT}, {@link #PROXY_NONPROXYHOSTS}, and Basic credentials from
   * {@code org.asynchttpclient.AsyncHttpClientConfig.proxy.user} and {@code .password}. The selector
   * returns that proxy for every URI (the non-proxy hosts are applied by {@link #getProxyServer}, as
   * by the client). {@link ProxyServerSelector#NO_PROXY_SELECTOR} when no proxy host is set.
   *
   * @throws NumberFormatException when the port is not a number
   */
  public static ProxyServerSelector createProxyServerSelector(Properties properties) {
    String host = properties.getProperty(PROXY_HOST);
    if (host == null || host.isBlank()) {
      return ProxyServerSelector.NO_PROXY_SELECTOR;
    }
    String portText = properties.getProperty(PROXY_PORT, "80").trim();
    int port;
    try {
      port = Integer.parseInt(portText);
    } catch (NumberFormatException e) {
      throw new NumberFormatException(PROXY_PORT + ": '" + portText + "' (expected a port number)");
    }
    ProxyServer.Builder builder = new ProxyServer.Builder(host.trim(), port);
    String user = properties.getProperty(PROXY_USER);
    if (user != null) {
      builder.setRealm(Dsl.basicAuthRealm(user, properties.getProperty(PROXY_PASSWORD)).build());
    }
    String nonProxyHosts = properties.getProperty(PROXY_NONPROXYHOSTS);
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
    return uri -> proxy;
  }

  /**
   * A selector that asks the JDK's default {@link ProxySelector}; see {@link
   * #createProxyServerSelector(ProxySelector)}.
   */
  public static ProxyServerSelector getJdkDefaultProxyServerSelector() {
    return createProxyServerSelector(ProxySelector.getDefault());
  }

  /**
   * A selector that asks {@code selector} for each request and uses the first HTTP proxy of its
   * answer; DIRECT, no answer, or a URI it cannot take means no proxy. SOCKS answers are skipped
   * with a warning, as in 3.0.11. A null {@code selector} (the JDK may have none) means no proxy.
   */
  @SuppressWarnings("NullAway") // ProxyServerSelector.select may return null, as in 3.0.11
  static ProxyServerSelector createProxyServerSelector(@Nullable ProxySelector selector) {
    if (selector == null) {
      return ProxyServerSelector.NO_PROXY_SELECTOR;
    }
    return uri -> {
      List<Proxy> proxies;
      try {
        proxies = selector.select(uri.toJavaNetURI());
      } catch (URISyntaxException | IllegalArgumentException e) {
        LOGGER.warn("Cannot ask the JDK proxy selector about {}; going direct", uri, e);
        return null;
      }
      if (proxies == null) {
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

package org.asynchttpclient.proxy;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.jetbrains.annotations.Nullable;

/** A proxy: where it listens, its credentials, the hosts it must not be used for. Immutable. */
public class ProxyServer {

  private final String host;
  private final int port;
  private final int securedPort;
  private final @Nullable Realm realm;
  private final List<String> nonProxyHosts;
  private final ProxyType proxyType;
  private final @Nullable Function<Request, HttpHeaders> customHeaders;

  /**
   * Describes a proxy.
   *
   * @param host the proxy's host name or address
   * @param port the port for plain requests
   * @param securedPort the port for requests tunnelled with CONNECT (https, wss)
   * @param realm the proxy's credentials, or null
   * @param nonProxyHosts hosts to reach directly; see {@link #isIgnoredForHost(String)}
   * @param proxyType the kind of proxy
   * @param customHeaders extra headers for the request sent to the proxy (CONNECT included), or null
   * @throws IllegalArgumentException if the host is empty or a port is out of range
   */
  public ProxyServer(String host, int port, int securedPort, @Nullable Realm realm, List<String> nonProxyHosts,
      ProxyType proxyType, @Nullable Function<Request, HttpHeaders> customHeaders) {
    if (host == null || host.isEmpty()) {
      throw new IllegalArgumentException("proxy host: '" + host + "' (expected a host name or address)");
    }
    checkPort("proxy port", port);
    checkPort("proxy securedPort", securedPort);
    this.host = host;
    this.port = port;
    this.securedPort = securedPort;
    this.realm = realm;
    this.nonProxyHosts = nonProxyHosts == null
        ? Collections.emptyList()
        : Collections.unmodifiableList(new ArrayList<>(nonProxyHosts));
    this.proxyType = proxyType == null ? ProxyType.HTTP : proxyType;
    this.customHeaders = customHeaders;
  }

  public ProxyServer(String host, int port, int securedPort, Realm realm, List<String> nonProxyHosts,
      ProxyType proxyType) {
    this(host, port, securedPort, realm, nonProxyHosts, proxyType, null);
  }

  private static void checkPort(String name, int port) {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException(name + ": " + port + " (expected 0 to 65535)");
    }
  }

  public String getHost() {
    return host;
  }

  public int getPort() {
    return port;
  }

  public int getSecuredPort() {
    return securedPort;
  }

  /** The hosts to reach directly, unmodifiable. */
  public List<String> getNonProxyHosts() {
    return nonProxyHosts;
  }

  public @Nullable Realm getRealm() {
    return realm;
  }

  public ProxyType getProxyType() {
    return proxyType;
  }

  public @Nullable Function<Request, HttpHeaders> getCustomHeaders() {
    return customHeaders;
  }

  /**
   * Whether {@code hostname} must bypass this proxy. Each non-proxy entry matches case-insensitively:
   * {@code *.example.com} (a leading {@code *}) matches any host ending with {@code .example.com} but not
   * {@code example.com} itself; {@code 192.168.*} (a trailing {@code *}) matches by prefix; any other entry
   * must equal the host. An IPv6 host matches with or without its brackets.
   */
  public boolean isIgnoredForHost(String hostname) {
    if (hostname == null) {
      throw new NullPointerException("hostname: null (expected the request's host)");
    }
    String unbracketed = hostname.length() > 1 && hostname.charAt(0) == '[' && hostname.charAt(hostname.length() - 1) == ']'
        ? hostname.substring(1, hostname.length() - 1)
        : hostname;
    for (String nonProxyHost : nonProxyHosts) {
      if (matches(hostname, nonProxyHost) || (!unbracketed.equals(hostname) && matches(unbracketed, nonProxyHost))) {
        return true;
      }
    }
    return false;
  }

  private static boolean matches(String host, String pattern) {
    if (pattern.length() > 1 && pattern.charAt(0) == '*') {
      int suffixLength = pattern.length() - 1;
      return host.length() >= suffixLength
          && host.regionMatches(true, host.length() - suffixLength, pattern, 1, suffixLength);
    }
    if (pattern.length() > 1 && pattern.charAt(pattern.length() - 1) == '*') {
      return host.regionMatches(true, 0, pattern, 0, pattern.length() - 1);
    }
    return pattern.equalsIgnoreCase(host);
  }

  /** Builds a {@link ProxyServer}: secured port defaults to the port, type to {@link ProxyType#HTTP}. */
  public static class Builder {

    private final String host;
    private final int port;
    private int securedPort;
    private @Nullable Realm realm;
    private @Nullable List<String> nonProxyHosts;
    private @Nullable ProxyType proxyType;
    private @Nullable Function<Request, HttpHeaders> customHeaders;

    public Builder(String host, int port) {
      this.host = host;
      this.port = port;
      this.securedPort = port;
    }

    public Builder setSecuredPort(int securedPort) {
      this.securedPort = securedPort;
      return this;
    }

    public Builder setRealm(@Nullable Realm realm) {
      this.realm = realm;
      return this;
    }

    public Builder setRealm(Realm.Builder realm) {
      this.realm = realm.build();
      return this;
    }

    /** Adds one host to reach directly; see {@link ProxyServer#isIgnoredForHost(String)}. */
    public Builder setNonProxyHost(String nonProxyHost) {
      if (nonProxyHosts == null) {
        nonProxyHosts = new ArrayList<>(1);
      }
      nonProxyHosts.add(nonProxyHost);
      return this;
    }

    public Builder setNonProxyHosts(List<String> nonProxyHosts) {
      this.nonProxyHosts = nonProxyHosts == null ? null : new ArrayList<>(nonProxyHosts);
      return this;
    }

    public Builder setProxyType(ProxyType proxyType) {
      this.proxyType = proxyType;
      return this;
    }

    public Builder setCustomHeaders(Function<Request, HttpHeaders> customHeaders) {
      this.customHeaders = customHeaders;
      return this;
    }

    /**
     * Builds the proxy.
     *
     * @throws IllegalArgumentException if the host is empty or a port is out of range
     */
    public ProxyServer build() {
      return new ProxyServer(host, port, securedPort, realm,
          nonProxyHosts == null ? Collections.emptyList() : nonProxyHosts,
          proxyType == null ? ProxyType.HTTP : proxyType, customHeaders);
    }
  }
}

package org.asynchttpclient.proxy;

/** The kind of proxy: an HTTP proxy reached in clear or over TLS, or a SOCKS proxy. */
public enum ProxyType {
  HTTP(true), HTTPS(true), SOCKS_V4(false), SOCKS_V5(false);

  private final boolean http;

  ProxyType(boolean http) {
    this.http = http;
  }

  /** Whether this is an HTTP proxy (HTTP or HTTPS): plain requests go to it, TLS ones through CONNECT. */
  public boolean isHttp() {
    return http;
  }

  /** Whether this is a SOCKS proxy (v4 or v5). */
  public boolean isSocks() {
    return !http;
  }
}

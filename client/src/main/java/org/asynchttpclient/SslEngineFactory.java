package org.asynchttpclient;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;

/** Creates the {@link SSLEngine} for each TLS connection the client opens. */
public interface SslEngineFactory {

  /** Creates an engine in client mode for a connection to {@code peerHost:peerPort}. */
  SSLEngine newSslEngine(AsyncHttpClientConfig config, String peerHost, int peerPort);

  /**
   * Creates an engine for a connection that may negotiate HTTP/2 through ALPN when {@code http2Allowed}
   * is true. By default the flag is ignored and {@link #newSslEngine(AsyncHttpClientConfig, String, int)}
   * is used.
   */
  default SSLEngine newSslEngine(
      AsyncHttpClientConfig config, String peerHost, int peerPort, boolean http2Allowed) {
    return newSslEngine(config, peerHost, peerPort);
  }

  /** Called once when the client starts, before any engine is created. Does nothing by default. */
  default void init(AsyncHttpClientConfig config) throws SSLException {}

  /** Called once when the client closes. Does nothing by default. */
  default void destroy() {}
}

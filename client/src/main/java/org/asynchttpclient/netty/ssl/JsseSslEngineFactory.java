package org.asynchttpclient.netty.ssl;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.asynchttpclient.AsyncHttpClientConfig;

/**
 * Engines from a JDK {@link SSLContext}: the usual way to give the client a key store or trust
 * store of its own ({@code setSslEngineFactory(new JsseSslEngineFactory(context))}). Each engine is
 * created for the peer's host and port (SNI, session reuse), in client mode, with hostname
 * verification unless {@code disableHttpsEndpointIdentificationAlgorithm} is set (see {@link
 * SslEngineFactoryBase}).
 */
public class JsseSslEngineFactory extends SslEngineFactoryBase {

  // immutable
  private final SSLContext sslContext;

  public JsseSslEngineFactory(SSLContext sslContext) {
    this.sslContext = sslContext;
  }

  @Override
  public SSLEngine newSslEngine(AsyncHttpClientConfig config, String peerHost, int peerPort) {
    SSLEngine engine = sslContext.createSSLEngine(domain(peerHost), peerPort);
    configureSslEngine(engine, config);
    return engine;
  }
}

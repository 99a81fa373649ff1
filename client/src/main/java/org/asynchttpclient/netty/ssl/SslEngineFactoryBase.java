package org.asynchttpclient.netty.ssl;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.SslEngineFactory;

/**
 * What every engine factory of this client does to an engine: client mode, and hostname
 * verification.
 *
 * <p>Hostname verification (endpoint identification "HTTPS") is switched on for every engine unless
 * {@code disableHttpsEndpointIdentificationAlgorithm} is set. 3.0.11's base class only set client
 * mode, so engines of a {@link JsseSslEngineFactory} verified no host name at all: any certificate
 * the context trusted was accepted for any host.
 */
public abstract class SslEngineFactoryBase implements SslEngineFactory {

  /**
   * {@code hostname} without a trailing dot: {@code example.com.} (a fully qualified name) is sent
   * in SNI and checked against certificates as {@code example.com}.
   */
  protected String domain(String hostname) {
    int last = hostname.length() - 1;
    return last > 0 && hostname.charAt(last) == '.' ? hostname.substring(0, last) : hostname;
  }

  /** Puts {@code sslEngine} in client mode and sets hostname verification as {@code config} says. */
  protected void configureSslEngine(SSLEngine sslEngine, AsyncHttpClientConfig config) {
    sslEngine.setUseClientMode(true);
    SSLParameters params = sslEngine.getSSLParameters();
    // "" rather than null to switch it off: the JDK engine ignores a null algorithm, and a Netty 4.2
    // client context has verification on by default.
    params.setEndpointIdentificationAlgorithm(
        config.isDisableHttpsEndpointIdentificationAlgorithm() ? "" : "HTTPS");
    sslEngine.setSSLParameters(params);
  }
}

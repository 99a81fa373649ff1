package org.asynchttpclient.netty.ssl;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.IdentityCipherSuiteFilter;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.util.Arrays;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLException;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.SslEngineFactory;
import org.jetbrains.annotations.Nullable;

/**
 * The TLS engines of a client that was given no {@link SslEngineFactory} of its own. Hostname
 * verification (endpoint identification "HTTPS") is on unless {@code
 * disableHttpsEndpointIdentificationAlgorithm} is set, also for engines of a user-supplied {@code
 * SslContext}; the JDK's trust store is used unless {@code
 * useInsecureTrustManager} is set. Engines are created with the peer's host and port, which sends
 * SNI for host names and lets the session cache work.
 *
 * <p>ALPN: with {@code http2Enabled} (the default) engines for an origin offer {@code h2} then
 * {@code http/1.1}; engines for which HTTP/2 is not allowed (the TLS to an HTTPS proxy) come from
 * a second context offering {@code http/1.1} only. A user-supplied {@code SslContext} is used as it
 * is for both, with whatever it offers.
 */
public final class DefaultSslEngineFactory implements SslEngineFactory {
  private volatile @Nullable SslContext sslContext;
  private volatile @Nullable SslContext http1Context;

  @Override
  public void init(AsyncHttpClientConfig config) throws SSLException {
    SslContext given = config.getSslContext();
    if (given != null) {
      sslContext = given;
      http1Context = given;
      return;
    }
    SslContext http1 = build(config, false);
    http1Context = http1;
    sslContext = config.isHttp2Enabled() ? build(config, true) : http1;
  }

  private static SslContext build(AsyncHttpClientConfig config, boolean offerH2)
      throws SSLException {
    SslProvider provider =
        config.isUseOpenSsl() && OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
    SslContextBuilder builder = SslContextBuilder.forClient().sslProvider(provider);
    if (config.isUseInsecureTrustManager()) {
      builder.trustManager(InsecureTrustManagerFactory.INSTANCE);
    }
    String[] protocols = config.getEnabledProtocols();
    if (protocols != null && protocols.length > 0) {
      builder.protocols(protocols);
    }
    String[] ciphers = config.getEnabledCipherSuites();
    if (ciphers != null && ciphers.length > 0) {
      builder.ciphers(
          Arrays.asList(ciphers),
          config.isFilterInsecureCipherSuites()
              ? SupportedCipherSuiteFilter.INSTANCE
              : IdentityCipherSuiteFilter.INSTANCE);
    }
    if (config.getSslSessionCacheSize() > 0) {
      builder.sessionCacheSize(config.getSslSessionCacheSize());
    }
    if (config.getSslSessionTimeout() > 0) {
      builder.sessionTimeout(config.getSslSessionTimeout());
    }
    builder.endpointIdentificationAlgorithm(
        config.isDisableHttpsEndpointIdentificationAlgorithm() ? null : "HTTPS");
    builder.applicationProtocolConfig(
        offerH2
            ? alpn(ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1)
            : alpn(ApplicationProtocolNames.HTTP_1_1));
    return builder.build();
  }

  private static ApplicationProtocolConfig alpn(String... protocols) {
    return new ApplicationProtocolConfig(
        ApplicationProtocolConfig.Protocol.ALPN,
        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
        protocols);
  }

  @Override
  public SSLEngine newSslEngine(AsyncHttpClientConfig config, String peerHost, int peerPort) {
    return newSslEngine(config, peerHost, peerPort, true);
  }

  @Override
  public SSLEngine newSslEngine(
      AsyncHttpClientConfig config, String peerHost, int peerPort, boolean http2Allowed) {
    SslContext ctx = http2Allowed ? sslContext : http1Context;
    if (ctx == null) {
      throw new IllegalStateException("SslEngineFactory used before init(config)");
    }
    ByteBufAllocator alloc =
        config.getAllocator() != null ? config.getAllocator() : ByteBufAllocator.DEFAULT;
    SSLEngine engine = ctx.newEngine(alloc, peerHost, peerPort);
    // Applied per engine, as 3.0.11 does, so the switch also governs a user-supplied SslContext.
    // Netty 4.2 client contexts verify host names by default, so disabling must clear it
    // actively, and with "" rather than null: the JDK engine ignores a null algorithm.
    SSLParameters params = engine.getSSLParameters();
    params.setEndpointIdentificationAlgorithm(
        config.isDisableHttpsEndpointIdentificationAlgorithm() ? "" : "HTTPS");
    engine.setSSLParameters(params);
    return engine;
  }
}

package org.asynchttpclient.netty.ssl;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.IdentityCipherSuiteFilter;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.util.ReferenceCountUtil;
import java.util.Arrays;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.SslEngineFactory;
import org.jetbrains.annotations.Nullable;

/**
 * The TLS engines of a client that was given no {@link SslEngineFactory} of its own: from the
 * config's {@code SslContext} when it has one, else from Netty contexts built by {@link #init} out
 * of the config's TLS options. Hostname verification is on unless {@code
 * disableHttpsEndpointIdentificationAlgorithm} is set, also for engines of a user-supplied {@code
 * SslContext}; the JDK's trust store is used unless {@code useInsecureTrustManager} is set. Engines
 * are created with the peer's host and port, which sends SNI for host names and lets the session
 * cache work.
 *
 * <p>ALPN: with {@code http2Enabled} (the default) engines for an origin offer {@code h2} then
 * {@code http/1.1}; engines for which HTTP/2 is not allowed (the TLS to an HTTPS proxy) come from
 * a second context offering {@code http/1.1} only. A user-supplied {@code SslContext} is used as it
 * is for both, with whatever it offers.
 *
 * <p>{@link #destroy()} releases the contexts this factory built, never a user-supplied one (3.0.11
 * released that too, which breaks a reference-counted OpenSSL context shared by several clients).
 */
public class DefaultSslEngineFactory extends SslEngineFactoryBase {

  // any thread: written once by init, read by every connect
  private volatile @Nullable SslContext sslContext;
  private volatile @Nullable SslContext http1Context;
  private volatile boolean ownsContext;

  @Override
  public void init(AsyncHttpClientConfig config) throws SSLException {
    SslContext given = config.getSslContext();
    if (given != null) {
      sslContext = given;
      http1Context = given;
      ownsContext = false;
      return;
    }
    SslContext http1 = configureSslContextBuilder(builder(config, false)).build();
    http1Context = http1;
    sslContext =
        config.isHttp2Enabled() ? configureSslContextBuilder(builder(config, true)).build() : http1;
    ownsContext = true;
  }

  private static SslContextBuilder builder(AsyncHttpClientConfig config, boolean offerH2) {
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
    // As 3.0.11 and 3.0.12: a list of suites is used as given (a name the provider lacks fails the
    // engine, loudly); without one, filterInsecureCipherSuites keeps Netty's secure defaults, and
    // false enables every suite the provider supports, weak ones included (the user's opt-out).
    String[] ciphers = config.getEnabledCipherSuites();
    if (ciphers != null && ciphers.length > 0) {
      builder.ciphers(Arrays.asList(ciphers), IdentityCipherSuiteFilter.INSTANCE);
    } else if (!config.isFilterInsecureCipherSuites()) {
      builder.ciphers(null, IdentityCipherSuiteFilter.INSTANCE_DEFAULTING_TO_SUPPORTED_CIPHERS);
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
    return builder;
  }

  private static ApplicationProtocolConfig alpn(String... protocols) {
    return new ApplicationProtocolConfig(
        ApplicationProtocolConfig.Protocol.ALPN,
        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
        protocols);
  }

  /**
   * The last step before a context is built, when the config has no {@code SslContext}: a
   * subclass may change {@code builder} or return another one. Returns {@code builder} unchanged.
   * Called once per context (two when HTTP/2 is on: with and without {@code h2} in ALPN).
   *
   * @param builder the builder with the config's options applied
   * @return the builder to build the context from
   */
  protected SslContextBuilder configureSslContextBuilder(SslContextBuilder builder) {
    return builder;
  }

  @Override
  public SSLEngine newSslEngine(AsyncHttpClientConfig config, String peerHost, int peerPort) {
    return newSslEngine(config, peerHost, peerPort, true);
  }

  /** As above; {@code http2Allowed} false takes the context that offers only {@code http/1.1}. */
  @Override
  public SSLEngine newSslEngine(
      AsyncHttpClientConfig config, String peerHost, int peerPort, boolean http2Allowed) {
    SslContext ctx = http2Allowed ? sslContext : http1Context;
    if (ctx == null) {
      throw new IllegalStateException("SslEngineFactory used before init(config) or after destroy()");
    }
    ByteBufAllocator alloc =
        config.getAllocator() != null ? config.getAllocator() : ByteBufAllocator.DEFAULT;
    SSLEngine engine = ctx.newEngine(alloc, domain(peerHost), peerPort);
    // Per engine, as 3.0.11 does, so the switch also governs a user-supplied SslContext.
    configureSslEngine(engine, config);
    return engine;
  }

  @Override
  public synchronized void destroy() {
    SslContext ctx = sslContext;
    SslContext http1 = http1Context;
    sslContext = null;
    http1Context = null;
    if (ownsContext) {
      ReferenceCountUtil.release(ctx); // does nothing for null
      if (http1 != ctx) {
        ReferenceCountUtil.release(http1);
      }
    }
  }
}

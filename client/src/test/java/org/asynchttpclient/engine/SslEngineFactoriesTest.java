package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.ssl.DelegatingSslContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.pkitesting.X509Bundle;
import io.netty.util.ReferenceCounted;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.netty.ssl.DefaultSslEngineFactory;
import org.asynchttpclient.netty.ssl.JsseSslEngineFactory;
import org.asynchttpclient.netty.ssl.SslEngineFactoryBase;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.Certificates;
import org.asynchttpclient.testing.ClientAndServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The public engine factories of {@code netty.ssl} against a loopback TLS server. */
class SslEngineFactoriesTest extends ClientAndServer<TestServer> {
  private static X509Bundle localCert;
  private static X509Bundle otherCert;

  @BeforeAll
  static void certificates() throws Exception {
    localCert = Certificates.localhost();
    otherCert = Certificates.selfSigned("other.example").buildSelfSigned();
  }

  private String startServer(X509Bundle cert) throws Exception {
    server = new TestServer().tls(Certificates.serverContext(cert));
    server.route("/hello", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "secure"));
    return "https://127.0.0.1:" + server.port() + "/hello";
  }

  private static SSLContext jdkContextTrusting(X509Bundle cert) throws Exception {
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, cert.toTrustManagerFactory().getTrustManagers(), null);
    return context;
  }

  private static String get(DefaultAsyncHttpClientConfig.Builder b, String url) throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client(b)) {
      return c.prepareGet(url).execute().get(10, TimeUnit.SECONDS).getResponseBody();
    }
  }

  private static Throwable failure(DefaultAsyncHttpClientConfig.Builder b, String url) {
    try (DefaultAsyncHttpClient c = ClientFixture.client(b)) {
      return Await.failed(c.prepareGet(url).execute(), 10)
          .getCause();
    }
  }

  @Test
  void jsseFactoryUsesTheGivenJdkContext() throws Exception {
    String url = startServer(localCert);
    JsseSslEngineFactory factory = new JsseSslEngineFactory(jdkContextTrusting(localCert));
    assertEquals("secure", get(ClientFixture.config().setSslEngineFactory(factory), url));
    // the same factory without the certificate in its trust store is refused
    Throwable t = failure(ClientFixture.config().setSslEngineFactory(new JsseSslEngineFactory(jdkContextTrusting(otherCert))), url);
    assertTrue(Certificates.causedBy(t, SSLHandshakeException.class), String.valueOf(t));
  }

  @Test
  void jsseFactoryVerifiesHostNamesUnlessDisabled() throws Exception {
    // 3.0.11's JsseSslEngineFactory accepted a trusted certificate for any host.
    String url = startServer(otherCert);
    JsseSslEngineFactory factory = new JsseSslEngineFactory(jdkContextTrusting(otherCert));
    Throwable t = failure(ClientFixture.config().setSslEngineFactory(factory), url);
    assertTrue(Certificates.causedBy(t, SSLHandshakeException.class), String.valueOf(t));
    assertEquals(0, server.received().size());
    assertEquals(
        "secure",
        get(
            ClientFixture.config()
                .setSslEngineFactory(factory)
                .setDisableHttpsEndpointIdentificationAlgorithm(true),
            url));
  }

  /** A subclass that makes the context trust the local certificate, counting its calls. */
  private DefaultSslEngineFactory trustingLocal(AtomicInteger calls) {
    return new DefaultSslEngineFactory() {
      @Override
      protected SslContextBuilder configureSslContextBuilder(SslContextBuilder builder) {
        calls.incrementAndGet();
        return builder.trustManager(localCert.toTrustManagerFactory());
      }
    };
  }

  @Test
  void defaultFactorySubclassMayChangeTheContextBuilder() throws Exception {
    String url = startServer(localCert);
    AtomicInteger calls = new AtomicInteger();
    assertEquals("secure", get(ClientFixture.config().setSslEngineFactory(trustingLocal(calls)), url));
    assertEquals(2, calls.get(), "once per context: with h2 in ALPN and without");
    AtomicInteger http1Calls = new AtomicInteger();
    assertEquals(
        "secure",
        get(ClientFixture.config().setHttp2Enabled(false).setSslEngineFactory(trustingLocal(http1Calls)), url));
    assertEquals(1, http1Calls.get(), "one context without HTTP/2");
  }

  private static List<String> enabledSuites(DefaultAsyncHttpClientConfig.Builder config) throws Exception {
    DefaultSslEngineFactory factory = new DefaultSslEngineFactory();
    factory.init(config.build());
    try {
      return List.of(factory.newSslEngine(config.build(), "localhost", 443).getEnabledCipherSuites());
    } finally {
      factory.destroy();
    }
  }

  @Test
  void cipherSuitesAreChosenAsIn3011() throws Exception {
    List<String> secure = enabledSuites(ClientFixture.config());
    List<String> unfiltered = enabledSuites(ClientFixture.config().setFilterInsecureCipherSuites(false));
    assertTrue(unfiltered.containsAll(secure), "every secure default stays enabled");
    assertTrue(unfiltered.size() > secure.size(),
        "filterInsecureCipherSuites false enables every supported suite: " + unfiltered.size() + " vs " + secure.size());
    String[] given = {"TLS_AES_128_GCM_SHA256", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"};
    assertEquals(List.of(given), enabledSuites(ClientFixture.config().setEnabledCipherSuites(given)));
    // A list is used as given, filter or not: a suite the provider lacks fails loudly, not silently.
    assertThrows(IllegalArgumentException.class,
        () -> enabledSuites(ClientFixture.config().setEnabledCipherSuites(new String[] {"TLS_NO_SUCH_SUITE"})));
  }

  @Test
  void engineIsForTheHostWithoutItsTrailingDotInClientModeWithVerification() throws Exception {
    SSLEngine engine =
        new JsseSslEngineFactory(jdkContextTrusting(localCert))
            .newSslEngine(ClientFixture.config().build(), "www.example.", 8443);
    assertEquals("www.example", engine.getPeerHost());
    assertEquals(8443, engine.getPeerPort());
    assertTrue(engine.getUseClientMode());
    assertEquals("HTTPS", engine.getSSLParameters().getEndpointIdentificationAlgorithm());
    ExposedDomain base = new ExposedDomain(jdkContextTrusting(localCert));
    assertEquals("h", base.domainOf("h"));
    assertEquals("h.example", base.domainOf("h.example."));
    assertEquals(".", base.domainOf("."));
  }

  /** Lets the test call the protected {@link SslEngineFactoryBase#domain}. */
  private static final class ExposedDomain extends JsseSslEngineFactory {
    ExposedDomain(SSLContext context) {
      super(context);
    }

    String domainOf(String host) {
      return domain(host);
    }
  }

  @Test
  void defaultFactoryNeverReleasesAUserSuppliedContext() throws Exception {
    CountedContext given = new CountedContext(SslContextBuilder.forClient().build());
    DefaultSslEngineFactory factory = new DefaultSslEngineFactory();
    factory.init(ClientFixture.config().setSslContext(given).build());
    factory.destroy();
    factory.destroy();
    assertEquals(1, given.refCnt());
  }

  /** A user's reference-counted context (as an OpenSSL one is). */
  private static final class CountedContext extends DelegatingSslContext implements ReferenceCounted {
    private final AtomicInteger refs = new AtomicInteger(1);

    CountedContext(SslContext ctx) {
      super(ctx);
    }

    @Override
    protected void initEngine(SSLEngine engine) {}

    @Override
    protected void initHandler(SslHandler handler) {}

    @Override
    public int refCnt() {
      return refs.get();
    }

    @Override
    public ReferenceCounted retain() {
      refs.incrementAndGet();
      return this;
    }

    @Override
    public ReferenceCounted retain(int increment) {
      refs.addAndGet(increment);
      return this;
    }

    @Override
    public ReferenceCounted touch() {
      return this;
    }

    @Override
    public ReferenceCounted touch(Object hint) {
      return this;
    }

    @Override
    public boolean release() {
      return refs.decrementAndGet() == 0;
    }

    @Override
    public boolean release(int decrement) {
      return refs.addAndGet(-decrement) == 0;
    }
  }
}

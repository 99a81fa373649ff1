package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.ssl.SniHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.pkitesting.X509Bundle;
import io.netty.resolver.InetNameResolver;
import io.netty.util.concurrent.ImmediateEventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Response;
import org.asynchttpclient.SslEngineFactory;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.Certificates;
import org.asynchttpclient.testing.ClientAndServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** TLS against a loopback server with certificates made in the test. */
class TlsTest extends ClientAndServer<TestServer> {
  private static X509Bundle localCert;
  private static X509Bundle otherCert;
  private static X509Bundle sniCert;

  /** Host names the server saw in SNI; "<none>" when the client sent none. */
  private final List<String> sniSeen = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void certificates() throws Exception {
    localCert = Certificates.localhost();
    otherCert = Certificates.selfSigned("other.example").buildSelfSigned();
    sniCert = Certificates.selfSigned("sni.test").buildSelfSigned();
  }

  private String startServer(X509Bundle cert) throws Exception {
    SslContext serverCtx = Certificates.serverContext(cert);
    server = new TestServer();
    server.route("/hello", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "secure"));
    server.onAccept(
        ch ->
            ch.pipeline()
                .addLast(
                    new SniHandler(
                        host -> {
                          sniSeen.add(host == null ? "<none>" : host);
                          return serverCtx;
                        })));
    return "https://127.0.0.1:" + server.port() + "/hello";
  }

  private static Response get(DefaultAsyncHttpClientConfig.Builder b, String url) throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client(b)) {
      return c.prepareGet(url).execute().get(10, TimeUnit.SECONDS);
    }
  }

  private static Throwable failure(DefaultAsyncHttpClientConfig.Builder b, String url) {
    try (DefaultAsyncHttpClient c = ClientFixture.client(b)) {
      ExecutionException e =
          Await.failed(c.prepareGet(url).execute(), 10);
      return e.getCause();
    }
  }

  @Test
  void untrustedCertificateFailsTheHandshake() throws Exception {
    String url = startServer(localCert);
    Throwable t = failure(ClientFixture.config(), url);
    assertTrue(Certificates.causedBy(t, SSLHandshakeException.class), String.valueOf(t));
    assertEquals(0, server.received().size());
  }

  @Test
  void insecureTrustManagerAcceptsIt() throws Exception {
    String url = startServer(localCert);
    Response r = get(ClientFixture.config().setUseInsecureTrustManager(true), url);
    assertEquals("secure", r.getResponseBody());
  }

  @Test
  void trustedCertificateWithMatchingNameSucceedsAndIsReused() throws Exception {
    String url = startServer(localCert);
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setSslContext(Certificates.trusting(localCert)))) {
      for (int i = 0; i < 3; i++) {
        assertEquals("secure", c.prepareGet(url).execute().get(10, TimeUnit.SECONDS).getResponseBody());
      }
    }
    assertEquals(1, server.acceptedCount());
    assertEquals(List.of("<none>"), sniSeen, "no SNI for an IP literal");
  }

  @Test
  void hostnameMismatchFailsEvenWhenTheCertificateIsTrusted() throws Exception {
    String url = startServer(otherCert);
    Throwable t = failure(ClientFixture.config().setSslContext(Certificates.trusting(otherCert)), url);
    assertTrue(Certificates.causedBy(t, SSLHandshakeException.class), String.valueOf(t));
    assertEquals(0, server.received().size());
  }

  @Test
  void hostnameMismatchPassesWithEndpointIdentificationDisabled() throws Exception {
    String url = startServer(otherCert);
    Response r =
        get(
            ClientFixture.config()
                .setSslContext(Certificates.trusting(otherCert))
                .setDisableHttpsEndpointIdentificationAlgorithm(true),
            url);
    assertEquals("secure", r.getResponseBody());
  }

  @Test
  void hostnameMismatchWithDefaultContextAndInsecureTrustPassesOnlyWhenDisabled() throws Exception {
    String url = startServer(otherCert);
    // The insecure trust manager accepts any chain; hostname checks are the other switch.
    Response r =
        get(
            ClientFixture.config()
                .setUseInsecureTrustManager(true)
                .setDisableHttpsEndpointIdentificationAlgorithm(true),
            url);
    assertEquals("secure", r.getResponseBody());
  }

  private static final class OneNameResolver extends InetNameResolver {
    private final String name;

    OneNameResolver(String name) {
      super(ImmediateEventExecutor.INSTANCE);
      this.name = name;
    }

    @Override
    protected void doResolve(String host, Promise<InetAddress> promise) throws Exception {
      if (host.equals(name)) {
        promise.setSuccess(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}));
      } else {
        promise.setFailure(new UnknownHostException(host));
      }
    }

    @Override
    protected void doResolveAll(String host, Promise<List<InetAddress>> promise) throws Exception {
      if (host.equals(name)) {
        promise.setSuccess(List.of(InetAddress.getByAddress(new byte[] {127, 0, 0, 1})));
      } else {
        promise.setFailure(new UnknownHostException(host));
      }
    }
  }

  @Test
  void sniCarriesTheRequestedHostName() throws Exception {
    startServer(sniCert);
    String url = "https://sni.test:" + server.port() + "/hello";
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setSslContext(Certificates.trusting(sniCert)))) {
      Response r =
          c.prepareGet(url)
              .setNameResolver(new OneNameResolver("sni.test"))
              .execute()
              .get(10, TimeUnit.SECONDS);
      assertEquals("secure", r.getResponseBody());
    }
    assertEquals(List.of("sni.test"), sniSeen);
  }

  @Test
  void theVirtualHostIsTheTlsPeerOfARequestToAnAddress() throws Exception {
    String url = startServer(sniCert);
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(ClientFixture.config().setSslContext(Certificates.trusting(sniCert)))) {
      for (String virtualHost : List.of("sni.test:" + server.port(), "sni.test")) {
        Response r = c.prepareGet(url).setVirtualHost(virtualHost).execute().get(10, TimeUnit.SECONDS);
        assertEquals("secure", r.getResponseBody(), virtualHost);
      }
      Throwable t = Await.failed(c.prepareGet(url).setVirtualHost("sni.test:https").execute(), 10).getCause();
      assertInstanceOf(IllegalArgumentException.class, t);
      assertTrue(t.getMessage().contains("sni.test:https"), t.getMessage());
    }
    assertEquals(List.of("sni.test", "sni.test"), sniSeen, "SNI: the virtual host's name");
    assertEquals("sni.test:" + server.port(), server.received().get(0).headers.get(HttpHeaderNames.HOST));
  }

  @Test
  void enabledProtocolsAreHonoured() throws Exception {
    String url = startServer(localCert);
    RecordingHandler defaults = new RecordingHandler();
    RecordingHandler only12 = new RecordingHandler();
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setUseInsecureTrustManager(true))) {
      c.prepareGet(url).execute(defaults).get(10, TimeUnit.SECONDS);
    }
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(
            ClientFixture.config()
                .setUseInsecureTrustManager(true)
                .setEnabledProtocols(new String[] {"TLSv1.2"}))) {
      c.prepareGet(url).execute(only12).get(10, TimeUnit.SECONDS);
    }
    assertTrue(defaults.events().contains("tlsSuccess:TLSv1.3"), defaults.events().toString());
    assertTrue(only12.events().contains("tlsSuccess:TLSv1.2"), only12.events().toString());
    List<String> names = only12.names();
    assertEquals(
        List.of("connectSuccess", "tlsAttempt", "tlsSuccess", "send"),
        names.subList(names.indexOf("connectSuccess"), names.indexOf("send") + 1));
  }

  @Test
  void handshakeTimeoutAgainstASilentServer() throws Exception {
    try (RawServer silent = RawServer.withPipeline(ch -> {})) {
      RecordingHandler h = new RecordingHandler();
      try (DefaultAsyncHttpClient c =
          ClientFixture.client(
              ClientFixture.config().setUseInsecureTrustManager(true).setHandshakeTimeout(300))) {
        long start = System.nanoTime();
        ExecutionException e =
            Await.failed(c.prepareGet("https://127.0.0.1:" + silent.port() + "/").execute(h), 10);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(Certificates.causedBy(e.getCause(), SSLHandshakeException.class), String.valueOf(e.getCause()));
        assertTrue(ms >= 250 && ms < 3000, "failed after " + ms + " ms");
      }
      assertTrue(h.names().contains("tlsFailure"), h.events().toString());
      assertTrue(silent.await(() -> silent.closedCount() == 1, Duration.ofSeconds(5)));
    }
  }

  /** Counts its engines and trusts everything. */
  private static final class CountingEngineFactory implements SslEngineFactory {
    final AtomicInteger inits = new AtomicInteger();
    final AtomicInteger destroys = new AtomicInteger();
    final List<String> peers = new CopyOnWriteArrayList<>();
    volatile SslContext ctx;

    @Override
    public void init(AsyncHttpClientConfig config) throws SSLException {
      inits.incrementAndGet();
      ctx = SslContextBuilder.forClient().trustManager(InsecureTrustManagerFactory.INSTANCE).build();
    }

    @Override
    public SSLEngine newSslEngine(AsyncHttpClientConfig config, String peerHost, int peerPort) {
      peers.add(peerHost + ":" + peerPort);
      return ctx.newEngine(io.netty.buffer.ByteBufAllocator.DEFAULT, peerHost, peerPort);
    }

    @Override
    public void destroy() {
      destroys.incrementAndGet();
    }
  }

  @Test
  void customSslEngineFactoryIsUsed() throws Exception {
    String url = startServer(localCert);
    CountingEngineFactory factory = new CountingEngineFactory();
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setSslEngineFactory(factory))) {
      assertEquals(1, factory.inits.get());
      assertEquals("secure", c.prepareGet(url).execute().get(10, TimeUnit.SECONDS).getResponseBody());
      assertNotNull(factory.ctx);
      assertEquals(List.of("127.0.0.1:" + server.port()), factory.peers);
    }
    assertEquals(1, factory.destroys.get());
  }

  @Test
  void cancelDuringTheHandshakeClosesTheConnection() throws Exception {
    try (RawServer silent = RawServer.withPipeline(ch -> {})) {
      RecordingHandler h = new RecordingHandler();
      try (DefaultAsyncHttpClient c =
          ClientFixture.client(
              ClientFixture.config().setUseInsecureTrustManager(true).setHandshakeTimeout(10_000))) {
        org.asynchttpclient.ListenableFuture<Response> f =
            c.prepareGet("https://127.0.0.1:" + silent.port() + "/").execute(h);
        assertTrue(silent.await(() -> silent.acceptedCount() == 1, Duration.ofSeconds(5)));
        assertTrue(f.cancel(true));
        assertTrue(silent.await(() -> silent.closedCount() == 1, Duration.ofSeconds(5)), "client must close");
      }
    }
  }
}

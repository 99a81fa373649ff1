package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.socksx.v5.DefaultSocks5CommandResponse;
import io.netty.handler.codec.socksx.v5.DefaultSocks5InitialResponse;
import io.netty.handler.codec.socksx.v5.Socks5AddressType;
import io.netty.handler.codec.socksx.v5.Socks5AuthMethod;
import io.netty.handler.codec.socksx.v5.Socks5CommandRequest;
import io.netty.handler.codec.socksx.v5.Socks5CommandRequestDecoder;
import io.netty.handler.codec.socksx.v5.Socks5CommandStatus;
import io.netty.handler.codec.socksx.v5.Socks5CommandType;
import io.netty.handler.codec.socksx.v5.Socks5InitialRequest;
import io.netty.handler.codec.socksx.v5.Socks5InitialRequestDecoder;
import io.netty.handler.codec.socksx.v5.Socks5ServerEncoder;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.pkitesting.X509Bundle;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.HttpProtocol;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Response;
import org.asynchttpclient.cookie.ThreadSafeCookieStore;
import org.asynchttpclient.netty.ws.NettyWebSocket;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyType;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.Certificates;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.DigestVerifier;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.NtlmVerifier;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.testing.WsRecorder;
import org.asynchttpclient.testing.WsTestServer;
import org.asynchttpclient.ws.WebSocketUpgradeHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * End-to-end proxy paths over loopback: CONNECT tunnels to a TLS target, 407 challenges on plain
 * proxied requests and on CONNECT, and SOCKS5. The proxies here are small enough to check what
 * the client put on the wire, and they relay real bytes so the target's view can be checked too.
 */
class ProxyTunnelTest {
  /** "user:secret" in Base64. */
  private static final String USER_SECRET = "Basic dXNlcjpzZWNyZXQ=";

  private static X509Bundle targetCert;

  private final List<AutoCloseable> closeables = new ArrayList<>();

  @BeforeAll
  static void certificate() throws Exception {
    targetCert = Certificates.localhost();
  }

  @AfterEach
  void stop() throws Exception {
    // Reverse order: proxies before the targets they relay to.
    for (int i = closeables.size() - 1; i >= 0; i--) {
      closeables.get(i).close();
    }
  }

  private <T extends AutoCloseable> T closeLater(T c) {
    closeables.add(c);
    return c;
  }

  private TestServer tlsTarget() throws Exception {
    TestServer target = closeLater(new TestServer()).tls(Certificates.serverContext(targetCert));
    target.route(
        "/secure", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "tunnelled"));
    return target;
  }

  // ---------------------------------------------------------------- CONNECT

  @Test
  void httpsGoesThroughAConnectTunnel() throws Exception {
    TestServer target = tlsTarget();
    ConnectProxy proxy = closeLater(new ConnectProxy((String) null));
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setUseInsecureTrustManager(true))) {
      Response r =
          client
              .prepareGet("https://127.0.0.1:" + target.port() + "/secure?x=1")
              .setProxyServer(Dsl.proxyServer("127.0.0.1", proxy.port()))
              .execute()
              .get(10, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("tunnelled", r.getResponseBody());
    }
    assertEquals(List.of("127.0.0.1:" + target.port()), proxy.connectTargets);
    assertNull(proxy.connectHeaders.get(0).get(HttpHeaderNames.PROXY_AUTHORIZATION));
    assertEquals(1, proxy.server.acceptedCount(), "connections to the proxy");
    assertEquals(1, target.received().size(), "requests at the target");
    TestServer.Received got = target.received().get(0);
    assertEquals("GET", got.method);
    assertEquals("/secure?x=1", got.uri, "origin-form inside the tunnel");
    assertEquals("127.0.0.1:" + target.port(), got.headers.get(HttpHeaderNames.HOST));
  }

  @Test
  void httpsThroughAConnectTunnelWorksWithoutAutomaticDecompression() throws Exception {
    TestServer target = tlsTarget();
    ConnectProxy proxy = closeLater(new ConnectProxy((String) null));
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            ClientFixture.config().setUseInsecureTrustManager(true).setEnableAutomaticDecompression(false))) {
      for (int i = 0; i < 2; i++) {
        Response r =
            client
                .prepareGet("https://127.0.0.1:" + target.port() + "/secure")
                .setProxyServer(Dsl.proxyServer("127.0.0.1", proxy.port()))
                .execute()
                .get(10, TimeUnit.SECONDS);
        assertEquals(200, r.getStatusCode());
        assertEquals("tunnelled", r.getResponseBody());
      }
    }
    assertEquals(1, proxy.connectTargets.size(), "the tunnel is pooled and used again");
  }

  @Test
  void alpnThroughTheTunnelNegotiatesH2WithTheOrigin() throws Exception {
    try (H2TestServer target = new H2TestServer()) {
      target.route(
          "/h2", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "tunnelled " + req.protocol));
      ConnectProxy proxy = closeLater(new ConnectProxy((String) null));
      try (DefaultAsyncHttpClient client =
          ClientFixture.client(ClientFixture.config().setUseInsecureTrustManager(true))) {
        for (int i = 0; i < 3; i++) {
          Response r =
              client
                  .prepareGet(target.url("/h2"))
                  .setProxyServer(Dsl.proxyServer("127.0.0.1", proxy.port()))
                  .execute()
                  .get(10, TimeUnit.SECONDS);
          assertEquals("tunnelled h2", r.getResponseBody());
          assertEquals(HttpProtocol.HTTP_2, r.getProtocol());
        }
      }
      assertEquals(List.of("127.0.0.1:" + target.port()), proxy.connectTargets, "one tunnel, three streams");
      assertEquals(1, target.connections().size());
    }
  }

  @Test
  void connectCarriesTheProxysCustomHeadersButTheTunnelledRequestDoesNot() throws Exception {
    TestServer target = tlsTarget();
    ConnectProxy proxy = closeLater(new ConnectProxy((String) null));
    ProxyServer withHeaders =
        Dsl.proxyServer("127.0.0.1", proxy.port())
            .setCustomHeaders(
                req ->
                    new io.netty.handler.codec.http.DefaultHttpHeaders()
                        .add("X-Proxy-Token", "t-" + req.getUri().getPath()))
            .build();
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setUseInsecureTrustManager(true))) {
      Response r =
          client
              .prepareGet("https://127.0.0.1:" + target.port() + "/secure")
              .setProxyServer(withHeaders)
              .execute()
              .get(10, TimeUnit.SECONDS);
      assertEquals("tunnelled", r.getResponseBody());
    }
    assertEquals(1, proxy.connectHeaders.size(), "CONNECTs");
    assertEquals("t-/secure", proxy.connectHeaders.get(0).get("X-Proxy-Token"));
    assertEquals(1, target.received().size(), "requests at the target");
    assertNull(target.received().get(0).headers.get("X-Proxy-Token"), "the target never sees them");
  }

  @Test
  void connectAnswered407IsRepeatedWithProxyCredentials() throws Exception {
    TestServer target = tlsTarget();
    ConnectProxy proxy = closeLater(new ConnectProxy(USER_SECRET));
    ProxyServer p =
        Dsl.proxyServer("127.0.0.1", proxy.port())
            .setRealm(Dsl.basicAuthRealm("user", "secret"))
            .build();
    assertEquals(USER_SECRET, tunnelledAfterOneReplay(target, proxy, p, "/secure"));
  }

  /**
   * Runs a GET of {@code pathAndQuery} through {@code p} to the TLS target, checks that it took
   * exactly two CONNECTs on two connections (the first without credentials) and reached the target
   * once without the proxy's credentials, and returns the second CONNECT's Proxy-Authorization.
   */
  private static String tunnelledAfterOneReplay(
      TestServer target, ConnectProxy proxy, ProxyServer p, String pathAndQuery) throws Exception {
    Response r = getThrough(p, "https://127.0.0.1:" + target.port() + pathAndQuery, trusting());
    assertEquals(200, r.getStatusCode());
    assertEquals("tunnelled", r.getResponseBody());
    String authority = "127.0.0.1:" + target.port();
    assertEquals(List.of(authority, authority), proxy.connectTargets);
    assertNull(proxy.connectHeaders.get(0).get(HttpHeaderNames.PROXY_AUTHORIZATION));
    assertEquals(2, proxy.server.acceptedCount(), "the replayed CONNECT goes on a fresh connection");
    assertEquals(1, target.received().size(), "requests at the target");
    assertEquals(pathAndQuery, target.received().get(0).uri);
    assertNull(
        target.received().get(0).headers.get(HttpHeaderNames.PROXY_AUTHORIZATION),
        "proxy credentials must not reach the target");
    return proxy.connectHeaders.get(1).get(HttpHeaderNames.PROXY_AUTHORIZATION);
  }

  /** Runs a GET through {@code p} to the TLS target and returns the proxy's answer as the response. */
  private static Response refusedByProxy(TestServer target, ProxyServer.Builder p) throws Exception {
    return getThrough(p.build(), "https://127.0.0.1:" + target.port() + "/secure", trusting());
  }

  /** A GET of {@code url} through {@code proxy} by a client of its own on {@code config}. */
  private static Response getThrough(ProxyServer proxy, String url, DefaultAsyncHttpClientConfig.Builder config)
      throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client(config)) {
      return client.prepareGet(url).setProxyServer(proxy).execute().get(10, TimeUnit.SECONDS);
    }
  }

  /** The TLS target's certificate is self-signed. */
  private static DefaultAsyncHttpClientConfig.Builder trusting() {
    return ClientFixture.config().setUseInsecureTrustManager(true);
  }

  /** As 3.0.11 (upstream HttpsProxyTest.testFailedConnectWithProxy). */
  @Test
  void connectAnswered403IsTheResponseAndItsConnectionIsNeverPooled() throws Exception {
    TestServer target = tlsTarget();
    ConnectProxy proxy = closeLater(new ConnectProxy((String) null));
    proxy.refusal = "no tunnel for you";
    ProxyServer p = Dsl.proxyServer("127.0.0.1", proxy.port()).build();
    List<String> heard = new CopyOnWriteArrayList<>();
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setUseInsecureTrustManager(true).setKeepAlive(true))) {
      for (int i = 0; i < 3; i++) {
        Response r = client.prepareGet("https://127.0.0.1:" + target.port() + "/secure").setProxyServer(p)
            .execute(new AsyncCompletionHandlerBase() {
              @Override
              public State onStatusReceived(org.asynchttpclient.HttpResponseStatus status) throws Exception {
                heard.add("status " + status.getStatusCode());
                return super.onStatusReceived(status);
              }
            })
            .get(10, TimeUnit.SECONDS);
        assertEquals(403, r.getStatusCode());
        assertEquals("no tunnel for you", r.getResponseBody());
        assertEquals("refused", r.getHeader("X-Proxy"));
        assertEquals(target.port(), r.getUri().getPort(), "the response is the request's");
      }
    }
    assertEquals(List.of("status 403", "status 403", "status 403"), heard);
    assertEquals(3, proxy.server.acceptedCount(), "each refused CONNECT's connection is closed, not pooled");
    assertEquals(0, target.acceptedCount(), "connections at the target");
  }

  @Test
  void aProxysAnswerToConnectNeverSetsACookie() throws Exception {
    TestServer target = tlsTarget();
    ConnectProxy proxy = closeLater(new ConnectProxy((String) null));
    proxy.setCookie = "proxy=1; Path=/";
    ProxyServer p = Dsl.proxyServer("127.0.0.1", proxy.port()).build();
    ThreadSafeCookieStore store = new ThreadSafeCookieStore();
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setUseInsecureTrustManager(true).setCookieStore(store))) {
      String url = "https://127.0.0.1:" + target.port() + "/secure";
      assertEquals(200, client.prepareGet(url).setProxyServer(p).execute().get(10, TimeUnit.SECONDS).getStatusCode());
      // asked before close: closing a store's last client clears it
      assertEquals(List.of(), store.getAll(), "cookies stored from the CONNECT's 200");
    }
    proxy.refusal = "no";
    try (DefaultAsyncHttpClient client = // a new client: the first one's tunnel is pooled
        ClientFixture.client(ClientFixture.config().setUseInsecureTrustManager(true).setCookieStore(store))) {
      String url = "https://127.0.0.1:" + target.port() + "/secure";
      Response refused = client.prepareGet(url).setProxyServer(p).execute().get(10, TimeUnit.SECONDS);
      assertEquals(403, refused.getStatusCode());
      assertEquals("proxy=1; Path=/", refused.getHeader(HttpHeaderNames.SET_COOKIE), "the handler hears it");
      assertEquals(List.of(), store.getAll(), "cookies stored from the CONNECT's 403");
    }
  }

  @Test
  void a407FromBeyondATunnelIsNotAnsweredWithTheProxysCredentials() throws Exception {
    TestServer target = closeLater(new TestServer()).tls(Certificates.serverContext(targetCert));
    target.route(
        "/secure",
        (ctx, req) ->
            TestServer.respond(
                ctx, req, HttpResponseStatus.PROXY_AUTHENTICATION_REQUIRED, "", "Proxy-Authenticate", "Basic realm=\"x\""));
    ConnectProxy proxy = closeLater(new ConnectProxy((String) null));
    ProxyServer p =
        Dsl.proxyServer("127.0.0.1", proxy.port()).setRealm(Dsl.basicAuthRealm("user", "secret")).build();
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setUseInsecureTrustManager(true))) {
      Response r =
          client
              .prepareGet("https://127.0.0.1:" + target.port() + "/secure")
              .setProxyServer(p)
              .execute()
              .get(10, TimeUnit.SECONDS);
      assertEquals(407, r.getStatusCode());
    }
    assertEquals(1, target.received().size(), "requests at the target");
    assertEquals(1, proxy.connectTargets.size(), "CONNECTs at the proxy");
    assertFalse(target.received().get(0).headers.contains(HttpHeaderNames.PROXY_AUTHORIZATION));
  }

  @Test
  void a407ThroughSocksIsNotAnsweredWithTheProxysCredentials() throws Exception {
    TestServer target = closeLater(new TestServer());
    target.route(
        "/via-socks",
        (ctx, req) ->
            TestServer.respond(
                ctx, req, HttpResponseStatus.PROXY_AUTHENTICATION_REQUIRED, "", "Proxy-Authenticate", "Basic realm=\"x\""));
    Socks5Proxy socks = closeLater(new Socks5Proxy());
    ProxyServer p =
        Dsl.proxyServer("127.0.0.1", socks.port())
            .setProxyType(ProxyType.SOCKS_V5)
            .setRealm(Dsl.basicAuthRealm("user", "secret"))
            .build();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r =
          client
              .prepareGet("http://127.0.0.1:" + target.port() + "/via-socks")
              .setProxyServer(p)
              .execute()
              .get(10, TimeUnit.SECONDS);
      assertEquals(407, r.getStatusCode());
    }
    assertEquals(1, target.received().size(), "requests at the target");
    assertFalse(target.received().get(0).headers.contains(HttpHeaderNames.PROXY_AUTHORIZATION));
  }

  @Test
  void connectAnswered407WithoutRealmIsNotRepeated() throws Exception {
    TestServer target = tlsTarget();
    ConnectProxy proxy = closeLater(new ConnectProxy(USER_SECRET));
    Response r = refusedByProxy(target, Dsl.proxyServer("127.0.0.1", proxy.port()));
    assertEquals(407, r.getStatusCode());
    assertEquals("Basic realm=\"p\"", r.getHeader(HttpHeaderNames.PROXY_AUTHENTICATE));
    assertEquals(1, proxy.connectTargets.size(), "CONNECTs at the proxy");
    assertEquals(0, target.acceptedCount(), "connections at the target");
  }

  @Test
  void connectRefusingTheCredentialsEndsAfterOneReplay() throws Exception {
    TestServer target = tlsTarget();
    ConnectProxy proxy = closeLater(new ConnectProxy(USER_SECRET));
    Response r =
        refusedByProxy(
            target,
            Dsl.proxyServer("127.0.0.1", proxy.port())
                .setRealm(Dsl.basicAuthRealm("user", "wrong")));
    assertEquals(407, r.getStatusCode());
    assertEquals(2, proxy.connectTargets.size(), "CONNECTs at the proxy");
    assertEquals(
        "Basic dXNlcjp3cm9uZw==",
        proxy.connectHeaders.get(1).get(HttpHeaderNames.PROXY_AUTHORIZATION));
    assertEquals(0, target.acceptedCount(), "connections at the target");
  }

  private static final String DIGEST_CHALLENGE =
      "Digest realm=\"p\", nonce=\"n0nce\", qop=\"auth\", algorithm=SHA-256, opaque=\"op\"";

  /** A proxy that wants a Digest over CONNECT and its own target, made with {@code password}. */
  private ConnectProxy digestProxy(String password) throws InterruptedException {
    return closeLater(
        new ConnectProxy(
            DIGEST_CHALLENGE,
            req -> {
              String sent = req.headers().get(HttpHeaderNames.PROXY_AUTHORIZATION);
              return sent != null
                  && DigestVerifier.valid(
                      DigestVerifier.params(sent), password, "CONNECT", req.uri(), "");
            }));
  }

  @Test
  void connectAnsweredDigest407IsRepeatedWithADigestOverTheAuthority() throws Exception {
    TestServer target = tlsTarget();
    ConnectProxy proxy = digestProxy("secret");
    ProxyServer p =
        Dsl.proxyServer("127.0.0.1", proxy.port())
            .setRealm(Dsl.digestAuthRealm("user", "secret"))
            .build();
    Map<String, String> sent =
        DigestVerifier.params(tunnelledAfterOneReplay(target, proxy, p, "/secure?x=1"));
    assertEquals(
        "127.0.0.1:" + target.port(), sent.get("uri"), "CONNECT's request target, not the path");
    assertEquals("n0nce", sent.get("nonce"));
    assertEquals("op", sent.get("opaque"));
    assertEquals("00000001", sent.get("nc"));
    assertEquals("SHA-256", sent.get("algorithm"));
  }

  @Test
  void connectRefusingTheDigestEndsAfterOneReplay() throws Exception {
    ConnectProxy proxy = digestProxy("secret");
    assertEquals(2, connectsBefore407Response(proxy, Dsl.digestAuthRealm("user", "wrong")));
    assertTrue(
        proxy.connectHeaders.get(1).get(HttpHeaderNames.PROXY_AUTHORIZATION).startsWith("Digest "),
        String.valueOf(proxy.connectHeaders.get(1)));
  }

  @Test
  void connectBasicRealmDoesNotAnswerADigestChallenge() throws Exception {
    ConnectProxy proxy = digestProxy("secret");
    assertEquals(1, connectsBefore407Response(proxy, Dsl.basicAuthRealm("user", "secret")));
  }

  /**
   * Runs a GET through {@code proxy} with {@code realm}, checks that it ended with the proxy's 407
   * without reaching the target, and returns how many CONNECTs the proxy saw.
   */
  private int connectsBefore407Response(ConnectProxy proxy, Realm.Builder realm) throws Exception {
    TestServer target = tlsTarget();
    Response r = refusedByProxy(target, Dsl.proxyServer("127.0.0.1", proxy.port()).setRealm(realm));
    assertEquals(407, r.getStatusCode());
    assertEquals(0, target.acceptedCount(), "connections at the target");
    return proxy.connectTargets.size();
  }

  // ---------------------------------------------------------------- 407 on plain HTTP

  /** A proxy (answering itself) that wants {@link #USER_SECRET}. */
  @Test
  void connectAnsweredNtlmRunsTheHandshakeOnOneProxyConnection() throws Exception {
    TestServer target = tlsTarget();
    NtlmVerifier ntlm = new NtlmVerifier();
    ConnectProxy proxy =
        closeLater(
            new ConnectProxy(
                (ch, req) -> ntlm.check(ch, req.headers().get(HttpHeaderNames.PROXY_AUTHORIZATION))));
    ProxyServer p =
        Dsl.proxyServer("127.0.0.1", proxy.port())
            .setRealm(
                new Realm.Builder(NtlmVerifier.USER, NtlmVerifier.PASSWORD)
                    .setScheme(Realm.AuthScheme.NTLM)
                    .setNtlmDomain(NtlmVerifier.DOMAIN))
            .build();
    Response r = getThrough(p, "https://127.0.0.1:" + target.port() + "/secure", trusting());
    assertEquals(200, r.getStatusCode());
    assertEquals("tunnelled", r.getResponseBody());
    assertEquals(3, proxy.connectTargets.size(), "CONNECT, then with Type 1, then with Type 3");
    assertNull(proxy.connectHeaders.get(0).get(HttpHeaderNames.PROXY_AUTHORIZATION));
    assertTrue(
        proxy.connectHeaders.get(2).get(HttpHeaderNames.PROXY_AUTHORIZATION).startsWith("NTLM TlRMTVNTUAAD"));
    assertEquals(1, proxy.server.acceptedCount(), "the whole handshake on one connection to the proxy");
    assertEquals(0, ntlm.type3WithoutChallenge.get());
    assertNull(target.received().get(0).headers.get(HttpHeaderNames.PROXY_AUTHORIZATION));
  }

  private TestServer challengingProxy() throws Exception {
    TestServer proxy = closeLater(new TestServer());
    proxy.route(
        "http://origin.test:8080/path",
        (ctx, req) -> {
          if (USER_SECRET.equals(req.headers().get(HttpHeaderNames.PROXY_AUTHORIZATION))) {
            TestServer.respond(ctx, req, HttpResponseStatus.OK, "authorized");
          } else {
            TestServer.respond(
                ctx,
                req,
                HttpResponseStatus.PROXY_AUTHENTICATION_REQUIRED,
                "who are you",
                "Proxy-Authenticate",
                "Basic realm=\"p\"");
          }
        });
    return proxy;
  }

  private static Response getViaProxy(ProxyServer.Builder p) throws Exception {
    return getThrough(p.build(), "http://origin.test:8080/path", ClientFixture.config());
  }

  @Test
  void plainRequestAnswered407IsReplayedWithProxyAuthorization() throws Exception {
    TestServer proxy = challengingProxy();
    Response r =
        getViaProxy(
            Dsl.proxyServer("127.0.0.1", proxy.port())
                .setRealm(Dsl.basicAuthRealm("user", "secret")));
    assertEquals(200, r.getStatusCode());
    assertEquals("authorized", r.getResponseBody());
    assertEquals(2, proxy.received().size(), "requests at the proxy");
    assertNull(proxy.received().get(0).headers.get(HttpHeaderNames.PROXY_AUTHORIZATION));
    TestServer.Received replay = proxy.received().get(1);
    assertEquals(USER_SECRET, replay.headers.get(HttpHeaderNames.PROXY_AUTHORIZATION));
    assertEquals("http://origin.test:8080/path", replay.uri);
  }

  @Test
  void plainRequestAnswered407WithoutRealmIsTheFinalResponse() throws Exception {
    TestServer proxy = challengingProxy();
    Response r = getViaProxy(Dsl.proxyServer("127.0.0.1", proxy.port()));
    assertEquals(407, r.getStatusCode());
    assertEquals("Basic realm=\"p\"", r.getHeader(HttpHeaderNames.PROXY_AUTHENTICATE));
    assertEquals("who are you", r.getResponseBody());
    assertEquals(1, proxy.received().size(), "requests at the proxy");
  }

  @Test
  void refusedProxyCredentialsAreTriedOnlyOnce() throws Exception {
    TestServer proxy = challengingProxy();
    Response r =
        getViaProxy(
            Dsl.proxyServer("127.0.0.1", proxy.port())
                .setRealm(Dsl.basicAuthRealm("user", "wrong")));
    assertEquals(407, r.getStatusCode());
    assertEquals(2, proxy.received().size(), "requests at the proxy");
    assertEquals(
        "Basic dXNlcjp3cm9uZw==",
        proxy.received().get(1).headers.get(HttpHeaderNames.PROXY_AUTHORIZATION));
  }

  // ---------------------------------------------------------------- SOCKS5

  @Test
  void socks5ProxyConnectsToTheTargetAndRelays() throws Exception {
    TestServer target = closeLater(new TestServer());
    target.route(
        "/via-socks", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "socks ok"));
    Socks5Proxy socks = closeLater(new Socks5Proxy());
    ProxyServer p =
        Dsl.proxyServer("127.0.0.1", socks.port()).setProxyType(ProxyType.SOCKS_V5).build();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r =
          client
              .prepareGet("http://127.0.0.1:" + target.port() + "/via-socks")
              .setProxyServer(p)
              .execute()
              .get(10, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("socks ok", r.getResponseBody());
    }
    assertEquals(List.of("127.0.0.1:" + target.port()), socks.commands);
    assertEquals(1, target.received().size(), "requests at the target");
    TestServer.Received got = target.received().get(0);
    assertEquals("/via-socks", got.uri, "origin-form: a SOCKS proxy does not read HTTP");
    assertFalse(got.headers.contains(HttpHeaderNames.PROXY_AUTHORIZATION));
  }

  // ---------------------------------------------------------------- WebSocket

  private WsTestServer wsTarget(boolean tls) throws Exception {
    SslContext serverCtx =
        tls ? Certificates.serverContext(targetCert) : null;
    return closeLater(new WsTestServer(false, serverCtx).socket("/echo", WsTestServer.ECHO));
  }

  private static ApplicationProtocolConfig h2ThenHttp11() {
    return new ApplicationProtocolConfig(
        ApplicationProtocolConfig.Protocol.ALPN,
        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
        ApplicationProtocolNames.HTTP_2,
        ApplicationProtocolNames.HTTP_1_1);
  }

  /** A wss target whose ALPN picks h2 when the client offers it (as nginx or Envoy with h2 on). */
  private WsTestServer wsTargetPreferringH2() throws Exception {
    SslContext serverCtx =
        SslContextBuilder.forServer(targetCert.toKeyManagerFactory())
            .applicationProtocolConfig(h2ThenHttp11())
            .build();
    return closeLater(new WsTestServer(false, serverCtx).socket("/echo", WsTestServer.ECHO));
  }

  @Test
  void wssOffersOnlyHttp11SoAServerThatPrefersH2StillUpgrades() throws Exception {
    WsTestServer target = wsTargetPreferringH2();
    ConnectProxy proxy = closeLater(new ConnectProxy((String) null));
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setUseInsecureTrustManager(true))) {
      assertTrue(client.getConfig().isHttp2Enabled(), "h2 is on by default, offered to https");
      echoOnce(client, target.url("/echo"), null);
      echoOnce(client, target.url("/echo"), Dsl.proxyServer("127.0.0.1", proxy.port()).build());
    }
    assertEquals(2, target.requests().size());
  }

  @Test
  void aUserContextThatStillOffersH2ToAWssTargetFailsTheUpgradeNamingIt() throws Exception {
    WsTestServer target = wsTargetPreferringH2();
    SslContext offersH2 =
        SslContextBuilder.forClient()
            .trustManager(InsecureTrustManagerFactory.INSTANCE)
            .endpointIdentificationAlgorithm(null)
            .applicationProtocolConfig(h2ThenHttp11())
            .build();
    try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config().setSslContext(offersH2))) {
      ExecutionException e =
          Await.failed(
              client
                  .prepareGet(target.url("/echo"))
                  .execute(new WebSocketUpgradeHandler.Builder().build()),
              10);
      assertInstanceOf(IOException.class, e.getCause());
      assertTrue(e.getCause().getMessage().contains("ALPN negotiated h2 for the WebSocket upgrade"),
          e.getCause().getMessage());
    }
    assertEquals(0, target.requests().size(), "no upgrade request reached the server");
  }

  private static void echoOnce(DefaultAsyncHttpClient client, String url, ProxyServer proxy)
      throws Exception {
    WsRecorder events = new WsRecorder();
    BoundRequestBuilder request = client.prepareGet(url);
    if (proxy != null) {
      request.setProxyServer(proxy);
    }
    NettyWebSocket ws = request
        .execute(new WebSocketUpgradeHandler.Builder().addWebSocketListener(events).build())
        .get(10, TimeUnit.SECONDS);
    assertEquals("open", events.next());
    ws.sendTextFrame("through");
    assertEquals("text:through:true", events.next());
    ws.sendCloseFrame().get(5, TimeUnit.SECONDS);
    assertEquals("close:1000:", events.next());
  }

  @Test
  void wssOpensDirectlyOverTls() throws Exception {
    WsTestServer target = wsTarget(true);
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setUseInsecureTrustManager(true))) {
      echoOnce(client, target.url("/echo"), null);
    }
    assertEquals("https://127.0.0.1:" + target.port(),
        target.requests().get(0).get(HttpHeaderNames.ORIGIN));
  }

  @Test
  void wssGoesThroughAConnectTunnel() throws Exception {
    WsTestServer target = wsTarget(true);
    ConnectProxy proxy = closeLater(new ConnectProxy((String) null));
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setUseInsecureTrustManager(true))) {
      echoOnce(client, target.url("/echo"), Dsl.proxyServer("127.0.0.1", proxy.port()).build());
    }
    assertEquals(List.of("127.0.0.1:" + target.port()), proxy.connectTargets);
    assertTrue(target.requests().get(0).contains(HttpHeaderNames.SEC_WEBSOCKET_KEY));
  }

  @Test
  void wsGoesThroughAConnectTunnelTooAsIn3011() throws Exception {
    WsTestServer target = wsTarget(false);
    ConnectProxy proxy = closeLater(new ConnectProxy((String) null));
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      echoOnce(client, target.url("/echo"), Dsl.proxyServer("127.0.0.1", proxy.port()).build());
    }
    assertEquals(List.of("127.0.0.1:" + target.port()), proxy.connectTargets);
    assertEquals(1, target.requests().size());
  }

  @Test
  void wsGoesThroughASocks5Proxy() throws Exception {
    WsTestServer target = wsTarget(false);
    Socks5Proxy socks = closeLater(new Socks5Proxy());
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      echoOnce(client, target.url("/echo"),
          Dsl.proxyServer("127.0.0.1", socks.port()).setProxyType(ProxyType.SOCKS_V5).build());
    }
    assertEquals(List.of("127.0.0.1:" + target.port()), socks.commands);
  }

  // ---------------------------------------------------------------- test proxies

  /** Copies whatever arrives to {@code peer} and closes it when this side closes. */
  private static final class Relay extends ChannelInboundHandlerAdapter {
    private final Channel peer;

    Relay(Channel peer) {
      this.peer = peer;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      // A failed write releases msg and closes both sides.
      peer.writeAndFlush(msg).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      ChannelFuture unused = peer.close();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ChannelFuture unused = ctx.close();
    }
  }

  /**
   * Connects from {@code inbound}'s loop to 127.0.0.1:{@code port} with a relay back to {@code
   * inbound}; {@code then} runs once connected. A failed connect closes {@code inbound}.
   */
  private static void connectOutbound(Channel inbound, int port, ChannelFutureListener then) {
    new Bootstrap()
        .group(inbound.eventLoop())
        .channel(NioSocketChannel.class)
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline().addLast(new Relay(inbound));
              }
            })
        .connect("127.0.0.1", port)
        .addListener(
            (ChannelFuture f) -> {
              if (f.isSuccess()) {
                then.operationComplete(f);
              } else {
                ChannelFuture unused = inbound.close();
              }
            });
  }

  /**
   * An HTTP proxy that only does CONNECT: records each request target and head, answers 407 with
   * a challenge (Basic unless given) while the CONNECT is not authorized, else connects to the target (on
   * 127.0.0.1 whatever the host) and relays bytes both ways after a 200.
   */
  private static final class ConnectProxy implements AutoCloseable {
    final List<String> connectTargets = new CopyOnWriteArrayList<>();
    final List<HttpHeaders> connectHeaders = new CopyOnWriteArrayList<>();
    final RawServer server;
    /** When set, every CONNECT is answered 403 with this body, the connection kept open. */
    volatile String refusal;
    /** When set, the proxy's answers to CONNECT (200 and 403) carry this Set-Cookie. */
    volatile String setCookie;

    ConnectProxy(String wanted) throws InterruptedException {
      this(
          "Basic realm=\"p\"",
          wanted == null
              ? null
              : req -> wanted.equals(req.headers().get(HttpHeaderNames.PROXY_AUTHORIZATION)));
    }

    /** Answers 407 with {@code challenge} to each CONNECT that {@code authorized} refuses. */
    ConnectProxy(String challenge, Predicate<FullHttpRequest> authorized)
        throws InterruptedException {
      this((ch, req) -> authorized == null || authorized.test(req) ? null : challenge);
    }

    /** Answers 407 with the challenge {@code gate} returns, or tunnels when it returns null. */
    ConnectProxy(BiFunction<Channel, FullHttpRequest, String> gate) throws InterruptedException {
      server =
          RawServer.withPipeline(
              ch ->
                  ch.pipeline()
                      .addLast("codec", new HttpServerCodec())
                      .addLast("aggregator", new HttpObjectAggregator(8192))
                      .addLast("connect", new ConnectHandler(gate)));
    }

    int port() {
      return server.port();
    }

    @Override
    public void close() {
      server.close();
    }

    private final class ConnectHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
      private final BiFunction<Channel, FullHttpRequest, String> gate;

      ConnectHandler(BiFunction<Channel, FullHttpRequest, String> gate) {
        this.gate = gate;
      }

      @Override
      protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
        connectTargets.add(req.uri());
        connectHeaders.add(req.headers().copy());
        server.signal();
        if (!HttpMethod.CONNECT.equals(req.method())) {
          answer(ctx, HttpResponseStatus.METHOD_NOT_ALLOWED, req, null);
          return;
        }
        String body = refusal;
        if (body != null) {
          FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.FORBIDDEN,
              Unpooled.copiedBuffer(body, StandardCharsets.US_ASCII));
          res.headers().set("X-Proxy", "refused");
          if (setCookie != null) {
            res.headers().set(HttpHeaderNames.SET_COOKIE, setCookie);
          }
          HttpUtil.setContentLength(res, body.length());
          HttpUtil.setKeepAlive(res, true);
          TestServer.send(ctx, res);
          return;
        }
        String challenge = gate.apply(ctx.channel(), req);
        if (challenge != null) {
          answer(ctx, HttpResponseStatus.PROXY_AUTHENTICATION_REQUIRED, req, challenge);
          return;
        }
        String authority = req.uri();
        int port = Integer.parseInt(authority.substring(authority.lastIndexOf(':') + 1));
        Channel inbound = ctx.channel();
        connectOutbound(
            inbound,
            port,
            f -> {
              // From here on the proxy speaks raw bytes: no HTTP decoding of the client's TLS.
              inbound.pipeline().remove("aggregator");
              inbound.pipeline().remove("codec");
              inbound.pipeline().replace("connect", "relay", new Relay(f.channel()));
              inbound
                  .writeAndFlush(
                      Unpooled.copiedBuffer(
                          "HTTP/1.1 200 Connection established\r\n"
                              + (setCookie != null ? "Set-Cookie: " + setCookie + "\r\n" : "")
                              + "\r\n",
                          StandardCharsets.US_ASCII))
                  .addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
            });
      }

      private void answer(
          ChannelHandlerContext ctx, HttpResponseStatus status, FullHttpRequest req, String challenge) {
        FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status);
        if (challenge != null) {
          res.headers().set(HttpHeaderNames.PROXY_AUTHENTICATE, challenge);
        }
        HttpUtil.setContentLength(res, 0);
        HttpUtil.setKeepAlive(res, HttpUtil.isKeepAlive(req));
        TestServer.send(ctx, res);
      }
    }
  }

  /**
   * A SOCKS5 server without authentication that accepts CONNECT only, records the requested
   * address as host:port and connects to 127.0.0.1 on that port whatever the host.
   */
  private static final class Socks5Proxy implements AutoCloseable {
    final List<String> commands = new CopyOnWriteArrayList<>();
    final RawServer server;

    Socks5Proxy() throws InterruptedException {
      server =
          RawServer.withPipeline(
              ch ->
                  ch.pipeline()
                      .addLast("encoder", Socks5ServerEncoder.DEFAULT)
                      .addLast("decoder", new Socks5InitialRequestDecoder())
                      .addLast("socks", new SocksHandler()));
    }

    int port() {
      return server.port();
    }

    @Override
    public void close() {
      server.close();
    }

    private final class SocksHandler extends ChannelInboundHandlerAdapter {
      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
          if (msg instanceof Socks5InitialRequest) {
            ctx.pipeline().replace("decoder", "decoder", new Socks5CommandRequestDecoder());
            TestServer.send(ctx, new DefaultSocks5InitialResponse(Socks5AuthMethod.NO_AUTH));
          } else if (msg instanceof Socks5CommandRequest) {
            command(ctx, (Socks5CommandRequest) msg);
          } else {
            TestServer.close(ctx);
          }
        } finally {
          ReferenceCountUtil.release(msg);
        }
      }

      private void command(ChannelHandlerContext ctx, Socks5CommandRequest req) {
        commands.add(req.dstAddr() + ":" + req.dstPort());
        server.signal();
        if (!Socks5CommandType.CONNECT.equals(req.type())) {
          TestServer.sendAndClose(
              ctx,
              new DefaultSocks5CommandResponse(
                  Socks5CommandStatus.COMMAND_UNSUPPORTED, Socks5AddressType.IPv4));
          return;
        }
        Channel inbound = ctx.channel();
        connectOutbound(
            inbound,
            req.dstPort(),
            f -> {
              inbound.pipeline().remove("decoder");
              inbound.pipeline().replace("socks", "relay", new Relay(f.channel()));
              // The encoder goes only after the reply went through it.
              inbound
                  .writeAndFlush(
                      new DefaultSocks5CommandResponse(
                          Socks5CommandStatus.SUCCESS, Socks5AddressType.IPv4, "127.0.0.1", 0))
                  .addListener(
                      (ChannelFuture w) -> {
                        if (w.isSuccess()) {
                          inbound.pipeline().remove("encoder");
                        } else {
                          ChannelFuture unused = inbound.close();
                        }
                      });
            });
      }
    }
  }
}

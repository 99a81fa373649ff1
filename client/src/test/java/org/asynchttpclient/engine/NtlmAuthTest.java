package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.NtlmVerifier;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * NTLM against a loopback server that runs the server side of the handshake ({@link
 * NtlmVerifier}): a 401 answered with Type 1, then Type 3, on the connection that carried the
 * challenge; a proxy's 407 the same way; and the absolute deadline over the handshake's hops.
 */
class NtlmAuthTest extends HelloFixture {
  private TestServer other;
  private final NtlmVerifier ntlm = new NtlmVerifier();
  /** Delay before each answer of the /slow route, in ms. */
  private static final long SLOW_MS = 400;

  @BeforeEach
  void start() throws Exception {
    other = new TestServer();
    server.route("/ntlm", (ctx, req) -> answer(ctx, req, false));
    server.route("/ntlm-then-away", (ctx, req) -> redirectOnceAuthenticated(ctx, req, other.url("/elsewhere")));
    server.route("/ntlm-then-here", (ctx, req) -> redirectOnceAuthenticated(ctx, req, "/landing"));
    server.route("/landing", (ctx, req) -> answer(ctx, req, false));
    other.route("/elsewhere", (ctx, req) -> answer(ctx, req, false));
    server.route("/ntlm-paced", (ctx, req) -> TestServer.later(ctx, 300, () -> answer(ctx, req, false)));
    server.route("/slow", (ctx, req) -> TestServer.later(ctx, SLOW_MS, () -> answer(ctx, req, false)));
    server.route("http://origin.test:8080/via-proxy", (ctx, req) -> answer(ctx, req, true));
    server.route("http://origin.test:8080/via-v1-proxy", this::answerAsV1OnlyProxy);
  }

  /**
   * A proxy that speaks NTLMv1 only and knows, byte for byte, the Type 1 and the Type 3 AHC 3.0.11
   * sends for user Zaphod, password Beeblebrox, domain Ursa-Minor, workstation LightCity: its Type 2
   * (challenge "SrvNonce", flags Unicode, NTLM, always-sign) has no target information, so the
   * Type 3 is deterministic.
   */
  private void answerAsV1OnlyProxy(ChannelHandlerContext ctx, FullHttpRequest req) {
    String credentials = req.headers().get(HttpHeaderNames.PROXY_AUTHORIZATION);
    String type1 = "NTLM " + b64("4e544c4d53535000 01000000 018208a2 0000000028000000 0000000028000000"
        + " 0501280a0000000f");
    String type3 = "NTLM " + b64("4e544c4d53535000 03000000"
        + " 18001800 48000000 18001800 60000000 14001400 78000000 0c000c00 8c000000 12001200 98000000"
        + " 00000000 aa000000 01820002 0501280a0000000f"
        + " ad87ca6defe34685b9c43c477a8c42d600667d6892e7e897 e0e00de3104a1bf2053f07c7dda82d3c489ae989e1b000d3",
        "URSA-MINORZaphodLIGHTCITY");
    String challenge = null;
    if (credentials == null) {
      challenge = "NTLM";
    } else if (credentials.equals(type1)) {
      challenge = "NTLM " + b64("4e544c4d53535000 02000000 0000000028000000 01820000"
          + " 5372764e6f6e6365 0000000000000000");
    } else if (!credentials.equals(type3)) {
      TestServer.respond(ctx, req, HttpResponseStatus.FORBIDDEN, "unexpected: " + credentials);
      return;
    }
    if (challenge == null) {
      TestServer.respond(ctx, req, HttpResponseStatus.OK, "v1 ok");
    } else {
      TestServer.respond(ctx, req, HttpResponseStatus.PROXY_AUTHENTICATION_REQUIRED, "", "Proxy-Authenticate", challenge);
    }
  }

  /** Base64 of the bytes {@code hex} spells (spaces ignored), followed by {@code names} in UTF-16LE. */
  private static String b64(String hex, String names) {
    String h = hex.replace(" ", "");
    byte[] tail = names.getBytes(StandardCharsets.UTF_16LE);
    byte[] b = Arrays.copyOf(new byte[h.length() / 2], h.length() / 2 + tail.length);
    for (int i = 0; i < h.length() / 2; i++) {
      b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
    }
    System.arraycopy(tail, 0, b, h.length() / 2, tail.length);
    return Base64.getEncoder().encodeToString(b);
  }

  private static String b64(String hex) {
    return b64(hex, "");
  }

  @AfterEach
  void stop() {
    other.close();
  }

  private void redirectOnceAuthenticated(ChannelHandlerContext ctx, FullHttpRequest req, String location) {
    String challenge = ntlm.check(ctx.channel(), req.headers().get(HttpHeaderNames.AUTHORIZATION));
    if (challenge == null) {
      TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", location);
    } else {
      TestServer.respond(ctx, req, HttpResponseStatus.UNAUTHORIZED, "", "WWW-Authenticate", challenge);
    }
  }

  private void answer(ChannelHandlerContext ctx, FullHttpRequest req, boolean proxy) {
    String credentials =
        req.headers().get(proxy ? HttpHeaderNames.PROXY_AUTHORIZATION : HttpHeaderNames.AUTHORIZATION);
    String challenge = ntlm.check(ctx.channel(), credentials);
    if (challenge == null) {
      TestServer.respond(ctx, req, HttpResponseStatus.OK, "ntlm ok");
    } else if (proxy) {
      TestServer.respond(ctx, req, HttpResponseStatus.PROXY_AUTHENTICATION_REQUIRED, "", "Proxy-Authenticate",
          challenge);
    } else {
      TestServer.respond(ctx, req, HttpResponseStatus.UNAUTHORIZED, "", "WWW-Authenticate", challenge);
    }
  }

  private static Realm.Builder realm(String password) {
    return new Realm.Builder(NtlmVerifier.USER, password)
        .setScheme(Realm.AuthScheme.NTLM)
        .setNtlmDomain(NtlmVerifier.DOMAIN)
        .setNtlmHost("WORKSTATION");
  }

  private List<String> sent(CharSequence header) {
    List<String> out = new ArrayList<>();
    for (TestServer.Received r : server.received()) {
      out.add(r.headers.get(header));
    }
    return out;
  }

  @Test
  void a401IsAnsweredWithType1ThenType3OnTheChallengedConnection() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r =
          client.prepareGet(server.url("/ntlm")).setRealm(realm(NtlmVerifier.PASSWORD)).execute().get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("ntlm ok", r.getResponseBody());
    }
    List<String> auth = sent(HttpHeaderNames.AUTHORIZATION);
    assertEquals(3, auth.size(), "challenge, Type 1, Type 3: " + auth);
    assertNull(auth.get(0));
    assertTrue(auth.get(1).startsWith("NTLM TlRMTVNTUAAB"), "Type 1: " + auth.get(1));
    assertTrue(auth.get(2).startsWith("NTLM TlRMTVNTUAAD"), "Type 3: " + auth.get(2));
    assertSame(server.received().get(1).channel, server.received().get(2).channel,
        "the Type 3 travels on the connection that carried the Type 2");
    assertEquals(0, ntlm.type3WithoutChallenge.get());
  }

  @Test
  void aWrongPasswordEndsWithThe401() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r = client.prepareGet(server.url("/ntlm")).setRealm(realm("wrong")).execute().get(5, TimeUnit.SECONDS);
      assertEquals(401, r.getStatusCode());
    }
    assertEquals(3, server.received().size(), "no second handshake after the refused Type 3");
    assertEquals(1, ntlm.refused.get());
  }

  @Test
  void anAuthenticatedConnectionServesOnlyItsOwnLogin() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      assertEquals(200, client.prepareGet(server.url("/ntlm")).setRealm(realm(NtlmVerifier.PASSWORD))
          .execute().get(5, TimeUnit.SECONDS).getStatusCode());
      // Without a login, the authenticated connection is not lent (3.0.13): a new one, and the 401.
      assertEquals(401, client.prepareGet(server.url("/ntlm")).execute().get(5, TimeUnit.SECONDS).getStatusCode());
      assertEquals(2, server.acceptedCount(), "connections");
      // The same login again: the authenticated connection, no handshake.
      int before = server.received().size();
      assertEquals(200, client.prepareGet(server.url("/ntlm")).setRealm(realm(NtlmVerifier.PASSWORD))
          .execute().get(5, TimeUnit.SECONDS).getStatusCode());
      assertEquals(before + 1, server.received().size(), "requests for a login already authenticated");
      assertEquals(2, server.acceptedCount(), "connections");
    }
  }

  @Test
  void theChallengedConnectionIsNotLentToAWaitingExchange() throws Exception {
    // One connection per host, and a plain request queued for it while the handshake runs: were the
    // connection pooled between Type 2 and Type 3, the waiting request would take it and end the
    // handshake (the permit goes to the first waiter).
    try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config()
        .setMaxConnectionsPerHost(1)
        .setAcquireFreeChannelTimeout(5000))) {
      ListenableFuture<Response> handshake =
          client.prepareGet(server.url("/ntlm-paced")).setRealm(realm(NtlmVerifier.PASSWORD)).execute();
      server.awaitReceived(2); // the Type 1 is at the server; its Type 2 comes 300 ms later
      // The same login: a connection it authenticated is the waiting request's to use (another
      // login's would never be, see anAuthenticatedConnectionServesOnlyItsOwnLogin).
      ListenableFuture<Response> waiting =
          client.prepareGet(server.url("/ntlm-paced")).setRealm(realm(NtlmVerifier.PASSWORD)).execute();
      assertEquals(200, handshake.get(10, TimeUnit.SECONDS).getStatusCode(),
          "interleaved: " + ntlm.interleaved.get() + ", Type 3 without challenge: " + ntlm.type3WithoutChallenge.get());
      assertEquals(200, waiting.get(10, TimeUnit.SECONDS).getStatusCode(),
          "after the handshake the waiting request gets the authenticated connection");
    }
    assertEquals(0, ntlm.interleaved.get());
    assertEquals(4, server.received().size());
    assertEquals(1, server.acceptedCount());
  }

  @Test
  void aProxy407IsAnsweredWithProxyAuthorization() throws Exception {
    ProxyServer proxy = new ProxyServer.Builder("127.0.0.1", server.port()).setRealm(realm(NtlmVerifier.PASSWORD)).build();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r = client.prepareGet("http://origin.test:8080/via-proxy").setProxyServer(proxy).execute()
          .get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
    }
    List<String> auth = sent(HttpHeaderNames.PROXY_AUTHORIZATION);
    assertEquals(3, auth.size(), auth.toString());
    assertTrue(auth.get(2).startsWith("NTLM TlRMTVNTUAAD"), auth.get(2));
    assertNull(server.received().get(2).headers.get(HttpHeaderNames.AUTHORIZATION));
    assertSame(server.received().get(1).channel, server.received().get(2).channel);
  }

  /**
   * A server without target information gets NTLMv2 by default, never the NTLMv1 a server can ask
   * for by leaving it out; with ntlmV2Only off, 3.0.11's messages byte for byte (upstream
   * NTLMProxyTest.ntlmProxyTest, whose proxy compares them).
   */
  @Test
  void aServerWithoutTargetInformationGetsNtlmV2UnlessV2OnlyIsOff() throws Exception {
    Realm.Builder zaphod = new Realm.Builder("Zaphod", "Beeblebrox")
        .setScheme(Realm.AuthScheme.NTLM).setNtlmDomain("Ursa-Minor").setNtlmHost("LightCity");
    ProxyServer proxy = new ProxyServer.Builder("127.0.0.1", server.port()).setRealm(zaphod).build();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r = client.prepareGet("http://origin.test:8080/via-v1-proxy").setProxyServer(proxy).execute()
          .get(5, TimeUnit.SECONDS);
      assertEquals(403, r.getStatusCode(), "NTLMv2 to a v1-only proxy by default: " + r.getResponseBody());
    }
    try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config().setNtlmV2Only(false))) {
      Response r = client.prepareGet("http://origin.test:8080/via-v1-proxy").setProxyServer(proxy).execute()
          .get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode(), r.getResponseBody());
    }
  }

  @Test
  void aRedirectToAnotherOriginCarriesNoNtlmMessageAndStartsNoHandshake() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r = client.prepareGet(server.url("/ntlm-then-away")).setRealm(realm(NtlmVerifier.PASSWORD))
          .setFollowRedirect(true).execute().get(5, TimeUnit.SECONDS);
      assertEquals(401, r.getStatusCode(), "the other origin's challenge goes to the handler");
      assertEquals(other.url("/elsewhere"), r.getUri().toUrl());
    }
    assertEquals(1, other.received().size());
    assertNull(other.received().get(0).headers.get(HttpHeaderNames.AUTHORIZATION));
  }

  @Test
  void aSameOriginRedirectDoesNotRepeatTheType3() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r = client.prepareGet(server.url("/ntlm-then-here")).setRealm(realm(NtlmVerifier.PASSWORD))
          .setFollowRedirect(true).execute().get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode(), "the landing rides the authenticated connection");
    }
    assertEquals(4, server.received().size());
    assertEquals("/landing", server.received().get(3).uri);
    assertNull(server.received().get(3).headers.get(HttpHeaderNames.AUTHORIZATION));
  }

  @Test
  void theAbsoluteDeadlineBoundsTheWholeHandshake() throws Exception {
    // Three answers of 400 ms: each fits the 1000 ms timeout alone, the handshake does not. A
    // client each: an authenticated connection in the pool would skip the handshake. A first
    // handshake loads the crypto classes outside the budgets under test.
    try (DefaultAsyncHttpClient warmUp = ClientFixture.client()) {
      assertEquals(200, warmUp.prepareGet(server.url("/ntlm")).setRealm(realm(NtlmVerifier.PASSWORD))
          .execute().get(10, TimeUnit.SECONDS).getStatusCode());
    }
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setRequestTimeout(Duration.ofMillis(1000)))) {
      Response relative = client.prepareGet(server.url("/slow")).setRealm(realm(NtlmVerifier.PASSWORD))
          .execute().get(5, TimeUnit.SECONDS);
      assertEquals(200, relative.getStatusCode(), "off by default: every hop has the whole timeout");
    }
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setTypedTimeoutExceptions(true).setRequestTimeout(Duration.ofMillis(1000)))) {
      ExecutionException e =
          Await.failed(
              client
                  .prepareGet(server.url("/slow"))
                  .setRealm(realm(NtlmVerifier.PASSWORD))
                  .setUseAbsoluteRequestDeadline(true)
                  .execute(),
              5);
      ExchangeTimeoutException timeout = assertInstanceOf(ExchangeTimeoutException.class, e.getCause());
      assertEquals(2, timeout.getHop(), "the Type 3 hop: " + timeout.getMessage());
      assertTrue(timeout.getMessage().contains("hop 2"), timeout.getMessage());
    }
  }
}

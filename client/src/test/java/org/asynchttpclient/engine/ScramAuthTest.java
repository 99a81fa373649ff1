package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.scram.ScramException;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.ScramServer;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SCRAM-SHA-256 against a loopback server implementing the server side ({@link ScramServer}):
 * the full exchange for a 401 and a 407, a wrong password, a forged, garbled or missing server
 * signature, server-first messages the client cannot answer (an iteration count above the cap, data
 * that is not base64), and the absolute deadline over the handshake's hops.
 */
class ScramAuthTest extends HelloFixture {
  private final ScramServer scram = new ScramServer();

  @BeforeEach
  void start() throws Exception {
    server.route("/scram", (ctx, req) -> answer(ctx, req, false));
    server.route("/slow", (ctx, req) -> TestServer.later(ctx, 400, () -> answer(ctx, req, false)));
    server.route("http://origin.test:8080/via-proxy", (ctx, req) -> answer(ctx, req, true));
  }

  private void answer(ChannelHandlerContext ctx, FullHttpRequest req, boolean proxy) {
    ScramServer.Answer a = scram.handle(
        req.headers().get(proxy ? HttpHeaderNames.PROXY_AUTHORIZATION : HttpHeaderNames.AUTHORIZATION));
    if (a.status == 200) {
      if (a.header == null) {
        TestServer.respond(ctx, req, HttpResponseStatus.OK, "scram ok");
      } else {
        TestServer.respond(ctx, req, HttpResponseStatus.OK, "scram ok",
            proxy ? "Proxy-Authentication-Info" : "Authentication-Info", a.header);
      }
    } else if (proxy) {
      TestServer.respond(ctx, req, HttpResponseStatus.PROXY_AUTHENTICATION_REQUIRED, "", "Proxy-Authenticate", a.header);
    } else {
      TestServer.respond(ctx, req, HttpResponseStatus.UNAUTHORIZED, "", "WWW-Authenticate", a.header);
    }
  }

  private static Realm.Builder realm(String password) {
    return new Realm.Builder(ScramServer.USER, password).setScheme(Realm.AuthScheme.SCRAM_SHA_256);
  }

  private BoundRequestBuilder get(DefaultAsyncHttpClient client, String password) {
    return client.prepareGet(server.url("/scram")).setRealm(realm(password));
  }

  private static Throwable failure(BoundRequestBuilder rb) {
    return Await.failed(rb.execute(), 10).getCause();
  }

  @Test
  void a401IsAnsweredWithClientFirstThenClientFinalAndTheServerIsVerified() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r = get(client, ScramServer.PASSWORD).execute().get(10, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("scram ok", r.getResponseBody());
    }
    assertEquals(3, server.received().size());
    assertNull(server.received().get(0).headers.get(HttpHeaderNames.AUTHORIZATION));
    String first = server.received().get(1).headers.get(HttpHeaderNames.AUTHORIZATION);
    assertTrue(first.startsWith("SCRAM-SHA-256 realm=\"scram-test\", data=\""), first);
    String last = server.received().get(2).headers.get(HttpHeaderNames.AUTHORIZATION);
    assertTrue(last.startsWith("SCRAM-SHA-256 sid="), last);
    assertEquals(1, scram.verifiedProofs.get());
  }

  @Test
  void aWrongPasswordEndsWithThe401() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      assertEquals(401, get(client, "wrong").execute().get(10, TimeUnit.SECONDS).getStatusCode());
    }
    assertEquals(3, server.received().size());
    assertEquals(1, scram.refusedProofs.get());
  }

  @Test
  void aForgedServerSignatureFailsTheExchange() throws Exception {
    scram.forgeSignature = true;
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      ScramException e = assertInstanceOf(ScramException.class, failure(get(client, ScramServer.PASSWORD)));
      assertTrue(e.getMessage().contains("ServerSignature verification failed"), e.getMessage());
      assertFalse(e.getMessage().contains(ScramServer.PASSWORD), e.getMessage());
    }
    assertEquals(1, scram.verifiedProofs.get(), "the client's proof was fine; the server's was not");
  }

  @Test
  void aServerSignatureThatIsNotBase64FailsTheExchange() throws Exception {
    scram.garbleAuthenticationInfo = true;
    ScramException e = assertInstanceOf(ScramException.class, failure(get(client(), ScramServer.PASSWORD)));
    assertTrue(e.getMessage().contains("unparseable ServerSignature in the Authentication-Info"), e.getMessage());
  }

  /** As 3.0.11 and 3.0.12 (upstream ScramAuthTest.testScramSha256_missingAuthInfo). */
  @Test
  void aSuccessWithoutAuthenticationInfoIsDeliveredUnverified() throws Exception {
    scram.omitAuthenticationInfo = true;
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r = get(client, ScramServer.PASSWORD).execute().get(10, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("scram ok", r.getResponseBody());
    }
    assertEquals(3, server.received().size());
  }

  /** As 3.0.11 and 3.0.12 (upstream ScramAuthTest.testScramSha256_maxIterationCount). */
  @Test
  void anIterationCountAboveTheCapEndsWithThe401BeforeTheClientFinal() throws Exception {
    scram.iterations = 20_000; // the realm's cap is 16384 by default
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response refused = get(client, ScramServer.PASSWORD).execute().get(10, TimeUnit.SECONDS);
      assertEquals(401, refused.getStatusCode());
      assertTrue(refused.getHeader("WWW-Authenticate").contains("sid="), "the server-first challenge is handed over");
      scram.iterations = 4096;
      assertEquals(200, client.prepareGet(server.url("/scram"))
          .setRealm(realm(ScramServer.PASSWORD).setMaxIterationCount(4096))
          .execute().get(10, TimeUnit.SECONDS).getStatusCode(), "a cap at the count is accepted");
    }
    assertEquals(2 + 3, server.received().size(), "no client-final after the refused count");
    assertEquals(1, scram.verifiedProofs.get());
  }

  /** As 3.0.11 and 3.0.12 (upstream ScramAuthTest.testScramSha256_malformedBase64InData). */
  @Test
  void aServerFirstThatIsNotBase64EndsWithThe401() throws Exception {
    scram.garbleServerFirst = true;
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      assertEquals(401, get(client, ScramServer.PASSWORD).execute().get(10, TimeUnit.SECONDS).getStatusCode());
    }
    assertEquals(2, server.received().size(), "no client-final for a server-first it cannot read");
  }

  @Test
  void aProxy407IsAnsweredAndTheProxyVerified() throws Exception {
    ProxyServer proxy = new ProxyServer.Builder("127.0.0.1", server.port())
        .setRealm(realm(ScramServer.PASSWORD)).build();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r = client.prepareGet("http://origin.test:8080/via-proxy").setProxyServer(proxy).execute()
          .get(10, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
    }
    assertEquals(3, server.received().size());
    assertTrue(server.received().get(2).headers.get(HttpHeaderNames.PROXY_AUTHORIZATION).startsWith("SCRAM-SHA-256 sid="));
    assertNull(server.received().get(2).headers.get(HttpHeaderNames.AUTHORIZATION));
    assertEquals(1, scram.verifiedProofs.get());
  }

  @Test
  void theAbsoluteDeadlineBoundsTheWholeHandshake() throws Exception {
    try (DefaultAsyncHttpClient warmUp = ClientFixture.client()) {
      assertEquals(200, get(warmUp, ScramServer.PASSWORD).execute().get(10, TimeUnit.SECONDS).getStatusCode());
    }
    // Three answers of 400 ms: each fits the 1000 ms timeout alone, the handshake does not.
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setTypedTimeoutExceptions(true).setRequestTimeout(Duration.ofMillis(1000)))) {
      BoundRequestBuilder slow = client.prepareGet(server.url("/slow")).setRealm(realm(ScramServer.PASSWORD));
      assertEquals(200, slow.execute().get(10, TimeUnit.SECONDS).getStatusCode(), "off: each hop has 1000 ms");
      ExchangeTimeoutException e = assertInstanceOf(ExchangeTimeoutException.class,
          failure(slow.setUseAbsoluteRequestDeadline(true)));
      assertEquals(2, e.getHop(), "the client-final hop: " + e.getMessage());
    }
  }
}

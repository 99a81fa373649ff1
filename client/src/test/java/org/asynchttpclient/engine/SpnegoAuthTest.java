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
import java.security.PrivilegedExceptionAction;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.security.auth.Subject;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.spnego.SpnegoEngineException;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.TestKdc;
import org.asynchttpclient.testing.TestServer;
import org.ietf.jgss.GSSContext;
import org.ietf.jgss.GSSCredential;
import org.ietf.jgss.GSSException;
import org.ietf.jgss.GSSManager;
import org.ietf.jgss.Oid;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * HTTP Negotiate with real Kerberos tickets: an in-process KDC ({@link TestKdc}) and a loopback
 * server that accepts the token with a GSS acceptor logged in from a keytab.
 */
class SpnegoAuthTest extends HelloFixture {
  private static TestKdc kdc;
  private static Subject service;
  private static final Oid SPNEGO = oid("1.3.6.1.5.5.2");

  private final AtomicInteger refused = new AtomicInteger();

  @BeforeAll
  static void kdc() throws Exception {
    kdc = TestKdc.get();
    service = kdc.serviceSubject();
  }

  @BeforeEach
  void start() throws Exception {
    server.route("/kerberos", this::answer);
    server.route("/slow", (ctx, req) -> TestServer.later(ctx, 600, () -> answer(ctx, req)));
  }

  private void answer(ChannelHandlerContext ctx, FullHttpRequest req) {
    String credentials = req.headers().get(HttpHeaderNames.AUTHORIZATION);
    if (credentials == null || !credentials.startsWith("Negotiate ")) {
      TestServer.respond(ctx, req, HttpResponseStatus.UNAUTHORIZED, "", "WWW-Authenticate", "Negotiate");
      return;
    }
    byte[] token = Base64.getDecoder().decode(credentials.substring(10).trim());
    try {
      String client = Subject.doAs(service, (PrivilegedExceptionAction<String>) () -> accept(token));
      TestServer.respond(ctx, req, HttpResponseStatus.OK, "hello " + client);
    } catch (Exception e) {
      refused.incrementAndGet();
      TestServer.respond(ctx, req, HttpResponseStatus.UNAUTHORIZED, "", "WWW-Authenticate", "Negotiate");
    }
  }

  private static String accept(byte[] token) throws GSSException {
    GSSManager manager = GSSManager.getInstance();
    GSSCredential credential =
        manager.createCredential(null, GSSCredential.INDEFINITE_LIFETIME, SPNEGO, GSSCredential.ACCEPT_ONLY);
    GSSContext context = manager.createContext(credential);
    try {
      context.acceptSecContext(token, 0, token.length);
      if (!context.isEstablished()) {
        throw new GSSException(GSSException.FAILURE);
      }
      return context.getSrcName().toString();
    } finally {
      context.dispose();
    }
  }

  private static Oid oid(String s) {
    try {
      return new Oid(s);
    } catch (GSSException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Realm.Builder realm(String password, String servicePrincipal) {
    return new Realm.Builder(TestKdc.USER, password)
        .setScheme(Realm.AuthScheme.SPNEGO)
        .setServicePrincipalName(servicePrincipal);
  }

  private BoundRequestBuilder get(DefaultAsyncHttpClient client, String path, Realm.Builder realm) {
    return client.prepareGet(server.url(path)).setRealm(realm);
  }

  @Test
  void aNegotiateChallengeIsAnsweredWithAKerberosTicket() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r = get(client, "/kerberos", realm(TestKdc.PASSWORD, TestKdc.SERVICE)).execute()
          .get(20, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("hello " + TestKdc.USER + "@" + TestKdc.REALM, r.getResponseBody());
    }
    assertEquals(2, server.received().size());
    assertNull(server.received().get(0).headers.get(HttpHeaderNames.AUTHORIZATION));
    assertTrue(server.received().get(1).headers.get(HttpHeaderNames.AUTHORIZATION).startsWith("Negotiate "));
  }

  @Test
  void aHostBasedServiceNameAndTheKerberosSchemeWorkToo() throws Exception {
    Realm.Builder realm = new Realm.Builder(TestKdc.USER, TestKdc.PASSWORD)
        .setScheme(Realm.AuthScheme.KERBEROS)
        .setServicePrincipalName("HTTP@localhost");
    assertEquals(200, get(client(), "/kerberos", realm).execute().get(20, TimeUnit.SECONDS).getStatusCode());
  }

  @Test
  void aRefusedTicketEndsWithThe401() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r = get(client, "/kerberos", realm(TestKdc.PASSWORD, TestKdc.OTHER_SERVICE)).execute()
          .get(20, TimeUnit.SECONDS);
      assertEquals(401, r.getStatusCode());
    }
    assertEquals(2, server.received().size(), "one ticket, then the 401 goes to the handler");
    assertEquals(1, refused.get());
  }

  @Test
  void aFailedLoginFailsTheExchangeWithoutThePassword() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      ExecutionException e = Await.failed(get(client, "/kerberos", realm("not-the-password", TestKdc.SERVICE)).execute(), 20);
      SpnegoEngineException cause = assertInstanceOf(SpnegoEngineException.class, e.getCause());
      assertTrue(cause.getMessage().contains("login"), cause.getMessage());
      assertFalse(cause.getMessage().contains("not-the-password"), cause.getMessage());
    }
    assertEquals(1, server.received().size(), "no token was sent");
  }

  @Test
  void theAbsoluteDeadlineBoundsTheHandshake() throws Exception {
    // Two answers of 600 ms: each fits the 1000 ms timeout alone, the pair does not.
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setTypedTimeoutExceptions(true).setRequestTimeout(Duration.ofMillis(1000)))) {
      assertEquals(200, get(client, "/kerberos", realm(TestKdc.PASSWORD, TestKdc.SERVICE)).execute()
          .get(20, TimeUnit.SECONDS).getStatusCode(), "warm-up: logins and tickets outside the budgets");
      BoundRequestBuilder slow = get(client, "/slow", realm(TestKdc.PASSWORD, TestKdc.SERVICE));
      assertEquals(200, slow.execute().get(20, TimeUnit.SECONDS).getStatusCode(), "off: each hop has 1000 ms");
      ExecutionException e = Await.failed(slow.setUseAbsoluteRequestDeadline(true).execute(), 20);
      ExchangeTimeoutException t = assertInstanceOf(ExchangeTimeoutException.class, e.getCause());
      assertEquals(1, t.getHop(), "the hop carrying the ticket: " + t.getMessage());
    }
  }
}

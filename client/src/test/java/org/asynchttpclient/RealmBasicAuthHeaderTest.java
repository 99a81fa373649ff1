package org.asynchttpclient;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.util.AuthenticatorUtils;
import org.junit.jupiter.api.Test;

/**
 * 3.0.12's {@link Realm#getBasicAuthHeader()} (upstream AuthenticatorUtilsTest
 * {@code preemptiveBasicAuthorizationHeaderIsMemoizedOnRealm}, {@code
 * basicAuthHeaderCacheIsNotSharedAcrossRealms}): the realm's charset, any scheme, one String per
 * realm, and the one the client sends.
 */
class RealmBasicAuthHeaderTest {

  @Test
  void encodesUserColonPasswordInTheRealmsCharsetWhateverTheScheme() {
    assertEquals("Basic dXNlcjpwYXNz", new Realm.Builder("user", "pass").setScheme(Realm.AuthScheme.BASIC)
        .build().getBasicAuthHeader());
    // "j\u00fcrgen:pw": one byte for u-umlaut in ISO-8859-1, two in UTF-8 (the default).
    assertEquals("Basic asO8cmdlbjpwdw==", new Realm.Builder("j\u00fcrgen", "pw").setScheme(Realm.AuthScheme.BASIC)
        .build().getBasicAuthHeader());
    assertEquals("Basic avxyZ2VuOnB3", new Realm.Builder("j\u00fcrgen", "pw").setScheme(Realm.AuthScheme.BASIC)
        .setCharset(ISO_8859_1).build().getBasicAuthHeader());
    assertEquals("Basic dXNlcjpwYXNz", new Realm.Builder("user", "pass").setScheme(Realm.AuthScheme.NTLM)
        .build().getBasicAuthHeader(), "an NTLM realm still has Basic credentials");
    assertEquals("Basic OnB3", new Realm.Builder(null, "pw").setScheme(Realm.AuthScheme.BASIC)
        .build().getBasicAuthHeader(), "no principal: empty");
  }

  @Test
  void isComputedOncePerRealmAndIsWhatPreemptiveBasicSends() {
    Realm realm = new Realm.Builder("user", "pass").setScheme(Realm.AuthScheme.BASIC).setUsePreemptiveAuth(true).build();
    Realm twin = new Realm.Builder("user", "pass").setScheme(Realm.AuthScheme.BASIC).setUsePreemptiveAuth(true).build();
    String header = realm.getBasicAuthHeader();
    assertSame(header, realm.getBasicAuthHeader());
    assertEquals(header, twin.getBasicAuthHeader());
    assertNotSame(header, twin.getBasicAuthHeader(), "each realm keeps its own");

    Request request = new RequestBuilder("GET").setUrl("http://example.test/").setRealm(realm).build();
    assertSame(header, AuthenticatorUtils.perRequestAuthorizationHeader(request, realm));
    assertSame(header, AuthenticatorUtils.perRequestProxyAuthorizationHeader(request, realm));
  }

  @Test
  void theClientSendsTheRealmsHeaderToServersAndProxies() throws Exception {
    Realm realm = new Realm.Builder("user", "pass").setScheme(Realm.AuthScheme.BASIC).setUsePreemptiveAuth(true).build();
    try (TestServer server = new TestServer();
        DefaultAsyncHttpClient client = ClientFixture.client()) {
      server.route("/", (ctx, req) -> TestServer.respond(ctx, req,
          HttpResponseStatus.OK, "ok"));
      server.route("http://origin.test/", (ctx, req) -> TestServer.respond(ctx, req,
          HttpResponseStatus.OK, "proxied"));
      client.prepareGet(server.url("/")).setRealm(realm).execute().get(10, TimeUnit.SECONDS);
      ProxyServer proxy = new ProxyServer.Builder("127.0.0.1", server.port()).setRealm(realm).build();
      client.prepareGet("http://origin.test/").setProxyServer(proxy).execute().get(10, TimeUnit.SECONDS);
      assertEquals(realm.getBasicAuthHeader(), server.received().get(0).headers.get("Authorization"));
      assertEquals(realm.getBasicAuthHeader(), server.received().get(1).headers.get("Proxy-Authorization"));
    }
  }
}

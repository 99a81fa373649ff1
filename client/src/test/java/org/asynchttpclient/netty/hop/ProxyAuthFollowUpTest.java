package org.asynchttpclient.netty.hop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timer;
import io.netty.util.concurrent.Ticker;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.Response;
import org.asynchttpclient.netty.request.NextHopRequests;
import org.asynchttpclient.netty.exchange.CountingServices;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.exchange.ExchangeServices;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.proxy.ProxyServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The 407 decision on its own (the proxy transport is wired elsewhere): which request the next hop
 * carries when a proxy challenges, without any network.
 */
class ProxyAuthFollowUpTest {
  private final CountingServices services = new CountingServices();

  private final AuthFollowUp auth = new AuthFollowUp(new DefaultAsyncHttpClientConfig.Builder().build());

  private Exchange<Response> exchange(Realm proxyRealm) {
    ProxyServer proxy =
        new ProxyServer.Builder("proxy.example", 3128).setRealm(proxyRealm).build();
    Request request = Dsl.get("http://origin.example/path").setProxyServer(proxy).build();
    Exchange<Response> ex = new Exchange<>(services, request, new AsyncCompletionHandlerBase(), false, -1);
    CountingServices.begin(ex, request, -1);
    return ex;
  }

  private static HttpHeaders challenge(String value) {
    return new DefaultHttpHeaders().add("Proxy-Authenticate", value);
  }

  @Test
  void basicProxyChallengeIsAnsweredOnce() throws Exception {
    Exchange<Response> ex = exchange(Dsl.basicAuthRealm("puser", "ppass").build());
    Request next = auth.proxyUnauthorized(ex, challenge("Basic realm=\"proxy\""));
    assertNotNull(next);
    Realm answered = next.getProxyServer().getRealm();
    assertTrue(answered.isUsePreemptiveAuth());
    assertEquals("puser", answered.getPrincipal());
    assertEquals("proxy.example", next.getProxyServer().getHost());
    assertEquals(3128, next.getProxyServer().getPort());
    assertEquals("http://origin.example/path", next.getUri().toUrl());

    ex.current().end();
    CountingServices.begin(ex, next, -1);
    assertNull(auth.proxyUnauthorized(ex, challenge("Basic realm=\"proxy\"")), "second 407 goes to the handler");
  }

  @Test
  void digestProxyChallengeCarriesTheNonce() throws Exception {
    Exchange<Response> ex = exchange(Dsl.digestAuthRealm("puser", "ppass").build());
    Request next =
        auth.proxyUnauthorized(
            ex, challenge("Digest realm=\"proxy\", nonce=\"pn\", qop=\"auth\", algorithm=SHA-256"));
    assertNotNull(next);
    Realm answered = next.getProxyServer().getRealm();
    assertEquals(Realm.AuthScheme.DIGEST, answered.getScheme());
    assertEquals("pn", answered.getNonce());
    assertEquals("SHA-256", answered.getAlgorithm());
    assertEquals("00000001", answered.getNc());
    assertEquals("auth", answered.getQop());
  }

  @Test
  void noProxyRealmMeansNoReplay() throws Exception {
    Request request =
        Dsl.get("http://origin.example/").setProxyServer(new ProxyServer.Builder("p", 1).build()).build();
    Exchange<Response> ex = new Exchange<>(services, request, new AsyncCompletionHandlerBase(), false, -1);
    CountingServices.begin(ex, request, -1);
    assertNull(auth.proxyUnauthorized(ex, challenge("Basic realm=\"proxy\"")));
  }

  @Test
  void digestChallengeWithoutNonceIsNotAnsweredWithBasic() throws Exception {
    Exchange<Response> ex = exchange(Dsl.digestAuthRealm("puser", "ppass").build());
    assertNull(auth.proxyUnauthorized(ex, challenge("Digest realm=\"proxy\"")));
  }

  @Test
  void nonceCountIsEightHexDigits() {
    assertEquals("00000001", NextHopRequests.nonceCount(1));
    assertEquals("0000000a", NextHopRequests.nonceCount(10));
    assertEquals("ffffffff", NextHopRequests.nonceCount(0xffffffffL));
  }
}

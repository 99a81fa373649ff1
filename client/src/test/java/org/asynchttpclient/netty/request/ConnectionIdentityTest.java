package org.asynchttpclient.netty.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.asynchttpclient.Dsl;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyType;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** Pool partitions of connections that carry a login (3.0.13 per principal, 3.0.14 per identity). */
class ConnectionIdentityTest {

  private static Realm ntlm(String user, String password) {
    return Dsl.ntlmAuthRealm(user, password).setNtlmDomain("CORP").build();
  }

  private static Object key(String url, @Nullable Realm realm, @Nullable ProxyServer proxy) {
    Request request = Dsl.get(url).setRealm(realm).build();
    return HopRequests.partitionKey(request, proxy, null);
  }

  /** A login set only client-wide ({@code config.getRealm()}) scopes the pool as a request's does. */
  @Test
  void aClientWideLoginScopesTheKeyToo() {
    Request plain = Dsl.get("http://h.example/").build();
    Object alice = HopRequests.partitionKey(plain, null, ntlm("alice", "pw"));
    Object bob = HopRequests.partitionKey(plain, null, ntlm("bob", "pw"));
    assertNotEquals(alice, bob);
    assertNotEquals(key("http://h.example/", null, null), alice);
    // the request's own login wins over the client's
    Request own = Dsl.get("http://h.example/").setRealm(ntlm("bob", "pw")).build();
    assertEquals(bob, HopRequests.partitionKey(own, null, ntlm("alice", "pw")));
    assertTrue(HopRequests.authenticatesConnection(plain, null, ntlm("alice", "pw")));
    assertFalse(HopRequests.authenticatesConnection(plain, null, null));
  }

  @Test
  void ntlmConnectionsArePooledPerIdentity() {
    String url = "http://h.example/";
    assertEquals(key(url, ntlm("alice", "pw"), null), key(url, ntlm("alice", "pw"), null));
    assertNotEquals(key(url, ntlm("alice", "pw"), null), key(url, ntlm("bob", "pw"), null));
    assertNotEquals(key(url, ntlm("alice", "pw"), null), key(url, ntlm("alice", "other"), null));
    assertNotEquals(key(url, ntlm("alice", "pw"), null), key(url, null, null));
    Realm otherDomain = Dsl.ntlmAuthRealm("alice", "pw").setNtlmDomain("LAB").build();
    assertNotEquals(key(url, ntlm("alice", "pw"), null), key(url, otherDomain, null));
  }

  @Test
  void kerberosAndSpnegoToo() {
    String url = "https://h.example/";
    Realm a = Dsl.realm(Realm.AuthScheme.SPNEGO, "alice", "pw").setServicePrincipalName("HTTP/h").build();
    Realm b = Dsl.realm(Realm.AuthScheme.SPNEGO, "alice", "pw").setServicePrincipalName("HTTP/other").build();
    Realm k = Dsl.realm(Realm.AuthScheme.KERBEROS, "alice", "pw").setServicePrincipalName("HTTP/h").build();
    assertNotEquals(key(url, a, null), key(url, b, null));
    assertNotEquals(key(url, a, null), key(url, k, null));
  }

  @Test
  void perRequestSchemesKeepThePlainKey() {
    String url = "http://h.example/";
    assertEquals(key(url, null, null), key(url, Dsl.basicAuthRealm("alice", "pw").build(), null));
    assertEquals(key(url, null, null), key(url, Dsl.digestAuthRealm("bob", "pw").build(), null));
  }

  @Test
  void aProxyLoginScopesTheKeyWhenTheProxyHopIsPerConnection() {
    ProxyServer.Builder http = Dsl.proxyServer("127.0.0.1", 3128);
    ProxyServer httpA = http.setRealm(Dsl.basicAuthRealm("alice", "pw")).build();
    ProxyServer httpB = Dsl.proxyServer("127.0.0.1", 3128).setRealm(Dsl.basicAuthRealm("bob", "pw")).build();
    // absolute-form through an HTTP proxy: the login goes with each request
    assertEquals(key("http://h.example/", null, httpA), key("http://h.example/", null, httpB));
    // a CONNECT tunnel belongs to the login that opened it
    assertNotEquals(key("https://h.example/", null, httpA), key("https://h.example/", null, httpB));
    assertNotEquals(key("ws://h.example/", null, httpA), key("ws://h.example/", null, httpB));
    ProxyServer socksA =
        Dsl.proxyServer("127.0.0.1", 1080).setProxyType(ProxyType.SOCKS_V5).setRealm(Dsl.basicAuthRealm("alice", "pw")).build();
    ProxyServer socksB =
        Dsl.proxyServer("127.0.0.1", 1080).setProxyType(ProxyType.SOCKS_V5).setRealm(Dsl.basicAuthRealm("bob", "pw")).build();
    assertNotEquals(key("http://h.example/", null, socksA), key("http://h.example/", null, socksB));
    // a proxy that authenticates the connection itself
    ProxyServer ntlmA = Dsl.proxyServer("127.0.0.1", 3128).setRealm(ntlm("alice", "pw")).build();
    ProxyServer ntlmB = Dsl.proxyServer("127.0.0.1", 3128).setRealm(ntlm("bob", "pw")).build();
    assertNotEquals(key("http://h.example/", null, ntlmA), key("http://h.example/", null, ntlmB));
  }

  @Test
  void theKeyNeverShowsThePassword() {
    Object key = key("http://h.example/", ntlm("alice", "hunter2"), null);
    assertFalse(key.toString().contains("hunter2"), key.toString());
  }
}

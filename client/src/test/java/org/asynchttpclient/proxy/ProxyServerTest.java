package org.asynchttpclient.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;

class ProxyServerTest {

  private static ProxyServer proxyIgnoring(String... hosts) {
    return new ProxyServer.Builder("proxy.local", 3128).setNonProxyHosts(Arrays.asList(hosts)).build();
  }

  @Test
  void leadingWildcardMatchesSubdomainsOnly() {
    ProxyServer proxy = proxyIgnoring("*.example.com");
    assertTrue(proxy.isIgnoredForHost("www.example.com"));
    assertTrue(proxy.isIgnoredForHost("a.b.EXAMPLE.com"));
    assertFalse(proxy.isIgnoredForHost("example.com"));
    assertFalse(proxy.isIgnoredForHost("example.com.evil.net"));
    assertFalse(proxy.isIgnoredForHost("com"));
  }

  @Test
  void trailingWildcardMatchesByPrefix() {
    ProxyServer proxy = proxyIgnoring("192.168.*");
    assertTrue(proxy.isIgnoredForHost("192.168.1.20"));
    assertFalse(proxy.isIgnoredForHost("10.192.168.1"));
  }

  @Test
  void plainEntryMatchesTheWholeHostIgnoringCase() {
    ProxyServer proxy = proxyIgnoring("localhost", "::1");
    assertTrue(proxy.isIgnoredForHost("LocalHost"));
    assertFalse(proxy.isIgnoredForHost("localhost.example"));
    assertTrue(proxy.isIgnoredForHost("[::1]"), "a bracketed IPv6 host matches the bare entry");
    assertTrue(proxy.isIgnoredForHost("::1"));
  }

  @Test
  void noEntriesIgnoreNothing() {
    ProxyServer proxy = new ProxyServer.Builder("proxy.local", 3128).build();
    assertFalse(proxy.isIgnoredForHost("localhost"));
    assertTrue(proxy.getNonProxyHosts().isEmpty());
    assertThrows(NullPointerException.class, () -> proxy.isIgnoredForHost(nullHost()));
  }

  @SuppressWarnings("NullAway") // returns null on purpose: callers without NullAway can pass it
  private static String nullHost() {
    return null;
  }

  @Test
  void builderDefaults() {
    ProxyServer proxy = new ProxyServer.Builder("proxy.local", 3128).setNonProxyHost("a").setNonProxyHost("b").build();
    assertEquals("proxy.local", proxy.getHost());
    assertEquals(3128, proxy.getPort());
    assertEquals(3128, proxy.getSecuredPort());
    assertEquals(ProxyType.HTTP, proxy.getProxyType());
    assertEquals(Arrays.asList("a", "b"), proxy.getNonProxyHosts());
    assertNull(proxy.getRealm());
    assertNull(proxy.getCustomHeaders());
    assertThrows(UnsupportedOperationException.class, () -> proxy.getNonProxyHosts().add("c"));
  }

  @Test
  void refusesBadHostAndPort() {
    IllegalArgumentException port = assertThrows(IllegalArgumentException.class,
        () -> new ProxyServer.Builder("p", 70000).build());
    assertTrue(String.valueOf(port.getMessage()).startsWith("proxy port: 70000 (expected 0 to 65535)"), port.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new ProxyServer.Builder("", 80).build());
  }

  @Test
  void proxyTypes() {
    assertTrue(ProxyType.HTTP.isHttp());
    assertTrue(ProxyType.HTTPS.isHttp());
    assertTrue(ProxyType.SOCKS_V4.isSocks());
    assertTrue(ProxyType.SOCKS_V5.isSocks());
    assertFalse(ProxyType.SOCKS_V5.isHttp());
    assertFalse(ProxyType.HTTPS.isSocks());
  }

  @Test
  void noProxySelectorSelectsNothing() {
    assertNull(ProxyServerSelector.NO_PROXY_SELECTOR.select(Uri.create("http://h/")));
  }
}

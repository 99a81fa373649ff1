package org.asynchttpclient.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.asynchttpclient.channel.ChannelPoolPartitioning.PerHostChannelPoolPartitioning;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyType;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.Test;

class PartitionKeyTest {

  private static Object key(String url, @Nullable String virtualHost, @Nullable ProxyServer proxy) {
    return PerHostChannelPoolPartitioning.INSTANCE.getPartitionKey(Uri.create(url), virtualHost, proxy);
  }

  private static void assertSamePartition(Object a, Object b) {
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
  }

  @Test
  void directKeyIsSchemeHostAndExplicitPort() {
    assertSamePartition(key("http://h/a?x", null, null), key("http://h:80/b", null, null));
    assertTrue(key("http://h/", null, null) instanceof ChannelPoolPartitioning.PartitionKey);
    assertNotEquals(key("http://h/", null, null), key("https://h/", null, null));
    assertNotEquals(key("http://h:443/", null, null), key("https://h/", null, null));
    assertNotEquals(key("http://h/", null, null), key("ws://h/", null, null));
    assertNotEquals(key("http://h/", null, null), key("http://g/", null, null));
    assertNotEquals(key("http://h:8080/", null, null), key("http://h:8081/", null, null));
  }

  @Test
  void virtualHostSeparatesPartitions() {
    assertSamePartition(key("https://h/", "v", null), key("https://h:443/x", "v", null));
    assertNotEquals(key("https://h/", "v", null), key("https://h/", "w", null));
    assertNotEquals(key("https://h/", "v", null), key("https://h/", null, null));
  }

  @Test
  void proxySeparatesPartitions() {
    ProxyServer proxyA = new ProxyServer.Builder("proxy-a", 3128).setSecuredPort(3129).build();
    ProxyServer proxyA2 = new ProxyServer.Builder("proxy-a", 3128).setSecuredPort(3129).build();
    ProxyServer proxyB = new ProxyServer.Builder("proxy-b", 3128).build();
    ProxyServer socks = new ProxyServer.Builder("proxy-a", 3128).setSecuredPort(3129).setProxyType(ProxyType.SOCKS_V5).build();

    assertSamePartition(key("http://h/", null, proxyA), key("http://h/", null, proxyA2));
    assertNotEquals(key("http://h/", null, proxyA), key("http://h/", null, null));
    assertNotEquals(key("http://h/", null, proxyA), key("http://h/", null, proxyB));
    assertNotEquals(key("http://h/", null, proxyA), key("http://h/", null, socks));
    assertNotEquals(key("http://h/", null, proxyA), key("http://g/", null, proxyA));
    assertNotEquals(key("http://h/", null, proxyA), key("https://h/", null, proxyA));
  }

  @Test
  void securedTargetThroughHttpProxyUsesTheSecuredPort() {
    ProxyServer proxy = new ProxyServer.Builder("proxy", 3128).setSecuredPort(3129).build();
    String https = key("https://h/", null, proxy).toString();
    String http = key("http://h/", null, proxy).toString();
    assertTrue(https.contains("proxyPort=3129"), https);
    assertTrue(http.contains("proxyPort=3128"), http);
    assertTrue(https.contains("targetHostBaseUrl=https://h:443"), https);
  }
}

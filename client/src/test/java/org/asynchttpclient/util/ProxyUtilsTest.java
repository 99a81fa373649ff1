package org.asynchttpclient.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Properties;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilder;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyServerSelector;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;

class ProxyUtilsTest {

  @Test
  void propertiesDescribeTheProxyItsCredentialsAndItsExceptions() {
    Properties props = new Properties();
    props.setProperty(ProxyUtils.PROXY_HOST, "proxy.example");
    props.setProperty(ProxyUtils.PROXY_PORT, "3128");
    props.setProperty(ProxyUtils.PROXY_NONPROXYHOSTS, "localhost|*.internal");
    props.setProperty("org.asynchttpclient.AsyncHttpClientConfig.proxy.user", "u");
    props.setProperty("org.asynchttpclient.AsyncHttpClientConfig.proxy.password", "p");
    ProxyServerSelector selector = ProxyUtils.createProxyServerSelector(props);
    ProxyServer proxy = selector.select(Uri.create("http://www.example/"));
    assertNotNull(proxy);
    assertEquals("proxy.example", proxy.getHost());
    assertEquals(3128, proxy.getPort());
    assertEquals(List.of("localhost", "*.internal"), proxy.getNonProxyHosts());
    Realm realm = proxy.getRealm();
    assertNotNull(realm);
    assertEquals(Realm.AuthScheme.BASIC, realm.getScheme());
    assertEquals("u", realm.getPrincipal());
    assertEquals("p", realm.getPassword());
    // As in 3.0.11 the selector answers for every host; the non-proxy hosts apply in getProxyServer.
    assertSame(proxy, selector.select(Uri.create("http://db.internal/")));
  }

  @Test
  void portDefaultsTo80AndMustBeANumber() {
    Properties props = new Properties();
    props.setProperty(ProxyUtils.PROXY_HOST, "proxy.example");
    assertEquals(80, ProxyUtils.createProxyServerSelector(props).select(Uri.create("http://h/")).getPort());
    props.setProperty(ProxyUtils.PROXY_PORT, "eighty");
    NumberFormatException e =
        assertThrows(NumberFormatException.class, () -> ProxyUtils.createProxyServerSelector(props));
    assertEquals("http.proxyPort: 'eighty' (expected a port number)", e.getMessage());
  }

  @Test
  void noProxyHostMeansNoProxy() {
    assertSame(ProxyServerSelector.NO_PROXY_SELECTOR, ProxyUtils.createProxyServerSelector(new Properties()));
  }

  @Test
  void requestProxyWinsOverTheSelectorAndNonProxyHostsGoDirect() {
    ProxyServer fromSelector = new ProxyServer.Builder("selected", 8080).setNonProxyHosts(List.of("*.internal")).build();
    DefaultAsyncHttpClientConfig config =
        new DefaultAsyncHttpClientConfig.Builder().setProxyServerSelector(uri -> fromSelector).build();
    ProxyServer own = new ProxyServer.Builder("own", 3128).build();

    assertSame(fromSelector, ProxyUtils.getProxyServer(config, request("http://www.example/", null)));
    assertSame(own, ProxyUtils.getProxyServer(config, request("http://www.example/", own)));
    assertNull(ProxyUtils.getProxyServer(config, request("http://db.internal/", null)));
    assertNull(ProxyUtils.getProxyServer(new DefaultAsyncHttpClientConfig.Builder().build(), request("http://h/", null)));
  }

  @Test
  void jdkSelectorsFirstHttpProxyIsUsedAndDirectMeansNone() {
    ProxySelector jdk =
        selector(
            new Proxy(Proxy.Type.SOCKS, InetSocketAddress.createUnresolved("socks", 1080)),
            new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved("http-proxy", 8080)));
    ProxyServer proxy = ProxyUtils.createProxyServerSelector(jdk).select(Uri.create("http://h/"));
    assertNotNull(proxy);
    assertEquals("http-proxy", proxy.getHost());
    assertEquals(8080, proxy.getPort());

    assertNull(ProxyUtils.createProxyServerSelector(selector(Proxy.NO_PROXY)).select(Uri.create("http://h/")));
    assertNull(ProxyUtils.createProxyServerSelector((ProxySelector) null).select(Uri.create("http://h/")));
  }

  private static Request request(String url, ProxyServer proxy) {
    RequestBuilder b = new RequestBuilder().setUrl(url);
    if (proxy != null) {
      b.setProxyServer(proxy);
    }
    return b.build();
  }

  private static ProxySelector selector(Proxy... answer) {
    return new ProxySelector() {
      @Override
      public List<Proxy> select(URI uri) {
        return List.of(answer);
      }

      @Override
      public void connectFailed(URI uri, SocketAddress sa, IOException ioe) {}
    };
  }
}

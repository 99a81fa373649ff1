package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Plain-HTTP requests through an HTTP proxy: absolute-form request line, proxy headers. */
class HttpProxyTest {
  private TestServer proxy;

  @BeforeEach
  void start() throws Exception {
    proxy = new TestServer();
    // The "proxy" answers itself: what matters is what it received.
    proxy.route(
        "http://origin.test:8080/path",
        (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "via proxy"));
  }

  @AfterEach
  void stop() {
    proxy.close();
  }

  @Test
  void requestGoesToTheProxyInAbsoluteFormWithProxyAuthorization() throws Exception {
    ProxyServer p =
        new ProxyServer.Builder("127.0.0.1", proxy.port())
            .setRealm(
                new org.asynchttpclient.Realm.Builder("user", "secret")
                    .setScheme(org.asynchttpclient.Realm.AuthScheme.BASIC)
                    .setUsePreemptiveAuth(true))
            .setCustomHeaders(r -> new io.netty.handler.codec.http.DefaultHttpHeaders().add("X-Via", "test"))
            .build();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r =
          client
              .prepareGet("http://origin.test:8080/path?q=1")
              .setProxyServer(p)
              .execute()
              .get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("via proxy", r.getResponseBody());
    }
    TestServer.Received got = proxy.received().get(0);
    assertEquals("http://origin.test:8080/path?q=1", got.uri);
    assertEquals("origin.test:8080", got.headers.get("Host"));
    assertEquals("Basic dXNlcjpzZWNyZXQ=", got.headers.get("Proxy-Authorization"));
    assertEquals("test", got.headers.get("X-Via"));
  }

  @Test
  void customHeadersReplaceTheRequestsOwnAndGoWithEveryRequest() throws Exception {
    ProxyServer p =
        new ProxyServer.Builder("127.0.0.1", proxy.port())
            .setCustomHeaders(r -> new io.netty.handler.codec.http.DefaultHttpHeaders().add("X-Via", "proxy"))
            .build();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      for (int i = 0; i < 3; i++) {
        Response r =
            client
                .prepareGet("http://origin.test:8080/path")
                .setHeader("X-Via", "caller")
                .setProxyServer(p)
                .execute()
                .get(5, TimeUnit.SECONDS);
        assertEquals(200, r.getStatusCode());
      }
    }
    assertEquals(1, proxy.acceptedCount(), "the three requests shared one pooled connection");
    for (TestServer.Received got : proxy.received()) {
      assertEquals(java.util.List.of("proxy"), got.headers.getAll("X-Via"));
    }
    assertEquals(3, proxy.received().size());
  }

  @Test
  void nonProxyHostsGoDirect() throws Exception {
    TestServer origin = new TestServer();
    origin.route("/direct", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "direct"));
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      ProxyServer p =
          new ProxyServer.Builder("127.0.0.1", proxy.port()).setNonProxyHost("127.0.0.1").build();
      Response r =
          client.prepareGet(origin.url("/direct")).setProxyServer(p).execute().get(5, TimeUnit.SECONDS);
      assertEquals("direct", r.getResponseBody());
      assertEquals(0, proxy.acceptedCount());
      assertNull(origin.received().get(0).headers.get("Proxy-Authorization"));
    } finally {
      origin.close();
    }
  }
}

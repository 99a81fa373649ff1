package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.ssl.ApplicationProtocolNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.HttpProtocol;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2Fixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.Test;

/** ALPN and h2c negotiation, and many requests multiplexed on one connection. */
class Http2NegotiationTest extends H2Fixture {

  static DefaultAsyncHttpClientConfig.Builder tlsConfig() {
    return ClientFixture.config().setUseInsecureTrustManager(true);
  }

  private void hello(H2TestServer s) {
    s.route("/hello", (ctx, req) -> TestServer.respond(ctx, true, io.netty.handler.codec.http.HttpResponseStatus.OK, "hi over " + req.protocol));
  }

  @Test
  void alpnPicksH2ByDefault() throws Exception {
    server = new H2TestServer();
    hello(server);
    client = ClientFixture.client(tlsConfig());

    AtomicReference<HttpResponseStatus> status = new AtomicReference<>();
    Response res =
        client
            .prepareGet(server.url("/hello"))
            .execute(
                new AsyncCompletionHandlerBase() {
                  @Override
                  public State onStatusReceived(HttpResponseStatus s) throws Exception {
                    status.set(s);
                    return super.onStatusReceived(s);
                  }
                })
            .get(10, TimeUnit.SECONDS);

    assertEquals(200, res.getStatusCode());
    assertEquals("hi over h2", res.getResponseBody());
    assertEquals(HttpProtocol.HTTP_2, res.getProtocol());
    assertEquals("HTTP/2.0", status.get().getProtocolText());
    assertEquals(2, status.get().getProtocolMajorVersion());
    assertEquals(0, status.get().getProtocolMinorVersion());
    assertEquals("HTTP", status.get().getProtocolName());
    H2TestServer.Received r = server.received().get(0);
    assertEquals("127.0.0.1:" + server.port(), r.headers.get("host"), "the :authority the server saw");
    assertTrue(r.streamId > 0);
  }

  @Test
  void aLoginThatAuthenticatesTheConnectionNeverGetsH2() throws Exception {
    server = new H2TestServer();
    hello(server);
    client = ClientFixture.client(tlsConfig());
    for (org.asynchttpclient.Realm realm :
        new org.asynchttpclient.Realm[] {
          org.asynchttpclient.Dsl.ntlmAuthRealm("alice", "pw").build(),
          org.asynchttpclient.Dsl.realm(org.asynchttpclient.Realm.AuthScheme.SPNEGO, "alice", "pw").build()
        }) {
      Response res = client.prepareGet(server.url("/hello")).setRealm(realm).execute().get(10, TimeUnit.SECONDS);
      assertEquals("hi over http/1.1", res.getResponseBody(), realm.getScheme().toString());
      assertEquals(HttpProtocol.HTTP_1_1, res.getProtocol());
    }
    // the same client without such a login still negotiates h2
    Response plain = client.prepareGet(server.url("/hello")).execute().get(10, TimeUnit.SECONDS);
    assertEquals(HttpProtocol.HTTP_2, plain.getProtocol());
  }

  @Test
  void http1WhenHttp2IsDisabled() throws Exception {
    server = new H2TestServer();
    hello(server);
    client = ClientFixture.client(tlsConfig().setHttp2Enabled(false));

    Response res = client.prepareGet(server.url("/hello")).execute().get(10, TimeUnit.SECONDS);

    assertEquals("hi over http/1.1", res.getResponseBody());
    assertEquals(HttpProtocol.HTTP_1_1, res.getProtocol());
  }

  @Test
  void http1WhenTheServerOffersOnlyHttp1() throws Exception {
    server = new H2TestServer(new H2TestServer.Options().alpn(ApplicationProtocolNames.HTTP_1_1));
    hello(server);
    client = ClientFixture.client(tlsConfig());

    for (int i = 0; i < 3; i++) {
      Response res = client.prepareGet(server.url("/hello")).execute().get(10, TimeUnit.SECONDS);
      assertEquals("hi over http/1.1", res.getResponseBody());
      assertEquals(HttpProtocol.HTTP_1_1, res.getProtocol());
    }
    assertEquals(1, server.connections().size(), "the HTTP/1.1 connection is pooled and reused");
  }

  @Test
  void h2cOnlyWithCleartextEnabled() throws Exception {
    server = new H2TestServer(new H2TestServer.Options().cleartext());
    hello(server);
    client = ClientFixture.client(ClientFixture.config().setHttp2CleartextEnabled(true));

    Response res = client.prepareGet(server.url("/hello")).execute().get(10, TimeUnit.SECONDS);

    assertEquals("hi over h2", res.getResponseBody());
    assertEquals(HttpProtocol.HTTP_2, res.getProtocol());
  }

  @Test
  void aLoginThatAuthenticatesTheConnectionNeverSpeaksH2c() throws Exception {
    server = new H2TestServer(new H2TestServer.Options().cleartext());
    hello(server);
    client =
        ClientFixture.client(
            ClientFixture.config().setHttp2CleartextEnabled(true).setRequestTimeout(java.time.Duration.ofSeconds(3)));
    // The server speaks only h2 with prior knowledge: an HTTP/1.1 request gets no answer from it.
    java.util.concurrent.Future<Response> ntlm =
        client
            .prepareGet(server.url("/hello"))
            .setRealm(org.asynchttpclient.Dsl.ntlmAuthRealm("alice", "pw").build())
            .execute();
    org.junit.jupiter.api.Assertions.assertThrows(
        java.util.concurrent.ExecutionException.class, () -> ntlm.get(10, TimeUnit.SECONDS));
    assertEquals(0, server.received().size(), "h2c streams at the server");
  }

  @Test
  void twentyConcurrentRequestsShareOneConnection() throws Exception {
    server = new H2TestServer();
    CountDownLatch all = new CountDownLatch(20);
    // Each answer waits until all twenty requests arrived: they are in flight together.
    server.route(
        "/together",
        (ctx, req) -> {
          all.countDown();
          new Thread(() -> {
                try {
                  all.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
                TestServer.respond(ctx, true, io.netty.handler.codec.http.HttpResponseStatus.OK, "ok " + req.streamId);
              })
              .start();
        });
    // The subject is twenty streams on one connection. With a further connection allowed (the
    // default allows two once 8 streams are in flight), a loaded machine that opens the first
    // connection before the loop ends sends the rest to a second one, whose stream ids repeat the
    // first's (reproduced with a 200 ms pause after the 10th request: 19 distinct bodies).
    client = ClientFixture.client(tlsConfig().setHttp2MaxConnectionsPerPartition(1));

    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      futures.add(client.prepareGet(server.url("/together")).execute());
    }
    Set<String> bodies = new HashSet<>();
    for (ListenableFuture<Response> f : futures) {
      Response res = f.get(10, TimeUnit.SECONDS);
      assertEquals(200, res.getStatusCode());
      bodies.add(res.getResponseBody());
    }

    assertEquals(20, bodies.size(), "twenty distinct streams answered");
    assertEquals(1, server.connections().size(), "one connection for the partition (cold start included)");
    assertEquals(20, server.received().size());
    Set<Integer> streams = new HashSet<>();
    for (H2TestServer.Received r : server.received()) {
      streams.add(r.streamId);
      assertEquals(server.received().get(0).connection, r.connection);
    }
    assertEquals(20, streams.size());
  }

  @Test
  void streamsBeyondTheServerLimitWaitForASlot() throws Exception {
    server = new H2TestServer(new H2TestServer.Options().maxConcurrentStreams(2));
    hello(server);
    // The subject is waiting for a slot of the one connection. A connection at the server's limit
    // counts as busy, so with a further connection allowed (the default allows two) a request that
    // finds the first one open and full opens a second instead of waiting (reproduced with a
    // 200 ms pause after the 5th request).
    client = ClientFixture.client(tlsConfig().setHttp2MaxConnectionsPerPartition(1));

    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      futures.add(client.prepareGet(server.url("/hello")).execute());
    }
    for (ListenableFuture<Response> f : futures) {
      assertEquals("hi over h2", f.get(10, TimeUnit.SECONDS).getResponseBody());
    }
    assertEquals(1, server.connections().size());
    assertTrue(server.await(() -> server.received().size() == 10, Duration.ofSeconds(1)));
  }
}

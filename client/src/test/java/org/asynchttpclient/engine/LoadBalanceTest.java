package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.HttpProtocol;
import org.asynchttpclient.LoadBalance;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.AddressListResolver;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.Closing;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code LoadBalance}: one server listening on 127.0.0.1 and 127.0.0.2 (one port), a host that
 * resolves to both. ROUND_ROBIN spreads kept-alive requests over the two addresses, with pooling
 * per address; DEFAULT keeps them on the first (3.0.12's RoundRobinSendTypeTest and
 * BasicHttp2Test#http2RoundRobinSpreadsConnectionsAcrossIps check the same).
 */
class LoadBalanceTest {
  private TestServer server;
  private H2TestServer h2;
  private DefaultAsyncHttpClient client;

  @AfterEach
  void stop() throws Exception {
    Closing.closeAll(client, server, h2);
  }

  private void startServer() throws Exception {
    server = new TestServer();
    server.route("/hello", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "hi"));
    server.alsoListenOn("127.0.0.2");
  }

  private String url() {
    return "http://multi.test:" + server.port() + "/hello";
  }

  /** Requests the server received, by the address they came in on. */
  private static Map<String, Integer> byLocalAddress(List<Channel> channels) {
    Map<String, Integer> counts = new TreeMap<>();
    for (Channel ch : channels) {
      String ip = ((InetSocketAddress) ch.localAddress()).getAddress().getHostAddress();
      counts.merge(ip, 1, Integer::sum);
    }
    return counts;
  }

  private Map<String, Integer> tenRequests(DefaultAsyncHttpClientConfig.Builder config, AddressListResolver resolver)
      throws Exception {
    client = ClientFixture.client(config);
    for (int i = 0; i < 10; i++) {
      Response r = client.prepareGet(url()).setNameResolver(resolver).execute().get(10, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
    }
    return byLocalAddress(server.received().stream().map(x -> x.channel).collect(java.util.stream.Collectors.toList()));
  }

  @Test
  void roundRobinSpreadsKeptAliveRequestsOverTheAddresses() throws Exception {
    startServer();
    Map<String, Integer> spread =
        tenRequests(
            ClientFixture.config().setLoadBalance(LoadBalance.ROUND_ROBIN),
            new AddressListResolver("127.0.0.1", "127.0.0.2"));
    assertEquals(Map.of("127.0.0.1", 5, "127.0.0.2", 5), spread);
    assertEquals(2, server.acceptedCount(), "one kept-alive connection per address");
  }

  @Test
  void defaultKeepsThemOnTheFirstAddress() throws Exception {
    startServer();
    Map<String, Integer> spread =
        tenRequests(ClientFixture.config(), new AddressListResolver("127.0.0.1", "127.0.0.2"));
    assertEquals(Map.of("127.0.0.1", 10), spread);
    assertEquals(1, server.acceptedCount());
  }

  @Test
  void theLimitPerHostWinsOverTheSpreading() throws Exception {
    startServer();
    Map<String, Integer> spread =
        tenRequests(
            ClientFixture.config().setLoadBalance(LoadBalance.ROUND_ROBIN).setMaxConnectionsPerHost(1),
            new AddressListResolver("127.0.0.1", "127.0.0.2"));
    assertEquals(1, server.acceptedCount(), "one connection per host: the other address's idle one is taken");
    assertEquals(10, spread.values().stream().mapToInt(Integer::intValue).sum());
  }

  @Test
  void aDeadPinnedAddressFailsOverAndTheConnectionIsPooledUnderTheAddressReached() throws Exception {
    startServer(); // nothing listens on 127.0.0.3: refused
    AddressListResolver resolver = new AddressListResolver("127.0.0.3", "127.0.0.1");
    client = ClientFixture.client(ClientFixture.config().setLoadBalance(LoadBalance.ROUND_ROBIN));
    int failures = 0;
    for (int i = 0; i < 6; i++) {
      RecordingHandler h = new RecordingHandler();
      client.prepareGet(url()).setNameResolver(resolver).execute(h).get(10, TimeUnit.SECONDS);
      assertEquals(200, h.status());
      failures += (int) h.names().stream().filter("connectFailure"::equals).count();
    }
    // The first request fails over from 127.0.0.3; the cooldown then orders it last, and the
    // connection to 127.0.0.1 is pooled and reused under its own address.
    assertEquals(1, failures);
    assertEquals(1, server.acceptedCount());
  }

  @Test
  void roundRobinSpreadsHttp2ConnectionsPerAddress() throws Exception {
    h2 = new H2TestServer();
    h2.route("/hello", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "hi"));
    h2.alsoListenOn("127.0.0.2");
    AddressListResolver resolver = new AddressListResolver("127.0.0.1", "127.0.0.2");
    for (LoadBalance mode : LoadBalance.values()) {
      client =
          ClientFixture.client(
              ClientFixture.config()
                  .setUseInsecureTrustManager(true)
                  .setDisableHttpsEndpointIdentificationAlgorithm(true)
                  .setLoadBalance(mode));
      int before = h2.received().size();
      int connectionsBefore = h2.connections().size();
      for (int i = 0; i < 10; i++) {
        Response r =
            client.prepareGet("https://multi.test:" + h2.port() + "/hello")
                .setNameResolver(resolver)
                .execute()
                .get(10, TimeUnit.SECONDS);
        assertEquals(HttpProtocol.HTTP_2, r.getProtocol());
      }
      Map<String, Integer> spread =
          byLocalAddress(
              h2.received().subList(before, h2.received().size()).stream()
                  .map(x -> x.connection)
                  .collect(java.util.stream.Collectors.toList()));
      int connections = h2.connections().size() - connectionsBefore;
      if (mode == LoadBalance.ROUND_ROBIN) {
        assertEquals(Map.of("127.0.0.1", 5, "127.0.0.2", 5), spread, mode.toString());
        assertEquals(2, connections, "one HTTP/2 connection per address");
      } else {
        assertEquals(Map.of("127.0.0.1", 10), spread, mode.toString());
        assertEquals(1, connections);
      }
      client.close();
      client = null;
    }
    assertTrue(h2.received().size() >= 20);
  }

  @Test
  void aRetryKeepsItsAddressAsIn3012() throws Exception {
    startServer();
    server.route(
        "/drop-first",
        TestServer.onceThen(
            // before any response byte: the request is replayed on a new connection
            (ctx, req) -> ctx.close(),
            (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok")));
    client =
        ClientFixture.client(
            ClientFixture.config().setLoadBalance(LoadBalance.ROUND_ROBIN).setMaxRequestRetry(1));
    RecordingHandler h = new RecordingHandler();
    client
        .prepareGet("http://multi.test:" + server.port() + "/drop-first")
        .setNameResolver(new AddressListResolver("127.0.0.1", "127.0.0.2"))
        .execute(h)
        .get(10, TimeUnit.SECONDS);
    assertEquals(200, h.status(), h.events().toString());
    assertEquals(
        Map.of("127.0.0.1", 2),
        byLocalAddress(server.received().stream().map(x -> x.channel).collect(java.util.stream.Collectors.toList())),
        "the replay went to the address the first try was pinned to");
  }

  @Test
  void aRedirectToAnotherPortOfTheSameHostIsResolvedAndPinnedAgain() throws Exception {
    startServer();
    TestServer target = new TestServer();
    try {
      target.route("/landing", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "landed"));
      server.route(
          "/moved",
          (ctx, req) ->
              TestServer.respond(
                  ctx, req, HttpResponseStatus.FOUND, "", "Location",
                  "http://multi.test:" + target.port() + "/landing"));
      client =
          ClientFixture.client(
              ClientFixture.config().setLoadBalance(LoadBalance.ROUND_ROBIN).setFollowRedirect(true));
      AddressListResolver resolver = new AddressListResolver("127.0.0.1");
      Response r =
          client
              .prepareGet("http://multi.test:" + server.port() + "/moved")
              .setNameResolver(resolver)
              .execute()
              .get(10, TimeUnit.SECONDS);
      assertEquals("landed", r.getResponseBody());
      assertEquals(2, resolver.lookups(), "each hop resolved its own host and port");
    } finally {
      target.close();
    }
  }
}

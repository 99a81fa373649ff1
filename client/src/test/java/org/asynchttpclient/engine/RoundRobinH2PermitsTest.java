package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
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
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * HTTP/2 under {@code LoadBalance.ROUND_ROBIN} with {@code maxConnectionsPerHost} below the host's
 * address count, as 3.0.12 has it: a connection keeps its permit for its life, so the limit caps
 * live connections; a request pinned to an address that has no connection and finds no permit
 * multiplexes onto another address's connection; a GOAWAY gives the permit back at once. (3.0.12's
 * BasicHttp2Test http2RoundRobinCapsLiveConnectionsAtMaxConnectionsPerHost,
 * http2RoundRobinPermitStarvedReusesSiblingConnection,
 * http2RoundRobinGoawayReleasesPermitForReplacementConnection and
 * http2RoundRobinStillSpreadsWhenPermitsAbundant check the same.)
 */
class RoundRobinH2PermitsTest {
  private H2TestServer h2;
  private DefaultAsyncHttpClient client;

  @BeforeEach
  void start() throws Exception {
    h2 = onThreeAddresses(new H2TestServer());
  }

  /** Routes /hello, /slow (answers after 300 ms) and /never; listens on 127.0.0.1 to .3. */
  private static H2TestServer onThreeAddresses(H2TestServer h2) throws Exception {
    h2.route("/hello", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "hi"));
    h2.route(
        "/slow",
        (ctx, req) -> {
          var unused =
              ctx.executor()
                  .schedule(
                    () -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "slow"),
                    300,
                    TimeUnit.MILLISECONDS);
        });
    // /never: the stream stays open until the connection goes.
    h2.route("/never", (ctx, req) -> {});
    h2.alsoListenOn("127.0.0.2");
    h2.alsoListenOn("127.0.0.3");
    return h2;
  }

  @AfterEach
  void stop() throws Exception {
    Closing.closeAll(client, h2);
  }

  private static DefaultAsyncHttpClientConfig.Builder roundRobin(int maxPerHost) {
    return ClientFixture.config()
        .setUseInsecureTrustManager(true)
        .setDisableHttpsEndpointIdentificationAlgorithm(true)
        .setLoadBalance(LoadBalance.ROUND_ROBIN)
        .setMaxRequestRetry(0)
        .setMaxConnectionsPerHost(maxPerHost);
  }

  private String url(String path) {
    return "https://multi.test:" + h2.port() + path;
  }

  private Response get(String path, AddressListResolver resolver) throws Exception {
    Response r = client.prepareGet(url(path)).setNameResolver(resolver).execute().get(10, TimeUnit.SECONDS);
    assertEquals(200, r.getStatusCode());
    assertEquals(HttpProtocol.HTTP_2, r.getProtocol());
    return r;
  }

  private List<Channel> live() {
    List<Channel> live = new ArrayList<>();
    for (Channel c : h2.connections()) {
      if (c.isActive()) {
        live.add(c);
      }
    }
    return live;
  }

  private static Set<String> localAddresses(List<Channel> channels) {
    Set<String> ips = new TreeSet<>();
    for (Channel c : channels) {
      ips.add(((InetSocketAddress) c.localAddress()).getAddress().getHostAddress());
    }
    return ips;
  }

  /** Twelve requests one after the other to a host of three addresses. */
  private void twelveRequests(int maxPerHost) throws Exception {
    client = ClientFixture.client(roundRobin(maxPerHost));
    AddressListResolver resolver = new AddressListResolver("127.0.0.1", "127.0.0.2", "127.0.0.3");
    for (int i = 0; i < 12; i++) {
      get("/hello", resolver);
    }
  }

  @Test
  void theLimitPerHostCapsLiveConnectionsAndTheThirdAddressMultiplexesOntoAnother() throws Exception {
    twelveRequests(2);
    assertEquals(2, h2.connections().size(), "connections opened: " + h2.connections());
    assertEquals(2, live().size(), "both kept open, each holding its permit");
    assertEquals(12, h2.received().size());
  }

  @Test
  void withPermitsForEveryAddressEachGetsItsConnection() throws Exception {
    twelveRequests(3);
    assertEquals(Set.of("127.0.0.1", "127.0.0.2", "127.0.0.3"), localAddresses(h2.connections()));
    assertEquals(3, live().size());
  }

  @Test
  void aBurstWithOnePermitRidesTheOneConnectionBeingOpened() throws Exception {
    client = ClientFixture.client(roundRobin(1).setConnectTimeout(Duration.ofSeconds(2)));
    AddressListResolver resolver = new AddressListResolver("127.0.0.1", "127.0.0.2");
    List<CompletableFuture<Response>> burst = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      burst.add(client.prepareGet(url("/slow")).setNameResolver(resolver).execute().toCompletableFuture());
    }
    for (CompletableFuture<Response> f : burst) {
      Response r = f.get(10, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("slow", r.getResponseBody());
    }
    assertEquals(1, h2.connections().size(), "one permit, one connection: " + h2.connections());
    assertEquals(8, h2.received().size());
  }

  @Test
  void aGoAwayGivesThePermitBackWhileTheLastStreamStillRuns() throws Exception {
    client = ClientFixture.client(roundRobin(1).setRequestTimeout(Duration.ofSeconds(30)));
    AddressListResolver resolver = new AddressListResolver("127.0.0.1", "127.0.0.2");
    CompletableFuture<Response> pending =
        client.prepareGet(url("/never")).setNameResolver(resolver).execute().toCompletableFuture();
    assertTrue(h2.await(() -> h2.received().size() == 1, Duration.ofSeconds(10)));
    Channel first = h2.connections().get(0);
    // A last stream id above the open stream's: that stream was processed, the connection drains.
    H2TestServer.goAway(first, 1000);
    // Until the client has read the GOAWAY, a request may still go to the first connection; after
    // it, the request needs the permit the draining connection held (none is free otherwise).
    for (int i = 0; i < 50 && h2.connections().size() == 1; i++) {
      get("/hello", resolver);
    }
    assertEquals(2, h2.connections().size(), "a replacement opened under the released permit");
    assertTrue(first.isActive(), "the draining connection still carries its open stream");
    assertFalse(pending.isDone(), "the stream on the draining connection goes on");
  }
}

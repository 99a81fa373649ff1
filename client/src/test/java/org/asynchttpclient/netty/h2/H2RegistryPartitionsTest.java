package org.asynchttpclient.netty.h2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Request;
import org.asynchttpclient.Response;
import org.asynchttpclient.channel.NoopChannelPool;
import org.asynchttpclient.netty.carrier.Http1Carriers;
import org.asynchttpclient.netty.channel.ConnectionPermits;
import org.asynchttpclient.netty.channel.LoopPlacement;
import org.asynchttpclient.netty.connect.Connector;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.CountingServices;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.exchange.ExchangeEvents;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.netty.request.NettyRequestFactory;
import org.asynchttpclient.netty.request.RequestWriter;
import org.asynchttpclient.netty.ssl.DefaultSslEngineFactory;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.Stub;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The HTTP/2 registry keeps a partition only while it has a connection, an opener or a waiter,
 * or hops come to it (issue 46, target 6): the registry's sweep takes the others out of its map,
 * and a hop routed to a partition as it is taken out goes to the key's new partition.
 */
class H2RegistryPartitionsTest {
  private final CountingServices services = new CountingServices();
  private final EmbeddedChannel loops = new EmbeddedChannel();
  private final AsyncHttpClientConfig config =
      new DefaultAsyncHttpClientConfig.Builder().setHttp2CleartextEnabled(true).build();

  /** A registry routing hops only: its HTTP/1.1 side is real but never reached here. */
  private final H2Registry registry = newRegistry();

  private H2Registry newRegistry() {
    RequestWriter writer = new RequestWriter(null, true);
    Http1Carriers http1 =
        new Http1Carriers(
            new Http1Carriers.Parts(config, NoopChannelPool.INSTANCE, ConnectionPermits.UNLIMITED)
                .connector(
                    new Connector(config, new Bootstrap(), new DefaultSslEngineFactory(), services.timeouts(),
                        new NettyRequestFactory(config), HttpClientCodec::new, LoopPlacement.off()))
                .writer(writer)
                .events(ExchangeEvents.NONE)
                .group(loops.eventLoop())
                .clientClosed(() -> false));
    return new H2Registry(
        new H2Registry.Parts(config, services.timeouts(), loops.eventLoop())
            .responseHandlers(ChannelInboundHandlerAdapter::new)
            .writer(writer)
            .events(ExchangeEvents.NONE)
            .http1(http1));
  }

  @AfterEach
  void close() {
    registry.close();
    loops.finishAndReleaseAll();
  }

  /** A hop of a new exchange to {@code http://<host>/}, its partition keyed by the host. */
  private static Attempt hop(CountingServices services, String host) {
    Uri uri = Uri.create("http://" + host + "/");
    Request request = Stub.of(Request.class, host, (method, args) -> method.equals("getUri") ? uri : null);
    Exchange<Response> ex = new Exchange<>(services, request, new RecordingHandler(), false, -1);
    Attempt a =
        ex.begin(
            Attempt.builder(
                    ex, request, new NettyRequest(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/")))
                .partitionKey(host)
                .requestTimeoutNanos(TimeUnit.SECONDS.toNanos(10)));
    assertNotNull(a);
    return a;
  }

  @Test
  void thePartitionsOfHostsNoLongerCalledLeaveTheRegistry() {
    int hosts = 100;
    for (int i = 0; i < hosts; i++) {
      Attempt a = hop(services, "h" + i);
      assertEquals(H2Registry.Route.OPEN_CONNECTION, registry.route(a));
      a.exchange().cancel(true); // its connection never came: the opener ended
    }
    assertEquals(hosts, registry.partitionCount());
    registry.retireUnused();
    assertEquals(hosts, registry.partitionCount(), "used since the previous sweep: kept");
    registry.retireUnused();
    assertEquals(0, registry.partitionCount(), "empty and unused for a sweep period: removed");
  }

  @Test
  void aPartitionWithAnOpenerOrAWaiterIsKept() {
    Attempt opener = hop(services, "h");
    assertEquals(H2Registry.Route.OPEN_CONNECTION, registry.route(opener));
    Attempt waiter = hop(services, "h");
    assertEquals(H2Registry.Route.HANDLED, registry.route(waiter), "waits for the opener's connection");
    for (int sweep = 0; sweep < 3; sweep++) {
      registry.retireUnused();
    }
    assertEquals(1, registry.partitionCount());
    waiter.exchange().cancel(true);
    opener.exchange().cancel(true);
    registry.retireUnused();
    registry.retireUnused();
    assertEquals(0, registry.partitionCount());
  }

  @Test
  void anHttp1PartitionIsKeptWhileItsHopsComeThenForgotten() {
    Attempt opener = hop(services, "h");
    assertEquals(H2Registry.Route.OPEN_CONNECTION, registry.route(opener));
    H2Partition p = registry.partition("h");
    assertNotNull(p);
    p.negotiatedHttp1(opener.exchange()); // ALPN said http/1.1
    for (int sweep = 0; sweep < 3; sweep++) {
      assertEquals(H2Registry.Route.HTTP1, registry.route(hop(services, "h")));
      registry.retireUnused();
    }
    assertSame(p, registry.partition("h"), "what it knows is kept while hops come");
    registry.retireUnused();
    assertEquals(0, registry.partitionCount());
    opener.exchange().cancel(true);
  }

  /**
   * The race of the sweep with a hop routing to the partition it takes out, made deterministic:
   * the routing thread found the partition and waits for its monitor, which the test holds while
   * the sweep retires the partition. The hop must then be the opener of the key's new partition,
   * the one the registry's map holds.
   */
  @Test
  void aHopRoutedToAPartitionBeingRetiredGoesToTheKeysNewPartition() throws Exception {
    Attempt first = hop(services, "h");
    assertEquals(H2Registry.Route.OPEN_CONNECTION, registry.route(first));
    first.exchange().cancel(true);
    registry.retireUnused(); // used since the previous sweep: kept, unused from now on
    H2Partition doomed = registry.partition("h");
    assertNotNull(doomed);
    Attempt racing = hop(services, "h");
    AtomicReference<H2Registry.Route> route = new AtomicReference<>();
    Thread routing = new Thread(() -> route.set(registry.route(racing)), "routing");
    synchronized (doomed) {
      routing.start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (routing.getState() != Thread.State.BLOCKED && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      assertEquals(Thread.State.BLOCKED, routing.getState(), "the hop waits for the partition's monitor");
      registry.retireUnused(); // the sweep, on this thread, while the hop waits
      assertNull(registry.partition("h"), "the empty, unused partition was removed");
    }
    routing.join(10_000);
    assertEquals(H2Registry.Route.OPEN_CONNECTION, route.get());
    H2Partition now = registry.partition("h");
    assertNotNull(now, "the hop opens the connection of a partition the registry holds");
    assertNotSame(doomed, now);
    assertTrue(now.isOpener(racing.exchange()));
    assertFalse(doomed.isOpener(racing.exchange()));
    racing.exchange().cancel(true);
  }
}

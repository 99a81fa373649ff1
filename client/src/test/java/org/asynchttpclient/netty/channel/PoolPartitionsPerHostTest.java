package org.asynchttpclient.netty.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.Ticker;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.AddressListResolver;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.junit.jupiter.api.Test;

/**
 * A client that called many hosts keeps no pool partition for them once their connections are
 * gone (issue 46, target 6): the engine's own pool, the hosts being names that all resolve to
 * 127.0.0.1 (each name its own partition), one in ten of them on a port nobody listens on.
 */
class PoolPartitionsPerHostTest extends HelloFixture {

  @Test
  void onceTheConnectionsToManyHostsAreClosedThePoolHoldsNoPartition() throws Exception {
    HashedWheelTimer timer = new HashedWheelTimer(5, TimeUnit.MILLISECONDS);
    DefaultChannelPool pool =
        new DefaultChannelPool(
            TimeUnit.MILLISECONDS.toNanos(200), -1, TimeUnit.MILLISECONDS.toNanos(20), timer,
            Ticker.systemTicker());
    AddressListResolver resolver = new AddressListResolver("127.0.0.1");
    int deadPort;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      deadPort = s.getLocalPort();
    }
    int hosts = 40;
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            ClientFixture.config().setChannelPool(pool).setMaxConnectionsPerHost(2).setMaxRequestRetry(0))) {
      List<CompletableFuture<Response>> calls = new ArrayList<>();
      for (int i = 0; i < hosts; i++) {
        int port = i % 10 == 9 ? deadPort : server.port();
        calls.add(
            client
                .prepareGet("http://h" + i + ".test:" + port + "/hello")
                .setNameResolver(resolver)
                .execute()
                .toCompletableFuture());
      }
      int ok = 0;
      for (CompletableFuture<Response> f : calls) {
        try {
          ok += f.get(10, TimeUnit.SECONDS).getStatusCode() == 200 ? 1 : 0;
        } catch (java.util.concurrent.ExecutionException refused) {
          // the hosts on the dead port
        }
      }
      assertEquals(hosts - hosts / 10, ok);
      // the idle timeout's evictions close the connections on their loops, a moment after
      Await.until(
          () -> pool.partitionCount() == 0 && client.getClientStats().getTotalConnectionCount() == 0,
          Duration.ofSeconds(10),
          () -> pool.partitionCount() + " partitions left, " + client.getClientStats().getTotalConnectionCount()
              + " connections open");
    } finally {
      timer.stop();
    }
  }
}

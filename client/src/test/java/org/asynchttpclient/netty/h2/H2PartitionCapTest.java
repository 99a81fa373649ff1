package org.asynchttpclient.netty.h2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Response;
import org.asynchttpclient.netty.exchange.CountingServices;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.Test;

/**
 * A further connection that arrives when its partition is already at the cap (its opener ended
 * and another further opener's connection joined meanwhile) closes; it never drains an existing
 * connection and its streams.
 */
class H2PartitionCapTest {
  private final CountingServices services = new CountingServices();
  private final List<H2Connection> closed = new ArrayList<>();
  private final List<H2Waiter> resumed = new ArrayList<>();

  private final H2Partition.Actions actions =
      new H2Partition.Actions() {
        @Override
        public void openStream(H2Waiter waiter) {}

        @Override
        public void resume(H2Waiter waiter) {
          resumed.add(waiter);
        }

        @Override
        public void close(H2Connection connection) {
          closed.add(connection);
        }

        @Override
        public void cut(H2Waiter waiter, java.io.IOException cause, H2Connection connection) {
          throw new AssertionError("no waiter is cut here: " + cause);
        }
      };

  private H2Waiter waiter() {
    Exchange<Response> ex =
        new Exchange<>(services, CountingServices.fakeRequest(), new RecordingHandler(), false, -1);
    return new H2Waiter(CountingServices.begin(ex, -1));
  }

  private static H2Connection connection(H2Partition p) {
    return new H2Connection(new EmbeddedChannel(), p, -1, 0);
  }

  @Test
  void aLateFurtherConnectionAtTheCapClosesAndTheOthersGoOn() {
    H2Lifetime lifetime =
        new H2Lifetime(new DefaultAsyncHttpClientConfig.Builder().build(), services.timeouts());
    H2Partition p = new H2Partition(actions, lifetime, 2, Integer.MAX_VALUE);
    H2Waiter first = waiter();
    assertEquals(H2Partition.Decision.OPEN_CONNECTION, p.route(first));
    H2Connection c1 = connection(p);
    assertTrue(p.negotiatedH2(c1, first));
    c1.state = H2Connection.State.OPEN;
    c1.active = H2Connections.BUSY_STREAMS; // busy: the next hop opens a further connection

    H2Waiter late = waiter();
    assertEquals(H2Partition.Decision.OPEN_FURTHER, p.route(late));
    late.exchange.cancel(true); // its exchange ends while its connection is being opened
    p.openerEnded(late.exchange);
    H2Waiter next = waiter();
    assertEquals(H2Partition.Decision.OPEN_FURTHER, p.route(next), "the next busy hop opens one");
    H2Connection c2 = connection(p);
    assertTrue(p.negotiatedH2(c2, next));

    H2Connection c3 = connection(p); // the cancelled opener's connection, ready at last
    assertFalse(p.negotiatedH2(c3, late), "at the cap: declined");

    assertEquals(List.of(c3), closed, "only the late connection closes");
    assertSame(H2Connection.State.OPEN, c1.state, "the first connection is not drained");
    assertTrue(p.connections.contains(c1) && p.connections.contains(c2));
    assertEquals(2, p.connections.size());
    assertTrue(resumed.isEmpty(), "its hop is over: nothing to route again");
  }

  @Test
  void aConnectionForARetiredPartitionIsDeclinedAndItsHopRoutedAgain() {
    H2Lifetime lifetime =
        new H2Lifetime(new DefaultAsyncHttpClientConfig.Builder().build(), services.timeouts());
    H2Partition p = new H2Partition(actions, lifetime, 2, Integer.MAX_VALUE);
    p.retireIfUnused(); // new: kept once
    assertTrue(p.retireIfUnused(), "no connection, opener, waiter nor hop: retired");
    H2Waiter hop = waiter();
    assertSame(H2Partition.Decision.RETIRED, p.route(hop), "a hop goes to the key's new partition");
    H2Connection late = connection(p); // ALPN said h2 for a hop the partition no longer knows
    assertFalse(p.negotiatedH2(late, hop), "declined: nobody would find it here");
    assertEquals(List.of(late), closed);
    assertEquals(List.of(hop), resumed, "its hop is routed again");
    assertTrue(p.connections.isEmpty());
  }
}

package org.asynchttpclient.netty.h2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.asynchttpclient.Response;
import org.asynchttpclient.netty.exchange.CountingServices;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.Test;

/** The waiting hops of one HTTP/2 partition: order, the bound, and slots granted. */
class H2WaitQueueTest {
  private final CountingServices services = new CountingServices();
  private H2Waiter waiter() {
    Exchange<Response> ex =
        new Exchange<>(services, CountingServices.fakeRequest(), new RecordingHandler(), false, -1);
    return new H2Waiter(CountingServices.begin(ex, -1));
  }

  private static H2Connection openConnection(int clientLimit) {
    H2Connection c = new H2Connection(new EmbeddedChannel(), null, clientLimit, 0);
    c.state = H2Connection.State.OPEN;
    return c;
  }

  @Test
  void aFullQueueTakesAnotherWaiterOnlyAfterPurgingTheOnesWhoseHopIsOver() {
    H2WaitQueue full = new H2WaitQueue();
    List<H2Waiter> live = new ArrayList<>();
    for (int i = 0; i < H2WaitQueue.MAX_WAITING; i++) {
      H2Waiter w = waiter();
      live.add(w);
      assertTrue(full.offer(w), "waiter " + i);
    }
    assertFalse(full.offer(waiter()), "full of live waiters");
    live.get(live.size() - 1).exchange.cancel(true); // the last queued one's hop is over now
    H2Waiter late = waiter();
    assertTrue(full.offer(late), "room once the over waiter is purged");
    assertSame(live.get(0), full.pollLive(), "first come, first served");
  }

  @Test
  void pollLiveSkipsWaitersWhoseHopIsOver() {
    H2WaitQueue q = new H2WaitQueue();
    H2Waiter over = waiter();
    H2Waiter live = waiter();
    q.offer(over);
    q.offer(live);
    over.exchange.cancel(true);
    assertSame(live, q.pollLive());
    assertNull(q.pollLive());
    assertTrue(q.isEmpty());
  }

  @Test
  void grantHandsOutOnlyTheFreeSlotsAndCountsThemActive() {
    H2WaitQueue q = new H2WaitQueue();
    H2Waiter a = waiter();
    H2Waiter b = waiter();
    H2Waiter c = waiter();
    q.offer(a);
    q.addFirst(b); // an opener goes first on its connection
    q.offer(c);
    H2Connection conn = openConnection(2);
    H2Connections connections = new H2Connections();
    connections.add(conn);
    List<H2Waiter> granted = connections.grant(q);
    assertEquals(List.of(b, a), granted);
    assertEquals(2, conn.active);
    assertSame(conn, Objects.requireNonNull(b.slot).connection);
    assertNull(c.slot, "no slot left for the third");
    assertEquals(List.of(), connections.grant(q), "nothing free");
    assertEquals(List.of(c), q.drainAll());
    assertTrue(q.isEmpty());
  }
}

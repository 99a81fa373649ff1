package org.asynchttpclient.netty.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.Ticker;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.exception.TooManyConnectionsException;
import org.asynchttpclient.exception.TooManyConnectionsPerHostException;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;


class BoundedConnectionPermitsTest {
  private final HashedWheelTimer timer = new HashedWheelTimer(1, TimeUnit.MILLISECONDS);
  private final TimeoutScheduler scheduler = new TimeoutScheduler(timer, Ticker.systemTicker(), false);

  @AfterEach
  void stop() {
    timer.stop();
  }

  private static CompletableFuture<IOException> acquire(ConnectionPermits p, Object key) {
    CompletableFuture<IOException> f = new CompletableFuture<>();
    p.acquire(key, f::complete);
    return f;
  }

  @Test
  void perHostLimitFailsFastWithoutWait() throws Exception {
    BoundedConnectionPermits p = new BoundedConnectionPermits(-1, 1, 0, scheduler);
    assertNull(acquire(p, "a").get(1, TimeUnit.SECONDS));
    assertInstanceOf(TooManyConnectionsPerHostException.class, acquire(p, "a").get(1, TimeUnit.SECONDS));
    assertNull(acquire(p, "b").get(1, TimeUnit.SECONDS), "another host has its own permits");
    p.release("a");
    assertNull(acquire(p, "a").get(1, TimeUnit.SECONDS));
    assertEquals(2, p.held());
  }

  @Test
  void totalLimitFailsWithTooManyConnections() throws Exception {
    BoundedConnectionPermits p = new BoundedConnectionPermits(1, -1, 0, scheduler);
    assertNull(acquire(p, "a").get(1, TimeUnit.SECONDS));
    assertInstanceOf(TooManyConnectionsException.class, acquire(p, "b").get(1, TimeUnit.SECONDS));
  }

  @Test
  void waiterGetsThePermitWhenOneIsReleased() throws Exception {
    BoundedConnectionPermits p =
        new BoundedConnectionPermits(1, -1, TimeUnit.SECONDS.toNanos(5), scheduler);
    assertNull(acquire(p, "a").get(1, TimeUnit.SECONDS));
    CompletableFuture<IOException> waiting = acquire(p, "a");
    assertTrue(!waiting.isDone(), "second request waits for a permit");
    p.release("a");
    assertNull(waiting.get(1, TimeUnit.SECONDS));
    assertEquals(1, p.held());
  }

  @Test
  void waiterTimesOut() throws Exception {
    BoundedConnectionPermits p =
        new BoundedConnectionPermits(1, -1, TimeUnit.MILLISECONDS.toNanos(50), scheduler);
    assertNull(acquire(p, "a").get(1, TimeUnit.SECONDS));
    assertInstanceOf(TooManyConnectionsException.class, acquire(p, "a").get(2, TimeUnit.SECONDS));
    assertEquals(1, p.held());
  }

  @Test
  void closeFailsWaiters() throws Exception {
    BoundedConnectionPermits p =
        new BoundedConnectionPermits(1, -1, TimeUnit.SECONDS.toNanos(5), scheduler);
    acquire(p, "a").get(1, TimeUnit.SECONDS);
    CompletableFuture<IOException> waiting = acquire(p, "a");
    IOException cause = new IOException("closed");
    p.close(cause);
    assertEquals(cause, waiting.get(1, TimeUnit.SECONDS));
  }

  @Test
  void aHostWhosePermitsAreAllBackIsForgotten() throws Exception {
    BoundedConnectionPermits p = new BoundedConnectionPermits(-1, 2, TimeUnit.SECONDS.toNanos(5), scheduler);
    int hosts = 500;
    for (int i = 0; i < hosts; i++) {
      assertTrue(p.tryAcquire("host" + i));
      assertNull(acquire(p, "host" + i).get(1, TimeUnit.SECONDS));
    }
    assertEquals(hosts, p.keysTracked());
    // a waiter of a host at its limit gets the permit its host gives back
    CompletableFuture<IOException> waiting = acquire(p, "host0");
    for (int i = 0; i < hosts; i++) {
      p.release("host" + i);
    }
    assertNull(waiting.get(1, TimeUnit.SECONDS));
    for (int i = 0; i < hosts; i++) {
      p.release("host" + i);
    }
    p.release("host0");
    assertEquals(0, p.held());
    assertEquals(0, p.keysTracked(), "hosts with no permit held are not remembered");
  }
}

package org.asynchttpclient.netty.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.MockTicker;
import io.netty.util.concurrent.Ticker;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DefaultChannelPoolTest {
  private final HashedWheelTimer timer = new HashedWheelTimer();
  private final MockTicker ticker = Ticker.newMockTicker();

  @AfterEach
  void stop() {
    timer.stop();
  }

  private DefaultChannelPool pool(long idleMs, long ttlMs) {
    // cleaner period 0: the test drives eviction itself with the mock clock
    return new DefaultChannelPool(
        TimeUnit.MILLISECONDS.toNanos(idleMs), TimeUnit.MILLISECONDS.toNanos(ttlMs), 0, timer, ticker);
  }

  @Test
  void pollReturnsTheMostRecentlyOfferedChannelOfThePartition() {
    DefaultChannelPool pool = pool(60_000, -1);
    EmbeddedChannel a = new EmbeddedChannel();
    EmbeddedChannel b = new EmbeddedChannel();
    assertTrue(pool.offer(a, "k"));
    assertTrue(pool.offer(b, "k"));
    assertSame(b, pool.poll("k"));
    assertSame(a, pool.poll("k"));
    assertNull(pool.poll("k"));
    assertNull(pool.poll("other"));
  }

  @Test
  void idleChannelsAreEvictedAndClosed() {
    DefaultChannelPool pool = pool(100, -1);
    EmbeddedChannel a = new EmbeddedChannel();
    pool.offer(a, "k");
    ticker.advance(99, TimeUnit.MILLISECONDS);
    pool.evictIdleAndExpired();
    assertTrue(a.isOpen());
    ticker.advance(1, TimeUnit.MILLISECONDS);
    pool.evictIdleAndExpired();
    assertFalse(a.isOpen());
    assertNull(pool.poll("k"));
  }

  @Test
  void channelsPastTheirTtlAreNotReused() {
    DefaultChannelPool pool = pool(60_000, 50);
    EmbeddedChannel a = new EmbeddedChannel();
    a.attr(DefaultChannelPool.CREATED_AT).set(ticker.nanoTime());
    assertTrue(pool.offer(a, "k"));
    ticker.advance(50, TimeUnit.MILLISECONDS);
    assertNull(pool.poll("k"));
    assertFalse(a.isOpen());
    assertFalse(pool.offer(a, "k"));
  }

  @Test
  void closedChannelsAreSkippedAndRemoveAllForgetsAChannel() {
    DefaultChannelPool pool = pool(60_000, -1);
    EmbeddedChannel a = new EmbeddedChannel();
    EmbeddedChannel b = new EmbeddedChannel();
    pool.offer(a, "k");
    pool.offer(b, "k");
    assertTrue(pool.removeAll(b));
    a.close();
    assertNull(pool.poll("k"));
  }

  @Test
  void destroyClosesEverythingAndRefusesOffers() {
    DefaultChannelPool pool = pool(60_000, -1);
    EmbeddedChannel a = new EmbeddedChannel();
    pool.offer(a, "k");
    pool.destroy();
    assertFalse(a.isOpen());
    assertFalse(pool.isOpen());
    assertFalse(pool.offer(new EmbeddedChannel(), "k"));
  }

  @Test
  void flushPartitionsClosesMatchingPartitionsOnly() {
    DefaultChannelPool pool = pool(60_000, -1);
    EmbeddedChannel a = new EmbeddedChannel();
    EmbeddedChannel b = new EmbeddedChannel();
    pool.offer(a, "x");
    pool.offer(b, "y");
    pool.flushPartitions("x"::equals);
    assertFalse(a.isOpen());
    assertTrue(b.isOpen());
    assertEquals(1, pool.getIdleChannelCountPerHost().values().stream().mapToLong(Long::longValue).sum());
  }
}

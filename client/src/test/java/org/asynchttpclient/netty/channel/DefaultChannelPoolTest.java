package org.asynchttpclient.netty.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.MockTicker;
import io.netty.util.concurrent.Ticker;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.testing.CountingTicker;
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
    return pool(idleMs, ttlMs, ticker);
  }

  private DefaultChannelPool pool(long idleMs, long ttlMs, Ticker clock) {
    // cleaner period 0: the test drives eviction itself with the mock clock
    return new DefaultChannelPool(
        TimeUnit.MILLISECONDS.toNanos(idleMs), TimeUnit.MILLISECONDS.toNanos(ttlMs), 0, timer, clock);
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
  void offeringAPooledChannelAgainIsANoOp() {
    // AHC 3.0.12 (#2298): a second entry would let two polls hand one connection to two requests.
    DefaultChannelPool pool = pool(100, -1);
    EmbeddedChannel a = new EmbeddedChannel();
    assertTrue(pool.offer(a, "k"));
    ticker.advance(60, TimeUnit.MILLISECONDS);
    assertTrue(pool.offer(a, "k"));
    assertTrue(pool.offer(a, "other"));
    assertEquals(1L, pool.getIdleChannelCountPerHost().values().stream().mapToLong(Long::longValue).sum());
    // The idle clock was not restarted by the second offer: 100 ms after the first, it is evicted.
    ticker.advance(40, TimeUnit.MILLISECONDS);
    pool.evictIdleAndExpired();
    assertFalse(a.isOpen());
    assertNull(pool.poll("k"));
  }

  @Test
  void aPolledChannelCanBeOfferedAgainUnderAnyPartition() {
    DefaultChannelPool pool = pool(60_000, -1);
    EmbeddedChannel a = new EmbeddedChannel();
    assertTrue(pool.offer(a, "k"));
    assertTrue(pool.offer(a, "k"));
    assertSame(a, pool.poll("k"));
    assertNull(pool.poll("k"), "offered twice, pooled once");
    assertTrue(pool.offer(a, "other"));
    assertSame(a, pool.poll("other"));
    assertTrue(pool.offer(a, "k"));
    assertTrue(pool.removeAll(a));
    assertTrue(pool.offer(a, "k"), "removeAll leaves it free to be pooled again");
    assertSame(a, pool.poll("k"));
    pool.offer(a, "k");
    pool.flushPartitions(key -> true);
    assertFalse(a.isOpen());
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
  void anIdleMomentOfThePoolsOwnClockStartsTheIdleTimeAnotherClocksIsIgnored() {
    DefaultChannelPool pool = pool(100, -1);
    EmbeddedChannel early = new EmbeddedChannel();
    EmbeddedChannel foreign = new EmbeddedChannel();
    ticker.advance(50, TimeUnit.MILLISECONDS);
    long lastRead = ticker.nanoTime() - TimeUnit.MILLISECONDS.toNanos(30);
    assertTrue(pool.offer(early, "k", lastRead, ticker));
    // a reading of another clock: the pool stamps the channel with its own now
    assertTrue(pool.offer(foreign, "k", lastRead, Ticker.newMockTicker()));
    ticker.advance(70, TimeUnit.MILLISECONDS);
    pool.evictIdleAndExpired();
    assertFalse(early.isOpen(), "idle 100 ms counted from its last read");
    assertTrue(foreign.isOpen(), "idle 70 ms by the pool's own clock");
    ticker.advance(30, TimeUnit.MILLISECONDS);
    pool.evictIdleAndExpired();
    assertFalse(foreign.isOpen());
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

  @Test
  void aPollFromALoopPrefersThatLoopsIdleChannel() {
    DefaultChannelPool pool = pool(60_000, -1);
    EmbeddedChannel onCaller = new EmbeddedChannel();
    EmbeddedChannel elsewhere = new EmbeddedChannel();
    assertTrue(pool.offer(onCaller, "k"));
    assertTrue(pool.offer(elsewhere, "k")); // the most recent: what a plain poll would take
    assertSame(onCaller, pool.poll("k", onCaller.eventLoop()));
    assertSame(elsewhere, pool.poll("k", onCaller.eventLoop()), "no channel of that loop: any idle one");
    assertNull(pool.poll("k", onCaller.eventLoop()));
  }

  @Test
  void aPollFromALoopLooksOnlyAtTheMostRecentEntries() {
    DefaultChannelPool pool = pool(60_000, -1);
    EmbeddedChannel deep = new EmbeddedChannel();
    assertTrue(pool.offer(deep, "k"));
    EmbeddedChannel[] recent = new EmbeddedChannel[DefaultChannelPool.AFFINITY_SCAN];
    for (int i = 0; i < recent.length; i++) {
      recent[i] = new EmbeddedChannel();
      assertTrue(pool.offer(recent[i], "k"));
    }
    assertSame(
        recent[recent.length - 1],
        pool.poll("k", deep.eventLoop()),
        "the loop's channel sits past the scanned entries: the most recent one instead");
  }

  @Test
  void aClosedChannelOfThePreferredLoopIsDroppedNotReturned() {
    DefaultChannelPool pool = pool(60_000, -1);
    EmbeddedChannel dead = new EmbeddedChannel();
    EmbeddedChannel live = new EmbeddedChannel();
    assertTrue(pool.offer(live, "k"));
    assertTrue(pool.offer(dead, "k"));
    dead.close();
    assertSame(live, pool.poll("k", dead.eventLoop()));
    assertNull(pool.poll("k"));
  }

  @Test
  void threadsTakingAndGivingBackNeverShareAChannelNorLoseOne() throws Exception {
    DefaultChannelPool pool = pool(60_000, -1);
    int channels = 6;
    int threads = 4;
    int rounds = 20_000;
    List<Channel> all = new ArrayList<>();
    for (int i = 0; i < channels; i++) {
      EmbeddedChannel ch = new EmbeddedChannel();
      all.add(ch);
      assertTrue(pool.offer(ch, "k"));
    }
    Set<Channel> held = ConcurrentHashMap.newKeySet();
    AtomicInteger shared = new AtomicInteger();
    AtomicInteger taken = new AtomicInteger();
    ExecutorService workers = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        // half the threads poll as if on a channel's loop (each embedded channel has its own)
        EventLoop preferred = t % 2 == 0 ? null : all.get(t).eventLoop();
        done.add(workers.submit(() -> {
          for (int r = 0; r < rounds; r++) {
            Channel ch = pool.poll("k", preferred);
            if (ch == null) {
              continue;
            }
            taken.incrementAndGet();
            if (!held.add(ch)) {
              shared.incrementAndGet();
            }
            for (int spin = 0; spin < 50; spin++) {
              Thread.onSpinWait(); // held a moment, so that a second taker would overlap
            }
            held.remove(ch);
            assertTrue(pool.offer(ch, "k"));
          }
        }));
      }
      for (Future<?> f : done) {
        f.get(30, TimeUnit.SECONDS);
      }
    } finally {
      workers.shutdownNow();
    }
    assertEquals(0, shared.get(), "a channel handed to two takers at once");
    assertTrue(taken.get() > 0, "no poll ever found a channel");
    Set<Channel> left = new HashSet<>();
    Channel ch;
    while ((ch = pool.poll("k")) != null) {
      assertTrue(left.add(ch), "a channel pooled twice");
    }
    assertEquals(new HashSet<>(all), left, "every channel back in the pool, once");
  }

  @Test
  void aPollReadsTheClockOnlyWhenThereIsATtlToCheck() {
    CountingTicker counting = new CountingTicker(ticker);
    for (long ttlMs : new long[] {-1, 60_000}) {
      DefaultChannelPool pool = pool(60_000, ttlMs, counting);
      EmbeddedChannel a = new EmbeddedChannel();
      assertTrue(pool.offer(a, "k"));
      counting.reset();
      assertSame(a, pool.poll("k"));
      assertEquals(ttlMs > 0 ? 1 : 0, counting.reads(), "clock reads of a poll with ttl " + ttlMs + " ms");
      assertTrue(pool.offer(a, "k"));
      counting.reset();
      assertSame(a, pool.poll("k", a.eventLoop()));
      assertEquals(ttlMs > 0 ? 1 : 0, counting.reads(), "clock reads of a preferring poll with ttl " + ttlMs + " ms");
      a.finishAndReleaseAll();
    }
  }

  @Test
  void anOfferReadsTheClockOnceAndHandedItsMomentOnlyForATtl() {
    CountingTicker counting = new CountingTicker(ticker);
    for (long ttlMs : new long[] {-1, 60_000}) {
      DefaultChannelPool pool = pool(60_000, ttlMs, counting);
      EmbeddedChannel a = new EmbeddedChannel();
      EmbeddedChannel b = new EmbeddedChannel();
      counting.reset();
      assertTrue(pool.offer(a, "k"));
      assertEquals(1, counting.reads(), "clock reads of an offer with ttl " + ttlMs + " ms");
      counting.reset();
      assertTrue(pool.offer(b, "k", ticker.nanoTime(), counting));
      assertEquals(ttlMs > 0 ? 1 : 0, counting.reads(), "clock reads of an offer handed its moment, ttl " + ttlMs + " ms");
      a.finishAndReleaseAll();
      b.finishAndReleaseAll();
    }
  }

  @Test
  void aPollLooksUpNoAttributeOfTheChannelWithoutATtl() {
    // The channel's attributes are written by its loop when it is given back; a poll from another
    // thread that read them would pay a cache miss per request (the entry alone says it is pooled).
    AtomicInteger lookups = new AtomicInteger();
    EmbeddedChannel a =
        new EmbeddedChannel() {
          @Override
          public <T> Attribute<T> attr(AttributeKey<T> key) {
            lookups.incrementAndGet();
            return super.attr(key);
          }

          @Override
          public <T> boolean hasAttr(AttributeKey<T> key) {
            lookups.incrementAndGet();
            return super.hasAttr(key);
          }
        };
    DefaultChannelPool pool = pool(60_000, -1);
    for (int round = 0; round < 2; round++) {
      assertTrue(pool.offer(a, "k"));
      lookups.set(0);
      assertSame(a, round == 0 ? pool.poll("k") : pool.poll("k", a.eventLoop()));
      assertEquals(0, lookups.get(), "attribute lookups of poll " + round);
    }
    assertTrue(pool.offer(a, "k"), "given back after the polls, it is pooled again");
    assertTrue(pool.offer(a, "k"));
    assertSame(a, pool.poll("k"));
    assertNull(pool.poll("k"), "offered twice after the polls, pooled once");
    a.finishAndReleaseAll();
  }

  @Test
  void threadsOfferingOneIdleChannelAtOnceLeaveOneEntry() throws Exception {
    DefaultChannelPool pool = pool(60_000, -1);
    EmbeddedChannel a = new EmbeddedChannel();
    int threads = 4;
    int rounds = 2_000;
    CyclicBarrier start = new CyclicBarrier(threads);
    CyclicBarrier offered = new CyclicBarrier(threads);
    AtomicInteger pooledTwice = new AtomicInteger();
    AtomicInteger refused = new AtomicInteger();
    ExecutorService workers = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        boolean drains = t == 0;
        done.add(workers.submit(() -> {
          for (int r = 0; r < rounds; r++) {
            start.await(10, TimeUnit.SECONDS);
            if (!pool.offer(a, "k")) {
              refused.incrementAndGet();
            }
            offered.await(10, TimeUnit.SECONDS);
            if (drains) {
              // every offer of the round is over: exactly one entry, whichever offer made it
              if (pool.poll("k") != a) {
                refused.incrementAndGet();
              }
              if (pool.poll("k") != null) {
                pooledTwice.incrementAndGet();
              }
            }
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      workers.shutdownNow();
    }
    assertEquals(0, refused.get(), "offers refused or rounds that pooled nothing");
    assertEquals(0, pooledTwice.get(), "rounds whose concurrent offers pooled the channel twice");
    a.finishAndReleaseAll();
  }
}

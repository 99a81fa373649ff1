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
  void withoutAChannelOfThePreferredLoopAPollPassesOverASaturatedLoop() {
    DefaultChannelPool pool = pool(60_000, -1);
    EmbeddedChannel preferred = new EmbeddedChannel();
    EmbeddedChannel calm = new EmbeddedChannel();
    EmbeddedChannel busier = new EmbeddedChannel();
    assertTrue(pool.offer(calm, "k"));
    assertTrue(pool.offer(busier, "k")); // the most recent: what the fallback would take first
    LoopPlacement placement =
        new LoopPlacement(
            new EventLoop[] {preferred.eventLoop(), calm.eventLoop(), busier.eventLoop()}, t -> 0L);
    // An embedded loop runs a task only when told: the sampler's probe on the busier loop (whose
    // thread this test stands for) stays queued, so the second sample finds that loop stalled,
    // one way for a loop to be saturated.
    placement.choose(busier.eventLoop());
    placement.sample(TimeUnit.MILLISECONDS.toNanos(100));
    placement.sample(TimeUnit.MILLISECONDS.toNanos(200));
    assertSame(
        calm,
        pool.poll("k", preferred.eventLoop(), placement),
        "the saturated loop's channel is passed over for the calm one below it");
    assertNull(
        pool.poll("k", preferred.eventLoop(), placement),
        "only the saturated loop's channel left: none, so that a connection opens on the preferred loop");
    assertSame(busier, pool.poll("k"), "a plain poll still takes it");
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
  void anOfferReadsTheClockOnce() {
    CountingTicker counting = new CountingTicker(ticker);
    for (long ttlMs : new long[] {-1, 60_000}) {
      DefaultChannelPool pool = pool(60_000, ttlMs, counting);
      EmbeddedChannel a = new EmbeddedChannel();
      counting.reset();
      assertTrue(pool.offer(a, "k"));
      assertEquals(1, counting.reads(), "clock reads of an offer with ttl " + ttlMs + " ms");
      a.finishAndReleaseAll();
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

  // ---- memory per partition: an empty, unused partition leaves the map

  @Test
  void partitionsWhoseChannelsWereEvictedOrClosedLeaveThePool() {
    DefaultChannelPool pool = pool(100, -1);
    int hosts = 200;
    List<EmbeddedChannel> channels = new ArrayList<>();
    for (int i = 0; i < hosts; i++) {
      EmbeddedChannel ch = new EmbeddedChannel();
      channels.add(ch);
      assertTrue(pool.offer(ch, "host" + i));
    }
    assertEquals(hosts, pool.partitionCount());
    // half of them closed while idle (the engine then calls removeAll), the rest evicted
    for (int i = 0; i < hosts; i += 2) {
      channels.get(i).close();
      assertTrue(pool.removeAll(channels.get(i)));
    }
    assertEquals(hosts / 2, pool.partitionCount(), "a partition whose last idle channel closed");
    pool.evictIdleAndExpired(); // the cleaner's runs while the channels are idle
    assertEquals(hosts / 2, pool.partitionCount());
    ticker.advance(100, TimeUnit.MILLISECONDS);
    pool.evictIdleAndExpired();
    assertEquals(0, pool.partitionCount(), "partitions emptied by the cleaner");
    for (EmbeddedChannel ch : channels) {
      assertFalse(ch.isOpen());
    }
  }

  @Test
  void aPartitionEmptiedByAPollStaysWhileItIsUsedAndGoesAtTheSweepAfterItsLastOffer() {
    DefaultChannelPool pool = pool(60_000, -1);
    EmbeddedChannel a = new EmbeddedChannel();
    assertTrue(pool.offer(a, "k"));
    IdleStack first = pool.partition("k");
    for (int sweep = 0; sweep < 3; sweep++) {
      // a request in flight at each sweep: taken before it, given back after it
      assertSame(a, pool.poll("k"));
      pool.evictIdleAndExpired();
      assertTrue(pool.offer(a, "k"));
    }
    assertSame(first, pool.partition("k"), "a partition in use is kept, never made anew");
    assertSame(a, pool.poll("k")); // its connection goes elsewhere (closed while in use, say)
    pool.evictIdleAndExpired();
    assertEquals(1, pool.partitionCount(), "offered since the previous sweep: kept once more");
    pool.evictIdleAndExpired();
    assertEquals(0, pool.partitionCount(), "empty and unused for a whole sweep period");
    assertNull(pool.poll("k"));
    assertTrue(pool.offer(a, "k"), "a retired partition's key takes channels again");
    assertSame(a, pool.poll("k"));
    a.finishAndReleaseAll();
  }

  @Test
  void withoutIdleTimeoutOrTtlTheSweepStillRetiresEmptyPartitionsAndTouchesNoChannel() {
    DefaultChannelPool pool = pool(-1, -1);
    EmbeddedChannel a = new EmbeddedChannel();
    EmbeddedChannel b = new EmbeddedChannel();
    assertTrue(pool.offer(a, "kept"));
    assertTrue(pool.offer(b, "emptied"));
    assertSame(b, pool.poll("emptied"));
    pool.evictIdleAndExpired();
    pool.evictIdleAndExpired();
    assertEquals(1, pool.partitionCount());
    assertSame(a, pool.poll("kept"));
    a.finishAndReleaseAll();
    b.finishAndReleaseAll();
  }

  @Test
  void aFlushedPartitionLeavesTheMap() {
    DefaultChannelPool pool = pool(60_000, -1);
    EmbeddedChannel a = new EmbeddedChannel();
    assertTrue(pool.offer(a, "x"));
    pool.flushPartitions("x"::equals);
    assertEquals(0, pool.partitionCount());
    assertFalse(a.isOpen());
  }

  /**
   * The race of a partition's removal with an offer to it, made deterministic: the offering
   * thread has found the partition and waits for its lock, which the test holds while the cleaner
   * retires and removes that partition. The offer must then pool the channel in the key's new
   * partition, where a poll finds it.
   */
  @Test
  void anOfferToAPartitionBeingRemovedPoolsTheChannelInALivePartition() throws Exception {
    DefaultChannelPool pool = pool(60_000, -1);
    EmbeddedChannel a = new EmbeddedChannel();
    EmbeddedChannel b = new EmbeddedChannel();
    assertTrue(pool.offer(a, "k"));
    assertSame(a, pool.poll("k"));
    pool.evictIdleAndExpired(); // used since the previous sweep: kept, now unused
    IdleStack doomed = pool.partition("k");
    assertTrue(doomed != null);
    AtomicInteger offered = new AtomicInteger(-1);
    Thread offering = new Thread(() -> offered.set(pool.offer(b, "k") ? 1 : 0), "offering");
    synchronized (doomed) {
      offering.start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (offering.getState() != Thread.State.BLOCKED && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      assertEquals(Thread.State.BLOCKED, offering.getState(), "the offer waits for the partition's lock");
      pool.evictIdleAndExpired(); // the cleaner, on this thread, while the offer waits
      assertNull(pool.partition("k"), "the empty, unused partition was removed");
    }
    offering.join(10_000);
    assertEquals(1, offered.get(), "the offer pooled the channel");
    assertSame(b, pool.poll("k"), "in a partition a poll finds, not in the removed one");
    assertEquals(1, pool.partitionCount());
    a.finishAndReleaseAll();
    b.finishAndReleaseAll();
  }

  @Test
  void threadsGivingBackWhileTheCleanerRemovesPartitionsLoseNoChannel() throws Exception {
    DefaultChannelPool pool = pool(60_000, -1);
    int threads = 3;
    int rounds = 20_000;
    List<Channel> all = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      all.add(new EmbeddedChannel());
    }
    AtomicInteger refused = new AtomicInteger();
    AtomicInteger lost = new AtomicInteger();
    java.util.concurrent.atomic.AtomicBoolean working = new java.util.concurrent.atomic.AtomicBoolean(true);
    ExecutorService workers = Executors.newFixedThreadPool(threads + 1);
    try {
      Future<?> cleaner =
          workers.submit(
              () -> {
                while (working.get()) {
                  pool.evictIdleAndExpired();
                }
              });
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Channel ch = all.get(t);
        String key = "k" + t;
        done.add(
            workers.submit(
                () -> {
                  for (int r = 0; r < rounds; r++) {
                    // Each thread owns its channel and partition: what it gives back, it must
                    // find again, whatever the cleaner removed in between.
                    if (!pool.offer(ch, key)) {
                      refused.incrementAndGet();
                    }
                    spin(20); // idle a moment: a sweep must not retire a partition holding it
                    if (pool.poll(key) != ch) {
                      lost.incrementAndGet();
                    }
                    spin(r % 200); // in use for a while: sweeps retire the empty partition

                  }
                }));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
      working.set(false);
      cleaner.get(10, TimeUnit.SECONDS);
    } finally {
      working.set(false);
      workers.shutdownNow();
    }
    assertEquals(0, refused.get(), "offers refused");
    assertEquals(0, lost.get(), "channels offered but not found by the next poll of their partition");
    pool.evictIdleAndExpired();
    pool.evictIdleAndExpired();
    assertEquals(0, pool.partitionCount(), "every partition emptied and unused: removed");
  }

  private static void spin(int rounds) {
    for (int i = 0; i < rounds; i++) {
      Thread.onSpinWait();
    }
  }
}

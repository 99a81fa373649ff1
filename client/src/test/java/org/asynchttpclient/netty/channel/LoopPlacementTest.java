package org.asynchttpclient.netty.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.Response;
import org.asynchttpclient.netty.exchange.CountingServices;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The loop placement's choices against a fake CPU clock: a light load on the first loop, a burst
 * spread at the in-flight bound, the loops in use following the sampled CPU time, a caller's work
 * kept or moved, idle connections passed over only on a saturated loop, a stalled loop passed
 * over, and the in-flight count right under an exchange that ends before or after it is counted.
 */
class LoopPlacementTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
  private static final long WINDOW = LoopPlacement.WINDOW_MILLIS * MS;

  private final CountingServices services = new CountingServices();
  /** The fake CPU time of each thread; a thread not in it reads -1 (unknown). */
  private final Map<Thread, Long> cpu = new ConcurrentHashMap<>();
  private EventLoopGroup group;
  private EventLoop[] loops;
  private LoopPlacement placement;

  @BeforeEach
  void setUp() {
    group = new MultiThreadIoEventLoopGroup(3, NioIoHandler.newFactory());
    List<EventLoop> all = new ArrayList<>();
    for (EventExecutor e : group) {
      all.add((EventLoop) e);
    }
    loops = all.toArray(new EventLoop[0]);
    placement = new LoopPlacement(loops, t -> cpu.getOrDefault(t, -1L));
  }

  @AfterEach
  void tearDown() {
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  private Exchange<Response> exchange() {
    return new Exchange<>(services, CountingServices.fakeRequest(), new RecordingHandler(), false, -1);
  }

  /** Places a new exchange where the placement says, from this (non-loop) thread. */
  private Exchange<Response> placeOne() {
    Exchange<Response> ex = exchange();
    EventLoop loop = placement.choose(null);
    assertNotNull(loop);
    placement.placed(ex, loop);
    return ex;
  }

  /** The thread of {@code loop}, made known to the placement as a request issued there would. */
  private Thread seen(EventLoop loop) throws Exception {
    return loop.submit(
            () -> {
              placement.choose(loop);
              return Thread.currentThread();
            })
        .get(5, TimeUnit.SECONDS);
  }

  /** Adds {@code permille} of a window to {@code thread}'s CPU time: its share in the next sample. */
  private void share(Thread thread, int permille) {
    long before = cpu.getOrDefault(thread, 0L);
    cpu.put(thread, before + permille * WINDOW / 1000);
  }

  /**
   * Samples at {@code now} once every loop ran what it was given (the probes of the previous
   * sample among it), as a window of real time would let it.
   */
  private void sampleAfter(long now) throws Exception {
    for (EventLoop loop : loops) {
      loop.submit(() -> {}).get(5, TimeUnit.SECONDS);
    }
    placement.sample(now);
  }

  @Test
  void aLightLoadFromAnyThreadGoesToTheFirstLoop() {
    List<Exchange<Response>> placed = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      placed.add(placeOne());
    }
    assertEquals(10, placement.inFlight(loops[0]), "every exchange on the first loop");
    assertEquals(0, placement.inFlight(loops[1]));
    for (Exchange<Response> ex : placed) {
      placement.released(ex);
    }
    assertEquals(0, placement.inFlight(loops[0]), "each release uncounts its exchange");
  }

  @Test
  void aBurstSpreadsAtTheInFlightBoundThenToTheLeastLoadedLoop() {
    List<Exchange<Response>> first = new ArrayList<>();
    for (int i = 0; i < LoopPlacement.IN_FLIGHT_BOUND; i++) {
      first.add(placeOne());
    }
    assertSame(loops[1], placement.choose(null), "the first loop is full: the second one is next");
    for (int i = 0; i < 2 * LoopPlacement.IN_FLIGHT_BOUND; i++) {
      placeOne();
    }
    assertEquals(LoopPlacement.IN_FLIGHT_BOUND, placement.inFlight(loops[2]));
    // All three full: the one with fewest exchanges, here the first after two of its exchanges end.
    placement.released(first.get(0));
    placement.released(first.get(1));
    assertSame(loops[0], placement.choose(null));
  }

  @Test
  void theLoopsInUseFollowTheirSampledCpuTime() throws Exception {
    Thread t0 = seen(loops[0]);
    cpu.put(t0, 1_000L);
    long now = 0;
    sampleAfter(now += WINDOW); // the first reading of the thread
    assertEquals(1, placement.inUse());
    share(t0, LoopPlacement.TARGET_PERMILLE + 100);
    sampleAfter(now += WINDOW);
    assertEquals(2, placement.inUse(), "more than half a core: a second loop");
    assertSame(loops[1], placement.choose(null), "a tie on exchanges: the lower CPU share");
    placeOne();
    assertSame(loops[0], placement.choose(null), "two loops in use: the one with fewer exchanges");
    share(t0, LoopPlacement.TARGET_PERMILLE - 100);
    sampleAfter(now += WINDOW);
    assertEquals(1, placement.inUse(), "the load went away: one loop again");
    assertSame(loops[0], placement.choose(null));
    share(t0, 3 * LoopPlacement.TARGET_PERMILLE + 1);
    sampleAfter(now += WINDOW);
    assertEquals(3, placement.inUse(), "never more than the group has");
  }

  @Test
  void aCallbacksRequestStaysOnItsLoopUnlessTheLoopsAreUnbalancedAndItCarriesClearlyMore()
      throws Exception {
    Thread t1 = seen(loops[1]);
    for (int i = 0; i < LoopPlacement.MARGIN + 1; i++) {
      placement.placed(exchange(), loops[1]);
    }
    assertSame(loops[1], placement.choose(loops[1]), "balanced at the last sample: counts not compared");
    cpu.put(t1, 0L);
    long now = 0;
    sampleAfter(now += WINDOW);
    share(t1, LoopPlacement.TARGET_PERMILLE + 100);
    sampleAfter(now += WINDOW); // a second loop in use: not balanced
    assertEquals(2, placement.inUse());
    assertSame(loops[0], placement.choose(loops[1]), "clearly more than the first loop: moved there");
    placement.placed(exchange(), loops[0]);
    assertSame(loops[1], placement.choose(loops[1]), "within the margin: the caller's loop");
  }

  @Test
  void anIdleConnectionIsPassedOverOnlyOnASaturatedLoop() throws Exception {
    Thread t1 = seen(loops[1]);
    cpu.put(t1, 0L);
    long now = 0;
    sampleAfter(now += WINDOW);
    share(t1, LoopPlacement.SATURATED_PERMILLE - 50);
    sampleAfter(now += WINDOW);
    for (int i = 0; i < 10; i++) {
      placement.placed(exchange(), loops[1]); // many exchanges do not make it pass over
    }
    assertFalse(placement.passOver(loops[1], loops[0]), "busy but keeping up: its idle one reused");
    share(t1, LoopPlacement.SATURATED_PERMILLE);
    sampleAfter(now += WINDOW);
    assertTrue(placement.passOver(loops[1], loops[0]), "saturated: a connection on the target");
    assertFalse(placement.passOver(loops[0], loops[1]), "the calm loop's idle one: reused");
    assertFalse(placement.passOver(loops[1], loops[1]), "the target's own idle one: reused");
  }

  @Test
  void aLoopThatLeavesTheProbeWaitingAWindowIsPassedOverUntilItRunsIt() throws Exception {
    Thread t0 = seen(loops[0]);
    cpu.put(t0, 0L); // no CPU used: a blocked loop
    CountDownLatch release = new CountDownLatch(1);
    loops[0].execute(
        () -> {
          try {
            release.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    long now = 0;
    try {
      placement.sample(now += WINDOW); // queues a probe behind the blocking task
      assertSame(loops[0], placement.choose(null), "one window: not known to be stalled yet");
      placement.sample(now += WINDOW); // the probe still waits
      assertSame(loops[1], placement.choose(null), "stalled: the next loop, though not in use");
    } finally {
      release.countDown();
    }
    loops[0].submit(() -> {}).get(5, TimeUnit.SECONDS); // the probe ran before this
    placement.sample(now += WINDOW);
    assertSame(loops[0], placement.choose(null), "running its tasks again: the first choice");
  }

  @Test
  void anExchangeIsCountedOnceAndUncountedOnce() {
    Exchange<Response> ex = exchange();
    placement.placed(ex, loops[0]);
    placement.placed(ex, loops[1]); // a later hop of the same exchange
    assertEquals(1, placement.inFlight(loops[0]));
    assertEquals(0, placement.inFlight(loops[1]), "a later hop is not counted again");
    placement.released(ex);
    placement.released(ex); // the end may be reported more than once
    assertEquals(0, placement.inFlight(loops[0]));
  }

  @Test
  void anExchangeThatEndedBeforeItWasCountedLeavesNoCount() {
    Exchange<Response> ex = exchange();
    assertTrue(ex.fail(new IOException("timed out while its connection was being chosen")));
    placement.released(ex); // the end's release, which found nothing to uncount
    placement.placed(ex, loops[0]);
    assertEquals(0, placement.inFlight(loops[0]), "an exchange counted after its end stays counted");
  }

  @Test
  void offWithOneLoopOrNoCpuClock() {
    EventLoopGroup one = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      LoopPlacement off = LoopPlacement.of(one);
      assertFalse(off.isOn());
      assertNull(off.choose(null), "off: no preference, the group's round-robin");
      assertSame(loops[2], off.choose(loops[2]), "off: the caller's loop, as before");
    } finally {
      one.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
    assertTrue(LoopPlacement.of(group).isOn(), "three loops and a JVM that measures thread CPU");
  }
}

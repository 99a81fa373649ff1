package org.asynchttpclient.netty.timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.Ticker;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.testing.ManualTimer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Request timeouts armed for one loop share its {@link RequestDeadlines}: one wake, yet each
 * timeout still fires at its own deadline, a cancelled one leaves nothing behind, and a cancel
 * racing the wake has exactly one winner. Timer mode on a manual clock (the loop only names the
 * list); event-loop mode keeps a schedule per timeout on the loop.
 */
class RequestDeadlinesTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final EventLoop loop = group.next();
  private final ManualTimer manual = new ManualTimer();
  private final TimeoutScheduler scheduler = new TimeoutScheduler(manual, manual.ticker(), false);

  @AfterEach
  void stop() {
    manual.stop();
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /** An attempt that records when (ticker time) and on which thread it expired. */
  private class Owner implements AttemptTimeouts.Owner {
    final String name;
    final List<String> log;
    final CompletableFuture<Thread> firedOn = new CompletableFuture<>();
    volatile boolean over;
    final AtomicInteger expiries = new AtomicInteger();

    Owner(String name, List<String> log) {
      this.name = name;
      this.log = log;
    }

    @Override
    public boolean isOver() {
      return over;
    }

    @Override
    public long lastReadNanos() {
      return 0;
    }

    @Override
    public void onExpired(
        ExchangeTimeoutException.Kind kind, long budgetNanos, long deadlineNanos, long nowNanos) {
      expiries.incrementAndGet();
      synchronized (log) {
        log.add(name + "@" + (nowNanos - start) / MS);
      }
      firedOn.complete(Thread.currentThread());
    }
  }

  private final long start = manual.ticker().nanoTime();
  private final List<String> log = new ArrayList<>();

  private AttemptTimeouts arm(String name, long budgetMs, long deadlineMs) {
    AttemptTimeouts t = new AttemptTimeouts(scheduler, new Owner(name, log));
    t.armRequest(budgetMs * MS, start + deadlineMs * MS, loop);
    return t;
  }

  private void advanceTo(long ms) {
    while (manual.ticker().nanoTime() - start < ms * MS) {
      manual.clock().advance(1, TimeUnit.MILLISECONDS);
      manual.runDue();
    }
  }

  @Test
  void timeoutsOfOneBudgetShareOneWakeAndEndNothingOnceCancelled() {
    List<AttemptTimeouts> armed = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      manual.clock().advance(10, TimeUnit.MICROSECONDS);
      long at = (manual.ticker().nanoTime() - start) + 10 * MS;
      AttemptTimeouts t = new AttemptTimeouts(scheduler, new Owner("t" + i, log));
      t.armRequest(10 * MS, start + at, loop);
      armed.add(t);
    }
    assertEquals(1, manual.pendingCount(), "schedules on the timer for 100 timeouts of one loop");
    assertEquals(100, scheduler.deadlinesOf(loop).size());
    for (AttemptTimeouts t : armed) {
      t.cancel();
    }
    assertEquals(0, scheduler.deadlinesOf(loop).size(), "cancelled timeouts still listed");
    advanceTo(30);
    assertEquals(List.of(), log);
    assertEquals(0, manual.pendingCount(), "a wake left behind with nothing to wait for");
  }

  @Test
  void eachTimeoutFiresAtItsOwnDeadlineWhateverItsBudget() {
    arm("a", 10, 10);
    arm("b", 30, 30);
    arm("c", 20, 20);
    arm("a2", 10, 12);
    advanceTo(40);
    assertEquals(List.of("a@10", "a2@12", "c@20", "b@30"), log);
  }

  @Test
  void aDeadlineEarlierThanItsBudgetsLastIsNotQueuedBehindIt() {
    // The later hop of an exchange with an absolute deadline: its budget says 100 ms, what is
    // left of the exchange's says 50.
    arm("first", 100, 100);
    arm("later hop", 100, 50);
    advanceTo(120);
    assertEquals(List.of("later hop@50", "first@100"), log);
  }

  @Test
  void moreBudgetsThanLanesFallBackToTheirOwnSchedules() {
    for (int i = RequestDeadlines.MAX_LANES + 2; i >= 1; i--) {
      arm("b" + i, 10L * i, 10L * i);
    }
    assertEquals(RequestDeadlines.MAX_LANES, scheduler.deadlinesOf(loop).size());
    advanceTo(10L * (RequestDeadlines.MAX_LANES + 3));
    List<String> expected = new ArrayList<>();
    for (int i = 1; i <= RequestDeadlines.MAX_LANES + 2; i++) {
      expected.add("b" + i + "@" + 10 * i);
    }
    assertEquals(expected, log);
  }

  @Test
  void aCancelledHeadDoesNotHoldBackTheOneBehindIt() {
    AttemptTimeouts head = arm("head", 10, 10);
    arm("next", 10, 15);
    head.cancel();
    advanceTo(14);
    assertEquals(List.of(), log);
    advanceTo(16);
    assertEquals(List.of("next@15"), log);
  }

  @Test
  void aTimeoutArmedForAnAttemptAlreadyOverLeavesNoEntry() {
    Owner over = new Owner("over", log);
    over.over = true;
    AttemptTimeouts t = new AttemptTimeouts(scheduler, over);
    t.armRequest(10 * MS, start + 10 * MS, loop);
    assertFalse(t.request().isArmed());
    assertEquals(0, scheduler.deadlinesOf(loop).size(), "an entry kept the attempt reachable");
    advanceTo(20);
    assertEquals(List.of(), log);
  }

  @Test
  void anExpiryThatThrowsDoesNotKeepTheOthersDueWithItFromExpiring() {
    AttemptTimeouts.Owner throwing =
        new Owner("throws", log) {
          @Override
          public void onExpired(
              ExchangeTimeoutException.Kind kind, long budget, long deadline, long now) {
            super.onExpired(kind, budget, deadline, now);
            throw new IllegalStateException("a callback failed");
          }
        };
    new AttemptTimeouts(scheduler, throwing).armRequest(10 * MS, start + 10 * MS, loop);
    arm("next", 10, 10);
    manual.clock().advance(10, TimeUnit.MILLISECONDS);
    IllegalStateException e = assertThrows(IllegalStateException.class, manual::runDue);
    assertEquals("a callback failed", e.getCause().getMessage(), "the first failure, for the timer to log");
    assertEquals(List.of("throws@10", "next@10"), log);
  }

  @Test
  void timeoutsFallingDueWhileOthersExpireExpireInTheSameWake() {
    // Each expiry takes a millisecond (the clock moves while it runs), so the next one is due by
    // the time it ends: one wake goes on taking them out rather than scheduling a wake for each.
    List<Integer> wakesWaiting = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      Owner slow =
          new Owner("s" + i, log) {
            @Override
            public void onExpired(
                ExchangeTimeoutException.Kind kind, long budget, long deadline, long now) {
              super.onExpired(kind, budget, deadline, now);
              wakesWaiting.add(manual.pendingCount());
              manual.clock().advance(1, TimeUnit.MILLISECONDS);
            }
          };
      new AttemptTimeouts(scheduler, slow).armRequest(10 * MS, start + (10 + i) * MS, loop);
    }
    manual.clock().advance(10, TimeUnit.MILLISECONDS);
    manual.runDue();
    assertEquals(List.of("s0@10", "s1@11", "s2@12", "s3@13", "s4@14"), log);
    assertEquals(List.of(0, 0, 0, 0, 0), wakesWaiting, "wakes scheduled while the storm ran");
    assertEquals(0, manual.pendingCount());
  }

  @Test
  void aCancelRacingTheWakeHasExactlyOneWinner() throws Exception {
    for (int round = 0; round < 300; round++) {
      Owner owner = new Owner("r" + round, log);
      AttemptTimeouts t = new AttemptTimeouts(scheduler, owner);
      long now = manual.ticker().nanoTime();
      t.armRequest(10 * MS, now + 10 * MS, loop);
      manual.clock().advance(10, TimeUnit.MILLISECONDS);
      CountDownLatch go = new CountDownLatch(1);
      AtomicBoolean cancelled = new AtomicBoolean();
      Thread canceller =
          new Thread(
              () -> {
                try {
                  go.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
                cancelled.set(t.request().cancel());
              });
      canceller.start();
      go.countDown();
      manual.runDue();
      canceller.join(5_000);
      assertEquals(
          1, owner.expiries.get() + (cancelled.get() ? 1 : 0), "round " + round + ": winners");
      assertEquals(0, scheduler.deadlinesOf(loop).size(), "round " + round + ": left listed");
    }
  }

  @Test
  void inEventLoopModeEachTimeoutKeepsItsOwnScheduleOnTheLoop() throws Exception {
    Ticker ticker = Ticker.systemTicker();
    TimeoutScheduler onLoops = new TimeoutScheduler(manual, ticker, true);
    long now = ticker.nanoTime();
    Owner o = new Owner("l", log);
    AttemptTimeouts t = new AttemptTimeouts(onLoops, o);
    t.armRequest(20 * MS, now + 20 * MS, loop);
    assertTrue(t.request().onLoop());
    assertEquals(0, onLoops.deadlinesOf(loop).size(), "listed in event-loop mode");
    assertEquals(0, manual.pendingCount(), "nothing on the timer in event-loop mode");
    Thread fired = o.firedOn.get(5, TimeUnit.SECONDS);
    assertTrue(loop.inEventLoop(fired), "fired on " + fired);
    assertTrue(ticker.nanoTime() - now >= 20 * MS, "fired before its deadline");
  }
}

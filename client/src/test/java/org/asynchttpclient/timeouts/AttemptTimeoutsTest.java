package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.Ticker;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.netty.timeout.AttemptTimeouts;
import org.asynchttpclient.netty.timeout.PendingTimeout;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.asynchttpclient.testing.ClientThreads;
import org.asynchttpclient.testing.ManualTimer;
import org.asynchttpclient.testing.Stub;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Where and when {@link AttemptTimeouts} runs its timeouts, without a network. */
class AttemptTimeoutsTest {
  private final AtomicReference<Thread> timerThread = new AtomicReference<>();
  private final HashedWheelTimer timer = ClientThreads.timer("test-timer", 1, timerThread::set);
  private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());

  @AfterEach
  void stop() {
    timer.stop();
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /** Records the thread and kind of the first expiry. */
  static class RecordingTarget implements AttemptTimeouts.Owner {
    final CompletableFuture<Thread> firedOn = new CompletableFuture<>();
    final AtomicReference<ExchangeTimeoutException.Kind> kind = new AtomicReference<>();
    volatile boolean done;
    volatile long lastRead;

    @Override
    public boolean isOver() {
      return done;
    }

    @Override
    public long lastReadNanos() {
      return lastRead;
    }

    @Override
    public void onExpired(
        ExchangeTimeoutException.Kind k, long budgetNanos, long deadlineNanos, long nowNanos) {
      kind.compareAndSet(null, k);
      firedOn.complete(Thread.currentThread());
    }
  }

  private AttemptTimeouts holder(RecordingTarget target, boolean useEventLoop) {
    return new AttemptTimeouts(new TimeoutScheduler(timer, Ticker.systemTicker(), useEventLoop), target);
  }

  private static long in(long millis) {
    return Ticker.systemTicker().nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
  }

  @Test
  void timerModeFiresOnTheTimerEvenWhenALoopIsKnown() throws Exception {
    RecordingTarget target = new RecordingTarget();
    AttemptTimeouts h = holder(target, false);
    h.armRequest(TimeUnit.MILLISECONDS.toNanos(20), in(20), group.next());
    assertSame(timerThread.get(), target.firedOn.get(5, TimeUnit.SECONDS));
  }

  @Test
  void loopModeFiresOnTheGivenLoop() throws Exception {
    RecordingTarget target = new RecordingTarget();
    EventLoop loop = group.next();
    AttemptTimeouts h = holder(target, true);
    h.armRequest(TimeUnit.MILLISECONDS.toNanos(20), in(20), loop);
    assertTrue(h.request().onLoop());
    assertTrue(loop.inEventLoop(target.firedOn.get(5, TimeUnit.SECONDS)));
  }

  @Test
  void aLongTimeoutOnALoopNeverFiresBeforeItsDeadline() throws Exception {
    AtomicReference<Long> firedAt = new AtomicReference<>();
    RecordingTarget target =
        new RecordingTarget() {
          @Override
          public void onExpired(
              ExchangeTimeoutException.Kind k, long budgetNanos, long deadline, long now) {
            firedAt.set(Ticker.systemTicker().nanoTime());
            super.onExpired(k, budgetNanos, deadline, now);
          }
        };
    EventLoop loop = group.next();
    AttemptTimeouts h = holder(target, true);
    long deadline = in(300);
    h.armRequest(TimeUnit.MILLISECONDS.toNanos(300), deadline, loop);
    assertTrue(loop.inEventLoop(target.firedOn.get(5, TimeUnit.SECONDS)));
    assertTrue(firedAt.get() >= deadline - TimeUnit.MICROSECONDS.toNanos(100),
        "fired " + (deadline - firedAt.get()) / 1000 + " us before its deadline");
  }

  @Test
  void armedOnTheTimerThenMovedOntoTheChannelLoop() throws Exception {
    RecordingTarget target = new RecordingTarget();
    EventLoop loop = group.next();
    AttemptTimeouts h = holder(target, true);
    long deadline = in(200);
    h.armRequest(TimeUnit.MILLISECONDS.toNanos(200), deadline, null);
    assertFalse(h.request().onLoop(), "no channel yet: the timer carries it");
    h.moveTo(loop);
    assertTrue(h.request().onLoop());
    assertEquals(deadline, h.request().deadlineNanos(), "moving keeps the deadline");
    assertTrue(loop.inEventLoop(target.firedOn.get(5, TimeUnit.SECONDS)));
  }

  @Test
  void readTimeoutReArmsOnTheSameLoopWhileReadsArrive() throws Exception {
    RecordingTarget target = new RecordingTarget();
    EventLoop loop = group.next();
    AttemptTimeouts h = holder(target, true);
    long armedAt = System.nanoTime();
    // A read 30 ms in pushes the expiry to at least 80 ms after arming. Recorded up front (a loop
    // task scheduled for 30 ms ran after 50 ms under load, and the timeout then rightly fired).
    target.lastRead = Ticker.systemTicker().nanoTime() + TimeUnit.MILLISECONDS.toNanos(30);
    h.armRead(TimeUnit.MILLISECONDS.toNanos(50), loop);
    Thread fired = target.firedOn.get(5, TimeUnit.SECONDS);
    long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - armedAt);
    assertTrue(loop.inEventLoop(fired));
    assertEquals(ExchangeTimeoutException.Kind.READ, target.kind.get());
    assertTrue(elapsedMs >= 79, "read timeout fired " + elapsedMs + " ms after arming");
  }

  @Test
  void aReadTimeoutThatCannotFireBeforeTheRequestTimeoutIsNotArmed() {
    RecordingTarget target = new RecordingTarget();
    AttemptTimeouts h = holder(target, false);
    h.armRequest(TimeUnit.SECONDS.toNanos(60), in(60_000), null);
    h.armRead(TimeUnit.SECONDS.toNanos(60), group.next());
    assertSame(PendingTimeout.NONE, h.read(), "60 s of silence cannot outrun a 60 s request timeout");
    h.cancel();
  }

  @Test
  void withTheDefaultsNoReadTimeoutIsArmed() {
    Ticker system = Ticker.systemTicker();
    RecordingTarget target = new RecordingTarget();
    AttemptTimeouts h = new AttemptTimeouts(new TimeoutScheduler(timer, system, false), target);
    long budget = TimeUnit.SECONDS.toNanos(60);
    long start = system.nanoTime();
    target.lastRead = start; // an attempt's last read is its start until the first read
    h.armRequest(budget, start + budget, null);
    h.armRead(budget, group.next());
    assertSame(PendingTimeout.NONE, h.read(), "60 s of silence cannot outrun a 60 s request timeout");
    h.cancel();
  }

  @Test
  void aReadTimeoutShorterThanWhatIsLeftOfTheRequestTimeoutIsArmedAndFires() throws Exception {
    RecordingTarget target = new RecordingTarget();
    AttemptTimeouts h = holder(target, true);
    h.armRequest(TimeUnit.SECONDS.toNanos(30), in(30_000), group.next());
    h.armRead(TimeUnit.MILLISECONDS.toNanos(50), group.next());
    assertTrue(h.read().isArmed());
    target.firedOn.get(5, TimeUnit.SECONDS);
    assertEquals(ExchangeTimeoutException.Kind.READ, target.kind.get());
    h.cancel();
  }

  @Test
  void withoutARequestTimeoutTheReadTimeoutIsArmed() {
    RecordingTarget target = new RecordingTarget();
    AttemptTimeouts h = holder(target, false);
    h.armRead(TimeUnit.SECONDS.toNanos(60), group.next());
    assertTrue(h.read().isArmed());
    h.cancel();
  }

  @Test
  void aLoopThatRejectsTheScheduleFallsBackToTheTimer() throws Exception {
    EventLoop rejecting =
        Stub.of(
            EventLoop.class,
            "rejecting loop",
            (method, args) -> {
              switch (method) {
                case "schedule":
                  throw new RejectedExecutionException("event executor terminated");
                case "isShuttingDown":
                case "inEventLoop":
                  return false;
                default:
                  throw Stub.unexpected(method);
              }
            });
    RecordingTarget target = new RecordingTarget();
    AttemptTimeouts h = holder(target, true);
    h.armRequest(TimeUnit.MILLISECONDS.toNanos(20), in(20), rejecting);
    assertFalse(h.request().onLoop());
    assertSame(timerThread.get(), target.firedOn.get(5, TimeUnit.SECONDS));
  }

  @Test
  void cancellingAfterTheLoopShutDownDoesNotThrow() {
    RecordingTarget target = new RecordingTarget();
    EventLoopGroup own = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    AttemptTimeouts h = holder(target, true);
    h.armRequest(TimeUnit.SECONDS.toNanos(30), in(30_000), own.next());
    own.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
    assertDoesNotThrow(h::cancel);
    assertFalse(h.request().isArmed());
  }

  @Test
  void armingForAnExchangeThatAlreadyEndedLeavesNothingArmed() {
    RecordingTarget target = new RecordingTarget();
    target.done = true;
    AttemptTimeouts h = holder(target, true);
    h.armRequest(TimeUnit.SECONDS.toNanos(30), in(30_000), group.next());
    assertFalse(h.request().isArmed());
  }

  @Test
  void cancelAndExpiryRaceAndExactlyOneWins() throws Exception {
    for (int round = 0; round < 200; round++) {
      ManualTimer manual = new ManualTimer();
      AtomicInteger expiries = new AtomicInteger();
      RecordingTarget target =
          new RecordingTarget() {
            @Override
            public void onExpired(
                ExchangeTimeoutException.Kind k, long budgetNanos, long deadline, long now) {
              expiries.incrementAndGet();
            }
          };
      AttemptTimeouts h =
          new AttemptTimeouts(new TimeoutScheduler(manual, manual.ticker(), false), target);
      long now = manual.ticker().nanoTime();
      h.armRequest(TimeUnit.MILLISECONDS.toNanos(10), now + TimeUnit.MILLISECONDS.toNanos(10), null);
      manual.clock().advance(20, TimeUnit.MILLISECONDS);
      CountDownLatch go = new CountDownLatch(1);
      AtomicBoolean cancelled = new AtomicBoolean();
      Thread canceller =
          new Thread(
              () -> {
                awaitQuietly(go);
                cancelled.set(h.request().cancel());
              });
      canceller.start();
      go.countDown();
      manual.runDue();
      canceller.join(5_000);
      assertEquals(1, expiries.get() + (cancelled.get() ? 1 : 0), "round " + round + ": winners");
      assertFalse(h.request().isArmed());
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The load generator's pacing and draining, with calls that complete at once on another thread. */
class ClosedLoopTest {
  private final ExecutorService completer = Executors.newSingleThreadExecutor();

  @AfterEach
  void stop() {
    completer.shutdownNow();
  }

  @Test
  void pacedLoopStartsNoFasterThanItsRate() throws Exception {
    int calls = 600;
    long rate = 2000;
    int inFlight = 8;
    CountDownLatch done = new CountDownLatch(calls);
    AtomicLong firstStart = new AtomicLong();
    ClosedLoop loop =
        new ClosedLoop(
            finish -> {
              firstStart.compareAndSet(0, System.nanoTime());
              completer.execute(
                  () -> {
                    done.countDown();
                    finish.accept(null);
                  });
            },
            inFlight,
            rate);
    long begin = System.nanoTime();
    loop.start();
    assertTrue(done.await(30, TimeUnit.SECONDS), "600 calls within 30 s");
    long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
    // Calls complete at once, so only the pacer holds them back: 600 starts at 2000/s take at
    // least (600 - 8 in flight at the start) / 2000 s = 296 ms.
    assertTrue(elapsedMillis >= 290, "600 calls paced at 2000/s took only " + elapsedMillis + " ms");
    assertTrue(loop.stop(10_000), "drained after stop");
    assertEquals(0, loop.errors());
  }

  @Test
  void stoppedLoopStartsNothingMore() throws Exception {
    AtomicInteger started = new AtomicInteger();
    CountDownLatch some = new CountDownLatch(50);
    ClosedLoop loop =
        new ClosedLoop(
            finish -> {
              started.incrementAndGet();
              completer.execute(
                  () -> {
                    some.countDown();
                    finish.accept(null);
                  });
            },
            4,
            5000);
    loop.start();
    assertTrue(some.await(30, TimeUnit.SECONDS), "50 calls within 30 s");
    assertTrue(loop.stop(10_000), "drained after stop");
    // Drained means every slot went through a stopping next(), which starts nothing: all started
    // calls have completed and none is left to start.
    assertEquals(loop.completed(), started.get(), "every started call completed");
  }

  @Test
  void negativeRateIsRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new ClosedLoop(f -> {}, 1, -1));
    assertTrue(e.getMessage().contains("ratePerSecond: -1"), e.getMessage());
  }
}

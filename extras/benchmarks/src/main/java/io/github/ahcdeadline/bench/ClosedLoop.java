package io.github.ahcdeadline.bench;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * A closed-loop load generator: keeps a fixed number of asynchronous calls in flight, starting the
 * next one from the completion of the previous. Completion callbacks may run on any thread. JDK
 * only, so child JVMs of either client can load it.
 *
 * <p>Paced (a positive rate): a completion does not start the next call itself but leaves it to a
 * pacer thread, which wakes about every millisecond and starts as many waiting calls as keep the
 * total at or below the rate since {@link #start()}. Every client then runs at the same request
 * rate (as long as it can keep up), so their CPU per request compares without the load feeding
 * back into it; calls start on the pacer thread, as from an application thread.
 */
public final class ClosedLoop {
  /** Gives up after this many failed calls: the numbers would mean nothing. */
  private static final long MAX_ERRORS = 1000;

  private final AsyncCall call;
  private final int inFlight;
  private final AtomicLong completed = new AtomicLong();
  private final AtomicLong errors = new AtomicLong();
  private final AtomicReference<String> firstError = new AtomicReference<>("");
  private final CountDownLatch drained;
  private final long ratePerSecond;
  // calls finished and waiting for the pacer to start their successor (paced only)
  private final AtomicLong waiting = new AtomicLong();
  private volatile boolean stopping;

  /** One asynchronous request; {@code done} gets null on success, the failure otherwise. */
  public interface AsyncCall {
    void start(Consumer<Throwable> done);
  }

  /** A loop that will keep {@code inFlight} calls going once {@link #start()}ed. */
  public ClosedLoop(AsyncCall call, int inFlight) {
    this(call, inFlight, 0);
  }

  /**
   * A loop of at most {@code inFlight} calls started at no more than {@code ratePerSecond} calls
   * per second (0: unpaced).
   */
  public ClosedLoop(AsyncCall call, int inFlight, long ratePerSecond) {
    if (inFlight < 1) {
      throw new IllegalArgumentException("inFlight: " + inFlight + " (expected >= 1)");
    }
    if (ratePerSecond < 0) {
      throw new IllegalArgumentException(
          "ratePerSecond: " + ratePerSecond + " (expected 0 for unpaced, or more)");
    }
    this.call = call;
    this.inFlight = inFlight;
    this.drained = new CountDownLatch(inFlight);
    this.ratePerSecond = ratePerSecond;
  }

  /** Starts the calls. */
  public void start() {
    if (ratePerSecond == 0) {
      for (int i = 0; i < inFlight; i++) {
        next();
      }
      return;
    }
    waiting.set(inFlight);
    Thread pacer = new Thread(this::pace, "closed-loop-pacer");
    pacer.setDaemon(true);
    pacer.start();
  }

  /**
   * The pacer thread: runs until every one of the {@code inFlight} slots has drained after {@link
   * #stop}; once stopping, it hands every waiting slot to {@link #next()} at once (which drains it).
   */
  private void pace() {
    long begin = System.nanoTime();
    long started = 0;
    // A client that fell behind (JIT warm-up, a GC pause) may catch up by this many calls only,
    // about 10 ms' worth, so a measured window never runs above the rate to repay old debt.
    long maxCredit = Math.max(inFlight, ratePerSecond / 100);
    while (drained.getCount() > 0) {
      LockSupport.parkNanos(1_000_000);
      long allowed = (long) ((System.nanoTime() - begin) / 1e9 * ratePerSecond);
      started = Math.max(started, allowed - maxCredit);
      long due = allowed - started;
      long n = stopping ? waiting.get() : Math.min(due, waiting.get());
      for (long i = 0; i < n; i++) {
        waiting.decrementAndGet();
        started++;
        next();
      }
    }
  }

  /** Completed calls so far, successful or not. */
  public long completed() {
    return completed.get();
  }

  /** Failed calls so far. */
  public long errors() {
    return errors.get();
  }

  /** The first failure, or "". */
  public String firstError() {
    return firstError.get();
  }

  /** Lets the calls in flight finish without starting new ones; waits up to {@code timeoutMs}. */
  public boolean stop(long timeoutMillis) throws InterruptedException {
    stopping = true;
    return drained.await(timeoutMillis, TimeUnit.MILLISECONDS);
  }

  private void next() {
    if (stopping) {
      drained.countDown();
      return;
    }
    try {
      call.start(this::done);
    } catch (RuntimeException e) {
      done(e);
    }
  }

  private void done(Throwable failure) {
    if (failure != null) {
      firstError.compareAndSet("", failure.toString());
      if (errors.incrementAndGet() >= MAX_ERRORS) {
        // A failing client fails fast and often synchronously; stop before the recursion or the
        // error count explodes.
        stopping = true;
      }
    }
    completed.incrementAndGet();
    if (ratePerSecond > 0) {
      waiting.incrementAndGet();
    } else {
      next();
    }
  }
}

package io.github.ahcdeadline.bench;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A closed-loop load generator: keeps a fixed number of asynchronous calls in flight, starting the
 * next one from the completion of the previous. Completion callbacks may run on any thread. JDK
 * only, so child JVMs of either client can load it.
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
  private volatile boolean stopping;

  /** One asynchronous request; {@code done} gets null on success, the failure otherwise. */
  public interface AsyncCall {
    void start(Consumer<Throwable> done);
  }

  /** A loop that will keep {@code inFlight} calls going once {@link #start()}ed. */
  public ClosedLoop(AsyncCall call, int inFlight) {
    if (inFlight < 1) {
      throw new IllegalArgumentException("inFlight: " + inFlight + " (expected >= 1)");
    }
    this.call = call;
    this.inFlight = inFlight;
    this.drained = new CountDownLatch(inFlight);
  }

  /** Starts the calls. */
  public void start() {
    for (int i = 0; i < inFlight; i++) {
      next();
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
    next();
  }
}

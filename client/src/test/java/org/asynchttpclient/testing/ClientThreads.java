package org.asynchttpclient.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.util.HashedWheelTimer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;

/**
 * The threads of one client, known by identity rather than by name: this factory (handed to the
 * config) makes its I/O threads and, as in 3.0.12, its own timer's thread, told apart by the task
 * each runs; any other thread its constructor starts is a live thread that was not there before it
 * and that this factory did not make (there should be none). Tests ask whether a callback ran on
 * one of them and whether they all end after {@code close()}.
 *
 * <p>Threads: {@link #newThread} runs on whatever thread starts a loop; the rest on the test's.
 */
public final class ClientThreads implements ThreadFactory {
  // any thread
  private final List<Thread> io = new CopyOnWriteArrayList<>();
  private final List<Thread> timer = new CopyOnWriteArrayList<>();
  // the test's thread
  private final Set<Thread> startedByConstructor = new HashSet<>();

  /**
   * A timer ticking every {@code tickMillis} on one daemon thread named {@code name}, which it hands
   * to {@code onThread} when it starts it, for tests that tell its thread by identity.
   */
  public static HashedWheelTimer timer(String name, long tickMillis, Consumer<Thread> onThread) {
    return new HashedWheelTimer(
        r -> {
          Thread t = new Thread(r, name);
          t.setDaemon(true);
          onThread.accept(t);
          return t;
        },
        tickMillis,
        TimeUnit.MILLISECONDS);
  }

  /** Builds the client from {@code config} with this factory, noting what its constructor started. */
  public DefaultAsyncHttpClient start(DefaultAsyncHttpClientConfig.Builder config) {
    Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
    DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(config.setThreadFactory(this).build());
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (!before.contains(t) && !io.contains(t) && !timer.contains(t)) {
        startedByConstructor.add(t);
      }
    }
    return client;
  }

  @Override
  public Thread newThread(Runnable r) {
    // A HashedWheelTimer hands its factory its own worker; an event loop hands something else.
    if (r.getClass().getEnclosingClass() == HashedWheelTimer.class) {
      Thread t = new Thread(r, "client-timer-" + timer.size());
      t.setDaemon(true);
      timer.add(t);
      return t;
    }
    Thread t = new Thread(r, "client-io-" + io.size());
    t.setDaemon(true);
    io.add(t);
    return t;
  }

  /** The I/O threads made so far. */
  public List<Thread> io() {
    return io;
  }

  /** The threads of the client's own timer this factory made (one per client). */
  public List<Thread> timer() {
    return timer;
  }

  /** The threads the client's constructor started that this factory did not make. */
  public Set<Thread> startedByConstructor() {
    return startedByConstructor;
  }

  public boolean isIo(Thread t) {
    return io.contains(t);
  }

  public boolean isTimer(Thread t) {
    return timer.contains(t);
  }

  /** Every thread known so far. */
  public List<Thread> all() {
    List<Thread> all = new ArrayList<>(io);
    all.addAll(timer);
    all.addAll(startedByConstructor);
    return all;
  }

  /** Joins every known thread within {@code timeout} in all; fails naming those still alive. */
  public void assertAllEnded(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    List<String> alive = new ArrayList<>();
    for (Thread t : all()) {
      t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
      if (t.isAlive()) {
        alive.add(t + " " + t.getState());
      }
    }
    assertEquals(List.of(), alive, "client threads still alive after close()");
  }
}

package io.github.ahcdeadline.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jetbrains.annotations.Nullable;

/**
 * The floor of timeout precision in a client's JVM under its load: a plain daemon thread that parks
 * for {@value #PARK_MILLIS} ms at a time and records how late it woke. No client code runs on it,
 * so what it sees (the kernel's wake-up latency while the load keeps both cores busy, GC pauses,
 * safepoints) is what any timer thread of that JVM would see at best. Printed beside each row of
 * the precision-under-load table, so a reader can tell the client's lateness from the machine's.
 *
 * <pre>
 *   start() --&gt; running: park, record lateness (only while a window is open)
 *   openWindow() .. closeWindow() --&gt; the lateness of that window
 *   stop() --&gt; the thread ends after its current park
 * </pre>
 *
 * <p>Threads: the probe's own thread records; the window is opened and closed by another, under
 * this object's monitor.
 */
final class WakeupProbe {
  static final long PARK_MILLIS = 20;

  // guarded by this
  private @Nullable List<Long> window;
  private boolean stopped;

  // immutable
  private final Thread thread;

  WakeupProbe() {
    this.thread = new Thread(this::run, "wakeup-probe");
    this.thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  synchronized void stop() {
    stopped = true;
  }

  /** Starts recording (dropping whatever an earlier window left). */
  synchronized void openWindow() {
    window = new ArrayList<>();
  }

  /** Stops recording; returns the lateness of each wake-up of the window, in ns. */
  synchronized long[] closeWindow() {
    List<Long> w = window;
    window = null;
    return w == null ? new long[0] : w.stream().mapToLong(Long::longValue).toArray();
  }

  private void run() {
    long park = TimeUnit.MILLISECONDS.toNanos(PARK_MILLIS);
    while (!isStopped()) {
      long due = System.nanoTime() + park;
      long now;
      // parkNanos may return early (spuriously): park again for what is left.
      while ((now = System.nanoTime()) < due) {
        LockSupport.parkNanos(due - now);
      }
      record(now - due);
    }
  }

  private synchronized boolean isStopped() {
    return stopped;
  }

  private synchronized void record(long latenessNanos) {
    if (window != null) {
      window.add(latenessNanos);
    }
  }
}

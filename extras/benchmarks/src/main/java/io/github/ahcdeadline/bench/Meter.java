package io.github.ahcdeadline.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * Times a closed-loop load: lets it warm up, then counts completed requests, heap bytes allocated
 * (summed over all live threads) and CPU time used by the whole JVM over the measurement window.
 * JDK only, plus the HotSpot {@code com.sun.management} extension for those counters. CPU per
 * request is the steadier figure on a shared machine: requests per second move with whatever else
 * runs, the CPU a request costs much less.
 */
public final class Meter {
  private Meter() {}

  /** Requests completed in the window, its length, and bytes allocated meanwhile (-1 if unknown). */
  public static final class Window {
    private final long requests;
    private final long nanos;
    private final long allocatedBytes;
    private final long cpuNanos;
    private final long jitMillis;
    private final long warmupMillis;

    Window(
        long requests,
        long nanos,
        long allocatedBytes,
        long cpuNanos,
        long jitMillis,
        long warmupMillis) {
      this.requests = requests;
      this.nanos = nanos;
      this.allocatedBytes = allocatedBytes;
      this.cpuNanos = cpuNanos;
      this.jitMillis = jitMillis;
      this.warmupMillis = warmupMillis;
    }

    /** Time the JIT compilers spent in the window, ms (-1 if unknown): near 0 for a warm JVM. */
    public long jitMillis() {
      return jitMillis;
    }

    /** How long the warm-up actually lasted, ms. */
    public long warmupMillis() {
      return warmupMillis;
    }

    /** CPU time of the whole JVM (all threads, GC and JIT included) in the window, or -1. */
    public long cpuNanos() {
      return cpuNanos;
    }

    /** Completed requests in the window. */
    public long requests() {
      return requests;
    }

    /** Length of the window in ns. */
    public long nanos() {
      return nanos;
    }

    /** Heap bytes allocated by all threads in the window, or -1 where the JVM cannot tell. */
    public long allocatedBytes() {
      return allocatedBytes;
    }

    /** The {@code RESULT ...} line a child JVM prints. */
    public String resultLine(long errors, String firstError) {
      return "RESULT requests="
          + requests
          + " nanos="
          + nanos
          + " allocBytes="
          + allocatedBytes
          + " cpuNanos="
          + cpuNanos
          + " jitMillis="
          + jitMillis
          + " warmupMillis="
          + warmupMillis
          + " errors="
          + errors
          + " firstError="
          + firstError.replace('\n', ' ');
    }
  }

  /**
   * The line a child prints on stdout as its window starts, followed by the window's length in ms:
   * a parent that counts the child from outside (Compare {@code --syscalls}, with perf) starts
   * counting when it reads it.
   */
  public static final String WINDOW_START = "WINDOW_START";

  /** A warm-up slice whose JIT time stays under this has a quiet compiler. */
  private static final long QUIET_JIT_MILLIS_PER_SLICE = 20;

  private static final long SLICE_MILLIS = 1000;

  /** Quiet slices in a row that end the warm-up: one quiet second is often a pause between bursts. */
  private static final int QUIET_SLICES = 3;

  /**
   * Warms up, then measures for {@code measureMillis}. The warm-up lasts at least {@code
   * warmupMillis} and then goes on, one second at a time, until the JIT compilers spent less than
   * {@value #QUIET_JIT_MILLIS_PER_SLICE} ms in each of the last {@value #QUIET_SLICES} seconds, or
   * until three times {@code warmupMillis}: on a two-core machine shared with the server, C2 still
   * compiles the hot path ten seconds in, and a window that overlaps it measures the compiler as
   * much as the client. Prints {@value #WINDOW_START} as the window starts.
   * Sleeping is the point here: the main thread only marks the window, the load runs on other
   * threads.
   */
  public static Window measure(LongSupplier completed, long warmupMillis, long measureMillis)
      throws InterruptedException {
    long warmStart = System.nanoTime();
    Thread.sleep(warmupMillis);
    long jit = jitMillis();
    long warmed = warmupMillis;
    int quietSlices = 0;
    while (jit >= 0 && quietSlices < QUIET_SLICES && warmed + SLICE_MILLIS <= 3 * warmupMillis) {
      Thread.sleep(SLICE_MILLIS);
      warmed += SLICE_MILLIS;
      long now = jitMillis();
      quietSlices = now - jit < QUIET_JIT_MILLIS_PER_SLICE ? quietSlices + 1 : 0;
      jit = now;
    }
    long warmupTook = (System.nanoTime() - warmStart) / 1_000_000;
    System.out.println(WINDOW_START + " " + measureMillis);
    System.out.flush();
    long allocStart = allocatedBytes();
    long cpuStart = processCpuNanos();
    long jitStart = jitMillis();
    long countStart = completed.getAsLong();
    long start = System.nanoTime();
    Thread.sleep(measureMillis);
    long end = System.nanoTime();
    long countEnd = completed.getAsLong();
    long jitEnd = jitMillis();
    long cpuEnd = processCpuNanos();
    long allocEnd = allocatedBytes();
    long alloc = allocStart < 0 || allocEnd < 0 ? -1 : allocEnd - allocStart;
    long cpu = cpuStart < 0 || cpuEnd < 0 ? -1 : cpuEnd - cpuStart;
    long jitInWindow = jitStart < 0 || jitEnd < 0 ? -1 : jitEnd - jitStart;
    return new Window(countEnd - countStart, end - start, alloc, cpu, jitInWindow, warmupTook);
  }

  /** Total time the JIT compilers have spent so far, ms, or -1 if the JVM does not tell. */
  public static long jitMillis() {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
      return -1;
    }
    return jit.getTotalCompilationTime();
  }

  /** CPU time used by this JVM so far, or -1 if the JVM does not tell. */
  public static long processCpuNanos() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (!(os instanceof com.sun.management.OperatingSystemMXBean)) {
      return -1;
    }
    return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
  }

  /**
   * Heap bytes allocated so far by the threads alive now, or -1 if the JVM does not count them.
   * Threads that ended are not counted, which is why loads run on long-lived event loops.
   */
  public static long allocatedBytes() {
    java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    if (!(bean instanceof com.sun.management.ThreadMXBean)) {
      return -1;
    }
    com.sun.management.ThreadMXBean hotspot = (com.sun.management.ThreadMXBean) bean;
    if (!hotspot.isThreadAllocatedMemorySupported() || !hotspot.isThreadAllocatedMemoryEnabled()) {
      return -1;
    }
    long sum = 0;
    for (long bytes : hotspot.getThreadAllocatedBytes(bean.getAllThreadIds())) {
      if (bytes > 0) {
        sum += bytes;
      }
    }
    return sum;
  }
}

package io.github.ahcdeadline.bench;

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

    Window(long requests, long nanos, long allocatedBytes, long cpuNanos) {
      this.requests = requests;
      this.nanos = nanos;
      this.allocatedBytes = allocatedBytes;
      this.cpuNanos = cpuNanos;
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
          + " errors="
          + errors
          + " firstError="
          + firstError.replace('\n', ' ');
    }
  }

  /**
   * Sleeps through the warm-up, then measures for {@code measureMillis}. Sleeping is the point
   * here: the main thread only marks the window, the load runs on other threads.
   */
  public static Window measure(LongSupplier completed, long warmupMillis, long measureMillis)
      throws InterruptedException {
    Thread.sleep(warmupMillis);
    long allocStart = allocatedBytes();
    long cpuStart = processCpuNanos();
    long countStart = completed.getAsLong();
    long start = System.nanoTime();
    Thread.sleep(measureMillis);
    long end = System.nanoTime();
    long countEnd = completed.getAsLong();
    long cpuEnd = processCpuNanos();
    long allocEnd = allocatedBytes();
    long alloc = allocStart < 0 || allocEnd < 0 ? -1 : allocEnd - allocStart;
    long cpu = cpuStart < 0 || cpuEnd < 0 ? -1 : cpuEnd - cpuStart;
    return new Window(countEnd - countStart, end - start, alloc, cpu);
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

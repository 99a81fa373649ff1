package io.github.ahcdeadline.bench;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a closed loop of exchanges saw: each exchange's latency, the failures by kind, and what
 * the client told its handlers about attempts (retries, request writes). Written from the client's
 * threads; read once every exchange has finished (the caller's semaphore orders the two).
 */
final class ExchangeTally {
  private final long[] latencyNanos;
  private final AtomicInteger recorded = new AtomicInteger();
  private final LongAdder succeeded = new LongAdder();
  private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
  private final LongAdder retries = new LongAdder();
  private final LongAdder sends = new LongAdder();

  /** Room for {@code exchanges} latencies. */
  ExchangeTally(int exchanges) {
    latencyNanos = new long[exchanges];
  }

  /** One exchange finished well after {@code nanos}. */
  void succeeded(long nanos) {
    record(nanos);
    succeeded.increment();
  }

  /**
   * One exchange failed after {@code nanos}, of {@code kind} (an exception class, or "HTTP 503").
   * Its latency counts too: a caller waited that long for nothing.
   */
  void failed(long nanos, String kind) {
    record(nanos);
    failures.computeIfAbsent(kind, k -> new LongAdder()).increment();
  }

  private void record(long nanos) {
    int i = recorded.getAndIncrement();
    if (i < latencyNanos.length) {
      latencyNanos[i] = nanos;
    }
  }

  /** The client announced a retry of an exchange (AsyncHandler#onRetry). */
  void retried() {
    retries.increment();
  }

  /** The client wrote a request of an exchange (AsyncHandler#onRequestSend): one per attempt. */
  void sent() {
    sends.increment();
  }

  int exchanges() {
    return Math.min(recorded.get(), latencyNanos.length);
  }

  long succeeded() {
    return succeeded.sum();
  }

  long failed() {
    long sum = 0;
    for (LongAdder n : failures.values()) {
      sum += n.sum();
    }
    return sum;
  }

  long retries() {
    return retries.sum();
  }

  long sends() {
    return sends.sum();
  }

  LatencySummary latency() {
    return LatencySummary.ofNanos(latencyNanos, exchanges());
  }

  /**
   * The failures as {@code kind:count,kind:count} in kind order with spaces made underscores (the
   * value has to stay one token of a RESULT line), or {@code none}.
   */
  String failuresField() {
    if (failures.isEmpty()) {
      return "none";
    }
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, LongAdder> e : new TreeMap<>(failures).entrySet()) {
      if (out.length() > 0) {
        out.append(',');
      }
      out.append(e.getKey().replace(' ', '_')).append(':').append(e.getValue().sum());
    }
    return out.toString();
  }
}

package io.github.ahcdeadline.bench;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The pool partitions that hold one idle keep-alive connection each, ready for a timeout request
 * that must run on a pooled connection.
 *
 * <p>A partition is primed by a {@code GET /small} on a partition key no other request uses: the
 * response leaves exactly one idle connection in that partition, so the one timeout request later
 * sent with the same key can only take that connection (the client's pool returns it) and never
 * opens a new one. The stock keeps {@link #target()} partitions primed or priming, so a pooled
 * request finds one ready about {@code target / pooled rate} after it was primed: long after the
 * primer's response, short of any idle timeout.
 *
 * <pre>
 *   toPrime() &gt; 0 --pacer sends a primer, priming()--&gt; PRIMING
 *   PRIMING --response 200 (I/O thread): primed(key)--&gt; READY
 *   PRIMING --failure (I/O thread): failed()--&gt; gone (the next toPrime() replaces it)
 *   READY --pacer: take()--&gt; used by one timeout request
 * </pre>
 *
 * <p>JDK only, so a child JVM of either client can load it.
 */
final class PrimedStock {
  // immutable
  private final int target;

  // any thread: the pacer takes and primes, the clients' I/O threads report primers' outcomes
  private final ConcurrentLinkedQueue<Object> ready = new ConcurrentLinkedQueue<>();
  private final AtomicInteger readyCount = new AtomicInteger();
  private final AtomicInteger priming = new AtomicInteger();
  private final AtomicLong failures = new AtomicLong();

  /** A stock that keeps {@code target} partitions primed or priming. */
  PrimedStock(int target) {
    if (target < 1) {
      throw new IllegalArgumentException("target: " + target + " (expected >= 1)");
    }
    this.target = target;
  }

  /** How many partitions the stock keeps primed or priming. */
  int target() {
    return target;
  }

  /** How many primers to send now to bring the stock back to its target. */
  int toPrime() {
    return Math.max(0, target - readyCount.get() - priming.get());
  }

  /** Called just before a primer is sent. */
  void priming() {
    priming.incrementAndGet();
  }

  /** A primer's response came back: its partition now holds one idle connection. */
  void primed(Object partitionKey) {
    ready.add(partitionKey);
    readyCount.incrementAndGet();
    priming.decrementAndGet();
  }

  /** A primer failed: its partition holds nothing; the next {@link #toPrime()} counts it again. */
  void failed() {
    failures.incrementAndGet();
    priming.decrementAndGet();
  }

  /** A primed partition's key, oldest first, or null when none is ready. */
  Object take() {
    Object key = ready.poll();
    if (key != null) {
      readyCount.decrementAndGet();
    }
    return key;
  }

  /** Primers that failed so far. */
  long failures() {
    return failures.get();
  }
}

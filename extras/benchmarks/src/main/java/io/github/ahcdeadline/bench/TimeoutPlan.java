package io.github.ahcdeadline.bench;

/**
 * The schedule of the timeout requests sent beside a steady load, and their split between pooled
 * and new connections: slot {@code n} is due at {@code start + n / rate}; even slots go on a
 * pooled connection (a {@link PrimedStock} partition), odd slots on a new one. So the two halves
 * are equal to within one request and interleave evenly in time.
 *
 * <p>A pooled slot that finds no primed partition ready waits for one (it is sent at a later
 * {@link #advance}, still from the pacer, and its lateness counts from that later submit); new
 * slots go on meanwhile. A pacer that falls behind (a GC pause, a starved thread) catches up by at
 * most {@code maxBacklog} slots and drops the older ones, so a stall never turns into a burst;
 * {@link #dropped()} counts them, as it counts pooled slots that waited beyond {@code maxBacklog}.
 *
 * <p>Confined to the pacer thread; JDK only.
 */
final class TimeoutPlan {
  /** Which kind of connection a timeout request runs on. */
  enum Half {
    /** An idle keep-alive connection taken from the pool. */
    POOLED,
    /** A connection opened for the request. */
    NEW
  }

  /** What the plan asks the pacer to send. */
  interface Sink {
    /** Send a timeout request on the pooled connection of this primed partition. */
    void sendPooled(Object partitionKey);

    /** Send a timeout request on a new connection. */
    void sendNew();

    /** Send a primer, to add one partition to the stock. */
    void prime();
  }

  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  // immutable
  private final long startNanos;
  private final long ratePerSecond;
  private final int maxBacklog;

  // pacer thread
  private long nextSlot;
  private long waitingPooled;
  private long sentPooled;
  private long sentNew;
  private long waitedPooled;
  private long dropped;

  /**
   * A plan whose first slot is due at {@code startNanos} ({@link System#nanoTime()} time base).
   *
   * @param ratePerSecond timeout requests per second, both halves together
   * @param maxBacklog slots the pacer may catch up at once, and pooled slots that may wait
   */
  TimeoutPlan(long startNanos, long ratePerSecond, int maxBacklog) {
    if (ratePerSecond < 1 || ratePerSecond > NANOS_PER_SECOND) {
      throw new IllegalArgumentException(
          "ratePerSecond: " + ratePerSecond + " (expected 1 to " + NANOS_PER_SECOND + ")");
    }
    if (maxBacklog < 1) {
      throw new IllegalArgumentException("maxBacklog: " + maxBacklog + " (expected >= 1)");
    }
    this.startNanos = startNanos;
    this.ratePerSecond = ratePerSecond;
    this.maxBacklog = maxBacklog;
  }

  /** The half of slot {@code slot}: even slots pooled, odd slots new. */
  static Half halfOf(long slot) {
    return (slot & 1) == 0 ? Half.POOLED : Half.NEW;
  }

  /** When slot {@code slot} is due, {@link System#nanoTime()} time base. */
  long dueNanos(long slot) {
    return startNanos + slot * NANOS_PER_SECOND / ratePerSecond;
  }

  /** When the next slot not yet handled is due: the pacer may park until then. */
  long nextDueNanos() {
    return dueNanos(nextSlot);
  }

  /**
   * Sends what is due at {@code nowNanos}: first pooled slots that were waiting for a primed
   * partition, then every slot due since the last call (at most {@code maxBacklog}), then the
   * primers that bring the stock back to its target.
   */
  void advance(long nowNanos, PrimedStock stock, Sink sink) {
    while (waitingPooled > 0) {
      Object key = stock.take();
      if (key == null) {
        break;
      }
      waitingPooled--;
      sentPooled++;
      sink.sendPooled(key);
    }
    long due = slotsDueBy(nowNanos);
    if (due - nextSlot > maxBacklog) {
      dropped += due - nextSlot - maxBacklog;
      nextSlot = due - maxBacklog;
    }
    for (; nextSlot < due; nextSlot++) {
      if (halfOf(nextSlot) == Half.NEW) {
        sentNew++;
        sink.sendNew();
        continue;
      }
      Object key = waitingPooled == 0 ? stock.take() : null;
      if (key != null) {
        sentPooled++;
        sink.sendPooled(key);
      } else if (waitingPooled < maxBacklog) {
        waitingPooled++;
        waitedPooled++;
      } else {
        dropped++;
      }
    }
    for (int i = stock.toPrime(); i > 0; i--) {
      stock.priming();
      sink.prime();
    }
  }

  /** Slots due at or before {@code nowNanos}: slot 0 is due at the start. */
  private long slotsDueBy(long nowNanos) {
    long elapsed = nowNanos - startNanos;
    return elapsed < 0 ? 0 : elapsed * ratePerSecond / NANOS_PER_SECOND + 1;
  }

  /** Timeout requests sent on pooled connections so far. */
  long sentPooled() {
    return sentPooled;
  }

  /** Timeout requests sent on new connections so far. */
  long sentNew() {
    return sentNew;
  }

  /** Pooled slots waiting for a primed partition now. */
  long waitingPooled() {
    return waitingPooled;
  }

  /** Pooled slots that had to wait for a primed partition (sent later than due, or dropped). */
  long waitedPooled() {
    return waitedPooled;
  }

  /** Slots never sent: the pacer fell more than {@code maxBacklog} behind. */
  long dropped() {
    return dropped;
  }
}

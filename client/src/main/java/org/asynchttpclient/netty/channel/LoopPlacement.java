package org.asynchttpclient.netty.channel;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.Timeout;
import io.netty.util.Timer;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Ticker;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.asynchttpclient.netty.exchange.Exchange;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which of the client's event loops carries an exchange's connection: as few loops as the load
 * needs, so that a light load runs on one loop instead of being spread over all of them.
 *
 * <p>Why: at a light, steady load every loop the requests are spread over sleeps and wakes up for
 * each of its requests; on a paced loopback benchmark the kernel's side of that (epoll, wake-ups,
 * context switches) is most of the client's CPU, and one loop costs about two thirds of what two
 * cost for the same requests (docs/benchmarks.md, "CPU per request at a paced rate"). Netty's
 * round-robin spreads every new connection instead, whatever the load.
 *
 * <p>Every {@value #WINDOW_MILLIS} ms the client's timer samples the CPU time of each loop thread;
 * the loops' total over the window, in cores, divided by {@value #TARGET_PERMILLE}/1000 and rounded
 * up, is the number {@code k} of loops in use (at least one). A choice then is:
 *
 * <pre>
 *   target = of the first k loops, the one carrying fewest of the client's exchanges (on a tie
 *            the one with the lower CPU share, then the first); if it carries
 *            {@value #IN_FLIGHT_BOUND} or more, the least loaded of all
 *   caller on a loop -> that loop (a callback's request stays where it is: no hand-over, no
 *            wake-up), unless the last sample found the loops in use unbalanced (their number
 *            changed, or their counts differ by more than {@value #MARGIN}) and the caller's loop
 *            carries more than target's count + {@value #MARGIN}
 *   else   -> target
 * </pre>
 *
 * While the loops are balanced a caller on a loop reads no other loop's count: those are written by
 * other cores at every exchange, and reading them on every request of a closed loop cost a few
 * percent of its throughput.
 *
 * The exchange counts are exact at once (an exchange counts from the moment its loop is chosen),
 * so a burst spreads from its first request; the CPU share lags by a window. A load that needs more
 * loops than it has raises its CPU total, hence {@code k}, and spreads; a load that went away
 * lowers it, and the next requests from application threads gather on the first loops again.
 *
 * <p>A loop whose tasks wait a whole window (the sampler's probe task still queued at the next
 * sample: a callback blocking the loop uses no CPU, so its CPU time does not show it) counts as
 * full until it runs them: no new work goes there while another loop can take it.
 *
 * <p>A request whose target loop has no idle connection takes one of another loop, unless that
 * loop is saturated ({@value #SATURATED_PERMILLE}/1000 of a core or more, or stalled), the target
 * is not, and the client has no connection limit (a new connection would wait for a permit
 * otherwise): it then opens one on the target, so that a load that gathered on one loop while it
 * was light spreads once that loop cannot keep up. Otherwise an idle connection is always reused:
 * a new one costs a handshake.
 *
 * <p>Off (every choice is the caller's loop or none, as Netty's round-robin leaves it) when the
 * group has fewer than two loops, holds an executor that is not an event loop, or the JVM cannot
 * measure a thread's CPU time.
 *
 * <p>Threads: any. The counts and {@code k} are read without locks and may be a moment old, which
 * is good enough for a placement. The sampler runs on the timer only.
 */
public final class LoopPlacement {
  private static final Logger LOGGER = LoggerFactory.getLogger(LoopPlacement.class);

  /** The CPU share (per mille of a core) each loop in use is sized for. */
  static final int TARGET_PERMILLE = 500;

  /** Exchanges a loop carries before a burst spills over to the other loops. */
  static final int IN_FLIGHT_BOUND = 64;

  /** How many exchanges more than the target a caller's loop may carry and still keep its request. */
  static final int MARGIN = 2;

  /** A loop from this CPU share (per mille of a core) on cannot take more: see {@link #passOver}. */
  static final int SATURATED_PERMILLE = 850;

  static final long WINDOW_MILLIS = 100;

  /** Ints between two loops' counts: 128 bytes, two cache lines of the usual size. */
  private static final int STRIDE = 32;

  /** The CPU time of a thread, or -1 when it cannot be read. */
  interface ThreadCpu {
    long nanos(Thread thread);
  }

  private static final LoopPlacement OFF = new LoopPlacement(new EventLoop[0], thread -> -1);

  // immutable
  private final EventLoop[] loops;
  /**
   * Each loop's count of exchanges, at {@code i * STRIDE}: a loop's own requests update its count
   * on every exchange, so counts of two loops never share a cache line.
   */
  private final AtomicIntegerArray counts;
  private final ThreadCpu cpu;

  // any thread
  /** Each loop's thread, once seen running there. */
  private final AtomicReferenceArray<Thread> threads;
  /** How many of the first loops are in use; written by the sampler. */
  private volatile int inUse = 1;
  /**
   * Whether the loops in use carried about as many exchanges each at the last sample (and their
   * number did not change): callers then keep their loop without comparing counts.
   */
  private volatile boolean balanced = true;
  /** Each loop's CPU share over the last window, per mille of a core; written by the sampler. */
  private final AtomicIntegerArray permille;
  /**
   * Per loop: 1 while the sampler's probe task waits in its queue, back to 0 when the loop runs
   * it; a probe still waiting at the next sample marks the loop stalled.
   */
  private final AtomicIntegerArray probing;
  /** Per loop: 1 when its last probe waited a whole window (a callback blocking it, say). */
  private final AtomicIntegerArray stalled;
  private volatile @Nullable Timeout sampling;
  private volatile boolean stopped;

  // timer thread only (the sampler)
  private final long[] cpuAt;
  private long sampledAt;

  LoopPlacement(EventLoop[] loops, ThreadCpu cpu) {
    this.loops = loops;
    this.cpu = cpu;
    this.counts = new AtomicIntegerArray(loops.length * STRIDE);
    this.threads = new AtomicReferenceArray<>(loops.length);
    this.permille = new AtomicIntegerArray(loops.length);
    this.probing = new AtomicIntegerArray(loops.length);
    this.stalled = new AtomicIntegerArray(loops.length);
    this.cpuAt = new long[loops.length];
    Arrays.fill(cpuAt, -1);
  }

  /** Placement off: {@link #choose} gives the caller's loop, or none. */
  public static LoopPlacement off() {
    return OFF;
  }

  /** The placement over {@code group}'s loops, or {@link #off()} when it cannot work there. */
  public static LoopPlacement of(EventLoopGroup group) {
    List<EventLoop> loops = new ArrayList<>();
    for (EventExecutor e : group) {
      if (!(e instanceof EventLoop)) {
        return OFF;
      }
      loops.add((EventLoop) e);
    }
    ThreadCpu cpu = systemThreadCpu();
    if (loops.size() < 2 || cpu == null) {
      return OFF;
    }
    return new LoopPlacement(loops.toArray(new EventLoop[0]), cpu);
  }

  private static @Nullable ThreadCpu systemThreadCpu() {
    try {
      ThreadMXBean mx = ManagementFactory.getThreadMXBean();
      if (!mx.isThreadCpuTimeSupported() || !mx.isThreadCpuTimeEnabled()) {
        return null;
      }
      @SuppressWarnings("deprecation") // Thread.threadId() is Java 19+; the release is 11
      ThreadCpu cpu = thread -> mx.getThreadCpuTime(thread.getId());
      return cpu;
    } catch (RuntimeException | LinkageError e) {
      LOGGER.debug("No thread CPU time: the client's loops are used in turn", e);
      return null;
    }
  }

  /** Whether choices depend on the loops' load (false: caller's loop or none). */
  public boolean isOn() {
    return loops.length > 0;
  }

  /**
   * The loop for an exchange's connection; {@code caller} is the client's loop running this
   * thread, or null. Null only when placement is off and the caller runs no loop.
   */
  public @Nullable EventLoop choose(@Nullable EventLoop caller) {
    int c = caller != null ? indexOf(caller) : -1;
    if (c >= 0) {
      if (threads.get(c) == null) {
        threads.set(c, Thread.currentThread());
      }
      if (balanced) {
        return caller; // no other loop's count is read: they are written by other cores
      }
    }
    int t = target();
    if (t < 0) {
      return caller;
    }
    if (c >= 0 && count(c) <= count(t) + MARGIN) {
      return caller;
    }
    return loops[t];
  }

  /** The index of the target loop (see the class comment), or -1 when placement is off. */
  private int target() {
    int k = Math.min(inUse, loops.length);
    int best = leastLoaded(0, k, -1);
    return best < 0 || load(best) < IN_FLIGHT_BOUND ? best : leastLoaded(k, loops.length, best);
  }

  /**
   * Of the loops {@code from} (inclusive) to {@code to} and {@code best} (-1 for none), the one
   * carrying fewest exchanges, then with the lowest CPU share, then the first.
   */
  private int leastLoaded(int from, int to, int best) {
    for (int i = from; i < to; i++) {
      if (best < 0) {
        best = i;
        continue;
      }
      int count = load(i);
      int bestCount = load(best);
      if (count < bestCount || (count == bestCount && permille.get(i) < permille.get(best))) {
        best = i;
      }
    }
    return best;
  }

  /**
   * Whether a request whose chosen loop is {@code preferred} should pass over an idle connection
   * of {@code idleLoop} and open one on {@code preferred} instead: only when {@code idleLoop} is
   * saturated (its CPU share at {@value #SATURATED_PERMILLE}/1000 of a core or more, or stalled)
   * and {@code preferred} is not. A new connection costs a handshake, so an idle one is reused
   * unless its loop cannot keep up.
   */
  boolean passOver(EventLoop idleLoop, EventLoop preferred) {
    int i = indexOf(idleLoop);
    int p = indexOf(preferred);
    return i >= 0 && p >= 0 && i != p && saturated(i) && !saturated(p);
  }

  private boolean saturated(int loop) {
    return stalled.get(loop) != 0 || permille.get(loop) >= SATURATED_PERMILLE;
  }

  /** How many of the first loops are in use now (tests and diagnostics). */
  int inUse() {
    return inUse;
  }

  /**
   * Counts {@code ex} on {@code loop} until {@link #released}; only its first placement counts (a
   * later hop of the same exchange is not counted again).
   */
  public void placed(Exchange<?> ex, EventLoop loop) {
    int i = indexOf(loop);
    if (i >= 0 && ex.markPlaced(i + 1)) {
      counts.incrementAndGet(i * STRIDE);
      if (ex.isDone()) {
        // Its end may have looked for a placement before this one was recorded: the outcome is
        // written before the end releases, so this read sees it, and one of the two releases.
        released(ex);
      }
    }
  }

  /** Uncounts {@code ex}, once, from any thread; nothing if it was never placed. */
  public void released(Exchange<?> ex) {
    int slot = ex.takePlaced();
    if (slot <= 0 || slot > loops.length) {
      return;
    }
    int i = slot - 1;
    counts.decrementAndGet(i * STRIDE);
    if (threads.get(i) == null && loops[i].inEventLoop()) {
      threads.set(i, Thread.currentThread());
    }
  }

  /** Exchanges counted on {@code loop} now (tests and diagnostics); 0 for a loop not in the group. */
  int inFlight(EventLoop loop) {
    int i = indexOf(loop);
    return i >= 0 ? count(i) : 0;
  }

  /** Starts sampling the loops' CPU time every window on {@code timer}, until {@link #stop}. */
  public void start(Timer timer, Ticker ticker) {
    if (!isOn()) {
      return;
    }
    sampledAt = ticker.nanoTime();
    schedule(timer, ticker);
  }

  private void schedule(Timer timer, Ticker ticker) {
    if (stopped) {
      return;
    }
    try {
      sampling =
          timer.newTimeout(
              t -> {
                try {
                  sample(ticker.nanoTime());
                } finally {
                  schedule(timer, ticker); // a failed sample leaves the last one in force
                }
              },
              WINDOW_MILLIS,
              TimeUnit.MILLISECONDS);
    } catch (IllegalStateException timerStopped) {
      // The timer stopped (the client is closing): no more samples, nothing to place.
    }
  }

  /** Stops the sampler. */
  public void stop() {
    stopped = true;
    Timeout t = sampling;
    if (t != null) {
      t.cancel();
    }
  }

  /** Timer thread (or a test): the loops in use, from their CPU time since the previous sample. */
  void sample(long now) {
    long elapsed = now - sampledAt;
    long sizedFor = elapsed * TARGET_PERMILLE / 1000;
    if (sizedFor <= 0) {
      return; // no time passed (a test's clock): nothing to measure
    }
    sampledAt = now;
    long busy = 0;
    for (int i = 0; i < loops.length; i++) {
      Thread t = threads.get(i);
      long used = t != null ? cpu.nanos(t) : -1;
      if (used < 0) {
        continue; // not seen yet, or ended: no share known
      }
      probe(i);
      long before = cpuAt[i];
      cpuAt[i] = used;
      if (before >= 0 && used >= before) { // the first reading of a thread gives no share
        busy += used - before;
        permille.set(i, (int) Math.min(1000, (used - before) * 1000 / elapsed));
      }
    }
    int k = (int) Math.max(1, Math.min(loops.length, (busy + sizedFor - 1) / sizedFor));
    int least = Integer.MAX_VALUE;
    int most = 0;
    for (int i = 0; i < k; i++) {
      least = Math.min(least, count(i));
      most = Math.max(most, count(i));
    }
    balanced = k == inUse && most - least <= MARGIN;
    inUse = k;
  }

  private int count(int loop) {
    return counts.get(loop * STRIDE);
  }

  /** A loop's count, or a count no loop reaches when it is stalled: the last choice there is. */
  private int load(int loop) {
    return stalled.get(loop) != 0 ? Integer.MAX_VALUE / 2 : count(loop);
  }

  /**
   * Marks loop {@code i} stalled if the probe sent at the previous sample still waits, else sends
   * a new one: a task that only clears the flag, so a loop blocked by a callback (no CPU used, so
   * no load the CPU time shows) is passed over until it runs its tasks again. Per loop, one sample
   * after the other:
   *
   * <pre>
   *   probe ran (probing 0) --sample--> not stalled, probe sent (probing 1)
   *   probing 1 --the loop runs it--> probing 0
   *   probing 1 --sample--> stalled (and no second probe until the first one ran)
   * </pre>
   */
  private void probe(int i) {
    if (probing.get(i) != 0) {
      stalled.set(i, 1);
      return;
    }
    stalled.set(i, 0);
    probing.set(i, 1);
    try {
      loops[i].execute(() -> probing.set(i, 0));
    } catch (RejectedExecutionException shuttingDown) {
      probing.set(i, 0);
    }
  }

  private int indexOf(EventLoop loop) {
    for (int i = 0; i < loops.length; i++) {
      if (loops[i] == loop) {
        return i;
      }
    }
    return -1;
  }
}

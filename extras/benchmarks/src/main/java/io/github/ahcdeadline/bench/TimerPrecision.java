package io.github.ahcdeadline.bench;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * How late do timeouts fire? Arms a burst of timeouts on each instrument (hashed wheel timers with
 * several ticks, Netty event loops of each available transport) and records, per timeout, the lag
 * between the intended deadline and the moment the task ran, both read from {@link
 * System#nanoTime()}.
 *
 * <p>Usage: {@code TimerPrecision [--count N] [--deadlines 20,1000] [--experiments]}. The
 * experiments add event-loop variants that try to remove the lag of long NIO waits.
 */
public final class TimerPrecision {
  /** Default burst size. */
  public static final int DEFAULT_COUNT = 2000;

  private static final long MAX_EXTRA_WAIT_MS = 30_000;

  private TimerPrecision() {}

  /** One instrument at one deadline. */
  public static final class Result {
    private final String instrument;
    private final long deadlineMillis;
    private final LagStats lags;

    Result(String instrument, long deadlineMillis, LagStats lags) {
      this.instrument = instrument;
      this.deadlineMillis = deadlineMillis;
      this.lags = lags;
    }

    /** The instrument's label. */
    public String instrument() {
      return instrument;
    }

    /** The delay every timeout of the burst was armed with. */
    public long deadlineMillis() {
      return deadlineMillis;
    }

    /** Lag of each timeout behind its deadline. */
    public LagStats lags() {
      return lags;
    }
  }

  public static void main(String[] args) throws InterruptedException {
    int count = DEFAULT_COUNT;
    long[] deadlines = {20, 1000};
    boolean experiments = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--count":
          count = Integer.parseInt(args[++i]);
          break;
        case "--deadlines":
          deadlines = parseLongs(args[++i]);
          break;
        case "--experiments":
          experiments = true;
          break;
        default:
          throw new IllegalArgumentException(
              "argument: " + args[i] + " (expected --count N, --deadlines A,B or --experiments)");
      }
    }
    System.out.print(Machine.describe());
    System.out.println();
    List<Result> results = runAll(deadlines, count, experiments, System.err);
    System.out.println(
        "Timer precision: " + count + " timeouts armed as one burst; lag = fired - deadline (ms)");
    System.out.print(table(results));
    if (experiments) {
      System.out.println();
      System.out.println(
          "Single blocking waits (no Netty), " + PROBE_REPEATS + " in a row; lag = woke - deadline (ms)");
      System.out.print(table(waitProbes(deadlines, PROBE_REPEATS)));
    }
  }

  private static final int PROBE_REPEATS = 10;

  /**
   * Times single blocking waits without Netty: {@link Selector#select(long)} (epoll_wait with a
   * millisecond timeout on Linux), {@link LockSupport#parkNanos(long)} (a futex wait with a
   * nanosecond timeout) and {@link Thread#sleep(long)}. Separates what the kernel adds to a long
   * wait from what an event loop adds.
   */
  public static List<Result> waitProbes(long[] deadlinesMillis, int repeats) {
    List<Result> results = new ArrayList<>();
    for (long deadline : deadlinesMillis) {
      long delayNanos = TimeUnit.MILLISECONDS.toNanos(deadline);
      long[] select = new long[repeats];
      long[] park = new long[repeats];
      long[] sleep = new long[repeats];
      try (Selector selector = Selector.open()) {
        for (int i = 0; i < repeats; i++) {
          long start = System.nanoTime();
          selector.select(deadline);
          select[i] = System.nanoTime() - start - delayNanos;
          start = System.nanoTime();
          long end = start + delayNanos;
          for (long left = delayNanos; left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(left);
          }
          park[i] = System.nanoTime() - end;
          start = System.nanoTime();
          Thread.sleep(deadline);
          sleep[i] = System.nanoTime() - start - delayNanos;
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while probing waits", e);
      }
      results.add(new Result("Selector.select(ms)", deadline, LagStats.of(select)));
      results.add(new Result("LockSupport.parkNanos", deadline, LagStats.of(park)));
      results.add(new Result("Thread.sleep", deadline, LagStats.of(sleep)));
    }
    return results;
  }

  /** The instruments to compare; native transports only where they load on this machine. */
  public static List<Supplier<TimerInstrument>> instruments(boolean experiments) {
    List<Supplier<TimerInstrument>> list = new ArrayList<>();
    list.add(() -> TimerInstrument.wheel(100));
    list.add(() -> TimerInstrument.wheel(5));
    list.add(() -> TimerInstrument.wheel(1));
    list.add(() -> TimerInstrument.loop("EventLoop.schedule NIO", NioIoHandler.newFactory()));
    if (Epoll.isAvailable()) {
      list.add(() -> TimerInstrument.loop("EventLoop.schedule epoll", EpollIoHandler.newFactory()));
    }
    if (IoUring.isAvailable()) {
      list.add(
          () -> TimerInstrument.loop("EventLoop.schedule io_uring", IoUringIoHandler.newFactory()));
    }
    if (experiments) {
      IoHandlerFactory nio = NioIoHandler.newFactory();
      list.add(
          () ->
              TimerInstrument.twoStageLoop(
                  "NIO two-stage (-2 ms, rest)", nio, TimeUnit.MILLISECONDS.toNanos(2)));
      list.add(
          () ->
              TimerInstrument.twoStageLoop(
                  "NIO two-stage (-max(2 ms, 0.5%))", nio, -1));
      list.add(
          () ->
              TimerInstrument.spinLoop(
                  "NIO spin last 2 ms", nio, TimeUnit.MILLISECONDS.toNanos(2)));
    }
    return list;
  }

  /** A one-line note on native transports that could not be loaded, or "" when all loaded. */
  public static String unavailableTransports() {
    StringBuilder note = new StringBuilder();
    if (!Epoll.isAvailable()) {
      note.append("epoll unavailable: ").append(Epoll.unavailabilityCause()).append('\n');
    }
    if (!IoUring.isAvailable()) {
      note.append("io_uring unavailable: ").append(IoUring.unavailabilityCause()).append('\n');
    }
    return note.toString();
  }

  /**
   * Measures every instrument at every deadline, each on a fresh instance warmed up by a smaller
   * burst first.
   *
   * @param progress where to report which run is going on
   */
  public static List<Result> runAll(
      long[] deadlinesMillis, int count, boolean experiments, PrintStream progress)
      throws InterruptedException {
    List<Result> results = new ArrayList<>();
    for (long deadline : deadlinesMillis) {
      for (Supplier<TimerInstrument> factory : instruments(experiments)) {
        try (TimerInstrument instrument = factory.get()) {
          progress.println("timer precision: " + instrument.name() + " @ " + deadline + " ms");
          measure(instrument, 5, Math.max(1, Math.min(count, 200)));
          results.add(
              new Result(instrument.name(), deadline, measure(instrument, deadline, count)));
        }
      }
    }
    return results;
  }

  /** Arms {@code count} timeouts of {@code deadlineMillis} back to back and returns their lags. */
  public static LagStats measure(TimerInstrument instrument, long deadlineMillis, int count)
      throws InterruptedException {
    long delayNanos = TimeUnit.MILLISECONDS.toNanos(deadlineMillis);
    long[] deadlines = new long[count];
    long[] fired = new long[count];
    CountDownLatch done = new CountDownLatch(count);
    for (int i = 0; i < count; i++) {
      int index = i;
      deadlines[i] = System.nanoTime() + delayNanos;
      instrument.arm(
          () -> {
            fired[index] = System.nanoTime();
            done.countDown();
          },
          delayNanos);
    }
    if (!done.await(deadlineMillis + MAX_EXTRA_WAIT_MS, TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException(
          instrument.name() + ": " + done.getCount() + " of " + count + " timeouts never fired");
    }
    long[] lags = new long[count];
    for (int i = 0; i < count; i++) {
      lags[i] = fired[i] - deadlines[i];
    }
    return LagStats.of(lags);
  }

  /** Results as {@code instrument | deadline | mean | p50 | p99 | max}. */
  public static String table(List<Result> results) {
    TextTable table = new TextTable("instrument", "deadline", "mean", "p50", "p99", "max");
    for (Result r : results) {
      String[] s = r.lags().summaryCells();
      table.row(r.instrument(), r.deadlineMillis() + " ms", s[0], s[1], s[2], s[3]);
    }
    return table.render();
  }

  static long[] parseLongs(String csv) {
    String[] parts = csv.split(",", -1);
    long[] values = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      values[i] = Long.parseLong(parts[i].trim());
    }
    return values;
  }
}

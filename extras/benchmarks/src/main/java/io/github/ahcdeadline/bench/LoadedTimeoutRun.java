package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;

/**
 * Child-JVM entry point of the timeout-precision-under-load benchmark: one client
 * carries a steady paced load of keep-alive GETs while a {@link TimeoutPacer} sends requests that
 * never get an answer, half on pooled connections and half on new ones; for each deadline it
 * measures how late the caller hears of each timeout. Uses only the public AsyncHttpClient API (and
 * {@link ClientFlags}), so the same class runs against ahc-deadline and every AHC release.
 *
 * <p>Usage: {@code LoadedTimeoutRun SERVER_URL timer|eventloop TICK_MS TRANSPORT
 * [UnderLoadSettings options]}, SERVER_URL {@code http://127.0.0.1:PORT} of a {@link
 * LoopbackServer}, TICK_MS the hashed wheel tick to set (0: the client's default), TRANSPORT as
 * {@link BenchTransport} says (the native ones need the native jars on the class path). Runs the
 * load and the timeout requests
 * throughout; warms up; then per deadline sets it, settles (after the first), measures a window,
 * and waits for the window's requests to end. Prints per deadline, in this order:
 *
 * <ul>
 *   <li>{@code LAG <deadline> <P|N> <ns>}, one per timed-out request ({@link TimeoutTally});
 *   <li>{@code NOTE <text>} when the load had errors;
 *   <li>{@code RESULT deadline=D loadRequests=N loadNanos=N loadErrors=N modeApplied=B tick=MS
 *       dropped=N waitedPooled=N primerFailures=N probeP99Nanos=N probeMaxNanos=N gcMaxNanos=N
 *       <tally fields> channel=CLASS firstOther=TEXT}, CLASS the class of the first channel the
 *       client connected ({@link FirstChannel}, "-" for none), the counters dropped, waitedPooled and primerFailures over the window,
 *       the p99 and largest lateness of a {@link WakeupProbe} over the same window, and the
 *       window's longest collector pause ({@link GcPauses}, whole ms as ns; -1: not measured).
 * </ul>
 */
public final class LoadedTimeoutRun {
  /** How long a window's requests may take to end past their deadline before they are given up. */
  static final long STRAGGLER_WAIT_MILLIS = 30_000;

  private LoadedTimeoutRun() {}

  public static void main(String[] args) throws InterruptedException, IOException {
    if (args.length < 4) {
      throw new IllegalArgumentException(
          "arguments: " + args.length + " (expected SERVER_URL MODE TICK_MS TRANSPORT [options])");
    }
    UnderLoadSettings settings = UnderLoadSettings.parse(Arrays.copyOfRange(args, 4, args.length));
    run(args[0], ClientTimeoutRun.Mode.parse(args[1]), Long.parseLong(args[2]),
        BenchTransport.parse(args[3]), settings, System.out);
  }

  static void run(
      String serverUrl,
      ClientTimeoutRun.Mode mode,
      long tickMillis,
      BenchTransport transport,
      UnderLoadSettings settings,
      PrintStream out)
      throws InterruptedException, IOException {
    DefaultAsyncHttpClientConfig.Builder builder =
        new DefaultAsyncHttpClientConfig.Builder()
            .setKeepAlive(true)
            // new connections for the timeout requests keep coming; never queue them on a limit
            .setMaxConnections(-1)
            .setMaxConnectionsPerHost(-1);
    if (tickMillis > 0) {
      builder.setHashedWheelTickDuration(tickMillis);
    }
    transport.apply(builder);
    boolean applied =
        mode != ClientTimeoutRun.Mode.EVENT_LOOP
            || ClientFlags.set(builder, ClientFlags.USE_EVENT_LOOP_TIMEOUTS, true);
    try (AsyncHttpClient client = Dsl.asyncHttpClient(builder.build())) {
      long tick = client.getConfig().getHashedWheelTimerTickDuration();
      String smallUrl = serverUrl + "/small";
      ClosedLoop load =
          new ClosedLoop(
              done -> AhcThroughputMain.get(client, smallUrl, done),
              settings.inFlight,
              settings.loadRate);
      TimeoutPacer pacer =
          new TimeoutPacer(client, serverUrl, settings.timeoutRate, settings.stock);
      WakeupProbe probe = new WakeupProbe();
      GcPauses gcPauses = new GcPauses();
      gcPauses.install();
      long[] deadlines = settings.deadlinesMillis;
      pacer.timeoutMillis(deadlines[0]);
      load.start();
      pacer.start();
      probe.start();
      // Sleeping is the point: the main thread only marks the windows, the load runs elsewhere.
      Thread.sleep(settings.warmupMillis);
      for (int i = 0; i < deadlines.length; i++) {
        if (i > 0) {
          pacer.timeoutMillis(deadlines[i]);
          Thread.sleep(settings.settleMillis);
        }
        measureWindow(
            load, pacer, probe, gcPauses, deadlines[i], settings.measureMillis, applied, tick, out);
      }
      probe.stop();
      gcPauses.uninstall();
      pacer.stop();
      load.stop(STRAGGLER_WAIT_MILLIS);
    }
  }

  private static void measureWindow(
      ClosedLoop load,
      TimeoutPacer pacer,
      WakeupProbe wakeups,
      GcPauses gcPauses,
      long deadlineMillis,
      long measureMillis,
      boolean applied,
      long tick,
      PrintStream out)
      throws InterruptedException {
    long loadBefore = load.completed();
    long errorsBefore = load.errors();
    long droppedBefore = pacer.dropped();
    long waitedBefore = pacer.waitedPooled();
    long primerFailuresBefore = pacer.primerFailures();
    long start = System.nanoTime();
    TimeoutPacer.Window window = pacer.openWindow();
    wakeups.openWindow();
    gcPauses.openWindow();
    Thread.sleep(measureMillis);
    List<TimeoutProbe> probes = window.close();
    LagStats floor = LagStats.of(wakeups.closeWindow());
    long gcMaxMillis = gcPauses.closeWindow();
    long end = System.nanoTime();
    long loadRequests = load.completed() - loadBefore;
    long loadErrors = load.errors() - errorsBefore;
    long dropped = pacer.dropped() - droppedBefore;
    long waited = pacer.waitedPooled() - waitedBefore;
    long primerFailures = pacer.primerFailures() - primerFailuresBefore;
    // The load goes on meanwhile, so the window's last requests time out under the same load.
    long giveUp =
        System.nanoTime()
            + TimeUnit.MILLISECONDS.toNanos(deadlineMillis + STRAGGLER_WAIT_MILLIS);
    for (TimeoutProbe probe : probes) {
      if (!probe.awaitEnd(giveUp)) {
        break;
      }
    }
    TimeoutTally tally = TimeoutTally.of(probes);
    for (String line : tally.lagLines(deadlineMillis)) {
      out.println(line);
    }
    if (loadErrors > 0) {
      out.println("NOTE load @ " + deadlineMillis + " ms: " + loadErrors + " errors, first: "
          + load.firstError().replace('\n', ' '));
    }
    out.println(
        "RESULT deadline=" + deadlineMillis
            + " loadRequests=" + loadRequests
            + " loadNanos=" + (end - start)
            + " loadErrors=" + loadErrors
            + " modeApplied=" + applied
            + " tick=" + tick
            + " dropped=" + dropped
            + " waitedPooled=" + waited
            + " primerFailures=" + primerFailures
            + " probeP99Nanos=" + nanos(floor.percentileMillis(99))
            + " probeMaxNanos=" + nanos(floor.maxMillis())
            + " gcMaxNanos=" + (gcMaxMillis < 0 ? -1 : gcMaxMillis * 1_000_000)
            + " " + tally.resultFields()
            + " channel=" + (FirstChannel.className().isEmpty() ? "-" : FirstChannel.className())
            + " firstOther=" + tally.firstOther());
    out.flush();
  }

  /** Milliseconds as whole nanoseconds; -1 for none (no wake-up recorded). */
  private static long nanos(double millis) {
    return Double.isNaN(millis) ? -1 : Math.round(millis * 1e6);
  }
}

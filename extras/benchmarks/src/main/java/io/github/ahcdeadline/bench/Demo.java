package io.github.ahcdeadline.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A two-minute tour of what ahc-deadline is for: how late timers and event loops fire (this JVM),
 * how late the client reports a request timeout while it carries a steady load, against AHC 3.0.11
 * (target 4's table, each client in its own JVM, with shorter windows than the full run), and a
 * redirect chain under one absolute budget. Draws the lag distributions to
 * target/timeout-lag.svg.
 *
 * <p>Each section reports its own failure and the demo goes on with the next one.
 */
public final class Demo {
  private static final int COUNT = 2000;
  private static final long[] DEADLINES = {20, 1000};

  // Section 2 runs four client JVMs; these keep the demo near two minutes on 2 cores.
  private static final long DEMO_WARMUP_MILLIS = 3_000;
  private static final long DEMO_MEASURE_MILLIS = 5_000;
  private static final long DEMO_SETTLE_MILLIS = 1_000;
  private static final long DEMO_SERVER_WARMUP_MILLIS = 2_000;

  private final LagSvg svg = new LagSvg("Timeout lag: fired or reported - deadline");

  private Demo() {}

  /** One part of the demo. */
  private interface Section {
    void run(LoopbackServer server) throws Exception;
  }

  public static void main(String[] args) throws Exception {
    new Demo().run();
  }

  private void run() throws Exception {
    long start = System.nanoTime();
    System.out.print(Machine.describe());
    try (LoopbackServer server = LoopbackServer.start(Runtime.getRuntime().availableProcessors())) {
      System.out.println("loopback server: " + server.url("/"));
      section("1. Timer precision", server, this::timers);
      section("2. Client timeout precision under load", server, this::clientTimeouts);
      section("3. Redirect chain under a 600 ms request timeout", server, Demo::redirects);
    }
    if (svg.size() > 0) {
      Path file = BenchPaths.target().resolve("timeout-lag.svg");
      svg.write(file);
      System.out.println();
      System.out.println("lag plot: " + file);
    }
    System.out.println(
        "demo took " + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) + " s");
  }

  private static void section(String title, LoopbackServer server, Section section) {
    System.out.println();
    System.out.println("== " + title);
    try {
      section.run(server);
    } catch (Exception | LinkageError e) {
      System.out.println("SECTION FAILED: " + describe(e));
      System.out.println("(the demo goes on; the failing part of the client may not exist yet)");
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static String describe(Throwable e) {
    StringBuilder text = new StringBuilder(e.toString());
    for (Throwable cause = e.getCause(); cause != null && cause != e; cause = cause.getCause()) {
      text.append("\n  caused by ").append(cause);
      if (cause.getCause() == cause) {
        break;
      }
    }
    StackTraceElement[] trace = e.getStackTrace();
    if (trace.length > 0) {
      text.append("\n  at ").append(trace[0]);
    }
    return text.toString();
  }

  private void timers(LoopbackServer server) throws InterruptedException {
    System.out.println(COUNT + " timeouts armed as one burst; lag = fired - deadline, ms");
    List<TimerPrecision.Result> results =
        TimerPrecision.runAll(DEADLINES, COUNT, false, System.err);
    System.out.print(TimerPrecision.table(results));
    System.out.print(TimerPrecision.unavailableTransports());
    for (TimerPrecision.Result r : results) {
      svg.add(r.instrument() + " @ " + r.deadlineMillis() + " ms", r.lags());
    }
  }

  /**
   * Target 4's table, shortened to fit the demo: every client in its own JVM under a paced load,
   * timeouts half on pooled and half on new connections (see {@link TimeoutsUnderLoad}).
   */
  private void clientTimeouts(LoopbackServer server) {
    UnderLoadSettings settings = new UnderLoadSettings();
    settings.warmupMillis = DEMO_WARMUP_MILLIS;
    settings.measureMillis = DEMO_MEASURE_MILLIS;
    settings.settleMillis = DEMO_SETTLE_MILLIS;
    List<UnderLoadResult> results =
        TimeoutsUnderLoad.run(
            server, settings, DEMO_SERVER_WARMUP_MILLIS, false, System.out, System.err);
    for (UnderLoadResult r : results) {
      svg.add(r.client() + " @ " + r.deadlineMillis() + " ms", r.all());
    }
    System.out.println(
        "  (demo windows; the full run: " + TimeoutsUnderLoad.COMMAND + ")");
  }

  private static void redirects(LoopbackServer server) throws Exception {
    String url = server.url("/redirect?n=2&delay=400");
    System.out.println("GET " + url + " (2 hops of 400 ms, then 200), followRedirect on");
    String[][] runs = {
      {"absolute deadline off             ", "false", "false", "HTTP 200 after ~800 ms"},
      {"absolute deadline on, timer       ", "true", "false",
        "TimeoutException at 600 ms + up to one 100 ms tick"},
      {"absolute deadline on, event loop  ", "true", "true", "TimeoutException at ~600 ms"},
    };
    for (String[] run : runs) {
      RedirectBudget.Outcome outcome =
          RedirectBudget.run(url, 600, Boolean.parseBoolean(run[1]), Boolean.parseBoolean(run[2]));
      System.out.println(
          run[0]
              + ": "
              + outcome.result()
              + " after "
              + outcome.elapsedMillis()
              + " ms (expected: "
              + run[3]
              + ")"
              + (outcome.flagApplied() ? "" : " [flag missing in this build: default used]"));
    }
  }
}

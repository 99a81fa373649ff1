package io.github.ahcdeadline.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A two-minute tour of what ahc-deadline is for, in one JVM: how late timers and event loops fire,
 * how late the client reports a request timeout in timer and event-loop mode, and a redirect chain
 * under one absolute budget. Draws the lag distributions to target/timeout-lag.svg.
 *
 * <p>Each section reports its own failure and the demo goes on with the next one.
 */
public final class Demo {
  private static final int COUNT = 2000;
  private static final long[] DEADLINES = {20, 1000};

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
      section("2. Client timeout precision (ahc-deadline, this JVM)", server, this::clientTimeouts);
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

  private void clientTimeouts(LoopbackServer server) throws InterruptedException {
    System.out.println(
        COUNT + " requests to /never fired as one burst; lag = caller notified - (submit +"
            + " timeout), ms");
    TextTable table =
        new TextTable("mode", "deadline", "mean", "p50", "p99", "max", "timeouts", "other");
    StringBuilder notes = new StringBuilder();
    try {
      for (long deadline : DEADLINES) {
        for (ClientTimeoutRun.Mode mode : ClientTimeoutRun.Mode.values()) {
          String label = mode == ClientTimeoutRun.Mode.TIMER ? "timer" : "event-loop";
          System.err.println("client timeouts: " + label + " @ " + deadline + " ms");
          ClientTimeoutRun.Outcome outcome =
              ClientTimeoutRun.run(server.url("/never"), COUNT, deadline, mode);
          LagStats stats = LagStats.of(outcome.timeoutLagsNanos());
          String[] s = stats.summaryCells();
          table.row(label, deadline + " ms", s[0], s[1], s[2], s[3],
              Integer.toString(stats.count()), Integer.toString(outcome.others()));
          svg.add("ahc-deadline " + label + " @ " + deadline + " ms", stats);
          if (outcome.others() > 0) {
            notes.append("  ").append(label).append(" @ ").append(deadline)
                .append(" ms, first other outcome: ").append(outcome.firstOther()).append('\n');
          }
          if (!outcome.modeApplied()) {
            String note = "  this build has no setUseEventLoopTimeouts: event-loop rows ran in timer mode\n";
            if (notes.indexOf(note) < 0) {
              notes.append(note);
            }
          }
        }
      }
    } finally {
      System.out.print(table.render());
      System.out.print(notes);
    }
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

package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A tour of about three minutes of what ahc-deadline is for, beside AsyncHttpClient 3.0.14 (and
 * 3.0.11), every client in its own JVM on the same transport:
 *
 * <ol>
 *   <li>how late the two kinds of timer the clients use fire (this JVM);
 *   <li>how late each client reports a request timeout while it carries a steady load ({@link
 *       TimeoutsUnderLoad} with short windows);
 *   <li>a redirect chain under one request timeout, with and without the absolute deadline ({@link
 *       RedirectBudget});
 *   <li>requests per second of each client with its defaults ({@link Compare}'s throughput with
 *       short windows and one round).
 * </ol>
 *
 * <p>Draws the lag distributions of part 2 to {@code timeout-lag.svg}, those of part 1 to {@code
 * timer-lag.svg} and the throughput of part 4 to {@code throughput.svg}, in {@code target/docs/}
 * or in the directory of the system property {@value #SVG_DIR_PROPERTY} (relative to the
 * repository root: {@code -Ddemo.svg.dir=docs} writes the pictures into docs/, where the front
 * page shows them). The system property {@value #TRANSPORT_PROPERTY} picks the clients' transport ({@code nio}, the default,
 * {@code epoll}, {@code io_uring} or {@code default}, see {@link BenchTransport}).
 *
 * <p>Each part reports its own failure and the demo goes on with the next one.
 */
public final class Demo {
  /** The system property naming the directory the SVG files go to. */
  static final String SVG_DIR_PROPERTY = "demo.svg.dir";

  /** The system property naming the clients' transport. */
  static final String TRANSPORT_PROPERTY = "demo.transport";

  private static final int TIMER_COUNT = 2000;
  private static final long[] TIMER_DEADLINES = {20, 1000};

  // Part 2 runs five client JVMs, part 4 three: these keep the demo near three minutes on 2 cores.
  private static final long UNDER_LOAD_WARMUP_MILLIS = 3_000;
  private static final long UNDER_LOAD_MEASURE_MILLIS = 4_000;
  private static final long UNDER_LOAD_SETTLE_MILLIS = 1_000;
  private static final long SERVER_WARMUP_MILLIS = 2_000;
  private static final String THROUGHPUT_WARMUP_SECONDS = "3";
  private static final String THROUGHPUT_MEASURE_SECONDS = "3";
  private static final String THROUGHPUT_IN_FLIGHT = "32";

  private static final long REDIRECT_BUDGET_MILLIS = 600;
  private static final long CHILD_TIMEOUT_SECONDS = 120;

  private final BenchTransport transport;
  private final Path svgDir;
  private final LagSvg timerSvg = new LagSvg("Timer lag: fired - deadline, one burst of 2000");
  private final LagSvg timeoutSvg;
  private ThroughputSvg throughputSvg;

  private Demo(BenchTransport transport, Path svgDir) {
    this.transport = transport;
    this.svgDir = svgDir;
    this.timeoutSvg =
        new LagSvg(
            "Request timeout lag under load: caller notified - deadline (" + transport.id()
                + ", short demo windows)");
  }

  /** One part of the demo. */
  private interface Section {
    void run(LoopbackServer server) throws Exception;
  }

  public static void main(String[] args) throws Exception {
    BenchTransport transport =
        BenchTransport.parse(System.getProperty(TRANSPORT_PROPERTY, BenchTransport.NIO.id()));
    new Demo(transport, svgDir(System.getProperty(SVG_DIR_PROPERTY))).run();
  }

  /** {@code dir} resolved against the repository root, or target/docs when null or empty. */
  static Path svgDir(String dir) {
    if (dir == null || dir.isEmpty()) {
      return BenchPaths.target().resolve("docs");
    }
    return BenchPaths.repositoryRoot().resolve(Paths.get(dir)).normalize();
  }

  private void run() throws Exception {
    long start = System.nanoTime();
    System.out.print(Machine.describe());
    System.out.println(
        "Clients: ahc-deadline (this build), AsyncHttpClient 3.0.14 and 3.0.11 from Maven Central,"
            + " each in a JVM of its own (" + String.join(" ", ChildJvm.JVM_OPTIONS) + "), all on"
            + " the " + transport.id() + " transport (-D" + TRANSPORT_PROPERTY + "=epoll to"
            + " change it), against one loopback server in this JVM.");
    System.out.println(
        "The windows are short so that the demo takes about three minutes: figures are"
            + " indicative, and noisy on a busy machine. The full runs: -Pprecision and -Pcompare.");
    try (LoopbackServer server = LoopbackServer.start(Runtime.getRuntime().availableProcessors())) {
      section("1. How late do timers fire?", server, this::timers);
      section("2. How late does the caller hear of a request timeout, under load?", server,
          this::timeoutsUnderLoad);
      section("3. A redirect chain under one request timeout", server, this::redirects);
      section("4. Requests per second, each client with its defaults", server, this::throughput);
      section("5. The tail inside the budget: hedged requests, and a retry budget", server,
          s -> HedgeCompare.demo());
    }
    System.out.println();
    writeSvg("timeout-lag.svg", timeoutSvg.size() > 0 ? timeoutSvg.render() : null);
    writeSvg("timer-lag.svg", timerSvg.size() > 0 ? timerSvg.render() : null);
    writeSvg("throughput.svg", throughputSvg == null ? null : throughputSvg.render());
    System.out.println(
        "(-D" + SVG_DIR_PROPERTY + "=docs writes them into the repository's docs/ folder)");
    System.out.println(
        "demo took " + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) + " s");
  }

  private void writeSvg(String name, String document) throws IOException {
    if (document == null) {
      return;
    }
    Path file = svgDir.resolve(name);
    SvgFrame.write(file, document);
    System.out.println("picture: " + file);
  }

  private static void section(String title, LoopbackServer server, Section section) {
    System.out.println();
    System.out.println("== " + title);
    try {
      section.run(server);
    } catch (Exception | LinkageError e) {
      System.out.println("PART FAILED: " + describe(e));
      System.out.println("(the demo goes on with the next part)");
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

  /** Part 1: the timers themselves, with the client setting that picks each. */
  private void timers(LoopbackServer server) throws InterruptedException {
    System.out.println(
        TIMER_COUNT + " timeouts armed at once on each timer, in this JVM; lag = when it fired -"
            + " its deadline, ms.");
    List<TimerPrecision.Result> results =
        TimerPrecision.runAll(TIMER_DEADLINES, TIMER_COUNT, false, System.err);
    TextTable table =
        new TextTable("timer", "deadline", "mean", "p50", "p99", "max", "what uses it");
    for (TimerPrecision.Result r : results) {
      String[] s = r.lags().summaryCells();
      table.row(r.instrument(), r.deadlineMillis() + " ms", s[0], s[1], s[2], s[3],
          usedBy(r.instrument()));
      timerSvg.add(r.instrument() + " @ " + r.deadlineMillis() + " ms", r.lags());
    }
    System.out.print(table.render());
    System.out.print(TimerPrecision.unavailableTransports());
    System.out.println(
        "What it means: with their defaults, AHC 3.0.14, AHC 3.0.11 and ahc-deadline check request"
            + " timeouts on a HashedWheelTimer with a 100 ms tick, which fires up to a tick late;"
            + " setUseEventLoopTimeouts(true), in ahc-deadline and AHC 3.0.14, schedules them on"
            + " the connection's event loop, which fires close to the deadline (the EventLoop rows).");
  }

  /** Which client setting makes a client use {@code instrument}. */
  private static String usedBy(String instrument) {
    if (instrument.equals("HashedWheelTimer tick 100 ms")) {
      return "every client's default";
    }
    if (instrument.startsWith("HashedWheelTimer tick ")) {
      String tick = instrument.substring("HashedWheelTimer tick ".length(), instrument.length() - 3);
      return "any client with setHashedWheelTickDuration(" + tick + ")";
    }
    if (instrument.startsWith("EventLoop.schedule ")) {
      return "setUseEventLoopTimeouts(true): ahc-deadline, AHC 3.0.14 ("
          + instrument.substring("EventLoop.schedule ".length()) + ")";
    }
    return "";
  }

  /** Part 2: {@link TimeoutsUnderLoad} with short windows and without its 1 ms tick row. */
  private void timeoutsUnderLoad(LoopbackServer server) {
    UnderLoadSettings settings = new UnderLoadSettings();
    settings.warmupMillis = UNDER_LOAD_WARMUP_MILLIS;
    settings.measureMillis = UNDER_LOAD_MEASURE_MILLIS;
    settings.settleMillis = UNDER_LOAD_SETTLE_MILLIS;
    List<UnderLoadResult> results =
        TimeoutsUnderLoad.run(
            server,
            settings,
            SERVER_WARMUP_MILLIS,
            TimeoutsUnderLoad.contenders(List.of(transport), false),
            System.out,
            System.err);
    // by deadline, as in the table: the clients side by side at each
    List<UnderLoadResult> byDeadline = new ArrayList<>(results);
    byDeadline.sort(Comparator.comparingLong(UnderLoadResult::deadlineMillis));
    for (UnderLoadResult r : byDeadline) {
      timeoutSvg.add(r.client() + " @ " + r.deadlineMillis() + " ms", r.all());
    }
    System.out.println(
        "What it means: a service with a 20 ms budget hears of a timeout up to a 100 ms tick late"
            + " with any client's defaults; with setUseEventLoopTimeouts(true) ahc-deadline and AHC"
            + " 3.0.14 report it close to its deadline, and the p99 lines above compare them under"
            + " the same load.");
    System.out.println("  (short demo windows; the full run: " + TimeoutsUnderLoad.COMMAND + ")");
  }

  /** Part 3: {@link RedirectBudget} in a JVM per client. */
  private void redirects(LoopbackServer server) {
    String url = server.url("/redirect?n=2&delay=400");
    System.out.println(
        "GET " + url + ": two redirects that each answer after 400 ms, then 200; followRedirect"
            + " on, requestTimeout " + REDIRECT_BUDGET_MILLIS + " ms.");
    TextTable table =
        new TextTable("client", "useAbsoluteRequestDeadline", "timeouts on", "outcome", "after");
    List<String> notes = new ArrayList<>();
    List<String> messages = new ArrayList<>();
    for (BenchClient client :
        List.of(BenchClient.AHC_3_0_14, BenchClient.AHC_3_0_11, BenchClient.OURS)) {
      System.err.println("redirect chain: " + client.label());
      List<RedirectBudget.Outcome> outcomes;
      try {
        List<String> out =
            ChildJvm.run(
                ChildJvm.classpath(client.classpath(transport)),
                RedirectBudget.class,
                CHILD_TIMEOUT_SECONDS,
                url,
                Long.toString(REDIRECT_BUDGET_MILLIS),
                transport.id());
        outcomes = RedirectBudget.Outcome.parseAll(out);
      } catch (IOException | RuntimeException e) {
        table.row(client.label(), "-", "-", "failed", "-");
        notes.add(client.label() + " failed: " + e.getMessage());
        continue;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      for (RedirectBudget.Outcome o : outcomes) {
        String absolute = o.variant.absoluteDeadline ? "true" : "false (default)";
        String timer = o.variant.eventLoopTimeouts ? "event loop" : "timer, 100 ms tick";
        if (!o.ran) {
          notes.add(client.label() + " has no setUseAbsoluteRequestDeadline: only its default ran");
          continue;
        }
        // the exception's class in the table, its message below it
        int colon = o.result.indexOf(": ");
        String outcome = colon < 0 ? o.result : o.result.substring(0, colon);
        table.row(client.label(), absolute, timer, outcome, o.elapsedMillis + " ms");
        if (colon >= 0 && o.variant.eventLoopTimeouts) {
          messages.add(client.label() + ": " + o.result.substring(colon + 2));
        }
      }
    }
    System.out.print(table.render());
    for (String note : new LinkedHashSet<>(notes)) {
      System.out.println("  " + note);
    }
    if (!messages.isEmpty()) {
      System.out.println("  The exception's message, absolute deadline on event loop:");
      for (String message : messages) {
        System.out.println("    " + message);
      }
    }
    System.out.println(
        "What it means: by default every hop gets a fresh " + REDIRECT_BUDGET_MILLIS + " ms, so"
            + " the chain ends with HTTP 200 after about 800 ms, past the budget. With"
            + " setUseAbsoluteRequestDeadline(true) (ahc-deadline, AHC 3.0.14) the budget covers"
            + " the whole chain: a TimeoutException at " + REDIRECT_BUDGET_MILLIS + " ms, plus up"
            + " to a 100 ms tick unless the timeouts run on the event loop.");
  }

  /** Part 4: {@link Compare}'s throughput, default rows only, one short round. */
  private void throughput(LoopbackServer server) throws Exception {
    Compare compare =
        Compare.parsed("--skip-timeouts", "--defaults-only", "--rounds", "1", "--warmup",
            THROUGHPUT_WARMUP_SECONDS, "--measure", THROUGHPUT_MEASURE_SECONDS, "--in-flight",
            THROUGHPUT_IN_FLIGHT, "--transports", transport.id());
    Map<BenchClient, String> classpaths = Compare.buildClasspaths();
    List<ThroughputContender> rows = compare.measureThroughput(server, classpaths);
    System.out.println(compare.describeThroughput() + ".");
    TextTable table =
        new TextTable("client", "transport", "req/s", "vs AHC 3.0.14", "CPU us/req", "bytes/req");
    Map<String, ThroughputContender> byLabel = new HashMap<>();
    for (ThroughputContender c : rows) {
      byLabel.put(c.label, c);
    }
    throughputSvg =
        new ThroughputSvg(
            "Requests per second, each client with its defaults (higher is better)",
            "keep-alive GET, " + THROUGHPUT_IN_FLIGHT + " in flight, " + transport.shownAs()
                + ", each client in its own JVM; one " + THROUGHPUT_MEASURE_SECONDS
                + " s demo window; nproc " + Runtime.getRuntime().availableProcessors()
                + ", load average " + Machine.loadAverage());
    List<String> failures = new ArrayList<>();
    for (ThroughputContender c : rows) {
      boolean highlight = c.label.startsWith(BenchClient.OURS.label());
      if (c.rates.isEmpty()) {
        table.row(c.label, "-", "failed", "-", "-", "-");
        failures.add(c.label + ": " + c.failure);
        throughputSvg.add(c.label, Double.NaN, highlight);
        continue;
      }
      double rate = ThroughputContender.median(c.rates);
      ThroughputContender ref = byLabel.get(c.referenceLabel);
      String ratio =
          ref == null || ref.rates.isEmpty()
              ? "n/a"
              : String.format(Locale.ROOT, "%.2fx", rate / ThroughputContender.median(ref.rates));
      table.row(
          c.label,
          c.transportCell("?"),
          String.format(Locale.ROOT, "%.0f", rate),
          ratio,
          c.cpuMicrosPerRequest.isEmpty()
              ? "n/a"
              : String.format(Locale.ROOT, "%.1f", ThroughputContender.median(c.cpuMicrosPerRequest)),
          c.bytesPerRequest.isEmpty()
              ? "n/a"
              : String.format(Locale.ROOT, "%.0f", ThroughputContender.median(c.bytesPerRequest)));
      throughputSvg.add(c.label, rate, highlight);
    }
    System.out.print(table.render());
    for (String failure : failures) {
      System.out.println("  " + failure);
    }
    System.out.println(
        "What it means: how many requests each client completes per second on this machine, its"
            + " CPU time (whole JVM) and heap allocated per request; above 1.00x is faster than"
            + " AHC 3.0.14. One short window: the full comparison, with rounds and the event-loop,"
            + " JDK and raw Netty rows, is -Pcompare.");
  }
}

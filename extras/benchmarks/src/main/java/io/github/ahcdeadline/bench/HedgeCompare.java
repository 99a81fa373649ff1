package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The hedging and retry-budget benchmark: every row's client in its own child JVM ({@link
 * HedgeClientMain}, 32 exchanges in flight by default) against one {@link HedgeServer} in this
 * JVM, one run per row, and two tables:
 *
 * <ol>
 *   <li>Heavy tail ({@code /tail}: 98% of requests answered after 2 ms, 2% after 200 ms): AHC
 *       3.0.14 (no hedging), ahc-deadline without hedging, with {@code hedgeDelay} 10 ms, and with
 *       {@code hedgePercentile} 95 above a 1 ms floor; p50, p99, p99.9 per exchange, requests the
 *       server counted per exchange (what the hedges cost), failures; then the p99 and p99.9 of the
 *       no-hedging row over each hedging row's.
 *   <li>Failing server ({@code /flaky}: half the requests get their connection reset once the
 *       request head is read): AHC 3.0.14 and ahc-deadline with AsyncHttpClient's retry rules
 *       (maxRequestRetry 5), and ahc-deadline with {@code retryBudgetPercent} 20; attempts per
 *       exchange as the server counted them, exchanges that succeeded and failed.
 * </ol>
 *
 * <p>The rows differ only in {@code -Dorg.asynchttpclient.*} system properties of their child JVM
 * (see {@link HedgeRow}); a client that lacks an option ignores it, and each child reports the
 * options its client took (the CONFIG lines at the end).
 *
 * <p>Options: {@code --tail-exchanges N} (20000), {@code --flaky-exchanges N} (20000: the retry
 * budget's floor of 10 retries a second must stay small beside 20% of the exchanges, so the run
 * has to be short in time and long in exchanges), {@code --warmup N} (2000 exchanges per child,
 * counted apart by the server), {@code --in-flight N} (32), {@code --server-threads N} (1), {@code
 * --seed N} (47), {@code --skip-tail}, {@code --skip-flaky}, {@code --with-ahc3011} (an AHC
 * 3.0.11 row in each table).
 */
public final class HedgeCompare {
  /** The command that runs this from a fresh clone (options in {@code -Dbench.args}). */
  static final String COMMAND =
      "./mvnw -B -q -ntp -pl extras/benchmarks -am package -DskipTests -Phedge";

  private static final long CHILD_TIMEOUT_SECONDS = 300;

  private int tailExchanges = 20_000;
  private int flakyExchanges = 20_000;
  private int warmup = 2_000;
  private int inFlight = 32;
  private int serverThreads = 1;
  private long seed = TailDelay.DEFAULT_SEED;
  private boolean tail = true;
  private boolean flaky = true;
  private boolean withAhc3011;

  private HedgeCompare() {}

  public static void main(String[] args) throws Exception {
    HedgeCompare compare = new HedgeCompare();
    compare.parse(args);
    System.out.println("command: " + command(args));
    compare.run();
  }

  /**
   * The demo's part: both tables with short runs (4000 exchanges a row), so that it takes well
   * under a minute; the full run is {@code -Phedge}.
   */
  static void demo() throws Exception {
    HedgeCompare compare = new HedgeCompare();
    compare.parse(new String[] {"--tail-exchanges", "4000", "--flaky-exchanges", "4000", "--warmup", "500"});
    System.out.println(
        "A server whose answers have a heavy tail (2% take 200 ms): what a 10 ms hedge does to"
            + " the slowest exchanges, and what it costs in requests; then a server that resets"
            + " half its connections: how many attempts AHC's retry rules make, with and without a"
            + " retry budget. The full run: -Phedge.");
    compare.run();
  }

  /** The command line that reproduces this run. */
  static String command(String... args) {
    return args.length == 0
        ? COMMAND
        : COMMAND + " -Dbench.args=\"" + String.join(" ", args) + "\"";
  }

  private void parse(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--skip-tail")) {
        tail = false;
      } else if (arg.equals("--skip-flaky")) {
        flaky = false;
      } else if (arg.equals("--with-ahc3011")) {
        withAhc3011 = true;
      } else if (i + 1 < args.length) {
        int value = Integer.parseInt(args[++i]);
        switch (arg) {
          case "--tail-exchanges":
            tailExchanges = value;
            break;
          case "--flaky-exchanges":
            flakyExchanges = value;
            break;
          case "--warmup":
            warmup = value;
            break;
          case "--in-flight":
            inFlight = value;
            break;
          case "--server-threads":
            serverThreads = value;
            break;
          case "--seed":
            seed = value;
            break;
          default:
            throw new IllegalArgumentException("option: " + arg + " (see the HedgeCompare javadoc)");
        }
      } else {
        throw new IllegalArgumentException("option: " + arg + " (missing its value or unknown)");
      }
    }
  }

  private void run() throws Exception {
    System.out.print(Machine.describe());
    System.out.println(
        "child JVMs: " + String.join(" ", ChildJvm.JVM_OPTIONS) + ", request timeout "
            + HedgeClientMain.REQUEST_TIMEOUT_SECONDS + " s, " + inFlight + " in flight, "
            + warmup + " warm-up exchanges each (not counted); server: this JVM, " + serverThreads
            + " NIO thread(s), seed " + seed);
    Map<BenchClient, String> classpaths = Compare.buildClasspaths();
    List<String> configs = new ArrayList<>();
    try (HedgeServer server = HedgeServer.start(serverThreads, seed)) {
      if (tail) {
        System.out.println();
        System.out.println(
            "Heavy tail: GET /tail, answered after " + new TailDelay(seed).describe()
                + " (drawn per request, seeded), " + tailExchanges + " exchanges per row;"
                + " latency per exchange, failures included; requests/exchange = requests the"
                + " server counted / exchanges");
        List<HedgeTables.Outcome> outcomes =
            runRows(server, "/tail", HedgeRow.tailRows(withAhc3011), tailExchanges, classpaths,
                configs);
        System.out.print(HedgeTables.tail(outcomes));
      }
      if (flaky) {
        System.out.println();
        System.out.println(
            "Failing server: GET /flaky, " + Math.round(HedgeServer.RESET_PROBABILITY * 100)
                + "% of requests get their connection reset after the request head (seeded), the"
                + " rest 200 at once; " + flakyExchanges + " exchanges per row (window s: how long"
                + " they took); attempts/exchange = requests the server counted / exchanges");
        List<HedgeTables.Outcome> outcomes =
            runRows(server, "/flaky", HedgeRow.flakyRows(withAhc3011), flakyExchanges, classpaths,
                configs);
        System.out.print(HedgeTables.flaky(outcomes));
      }
    }
    System.out.println();
    System.out.println("Options as each client reported them (n/a: the client has no such option):");
    for (String config : configs) {
      System.out.println("  " + config);
    }
  }

  private List<HedgeTables.Outcome> runRows(HedgeServer server, String path, List<HedgeRow> rows,
      int exchanges, Map<BenchClient, String> classpaths, List<String> configs)
      throws InterruptedException {
    List<HedgeTables.Outcome> outcomes = new ArrayList<>();
    for (HedgeRow row : rows) {
      String classpath = classpaths.get(row.client());
      if (classpath == null) {
        outcomes.add(HedgeTables.Outcome.failed(row, "no classpath (see the NOTE above)"));
        continue;
      }
      System.err.println("hedge " + path + ": " + row.label());
      try {
        HedgeResult result = runRow(server, path, row, exchanges, classpath);
        outcomes.add(HedgeTables.Outcome.measured(row, result));
        configs.add(row.label() + ": " + result.config());
      } catch (IOException | RuntimeException e) {
        outcomes.add(HedgeTables.Outcome.failed(row, String.valueOf(e.getMessage())));
      }
    }
    return outcomes;
  }

  /**
   * One row in its own child JVM; the server's counts are taken before the child starts and
   * after it exits, and the warm-up requests are counted apart, so the difference is the measured
   * phase's alone.
   */
  private HedgeResult runRow(
      HedgeServer server, String path, HedgeRow row, int exchanges, String classpath)
      throws IOException, InterruptedException {
    HedgeServer.Counts before = server.counts();
    List<String> out =
        ChildJvm.run(List.of(), row.jvmOptions(), ChildJvm.classpath(classpath),
            HedgeClientMain.class, CHILD_TIMEOUT_SECONDS, ChildJvm.IGNORE, server.url(path),
            Integer.toString(exchanges), Integer.toString(warmup), Integer.toString(inFlight));
    HedgeServer.Counts during = server.counts().minus(before);
    boolean isFlaky = path.equals("/flaky");
    return HedgeResult.parse(out, isFlaky ? during.flakyRequests() : during.tailRequests(),
        isFlaky ? during.flakyResets() : 0);
  }
}

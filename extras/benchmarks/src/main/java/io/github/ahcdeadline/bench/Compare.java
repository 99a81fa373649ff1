package io.github.ahcdeadline.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the cross-client benchmarks, every client in its own child JVM against one loopback server
 * in this JVM, and prints the tables with the machine at the top:
 *
 * <ol>
 *   <li>Client timeout precision under stress (no target; target 4 is {@link TimeoutsUnderLoad}):
 *       a burst of requests to {@code /never}, lag of each request timeout behind submit +
 *       timeout, for ahc-deadline (timer mode; event-loop mode on NIO, epoll and io_uring), AHC
 *       3.0.11, and the same burst done with Netty alone (the ceiling),
 *       at each deadline. Also written as target/compare-timeout-lag.svg.
 *   <li>Throughput: keep-alive GET {@code /small} with a fixed number in flight, for both modes of
 *       ahc-deadline, AHC 3.0.11, the JDK client and a raw Netty client (the server ceiling), in
 *       alternating rounds; requests/s, ratio to AHC 3.0.11 and heap bytes allocated per request.
 *       With {@code --transports}, each AsyncHttpClient API client once per transport listed; with
 *       {@code --syscalls}, system calls per request counted by perf. With {@code --rate}, only the
 *       AsyncHttpClient API clients and, over HTTP/1.1, a paced raw Netty client (the floor, see
 *       {@link RawNettyPacedMain}: keep-alive connections, requests written from the pacer thread
 *       as an application thread would) run, all at the same rate; the JDK and raw Netty ceiling
 *       rows, whose drivers are not paced, are left out.
 * </ol>
 *
 * <p>Options: {@code --count N} (2000), {@code --bursts N} (3 measured timeout bursts), {@code
 * --deadlines 20,1000}, {@code --rounds N} (3), {@code --warmup S} (10, longer while the JIT is
 * busy, up to three times), {@code --measure S} (10), {@code --in-flight N} (32), {@code
 * --server-threads N} (nproc), {@code --skip-timeouts}, {@code --skip-throughput}, {@code --pin}
 * (throughput: the server on half the CPUs, the clients on the other half, see {@link
 * CpuPinning}), {@code --rate R} (throughput of the AsyncHttpClient API clients and the raw Netty
 * floor only, each paced to R requests/s, so their CPU per request compares at the same load),
 * {@code --h2} (throughput only, over HTTP/2 with TLS: the server speaks h2 only, each
 * AsyncHttpClient API client multiplexes its {@code --in-flight} requests as streams; the JDK and
 * raw Netty rows, floor included, are left out), {@code --transports nio,epoll,io_uring,default}
 * (throughput: a row per AsyncHttpClient API client and transport, see {@link BenchTransport};
 * without it, one row per client without the native jars, as before the option; the raw Netty
 * rows run on NIO whatever it lists), {@code --syscalls} (throughput: system calls, epoll_wait,
 * io_uring_enter, writes + reads and context switches per request, counted by perf over each
 * child's window, see {@link SyscallCounter}; "n/a" where perf is missing or refused), {@code
 * --with-ahc3012} (throughput: an "AHC 3.0.12" row beside each AHC 3.0.11 row, its ratios against
 * AHC 3.0.11 like every row's; AHC 3.0.12 is not on Maven Central, so its classpath file is written
 * by hand, see {@link BenchPaths#AHC3012_HOW}, and the option fails at once without it; not in the
 * timeout table).
 */
public final class Compare {
  private static final String AHC3 = "AHC 3.0.11";
  /** The optional row's label (with --transports, followed by the transport). */
  static final String AHC3012 = "AHC 3.0.12";
  private static final long CHILD_TIMEOUT_SECONDS = 300;

  private int count = 2000;
  private int bursts = 3;
  private long[] deadlines = {20, 1000};
  private int rounds = 3;
  private long warmupSeconds = 10;
  private long measureSeconds = 10;
  private int inFlight = 32;
  private int serverThreads = Runtime.getRuntime().availableProcessors();
  private boolean timeouts = true;
  private boolean throughput = true;
  private boolean pin;
  // throughput over HTTP/2 (TLS, one connection per client) instead of HTTP/1.1
  private boolean h2;
  // requests/s each AsyncHttpClient API client is paced to; 0: unpaced
  private long pacedRate;
  // the transports of the AsyncHttpClient API clients' rows; null: the rows of old, no native jars
  private List<BenchTransport> transports;
  // perf counts each throughput child's system calls
  private boolean syscalls;
  // an AHC 3.0.12 row beside each AHC 3.0.11 row; opt-in, as its classpath is not the build's
  private boolean withAhc3012;

  private Compare() {}

  public static void main(String[] args) throws Exception {
    parsed(args).run();
  }

  /** A Compare set up by its command line, not run yet. */
  static Compare parsed(String... args) {
    Compare compare = new Compare();
    compare.parse(args);
    return compare;
  }

  private void parse(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--skip-timeouts")) {
        timeouts = false;
      } else if (arg.equals("--skip-throughput")) {
        throughput = false;
      } else if (arg.equals("--h2")) {
        h2 = true;
        timeouts = false;
      } else if (arg.equals("--pin")) {
        pin = true;
      } else if (arg.equals("--syscalls")) {
        syscalls = true;
      } else if (arg.equals("--with-ahc3012")) {
        withAhc3012 = true;
      } else if (i + 1 < args.length) {
        String value = args[++i];
        switch (arg) {
          case "--count":
            count = Integer.parseInt(value);
            break;
          case "--bursts":
            bursts = Integer.parseInt(value);
            break;
          case "--deadlines":
            deadlines = TimerPrecision.parseLongs(value);
            break;
          case "--rounds":
            rounds = Integer.parseInt(value);
            break;
          case "--rate":
            pacedRate = Long.parseLong(value);
            break;
          case "--transports":
            transports = BenchTransport.parseList(value);
            break;
          case "--warmup":
            warmupSeconds = Long.parseLong(value);
            break;
          case "--measure":
            measureSeconds = Long.parseLong(value);
            break;
          case "--in-flight":
            inFlight = Integer.parseInt(value);
            break;
          case "--server-threads":
            serverThreads = Integer.parseInt(value);
            break;
          default:
            throw new IllegalArgumentException("option: " + arg + " (see the Compare javadoc)");
        }
      } else {
        throw new IllegalArgumentException("option: " + arg + " (missing its value or unknown)");
      }
    }
  }

  private void run() throws Exception {
    // First, so that a missing file fails the run in a second, not after the timeout table.
    String ahc3012 = ahc3012Classpath(BenchPaths.target());
    System.out.print(Machine.describe());
    System.out.println(
        "child JVMs: " + String.join(" ", ChildJvm.JVM_OPTIONS) + "; server: this JVM, "
            + serverThreads + " NIO threads");
    String ours = classpathOrNull(BenchPaths.OURS_CLASSPATH);
    String ahc3 = classpathOrNull(BenchPaths.AHC3_CLASSPATH);
    try (LoopbackServer server =
        h2 ? LoopbackServer.startH2(serverThreads) : LoopbackServer.start(serverThreads)) {
      if (timeouts) {
        timeoutPrecision(server, ours, ahc3);
      }
      if (throughput) {
        throughput(server, ours, ahc3, ahc3012);
      }
    }
  }

  /**
   * AHC 3.0.12's runtime classpath from {@code targetDir}, or null without --with-ahc3012. Asked
   * for, a missing file is an error rather than a row marked n/a: the build never writes it, so the
   * row can only appear after the steps the message gives.
   */
  String ahc3012Classpath(Path targetDir) throws IOException {
    if (!withAhc3012) {
      return null;
    }
    Path file = targetDir.resolve(BenchPaths.AHC3012_CLASSPATH);
    String classpath =
        Files.isRegularFile(file)
            ? new String(Files.readAllBytes(file), StandardCharsets.UTF_8).trim()
            : "";
    if (classpath.isEmpty()) {
      throw new IllegalStateException(
          "--with-ahc3012: " + file + " is " + (Files.exists(file) ? "empty" : "missing")
              + " (expected AHC 3.0.12's runtime classpath, which no build writes by itself); "
              + BenchPaths.AHC3012_HOW);
    }
    return classpath;
  }

  private static String classpathOrNull(String file) {
    try {
      return BenchPaths.readClasspath(file);
    } catch (IOException e) {
      System.out.println("NOTE: " + e.getMessage());
      return null;
    }
  }

  /** One row family of the timeout table: a client (or the raw ceiling) and how to start it. */
  private static final class TimeoutContender {
    final String label;
    final String classpath;
    final Class<?> main;
    // arguments after URL COUNT TIMEOUT_MS, with LAGS standing for the lags file
    final String[] args;

    TimeoutContender(String label, String classpath, Class<?> main, String... args) {
      this.label = label;
      this.classpath = classpath;
      this.main = main;
      this.args = args;
    }
  }

  private List<TimeoutContender> timeoutContenders(
      String ours, String ahc3, String nativeJars) {
    String oursNative =
        ours == null || nativeJars == null ? null : ours + File.pathSeparator + nativeJars;
    String b = Integer.toString(bursts);
    List<TimeoutContender> list = new ArrayList<>();
    list.add(new TimeoutContender("ahc-deadline timer", ours, ClientTimeoutMain.class,
        "timer", "LAGS", "nio", b));
    list.add(new TimeoutContender("ahc-deadline event-loop", ours, ClientTimeoutMain.class,
        "eventloop", "LAGS", "nio", b));
    list.add(new TimeoutContender("ahc-deadline event-loop epoll", oursNative,
        ClientTimeoutMain.class, "eventloop", "LAGS", "epoll", b));
    list.add(new TimeoutContender("ahc-deadline event-loop io_uring", oursNative,
        ClientTimeoutMain.class, "eventloop", "LAGS", "io_uring", b));
    list.add(new TimeoutContender(AHC3 + " timer", ahc3, ClientTimeoutMain.class,
        "timer", "LAGS", "nio", b));
    list.add(new TimeoutContender("raw Netty ceiling NIO", ours, RawTimeoutMain.class,
        "nio", "LAGS", b));
    list.add(new TimeoutContender("raw Netty ceiling epoll", oursNative, RawTimeoutMain.class,
        "epoll", "LAGS", b));
    list.add(new TimeoutContender("raw Netty ceiling io_uring", oursNative, RawTimeoutMain.class,
        "io_uring", "LAGS", b));
    return list;
  }

  private void timeoutPrecision(LoopbackServer server, String ours, String ahc3)
      throws IOException {
    System.out.println();
    System.out.println(
        "Stress, no target: client timeout precision in a burst of " + count + " requests to"
            + " /never fired at once, " + ClientTimeoutRun.DEFAULT_WARMUP_BURSTS
            + " warm-up bursts then " + bursts + " measured (pooled); lag = caller notified -"
            + " (submit + timeout), ms");
    System.out.println(
        "  raw Netty ceiling: the same burst with Netty alone (connect, write, a task on the"
            + " channel's loop that closes it): what any event-loop client can reach here. The"
            + " burst saturates a small machine whatever arms the timeouts; the precision target"
            + " (4) is measured with headroom by TimeoutsUnderLoad (-Pprecision)");
    TextTable table =
        new TextTable("client", "deadline", "mean", "p50", "p99", "max", "timeouts", "other");
    LagSvg svg = new LagSvg("Client timeout lag, stress (" + count + " requests, one burst)");
    List<String> notes = new ArrayList<>();
    List<TimeoutContender> contenders =
        timeoutContenders(ours, ahc3, classpathOrNull(BenchPaths.NATIVE_CLASSPATH));
    for (long deadline : deadlines) {
      for (TimeoutContender contender : contenders) {
        String label = contender.label;
        if (contender.classpath == null) {
          table.row(label, deadline + " ms", "skipped: no classpath", "", "", "", "", "");
          continue;
        }
        System.err.println("client timeouts: " + label + " @ " + deadline + " ms");
        Path lagsFile = Files.createTempFile("bench-lags", ".txt");
        try {
          List<String> args = new ArrayList<>();
          args.add(server.url("/never"));
          args.add(Integer.toString(count));
          args.add(Long.toString(deadline));
          for (String a : contender.args) {
            args.add(a.equals("LAGS") ? lagsFile.toString() : a);
          }
          List<String> out =
              ChildJvm.run(
                  ChildJvm.classpath(contender.classpath),
                  contender.main,
                  CHILD_TIMEOUT_SECONDS,
                  args.toArray(new String[0]));
          LagStats stats = LagStats.of(ClientTimeoutMain.readLags(lagsFile));
          String[] s = stats.summaryCells();
          String others = ChildJvm.field(out, "others");
          table.row(label, deadline + " ms", s[0], s[1], s[2], s[3], Integer.toString(stats.count()),
              others);
          svg.add(label + " @ " + deadline + " ms", stats);
          if (!"0".equals(others)) {
            notes.add(label + " @ " + deadline + " ms, first other outcome: "
                + ChildJvm.field(out, "firstOther"));
          }
          if (contender.main == ClientTimeoutMain.class
              && "false".equals(ChildJvm.field(out, "modeApplied"))) {
            notes.add(label + ": this build has no setUseEventLoopTimeouts; ran in timer mode");
          }
        } catch (IOException | InterruptedException | RuntimeException e) {
          table.row(label, deadline + " ms", "failed", "", "", "", "", "");
          notes.add(label + " @ " + deadline + " ms failed: " + e.getMessage());
          if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
          }
        } finally {
          Files.deleteIfExists(lagsFile);
        }
      }
    }
    System.out.print(table.render());
    for (String note : notes) {
      System.out.println("  " + note);
    }
    Path svgFile = BenchPaths.target().resolve("compare-timeout-lag.svg");
    svg.write(svgFile);
    System.out.println("lag plot: " + svgFile);
  }

  /**
   * The throughput table's rows: per transport the AsyncHttpClient API clients, then the rest.
   *
   * @param ahc3012 AHC 3.0.12's classpath, null for no such row (see {@link #ahc3012Classpath})
   */
  List<ThroughputContender> throughputContenders(
      String url, String ours, String ahc3, String ahc3012) {
    String n = Integer.toString(inFlight);
    String warm = Long.toString(warmupSeconds * 1000);
    String meas = Long.toString(measureSeconds * 1000);
    String paced = Long.toString(pacedRate);
    String oursNative = withNativeJars(ours, BenchPaths.NATIVE_CLASSPATH);
    String ahc3Native = withNativeJars(ahc3, BenchPaths.AHC3_NATIVE_CLASSPATH);
    // its own Netty release's natives: they must match its netty-transport and unix-common
    String ahc3012Native = withNativeJars(ahc3012, BenchPaths.AHC3012_NATIVE_CLASSPATH);
    List<ThroughputContender> list = new ArrayList<>();
    // Without --transports, the rows of old: unsuffixed, no native jars (so both on NIO).
    List<BenchTransport> rowTransports =
        transports == null ? Collections.singletonList(null) : transports;
    String otherReference = null;
    for (BenchTransport t : rowTransports) {
      String suffix = t == null ? "" : " (" + t.id() + ")";
      String transportArg = t == null ? BenchTransport.DEFAULT.id() : t.id();
      boolean natives = t != null && t.needsNativeJars();
      String reference = AHC3 + suffix;
      if (otherReference == null || t == BenchTransport.DEFAULT) {
        otherReference = reference;
      }
      if (ahc3 != null) {
        list.add(runnable(new ThroughputContender(reference, natives ? ahc3Native : ahc3,
            reference, AhcThroughputMain.class, url, n, warm, meas, "timer", paced, transportArg)));
      }
      if (ahc3012 != null) {
        // Same driver and arguments as the 3.0.11 row; the ratios stay against 3.0.11.
        list.add(runnable(new ThroughputContender(AHC3012 + suffix,
            natives ? ahc3012Native : ahc3012, reference, AhcThroughputMain.class, url, n, warm,
            meas, "timer", paced, transportArg)));
      }
      if (ours != null) {
        String cp = natives ? oursNative : ours;
        list.add(runnable(new ThroughputContender("ahc-deadline timer" + suffix, cp, reference,
            AhcThroughputMain.class, url, n, warm, meas, "timer", paced, transportArg)));
        list.add(runnable(new ThroughputContender("ahc-deadline event-loop" + suffix, cp,
            reference, AhcThroughputMain.class, url, n, warm, meas, "eventloop", paced,
            transportArg)));
      }
    }
    // Paced, the JDK and raw Netty ceiling drivers do not run: they are not paced, and the ceiling
    // writes on its loops, pipelined. The paced floor takes its place: calls from the pacer thread,
    // one per keep-alive connection, as the AsyncHttpClient API clients get them. Over HTTP/2,
    // none of them: they speak HTTP/1.1 in cleartext.
    if (pacedRate > 0 && !h2 && ours != null) {
      list.add(new ThroughputContender("raw Netty (floor) paced", ours, otherReference,
          RawNettyPacedMain.class, url, n, paced, warm, meas));
    }
    if (pacedRate == 0 && !h2) {
      list.add(new ThroughputContender("JDK HttpClient", "", otherReference,
          JdkThroughputMain.class, url, n, warm, meas));
      if (ours != null) {
        list.add(new ThroughputContender("raw Netty (ceiling) " + inFlight + "x1", ours,
            otherReference, RawNettyThroughputMain.class, url, n, "1", warm, meas));
        int pipelined = Math.max(1, inFlight / 8);
        list.add(new ThroughputContender("raw Netty (ceiling) " + pipelined + "x8 pipelined", ours,
            otherReference, RawNettyThroughputMain.class, url, Integer.toString(pipelined), "8",
            warm, meas));
      }
    }
    return list;
  }

  /** {@code classpath} with the native jars listed in {@code nativeFile}, or null if either is. */
  private static String withNativeJars(String classpath, String nativeFile) {
    String jars = classpath == null ? null : classpathOrNull(nativeFile);
    return jars == null ? null : classpath + File.pathSeparator + jars;
  }

  /** Marks a row whose class path is missing (its native jars were not resolved) as not run. */
  private static ThroughputContender runnable(ThroughputContender c) {
    if (c.classpath == null) {
      c.failure = "n/a (no native jars, see the NOTE above the tables)";
    }
    return c;
  }

  private void throughput(LoopbackServer server, String ours, String ahc3, String ahc3012)
      throws IOException, InterruptedException {
    String url = server.url("/small");
    List<ThroughputContender> contenders = throughputContenders(url, ours, ahc3, ahc3012);
    CpuPinning pinning =
        pin
            ? CpuPinning.serverAndClients(Runtime.getRuntime().availableProcessors())
            : CpuPinning.none("--pin not given");
    System.err.println("throughput: " + pinning.describe());
    if (!h2) {
      warmUpServer(pinning, url, ours, Long.toString(warmupSeconds * 1000));
    }
    for (int round = 0; round < rounds; round++) {
      Map<ThroughputContender, Double> roundRates = new LinkedHashMap<>();
      // Alternate the order so no client always runs first (cold machine) or last.
      List<ThroughputContender> order = new ArrayList<>(contenders);
      if (round % 2 == 1) {
        Collections.reverse(order);
      }
      for (ThroughputContender c : order) {
        if (!c.failure.isEmpty()) {
          continue;
        }
        System.err.println("throughput round " + (round + 1) + "/" + rounds + ": " + c.label);
        double rate = runOnce(server, pinning, c);
        if (!Double.isNaN(rate)) {
          roundRates.put(c, rate);
        }
      }
      pairWithReference(roundRates);
    }
    System.out.println();
    System.out.println(
        "Throughput: " + (h2 ? "HTTP/2 over TLS (one connection, streams)" : "keep-alive")
            + " GET /small (" + LoopbackServer.SMALL_BODY_LENGTH + " B), "
            + inFlight + " in flight, " + rounds + " alternating rounds of " + warmupSeconds
            + " s+ warm-up + " + measureSeconds + " s; median of rounds; " + pinning.describe()
            + (pacedRate > 0 ? "; each client paced to " + pacedRate + " requests/s" : ""));
    System.out.print(ThroughputReport.render(contenders, transports != null, syscalls));
  }

  /**
   * Runs one child JVM of a round and records what it measured in {@code c}; with --syscalls,
   * perf counts the child from the moment it says its window starts.
   *
   * @return the child's requests/s, or NaN if it failed (then {@code c.failure} says why)
   */
  private double runOnce(LoopbackServer server, CpuPinning pinning, ThroughputContender c)
      throws InterruptedException {
    AtomicReference<SyscallCounter> counter = new AtomicReference<>();
    ChildJvm.LineListener listener =
        (pid, line) -> {
          if (syscalls && line.startsWith(Meter.WINDOW_START + " ")) {
            long windowMillis = Long.parseLong(line.substring(Meter.WINDOW_START.length()).trim());
            counter.set(SyscallCounter.start(pid, windowMillis));
          }
        };
    try {
      LoopbackServer.Usage serverBefore = server.usage();
      List<String> out =
          ChildJvm.run(pinning.childPrefix(), ChildJvm.classpath(c.classpath), c.main,
              CHILD_TIMEOUT_SECONDS, listener, c.args);
      LoopbackServer.Usage serverAfter = server.usage();
      long requests = Long.parseLong(ChildJvm.field(out, "requests"));
      long nanos = Long.parseLong(ChildJvm.field(out, "nanos"));
      long alloc = Long.parseLong(ChildJvm.field(out, "allocBytes"));
      long cpu = Long.parseLong(ChildJvm.field(out, "cpuNanos"));
      long jit = Long.parseLong(ChildJvm.field(out, "jitMillis"));
      long errors = Long.parseLong(ChildJvm.field(out, "errors"));
      SyscallCounter.Counts counts = awaitCounts(counter.get());
      if (errors > 0) {
        c.failure = errors + " errors, first: " + ChildJvm.field(out, "firstError");
        return Double.NaN;
      }
      if (c.main == AhcThroughputMain.class) {
        c.transportsUsed.add(BenchTransport.describeChannel(ChildJvm.tagged(out, "CHANNEL")));
      }
      if (counts != null) {
        c.syscallsPerRequest.add(counts.perRequest(requests, nanos));
        if (!counts.problem().isEmpty()) {
          c.syscallProblem = counts.problem();
        }
      }
      double rate = requests * 1e9 / nanos;
      c.rates.add(rate);
      if (jit >= 0) {
        c.jitMillis.add((double) jit);
      }
      if (alloc >= 0 && requests > 0) {
        c.bytesPerRequest.add((double) alloc / requests);
      }
      if (cpu >= 0 && requests > 0) {
        c.cpuMicrosPerRequest.add(cpu / 1000.0 / requests);
      }
      double serverCpu = serverAfter.cpuMicrosPerRequestSince(serverBefore);
      if (!Double.isNaN(serverCpu)) {
        c.serverCpuMicrosPerRequest.add(serverCpu);
      }
      c.connections.add((double) serverAfter.connectionsSince(serverBefore));
      return rate;
    } catch (IOException | RuntimeException e) {
      // perf ends with its own sleep; waiting for it here only cleans its output up
      awaitCounts(counter.get());
      c.failure = e.getMessage();
      return Double.NaN;
    }
  }

  /** What perf counted, null without --syscalls. */
  private SyscallCounter.Counts awaitCounts(SyscallCounter counter) throws InterruptedException {
    if (!syscalls) {
      return null;
    }
    return counter == null
        ? SyscallCounter.Counts.unavailable("the child never reported its window")
        : counter.await();
  }

  /**
   * Runs a raw Netty client against the server once, unmeasured, before the first round: the
   * server shares this JVM, and a cold server would slow whichever client runs first.
   */
  static void warmUpServer(CpuPinning pinning, String url, String ours, String warmMillis) {
    if (ours == null) {
      return;
    }
    System.err.println("throughput: warming the server up");
    try {
      ChildJvm.run(pinning.childPrefix(), ChildJvm.classpath(ours), RawNettyThroughputMain.class,
          CHILD_TIMEOUT_SECONDS, url, "32", "1", warmMillis, "1000");
    } catch (IOException | RuntimeException | InterruptedException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      System.out.println("NOTE: server warm-up failed: " + e.getMessage());
    }
  }


  /** Records each contender's rate over its reference's rate in the same round. */
  private static void pairWithReference(Map<ThroughputContender, Double> roundRates) {
    Map<String, Double> byLabel = new HashMap<>();
    for (Map.Entry<ThroughputContender, Double> e : roundRates.entrySet()) {
      byLabel.put(e.getKey().label, e.getValue());
    }
    for (Map.Entry<ThroughputContender, Double> e : roundRates.entrySet()) {
      Double reference = byLabel.get(e.getKey().referenceLabel);
      if (reference != null) {
        e.getKey().pairedRatios.add(e.getValue() / reference);
      }
    }
  }
}

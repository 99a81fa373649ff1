package io.github.ahcdeadline.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the cross-client benchmarks, every client in its own child JVM against one loopback server
 * in this JVM, and prints the tables with the machine at the top. The clients are ahc-deadline,
 * AsyncHttpClient 3.0.14 (the reference every ratio divides by) and AsyncHttpClient 3.0.11 (a second
 * column), each with its default configuration, and each also with {@code
 * setUseEventLoopTimeouts(true)} where the release has it (ahc-deadline and 3.0.14). Every client
 * row runs once per transport of {@code --transports} (default {@code nio}), the same transport for
 * every client: see {@link BenchTransport}; the tables show what each child really ran on.
 *
 * <ol>
 *   <li>Client timeout precision under stress: a burst of requests to {@code /never}, lag of each
 *       request timeout behind submit + timeout, for each client and the same burst done with
 *       Netty alone (the ceiling), at each deadline. Also written as
 *       target/compare-timeout-lag.svg. (Precision with headroom, under a paced load, is {@link
 *       TimeoutsUnderLoad}.)
 *   <li>Throughput: keep-alive GET {@code /small} with a fixed number in flight, for each client,
 *       the JDK client and a raw Netty client (the server ceiling), in alternating rounds;
 *       requests/s, ratio to AHC 3.0.14 (same mode, same transport) and to AHC 3.0.11, CPU and heap
 *       bytes allocated per request. With {@code --syscalls}, system calls per request counted by
 *       perf. With {@code --rate}, only the AsyncHttpClient API clients and, over HTTP/1.1, a paced
 *       raw Netty client (the floor, see {@link RawNettyPacedMain}: keep-alive connections,
 *       requests written from the pacer thread as an application thread would) run, all at the
 *       same rate; the JDK and raw Netty ceiling rows, whose drivers are not paced, are left out.
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
 * (both tables: a row per client and transport, see {@link BenchTransport}; default {@code nio};
 * the raw Netty throughput rows run on NIO whatever it lists), {@code --defaults-only}
 * (throughput: only the AsyncHttpClient API clients in their default configuration, no event-loop,
 * JDK or raw Netty rows), {@code --syscalls} (throughput: system calls, epoll_wait,
 * io_uring_enter, writes + reads and context switches per request, counted by perf over each
 * child's window, see {@link SyscallCounter}; "n/a" where perf is missing or refused), {@code
 * --with-ahc3012} (throughput: an "AHC 3.0.12" row beside each AHC 3.0.11 row; AHC 3.0.12 is not
 * on Maven Central, so its classpath file is written by hand, see {@link BenchPaths#AHC3012_HOW},
 * and the option fails at once without it; not in the timeout table).
 */
public final class Compare {
  private static final String AHC3014 = BenchClient.AHC_3_0_14.label();
  private static final String AHC3011 = BenchClient.AHC_3_0_11.label();
  private static final String OURS = BenchClient.OURS.label();
  /** The optional row's label (followed by the transport). */
  static final String AHC3012 = BenchClient.AHC_3_0_12.label();
  /** What a row label adds for {@code setUseEventLoopTimeouts(true)}. */
  static final String EVENT_LOOP = " event-loop";
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
  // the transports of the client rows, the same for every client
  private List<BenchTransport> transports = List.of(BenchTransport.NIO);
  // throughput: the AsyncHttpClient API clients in their default configuration only
  private boolean defaultsOnly;
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
      } else if (arg.equals("--defaults-only")) {
        defaultsOnly = true;
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
            + serverThreads + " NIO threads; client transports: " + transportIds());
    Map<BenchClient, String> classpaths = buildClasspaths();
    if (ahc3012 != null) {
      classpaths.put(BenchClient.AHC_3_0_12, ahc3012);
    }
    try (LoopbackServer server =
        h2 ? LoopbackServer.startH2(serverThreads) : LoopbackServer.start(serverThreads)) {
      if (timeouts) {
        timeoutPrecision(server, classpaths);
      }
      if (throughput) {
        printThroughput(measureThroughput(server, classpaths));
      }
    }
  }

  private String transportIds() {
    List<String> ids = new ArrayList<>();
    for (BenchTransport t : transports) {
      ids.add(t.id());
    }
    return String.join(", ", ids);
  }

  /**
   * The runtime classpath of ahc-deadline, AHC 3.0.14 and AHC 3.0.11 as the build wrote them; a
   * client whose file is missing is left out, with a NOTE saying how to write it.
   */
  static Map<BenchClient, String> buildClasspaths() {
    Map<BenchClient, String> classpaths = new EnumMap<>(BenchClient.class);
    for (BenchClient client :
        List.of(BenchClient.OURS, BenchClient.AHC_3_0_14, BenchClient.AHC_3_0_11)) {
      String classpath = classpathOrNull(client.classpathFile());
      if (classpath != null) {
        classpaths.put(client, classpath);
      }
    }
    return classpaths;
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

  /** The label of a client row: client, mode, transport. */
  static String rowLabel(BenchClient client, boolean eventLoop, BenchTransport transport) {
    return client.label() + (eventLoop ? EVENT_LOOP : "") + " (" + transport.id() + ")";
  }

  /** One row family of the timeout table: a client (or the raw ceiling) and how to start it. */
  static final class TimeoutContender {
    final String label;
    // null: the row cannot run here (a classpath file is missing)
    final String classpath;
    final Class<?> main;
    // what the child runs on when it does not say (the raw ceiling)
    final BenchTransport transport;
    // arguments after URL COUNT TIMEOUT_MS, with LAGS standing for the lags file
    final String[] args;

    TimeoutContender(
        String label, String classpath, Class<?> main, BenchTransport transport, String... args) {
      this.label = label;
      this.classpath = classpath;
      this.main = main;
      this.transport = transport;
      this.args = args;
    }
  }

  /** The timeout table's rows, per transport: the clients, then the raw Netty ceiling. */
  List<TimeoutContender> timeoutContenders(Map<BenchClient, String> classpaths) {
    String b = Integer.toString(bursts);
    List<TimeoutContender> list = new ArrayList<>();
    for (BenchTransport t : transports) {
      for (BenchClient client :
          List.of(BenchClient.AHC_3_0_14, BenchClient.AHC_3_0_11, BenchClient.OURS)) {
        String cp = withNativeJars(classpaths.get(client), client, t);
        list.add(new TimeoutContender(rowLabel(client, false, t), cp, ClientTimeoutMain.class, t,
            "timer", "LAGS", t.id(), b));
        if (client != BenchClient.AHC_3_0_11) {
          list.add(new TimeoutContender(rowLabel(client, true, t), cp, ClientTimeoutMain.class, t,
              "eventloop", "LAGS", t.id(), b));
        }
      }
      // the ceiling picks its transport itself: "default" has no raw counterpart
      if (t != BenchTransport.DEFAULT) {
        list.add(new TimeoutContender("raw Netty ceiling (" + t.id() + ")",
            withNativeJars(classpaths.get(BenchClient.OURS), BenchClient.OURS, t),
            RawTimeoutMain.class, t, t.id(), "LAGS", b));
      }
    }
    return list;
  }

  private void timeoutPrecision(LoopbackServer server, Map<BenchClient, String> classpaths)
      throws IOException {
    System.out.println();
    System.out.println(
        "Client timeout precision under stress: a burst of " + count + " requests to a route"
            + " that never answers, fired at once, " + ClientTimeoutRun.DEFAULT_WARMUP_BURSTS
            + " warm-up bursts then " + bursts + " measured; lag = when the caller heard of the"
            + " TimeoutException - (submit + request timeout), ms");
    System.out.println(
        "  Each client in its own JVM with its defaults (timeouts on a HashedWheelTimer, 100 ms"
            + " tick), and with setUseEventLoopTimeouts(true) (\"event-loop\") where it has it."
            + " raw Netty ceiling: the same burst with Netty alone (connect, write, a task on the"
            + " channel's loop that closes it), what any event-loop client can reach here. The"
            + " burst saturates a small machine whatever arms the timeouts; precision with"
            + " headroom is TimeoutsUnderLoad (-Pprecision).");
    TextTable table =
        new TextTable(
            "client", "transport", "deadline", "mean", "p50", "p99", "max", "timeouts", "other");
    LagSvg svg = new LagSvg("Client timeout lag, stress (" + count + " requests, one burst)");
    List<String> notes = new ArrayList<>();
    List<TimeoutContender> contenders = timeoutContenders(classpaths);
    for (long deadline : deadlines) {
      for (TimeoutContender contender : contenders) {
        String label = contender.label;
        if (contender.classpath == null) {
          table.row(label, "-", deadline + " ms", "n/a: no classpath (see NOTE above)", "", "", "",
              "", "");
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
          String ranOn =
              contender.main == ClientTimeoutMain.class
                  ? BenchTransport.describeChannel(ChildJvm.field(out, "channel"))
                  : contender.transport.shownAs();
          table.row(label, ranOn, deadline + " ms", s[0], s[1], s[2], s[3],
              Integer.toString(stats.count()), others);
          svg.add(label + " @ " + deadline + " ms", stats);
          if (!"0".equals(others)) {
            notes.add(label + " @ " + deadline + " ms, first other outcome: "
                + ChildJvm.field(out, "firstOther"));
          }
          if (contender.main == ClientTimeoutMain.class
              && "false".equals(ChildJvm.field(out, "modeApplied"))) {
            notes.add(label + ": this client has no setUseEventLoopTimeouts; ran in timer mode");
          }
        } catch (IOException | InterruptedException | RuntimeException e) {
          table.row(label, "-", deadline + " ms", "failed", "", "", "", "", "");
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
    System.out.println("  transport: what the client ran on, from its first connection's channel.");
    for (String note : notes) {
      System.out.println("  " + note);
    }
    Path svgFile = BenchPaths.target().resolve("compare-timeout-lag.svg");
    svg.write(svgFile);
    System.out.println("lag plot: " + svgFile);
  }

  /**
   * The throughput table's rows: per transport the AsyncHttpClient API clients (AHC 3.0.14 first,
   * the reference), then the JDK and raw Netty rows.
   *
   * @param classpaths each client's runtime classpath; a client absent from the map has no row
   *     (AHC 3.0.12: only when asked for, see {@link #ahc3012Classpath}), one present whose native
   *     jars are missing has rows marked n/a on the native transports
   */
  List<ThroughputContender> throughputContenders(String url, Map<BenchClient, String> classpaths) {
    String n = Integer.toString(inFlight);
    String warm = Long.toString(warmupSeconds * 1000);
    String meas = Long.toString(measureSeconds * 1000);
    String paced = Long.toString(pacedRate);
    String ours = classpaths.get(BenchClient.OURS);
    List<ThroughputContender> list = new ArrayList<>();
    String otherReference = null;
    String otherSecond = null;
    for (BenchTransport t : transports) {
      String reference = rowLabel(BenchClient.AHC_3_0_14, false, t);
      String eventLoopReference = rowLabel(BenchClient.AHC_3_0_14, true, t);
      String second = classpaths.containsKey(BenchClient.AHC_3_0_11)
          ? rowLabel(BenchClient.AHC_3_0_11, false, t)
          : null;
      // the JDK and raw Netty rows run on NIO: against the NIO rows if there are any
      if (otherReference == null || t == BenchTransport.NIO) {
        otherReference = reference;
        otherSecond = second;
      }
      for (BenchClient client : List.of(BenchClient.AHC_3_0_14, BenchClient.AHC_3_0_11,
          BenchClient.AHC_3_0_12, BenchClient.OURS)) {
        if (!classpaths.containsKey(client)) {
          continue;
        }
        String cp = withNativeJars(classpaths.get(client), client, t);
        list.add(runnable(new ThroughputContender(rowLabel(client, false, t), cp, reference,
            second, AhcThroughputMain.class, url, n, warm, meas, "timer", paced, t.id())));
        boolean hasEventLoopMode =
            client == BenchClient.AHC_3_0_14 || client == BenchClient.OURS;
        if (hasEventLoopMode && !defaultsOnly) {
          list.add(runnable(new ThroughputContender(rowLabel(client, true, t), cp,
              eventLoopReference, second, AhcThroughputMain.class, url, n, warm, meas,
              "eventloop", paced, t.id())));
        }
      }
    }
    if (defaultsOnly || h2 || ours == null) {
      return list;
    }
    // Paced, the JDK and raw Netty ceiling drivers do not run: they are not paced, and the ceiling
    // writes on its loops, pipelined. The paced floor takes its place: calls from the pacer thread,
    // one per keep-alive connection, as the AsyncHttpClient API clients get them. Over HTTP/2,
    // none of them: they speak HTTP/1.1 in cleartext.
    if (pacedRate > 0) {
      list.add(new ThroughputContender("raw Netty (floor) paced", ours, otherReference,
          otherSecond, RawNettyPacedMain.class, url, n, paced, warm, meas));
      return list;
    }
    list.add(new ThroughputContender("JDK HttpClient", "", otherReference, otherSecond,
        JdkThroughputMain.class, url, n, warm, meas));
    list.add(new ThroughputContender("raw Netty (ceiling) " + inFlight + "x1", ours,
        otherReference, otherSecond, RawNettyThroughputMain.class, url, n, "1", warm, meas));
    int pipelined = Math.max(1, inFlight / 8);
    list.add(new ThroughputContender("raw Netty (ceiling) " + pipelined + "x8 pipelined", ours,
        otherReference, otherSecond, RawNettyThroughputMain.class, url,
        Integer.toString(pipelined), "8", warm, meas));
    return list;
  }

  /**
   * {@code classpath} followed by {@code client}'s native jars when {@code transport} needs them;
   * null if {@code classpath} is, or if the native jars' file is missing.
   */
  private static String withNativeJars(
      String classpath, BenchClient client, BenchTransport transport) {
    if (classpath == null || !transport.needsNativeJars()) {
      return classpath;
    }
    String jars = classpathOrNull(client.nativeClasspathFile());
    return jars == null ? null : classpath + File.pathSeparator + jars;
  }

  /** Marks a row whose class path is missing (its native jars were not resolved) as not run. */
  private static ThroughputContender runnable(ThroughputContender c) {
    if (c.classpath == null) {
      c.failure = "n/a (no native jars, see the NOTE above the tables)";
    }
    return c;
  }

  /**
   * Runs the throughput rounds against {@code server} and returns the rows with what they
   * measured; progress goes to stderr.
   */
  List<ThroughputContender> measureThroughput(
      LoopbackServer server, Map<BenchClient, String> classpaths)
      throws IOException, InterruptedException {
    String url = server.url("/small");
    List<ThroughputContender> contenders = throughputContenders(url, classpaths);
    CpuPinning pinning = pinning();
    System.err.println("throughput: " + pinning.describe());
    if (!h2) {
      warmUpServer(pinning, url, classpaths.get(BenchClient.OURS),
          Long.toString(warmupSeconds * 1000));
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
    return contenders;
  }

  private CpuPinning pinning() {
    return pin
        ? CpuPinning.serverAndClients(Runtime.getRuntime().availableProcessors())
        : CpuPinning.none("--pin not given");
  }

  /** One line: what the throughput rows measured and how. */
  String describeThroughput() {
    return (h2 ? "HTTP/2 over TLS (one connection, streams)" : "keep-alive")
        + " GET /small (" + LoopbackServer.SMALL_BODY_LENGTH + " B), "
        + inFlight + " in flight, "
        + (rounds == 1 ? "1 round" : rounds + " alternating rounds")
        + " of " + warmupSeconds + " s+ warm-up + " + measureSeconds + " s"
        + (rounds == 1 ? "" : "; median of rounds") + "; " + pinning().describe()
        + (pacedRate > 0 ? "; each client paced to " + pacedRate + " requests/s" : "");
  }

  private void printThroughput(List<ThroughputContender> contenders) {
    System.out.println();
    System.out.println("Throughput: " + describeThroughput());
    System.out.print(ThroughputReport.render(contenders, syscalls));
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

package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Timeout precision with headroom, the case users live in: a steady paced load of keep-alive GETs
 * while requests to a route that never answers time out, half on pooled connections and half on
 * new ones (see {@link TimeoutPacer} for how each is forced). Runs, one after the other and each
 * in its own child JVM ({@link LoadedTimeoutRun}), against one {@link LoopbackServer} in this JVM:
 * ahc-deadline and AHC 3.0.14, each with {@code setUseEventLoopTimeouts(true)} and with its
 * defaults (timeouts on a HashedWheelTimer, 100 ms tick), and AHC 3.0.11 with its defaults and,
 * in the full run, with a 1 ms tick; prints one table ({@link UnderLoadTable}).
 *
 * <p>Options: those of {@link UnderLoadSettings} ({@code --rate 5000 --timeout-rate 200 --deadlines
 * 20,1000 --warmup 10 --measure 20 ...}), {@code --server-threads N} (nproc), {@code
 * --server-warmup S} (5: seconds of raw Netty load on the server before the first client, so the
 * client that runs first does not meet a cold server) and {@code --transports nio,epoll,...}
 * (default nio: every client once per transport, the same for all, see {@link BenchTransport};
 * {@code default} gives each client the native jars of its Netty release and lets it choose, as an
 * application that adds them: ahc-deadline and 3.0.14 pick epoll, 3.0.11 stays on NIO).
 */
public final class TimeoutsUnderLoad {
  /** The command that runs this from a fresh clone (options in {@code -Dbench.args}). */
  static final String COMMAND =
      "./mvnw -B -q -ntp -pl extras/benchmarks -am package -DskipTests -Pprecision";

  /** Seconds of raw Netty load that warm the server up before the first client, by default. */
  static final long DEFAULT_SERVER_WARMUP_MILLIS = 5_000;

  private TimeoutsUnderLoad() {}

  /** One client of the run and how to start it. */
  static final class Contender {
    final String label;
    final BenchClient client;
    final BenchTransport transport;
    final String mode;
    final long tickMillis;

    Contender(
        String label, BenchClient client, BenchTransport transport, String mode, long tickMillis) {
      this.label = label;
      this.client = client;
      this.transport = transport;
      this.mode = mode;
      this.tickMillis = tickMillis;
    }
  }

  /**
   * The clients, per transport: the event-loop pair (ahc-deadline, AHC 3.0.14), then the defaults
   * (ahc-deadline, AHC 3.0.14, AHC 3.0.11), then, if {@code withTick1}, AHC 3.0.11 with a 1 ms tick.
   */
  static List<Contender> contenders(List<BenchTransport> transports, boolean withTick1) {
    List<Contender> list = new ArrayList<>();
    for (BenchTransport t : transports) {
      for (BenchClient client : List.of(BenchClient.OURS, BenchClient.AHC_3_0_14)) {
        list.add(new Contender(Compare.rowLabel(client, true, t), client, t, "eventloop", 0));
      }
      for (BenchClient client :
          List.of(BenchClient.OURS, BenchClient.AHC_3_0_14, BenchClient.AHC_3_0_11)) {
        list.add(new Contender(Compare.rowLabel(client, false, t), client, t, "timer", 0));
      }
      if (withTick1) {
        list.add(new Contender(BenchClient.AHC_3_0_11.label() + " tick 1 ms (" + t.id() + ")",
            BenchClient.AHC_3_0_11, t, "timer", 1));
      }
    }
    return list;
  }

  public static void main(String[] args) throws Exception {
    UnderLoadSettings settings = new UnderLoadSettings();
    int serverThreads = Runtime.getRuntime().availableProcessors();
    long serverWarmupMillis = DEFAULT_SERVER_WARMUP_MILLIS;
    List<BenchTransport> transports = List.of(BenchTransport.NIO);
    for (int i = 0; i < args.length; i += 2) {
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("option: " + args[i] + " (missing its value)");
      }
      if (args[i].equals("--server-threads")) {
        serverThreads = Integer.parseInt(args[i + 1]);
      } else if (args[i].equals("--transports")) {
        transports = BenchTransport.parseList(args[i + 1]);
      } else if (args[i].equals("--server-warmup")) {
        serverWarmupMillis = Math.round(Double.parseDouble(args[i + 1]) * 1000);
      } else if (!settings.apply(args[i], args[i + 1])) {
        throw new IllegalArgumentException("option: " + args[i] + " (see TimeoutsUnderLoad)");
      }
    }
    System.out.print(Machine.describe());
    try (LoopbackServer server = LoopbackServer.start(serverThreads)) {
      System.out.println(
          "child JVMs: " + String.join(" ", ChildJvm.JVM_OPTIONS) + "; server: this JVM, "
              + serverThreads + " NIO threads");
      System.out.println();
      run(server, settings, serverWarmupMillis, contenders(transports, true), System.out,
          System.err);
    }
  }

  /**
   * Warms the server up for {@code serverWarmupMillis} (0: not at all), then runs every one of
   * {@code contenders} against {@code server}; prints the title and the table to {@code out} and
   * progress to {@code progress}; returns the results (for a plot).
   */
  static List<UnderLoadResult> run(
      LoopbackServer server,
      UnderLoadSettings settings,
      long serverWarmupMillis,
      List<Contender> contenders,
      PrintStream out,
      PrintStream progress) {
    out.println(
        "Client timeout precision under load: each client in its own JVM carries the same paced"
            + " load while some of its requests time out; how late does the caller hear of each"
            + " TimeoutException?");
    out.println("  " + settings.describe());
    UnderLoadTable table = new UnderLoadTable(settings.loadRate);
    if (serverWarmupMillis > 0) {
      try {
        Compare.warmUpServer(
            CpuPinning.none("not pinned"),
            server.url("/small"),
            BenchPaths.readClasspath(BenchPaths.OURS_CLASSPATH),
            Long.toString(serverWarmupMillis));
      } catch (IOException e) {
        table.note("server not warmed up: " + e.getMessage());
      }
    }
    List<UnderLoadResult> all = new ArrayList<>();
    for (Contender c : contenders) {
      progress.println("timeouts under load: " + c.label);
      List<UnderLoadResult> results = runOne(server, settings, c, table);
      for (UnderLoadResult r : results) {
        table.add(r);
      }
      all.addAll(results);
    }
    out.print(table.render());
    return all;
  }

  private static List<UnderLoadResult> runOne(
      LoopbackServer server, UnderLoadSettings settings, Contender c, UnderLoadTable table) {
    String classpath;
    try {
      classpath = c.client.classpath(c.transport);
    } catch (IOException e) {
      missing(table, settings, c, "skipped");
      table.note(c.label + ": " + e.getMessage());
      return List.of();
    }
    List<String> args = new ArrayList<>();
    args.add(server.url(""));
    args.add(c.mode);
    args.add(Long.toString(c.tickMillis));
    args.add(c.transport.id());
    args.addAll(settings.toArgs());
    try {
      List<String> output =
          ChildJvm.run(
              ChildJvm.classpath(classpath),
              LoadedTimeoutRun.class,
              settings.childTimeoutSeconds(LoadedTimeoutRun.STRAGGLER_WAIT_MILLIS),
              args.toArray(new String[0]));
      for (String line : output) {
        if (line.startsWith("NOTE ")) {
          table.note(c.label + ": " + line.substring("NOTE ".length()));
        }
      }
      return UnderLoadResult.parse(c.label, output);
    } catch (IOException | RuntimeException e) {
      missing(table, settings, c, "failed");
      table.note(c.label + " failed: " + e.getMessage());
      return List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      missing(table, settings, c, "interrupted");
      return List.of();
    }
  }

  private static void missing(
      UnderLoadTable table, UnderLoadSettings settings, Contender c, String why) {
    for (long d : settings.deadlinesMillis) {
      table.addMissing(c.label, d, why);
    }
  }
}

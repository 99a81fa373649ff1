package io.github.ahcdeadline.bench;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jetbrains.annotations.Nullable;

/**
 * Target 4, timeout precision with headroom, the case users live in: a steady paced load of
 * keep-alive GETs while requests to a route that never answers time out, half on pooled
 * connections and half on new ones (see {@link TimeoutPacer} for how each is forced). Runs, one
 * after the other and each in its own child JVM ({@link LoadedTimeoutRun}), against one {@link
 * LoopbackServer} in this JVM: ahc-deadline in event-loop mode (the client the target is about),
 * ahc-deadline in timer mode, and AHC 3.0.11 with its default 100 ms tick and with a 1 ms tick;
 * prints one table ({@link UnderLoadTable}) with the target's verdict.
 *
 * <p>Options: those of {@link UnderLoadSettings} ({@code --rate 5000 --timeout-rate 200 --deadlines
 * 20,1000 --warmup 10 --measure 20 ...}), {@code --server-threads N} (nproc) and {@code
 * --server-warmup S} (5: seconds of raw Netty load on the server before the first client, so the
 * client that runs first does not meet a cold server), {@code --native-jars true} (false: each
 * client also gets the native transport jars of its Netty release on its class path, as an
 * application that adds them: ahc-deadline then detects epoll, as 3.0.12 does, where AHC 3.0.11
 * stays on NIO; rows say "(native jars)").
 */
public final class TimeoutsUnderLoad {
  /** The command that runs this from a fresh clone (options in {@code -Dbench.args}). */
  static final String COMMAND =
      "./mvnw -B -q -ntp -pl extras/benchmarks -am package -DskipTests -Pprecision";

  /** Seconds of raw Netty load that warm the server up before the first client, by default. */
  static final long DEFAULT_SERVER_WARMUP_MILLIS = 5_000;

  /** The client the target is about. */
  static final String TARGET_CLIENT = "ahc-deadline event-loop";

  private TimeoutsUnderLoad() {}

  /** One client of the run and how to start it. */
  private static final class Contender {
    final String label;
    final String classpathFile;
    /** The file listing the native transport jars of the client's Netty, or null for none. */
    final @Nullable String nativeJarsFile;
    final String mode;
    final long tickMillis;

    Contender(
        String label,
        String classpathFile,
        @Nullable String nativeJarsFile,
        String mode,
        long tickMillis) {
      this.label = label;
      this.classpathFile = classpathFile;
      this.nativeJarsFile = nativeJarsFile;
      this.mode = mode;
      this.tickMillis = tickMillis;
    }
  }

  static final String NATIVE_JARS_SUFFIX = " (native jars)";

  private static List<Contender> contenders(boolean nativeJars) {
    String ours = nativeJars ? BenchPaths.NATIVE_CLASSPATH : null;
    String ahc3 = nativeJars ? BenchPaths.AHC3_NATIVE_CLASSPATH : null;
    String suffix = nativeJars ? NATIVE_JARS_SUFFIX : "";
    return List.of(
        new Contender(TARGET_CLIENT + suffix, BenchPaths.OURS_CLASSPATH, ours, "eventloop", 0),
        new Contender("ahc-deadline timer" + suffix, BenchPaths.OURS_CLASSPATH, ours, "timer", 0),
        new Contender(
            "AHC 3.0.11, tick 100 ms (default)" + suffix, BenchPaths.AHC3_CLASSPATH, ahc3, "timer", 0),
        new Contender("AHC 3.0.11, tick 1 ms" + suffix, BenchPaths.AHC3_CLASSPATH, ahc3, "timer", 1));
  }

  public static void main(String[] args) throws Exception {
    UnderLoadSettings settings = new UnderLoadSettings();
    int serverThreads = Runtime.getRuntime().availableProcessors();
    long serverWarmupMillis = DEFAULT_SERVER_WARMUP_MILLIS;
    boolean nativeJars = false;
    for (int i = 0; i < args.length; i += 2) {
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("option: " + args[i] + " (missing its value)");
      }
      if (args[i].equals("--server-threads")) {
        serverThreads = Integer.parseInt(args[i + 1]);
      } else if (args[i].equals("--native-jars")) {
        nativeJars = parseFlag(args[i], args[i + 1]);
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
      run(server, settings, serverWarmupMillis, nativeJars, System.out, System.err);
    }
  }

  /**
   * Warms the server up for {@code serverWarmupMillis} (0: not at all), then runs every client
   * against {@code server}; prints the title and the table to {@code out} and progress to {@code
   * progress}; returns the results (for a plot).
   */
  static List<UnderLoadResult> run(
      LoopbackServer server,
      UnderLoadSettings settings,
      long serverWarmupMillis,
      boolean nativeJars,
      PrintStream out,
      PrintStream progress) {
    out.println(
        "Client timeout precision under load (target 4: " + TARGET_CLIENT + " p99 <= "
            + signed(UnderLoadTable.TARGET_P99_MILLIS) + " ms, max <= "
            + signed(UnderLoadTable.TARGET_MAX_MILLIS) + " ms)");
    out.println("  " + settings.describe());
    UnderLoadTable table =
        new UnderLoadTable(TARGET_CLIENT + (nativeJars ? NATIVE_JARS_SUFFIX : ""), settings.loadRate);
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
    for (Contender c : contenders(nativeJars)) {
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
      classpath = BenchPaths.readClasspath(c.classpathFile);
      if (c.nativeJarsFile != null) {
        classpath += File.pathSeparator + BenchPaths.readClasspath(c.nativeJarsFile);
      }
    } catch (IOException e) {
      missing(table, settings, c, "skipped");
      table.note(c.label + ": " + e.getMessage());
      return List.of();
    }
    List<String> args = new ArrayList<>();
    args.add(server.url(""));
    args.add(c.mode);
    args.add(Long.toString(c.tickMillis));
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

  /** {@code true} or {@code false}, for {@code option}. */
  static boolean parseFlag(String option, String value) {
    if (value.equals("true") || value.equals("false")) {
      return Boolean.parseBoolean(value);
    }
    throw new IllegalArgumentException(option + ": " + value + " (expected true or false)");
  }

  private static String signed(double millis) {
    return String.format(Locale.ROOT, "%+.1f", millis);
  }
}

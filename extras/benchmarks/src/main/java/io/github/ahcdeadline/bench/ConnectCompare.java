package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The connect benchmarks, each client in its own child JVM ({@link ConnectMain}) against one
 * loopback server in this JVM on 127.0.0.1, with a black hole ({@link BlackHoleAddress}) on
 * 127.0.0.2 and the same port:
 *
 * <ol>
 *   <li>time to first byte for a host of two addresses, the first black-holed: ahc-deadline with
 *       {@code connectionAttemptDelay} 250 ms and off, AHC 3.0.11 (which waits out {@code
 *       connectTimeout}, 5 s by default, then tries the second address);
 *   <li>the race's cost where it cannot happen: a host of one address, keep-alive off (a new
 *       connection per request), ahc-deadline with the delay at 250 ms and at 0: requests/s, CPU
 *       and heap bytes per request should match.
 * </ol>
 *
 * <p>Options: {@code --samples N} (5), {@code --warmup S} (5), {@code --measure S} (10), {@code
 * --in-flight N} (8), {@code --rounds N} (3, the single-address rows alternate).
 */
public final class ConnectCompare {
  private static final long CHILD_TIMEOUT_SECONDS = 300;

  private int samples = 5;
  private long warmupSeconds = 5;
  private long measureSeconds = 10;
  private int inFlight = 8;
  private int rounds = 3;

  private ConnectCompare() {}

  public static void main(String[] args) throws Exception {
    ConnectCompare c = new ConnectCompare();
    c.parse(args);
    c.run();
  }

  private void parse(String[] args) {
    for (int i = 0; i + 1 < args.length; i += 2) {
      String value = args[i + 1];
      switch (args[i]) {
        case "--samples":
          samples = Integer.parseInt(value);
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
        case "--rounds":
          rounds = Integer.parseInt(value);
          break;
        default:
          throw new IllegalArgumentException("option: " + args[i] + " (see the ConnectCompare javadoc)");
      }
    }
    if (args.length % 2 != 0) {
      throw new IllegalArgumentException("options: " + Arrays.toString(args) + " (expected pairs)");
    }
  }

  private void run() throws Exception {
    System.out.print(Machine.describe());
    String ours = BenchPaths.readClasspath(BenchPaths.OURS_CLASSPATH);
    String ahc3 = classpathOrNull(BenchPaths.AHC3_CLASSPATH);
    try (LoopbackServer server = LoopbackServer.start(2);
        BlackHoleAddress hole = BlackHoleAddress.on("127.0.0.2", server.port())) {
      timeToFirstByte(server, ours, ahc3);
      singleAddressCost(server, ours);
    }
  }

  private static String classpathOrNull(String file) {
    try {
      return BenchPaths.readClasspath(file);
    } catch (IOException e) {
      System.out.println("NOTE: " + e.getMessage());
      return null;
    }
  }

  private void timeToFirstByte(LoopbackServer server, String ours, String ahc3) throws Exception {
    System.out.println();
    System.out.println(
        "Time to first byte, host of two addresses (127.0.0.2 black-holes SYNs, then 127.0.0.1),"
            + " each sample the first request of a new client, connectTimeout 5 s (default), ms");
    TextTable table = new TextTable("client", "median", "min", "max", "samples");
    String port = Integer.toString(server.port());
    String[][] rows = {
      {"ahc-deadline, connectionAttemptDelay 250 ms", ours, "250"},
      {"ahc-deadline, connectionAttemptDelay 0 (off)", ours, "0"},
      {"AHC 3.0.11", ahc3, "0"},
    };
    for (String[] row : rows) {
      if (row[1] == null) {
        table.row(row[0], "skipped: no classpath", "", "", "");
        continue;
      }
      System.err.println("connect ttfb: " + row[0]);
      List<String> out =
          ChildJvm.run(ChildJvm.classpath(row[1]), ConnectMain.class, CHILD_TIMEOUT_SECONDS,
              "ttfb", port, "127.0.0.2,127.0.0.1", row[2], Integer.toString(samples));
      if (!"true".equals(ChildJvm.field(out, "applied"))) {
        table.row(row[0], "skipped: the client lacks connectionAttemptDelay", "", "", "");
        continue;
      }
      long[] ms = Arrays.stream(ChildJvm.field(out, "millis").split(",")).mapToLong(Long::parseLong).sorted().toArray();
      table.row(row[0], Long.toString(ms[ms.length / 2]), Long.toString(ms[0]),
          Long.toString(ms[ms.length - 1]), Integer.toString(ms.length));
    }
    System.out.print(table.render());
  }

  private void singleAddressCost(LoopbackServer server, String ours) throws Exception {
    System.out.println();
    System.out.println(
        "A host of one address (no race can happen), keep-alive off: a new connection per request, "
            + inFlight + " in flight, " + rounds + " alternating rounds of " + measureSeconds
            + " s after " + warmupSeconds + " s of warm-up; medians");
    String port = Integer.toString(server.port());
    String[] delays = {"0", "250"};
    List<List<double[]>> results = new ArrayList<>();
    for (int d = 0; d < delays.length; d++) {
      results.add(new ArrayList<>());
    }
    for (int round = 0; round < rounds; round++) {
      for (int d = 0; d < delays.length; d++) {
        System.err.println("connect single address: delay " + delays[d] + " ms, round " + (round + 1));
        List<String> out =
            ChildJvm.run(ChildJvm.classpath(ours), ConnectMain.class, CHILD_TIMEOUT_SECONDS,
                "newconn", port, "127.0.0.1", delays[d], Integer.toString(inFlight),
                Long.toString(warmupSeconds * 1000), Long.toString(measureSeconds * 1000));
        long requests = Long.parseLong(ChildJvm.field(out, "requests"));
        long nanos = Long.parseLong(ChildJvm.field(out, "nanos"));
        long alloc = Long.parseLong(ChildJvm.field(out, "allocBytes"));
        long cpu = Long.parseLong(ChildJvm.field(out, "cpuNanos"));
        long errors = Long.parseLong(ChildJvm.field(out, "errors"));
        if (errors > 0) {
          throw new IOException(errors + " errors, first: " + ChildJvm.field(out, "firstError"));
        }
        results.get(d).add(new double[] {
          requests * 1e9 / nanos, cpu / 1e3 / requests, (double) alloc / requests
        });
      }
    }
    TextTable table = new TextTable("client", "req/s", "CPU us/req", "bytes/req");
    for (int d = 0; d < delays.length; d++) {
      table.row(
          "ahc-deadline, connectionAttemptDelay " + delays[d] + " ms",
          String.format(Locale.ROOT, "%.0f", median(results.get(d), 0)),
          String.format(Locale.ROOT, "%.1f", median(results.get(d), 1)),
          String.format(Locale.ROOT, "%.0f", median(results.get(d), 2)));
    }
    System.out.print(table.render());
  }

  private static double median(List<double[]> rows, int column) {
    double[] v = rows.stream().mapToDouble(r -> r[column]).sorted().toArray();
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
}

package io.github.ahcdeadline.bench;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Splits the machine's CPUs between the loopback server (this JVM) and the client child JVMs, with
 * Linux {@code taskset}. Unpinned, the server's loops, the client's loops and both JITs compete for
 * the same cores; pinned, each side has its own cores, so the client's rate follows the CPU its own
 * work costs once the server has headroom, and the raw Netty row shows what the server side allows.
 *
 * <p>The server gets the lower half of the CPUs (at least one), the clients the rest. On a
 * two-CPU machine the server then has one core, and that core is the limit: compare each client
 * with the raw Netty row of the same run. On the 2 vCPU VM (docs/benchmarks.md) pinned runs were no
 * steadier than unpinned ones (the raw Netty row moved from 1.07x to 1.46x of AHC 3.0.11 between
 * two runs), so pinning pays off on a machine with dedicated cores to spare, not there.
 */
final class CpuPinning {
  private final List<String> childPrefix;
  private final String description;

  private CpuPinning(List<String> childPrefix, String description) {
    this.childPrefix = childPrefix;
    this.description = description;
  }

  /** No pinning, with the reason shown in the report. */
  static CpuPinning none(String why) {
    return new CpuPinning(List.of(), "not pinned (" + why + ")");
  }

  /**
   * Pins this JVM (every thread it has now; later threads inherit) to the server's CPUs and returns
   * how to start children on the others; falls back to {@link #none} where that cannot be done.
   */
  static CpuPinning serverAndClients(int cpus) {
    if (cpus < 2) {
      return none("one CPU");
    }
    if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
      return none("taskset is Linux only");
    }
    String taskset = onPath("taskset");
    if (taskset == null) {
      return none("no taskset on the PATH");
    }
    int serverCpus = cpus / 2;
    String server = range(0, serverCpus - 1);
    String clients = range(serverCpus, cpus - 1);
    String pid = Long.toString(ProcessHandle.current().pid());
    try {
      Process p =
          new ProcessBuilder(taskset, "-a", "-p", "-c", server, pid)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
        return none("taskset refused to pin the server JVM");
      }
    } catch (IOException e) {
      return none("taskset failed: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return none("interrupted");
    }
    return new CpuPinning(
        List.of(taskset, "-c", clients),
        "server on CPUs " + server + ", each client JVM on CPUs " + clients);
  }

  /** The command words to put before {@code java} for a client child (empty when not pinned). */
  List<String> childPrefix() {
    return childPrefix;
  }

  String describe() {
    return description;
  }

  static String range(int from, int to) {
    return from == to ? Integer.toString(from) : from + "-" + to;
  }

  private static String onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(File.pathSeparator)) {
      File f = new File(dir, program);
      if (f.canExecute()) {
        return f.getPath();
      }
    }
    return null;
  }
}

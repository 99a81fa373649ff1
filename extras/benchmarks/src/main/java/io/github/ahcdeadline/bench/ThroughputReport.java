package io.github.ahcdeadline.bench;

import static io.github.ahcdeadline.bench.ThroughputContender.format;
import static io.github.ahcdeadline.bench.ThroughputContender.max;
import static io.github.ahcdeadline.bench.ThroughputContender.median;
import static io.github.ahcdeadline.bench.ThroughputContender.min;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compare's throughput table from its rows' measurements: the table, what each column means, and
 * why rows failed.
 */
final class ThroughputReport {
  private static final String AHC3014 = BenchClient.AHC_3_0_14.label();
  private static final String AHC3011 = BenchClient.AHC_3_0_11.label();

  private ThroughputReport() {}

  /**
   * The table and its legend, each line ending in a newline.
   *
   * @param syscalls with the perf columns
   */
  static String render(List<ThroughputContender> contenders, boolean syscalls) {
    Map<String, ThroughputContender> byLabel = new HashMap<>();
    for (ThroughputContender c : contenders) {
      byLabel.put(c.label, c);
    }
    List<String> header =
        new ArrayList<>(List.of("client", "transport", "req/s", "min..max", "vs " + AHC3014,
            "paired", "vs " + AHC3011, "CPU us/req", "CPU vs " + AHC3014));
    if (syscalls) {
      header.addAll(SyscallCounter.COLUMNS);
    }
    header.addAll(List.of("server us/req", "bytes/req", "JIT ms", "conns", "rounds"));
    TextTable table = new TextTable(header.toArray(new String[0]));
    Map<String, String> failures = new LinkedHashMap<>();
    for (ThroughputContender c : contenders) {
      ThroughputContender second =
          c.secondReferenceLabel == null ? null : byLabel.get(c.secondReferenceLabel);
      table.row(cells(c, byLabel.get(c.referenceLabel), second, syscalls, header.size())
          .toArray(new String[0]));
      if (!c.failure.isEmpty()) {
        failures.put(c.label, c.failure);
      }
      if (!c.syscallProblem.isEmpty()) {
        failures.put(c.label + ", syscalls", c.syscallProblem);
      }
    }
    StringBuilder out = new StringBuilder(table.render());
    legend(out, contenders, syscalls);
    for (Map.Entry<String, String> failure : failures.entrySet()) {
      line(out, failure.getKey() + ": " + failure.getValue());
    }
    return out.toString();
  }

  private static List<String> cells(
      ThroughputContender c,
      ThroughputContender ref,
      ThroughputContender second,
      boolean syscalls,
      int columns) {
    List<String> cells = new ArrayList<>();
    cells.add(c.label);
    if (c.rates.isEmpty()) {
      cells.add("-");
      // "n/a (why)" for a row that cannot run here, "failed" for one that ran and failed
      cells.add(c.failure.startsWith("n/a") ? c.failure : "failed");
      while (cells.size() < columns - 1) {
        cells.add("");
      }
      cells.add("0");
      return cells;
    }
    cells.add(c.main == AhcThroughputMain.class ? c.transportCell("?") : "NIO");
    double reference = medianRate(ref);
    double secondReference = medianRate(second);
    double referenceCpu =
        ref == null || ref.cpuMicrosPerRequest.isEmpty()
            ? Double.NaN
            : median(ref.cpuMicrosPerRequest);
    double rate = median(c.rates);
    cells.add(format("%.0f", rate));
    cells.add(format("%.0f..%.0f", min(c.rates), max(c.rates)));
    cells.add(Double.isNaN(reference) ? "n/a" : format("%.2fx", rate / reference));
    cells.add(c.pairedRatios.isEmpty()
        ? "n/a"
        : format("%.2fx", median(c.pairedRatios))
            + format(" (%.2f..%.2f)", min(c.pairedRatios), max(c.pairedRatios)));
    cells.add(Double.isNaN(secondReference) ? "n/a" : format("%.2fx", rate / secondReference));
    cells.add(c.cpuMicrosPerRequest.isEmpty()
        ? "n/a"
        : format("%.1f", median(c.cpuMicrosPerRequest)));
    cells.add(c.cpuMicrosPerRequest.isEmpty() || Double.isNaN(referenceCpu)
        ? "n/a"
        : format("%.2fx", referenceCpu / median(c.cpuMicrosPerRequest)));
    if (syscalls) {
      cells.addAll(c.syscallCells());
    }
    cells.add(c.serverCpuMicrosPerRequest.isEmpty()
        ? "n/a"
        : format("%.1f", median(c.serverCpuMicrosPerRequest)));
    cells.add(c.bytesPerRequest.isEmpty() ? "n/a" : format("%.0f", median(c.bytesPerRequest)));
    cells.add(c.jitMillis.isEmpty() ? "n/a" : format("%.0f", median(c.jitMillis)));
    cells.add(c.connections.isEmpty() ? "n/a" : format("%.0f", median(c.connections)));
    cells.add(Integer.toString(c.rates.size()));
    return cells;
  }

  private static double medianRate(ThroughputContender c) {
    return c == null || c.rates.isEmpty() ? Double.NaN : median(c.rates);
  }

  private static void legend(
      StringBuilder out, List<ThroughputContender> contenders, boolean syscalls) {
    line(out, "Each client runs in its own JVM with its default configuration; \"event-loop\""
        + " rows add setUseEventLoopTimeouts(true), which ahc-deadline and AHC 3.0.14 have.");
    line(out, "transport: what the client ran on, from the class of its first connection's"
        + " channel (JDK and raw Netty: NIO by construction). The transport in the label is the"
        + " one asked for, the same for every client: " + BenchTransport.LEGEND);
    String others = "";
    for (ThroughputContender c : contenders) {
      if (c.main != AhcThroughputMain.class) {
        others = "; JDK and raw Netty against " + c.referenceLabel;
        break;
      }
    }
    line(out, "vs " + AHC3014 + ": req/s / the req/s of " + AHC3014 + " in the same mode"
        + " (default against default, event-loop against event-loop) on the same transport"
        + others + "; above 1.00x is faster. vs " + AHC3011 + ": the same against " + AHC3011
        + " (default mode, same transport).");
    for (ThroughputContender c : contenders) {
      if (c.label.startsWith(Compare.AHC3012)) {
        line(out, Compare.AHC3012 + " (--with-ahc3012): built from upstream's release commit"
            + " b4c8f5a64, as it is not on Maven Central, on its own Netty 4.2.17.Final (and that"
            + " release's native jars).");
        break;
      }
    }
    for (ThroughputContender c : contenders) {
      if (c.main == RawNettyPacedMain.class) {
        line(out, c.label + ": the least a Netty client does per request started by an"
            + " application thread, at the same rate: one keep-alive connection per request in"
            + " flight, the pre-encoded GET written from the pacer thread (a task for the loop),"
            + " the response only parsed. Its CPU us/req is the floor under the others'.");
        break;
      }
    }
    if (syscalls) {
      line(out, "syscalls/req .. ctx sw/req: perf stat over the child's measured window (less "
          + SyscallCounter.MARGIN_MILLIS + " ms), over the requests of the counted time, median"
          + " of rounds: all system calls (raw_syscalls:sys_enter); epoll_wait with epoll_pwait"
          + " and epoll_pwait2 (Netty's epoll waits with the latter); io_uring_enter; write +"
          + " read with writev, readv, sendto, recvfrom, sendmsg, recvmsg (NIO reads and writes"
          + " sockets with read and write, Netty's epoll with recvfrom and sendto, io_uring through"
          + " its ring, eventfd wake-ups are writes); context switches.");
    }
    line(out, "bytes/req: heap allocated by all live threads of the client JVM in the window /"
        + " requests (JDK and raw Netty include their own buffers).");
    line(out, "conns: connections the server accepted during the client's run (warm-up"
        + " included), median over rounds.");
    line(out, "paired: median over rounds of (this client's req/s / its " + AHC3014 + " row's in"
        + " the same round), with its range; steadier than the ratio of medians when the machine"
        + " drifts.");
    line(out, "JIT ms: time the client JVM's JIT compilers spent inside the measured window"
        + " (warm-up goes on until the JIT is quiet); hundreds of ms mean the window was not"
        + " steady.");
    line(out, "CPU us/req: CPU time of the whole client JVM (GC and JIT included) in the window /"
        + " requests; CPU vs " + AHC3014 + " = its CPU per request / this one's (higher is"
        + " cheaper). The server's CPU is not in it.");
    line(out, "server us/req: CPU of the loopback server's threads / requests it answered, over"
        + " the child's whole run (warm-up included). Unpinned, client and server share the same"
        + " cores, so a saturated machine's rate is about cores / (client + server CPU per"
        + " request): a client that costs 10% less CPU gains less than 10%.");
  }

  private static void line(StringBuilder out, String text) {
    out.append("  ").append(text).append('\n');
  }
}

package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnderLoadTableTest {
  private static final String CLIENT = "ours event-loop";

  /** A child's output for one deadline: lags in ms per half and the counts that matter here. */
  private static UnderLoadResult result(
      String client, long deadline, double[] pooledMs, double[] newMs, String extra)
      throws IOException {
    List<String> out = new ArrayList<>();
    for (double ms : pooledMs) {
      out.add("LAG " + deadline + " P " + Math.round(ms * 1e6));
    }
    for (double ms : newMs) {
      out.add("LAG " + deadline + " N " + Math.round(ms * 1e6));
    }
    int n = pooledMs.length + newMs.length;
    String line =
        "RESULT deadline=" + deadline + " loadRequests=100000 loadNanos=20000000000 loadErrors=0"
            + " modeApplied=true tick=100 dropped=0 waitedPooled=0 primerFailures=0"
            + " probeP99Nanos=1200000 probeMaxNanos=3400000 gcMaxNanos=-1"
            + " pooledSent=" + pooledMs.length + " pooledReused=" + pooledMs.length
            + " newSent=" + newMs.length + " newConnected=" + newMs.length
            + " timeouts=" + n + " others=0 unended=0"
            + " channel=io.netty.channel.socket.nio.NioSocketChannel firstOther=";
    for (String kv : extra.split(" ", -1)) {
      if (!kv.isEmpty()) {
        String key = kv.substring(0, kv.indexOf('=') + 1);
        line = line.replaceFirst(" " + key + "\\S*", " " + kv);
      }
    }
    out.add(line);
    return UnderLoadResult.parse(client, out).get(0);
  }

  @Test
  void rowsGroupByDeadlineWithTheP99sSummedUpAndTheColumnsExplained() throws IOException {
    UnderLoadTable table = new UnderLoadTable(5000);
    table.add(result(CLIENT, 20, new double[] {0.2, 0.4}, new double[] {0.9, 4.0}, "gcMaxNanos=12000000"));
    table.add(result(CLIENT, 1000, new double[] {0.1}, new double[] {0.3}, ""));
    table.add(result("AHC tick 100", 20, new double[] {80.0}, new double[] {95.5}, ""));
    String rendered = table.render();
    List<String> lines = List.of(rendered.split("\n"));
    assertEquals(
        "client          | transport | deadline | load req/s | pooled reused/sent |"
            + " new connected/sent | timeouts |  p50 |  p99 |  max | p99 pooled | p99 new |"
            + " probe p99/max | GC max | other",
        lines.get(0));
    assertEquals(
        "ours event-loop |       NIO |    20 ms |       5000 |                2/2 |"
            + "                2/2 |        4 |  0.4 |  4.0 |  4.0 |        0.4 |     4.0 |"
            + "       1.2/3.4 |   12.0 |     0",
        lines.get(2));
    assertTrue(lines.get(4).contains("|       1.2/3.4 |      - |"), "not measured: " + lines.get(4));
    assertTrue(rendered.contains("  GC max: the window's longest stop-the-world collection"), rendered);
    assertTrue(lines.get(3).startsWith("AHC tick 100    |       NIO |    20 ms |"), lines.get(3));
    assertTrue(lines.get(4).startsWith("ours event-loop |       NIO |  1000 ms |"), lines.get(4));
    assertTrue(
        rendered.contains(
            "  p99 lag at 20 ms: ours event-loop 4.0, AHC tick 100 95.5 (ms)\n"
                + "  p99 lag at 1000 ms: ours event-loop 0.3 (ms)\n"),
        rendered);
    assertFalse(rendered.contains("target"), "no internal targets: " + rendered);
    assertFalse(rendered.contains("NOTE"), "nothing to note: " + rendered);
  }

  @Test
  void clientWithoutResultsGetsARowSayingWhy() throws IOException {
    UnderLoadTable table = new UnderLoadTable(5000);
    table.addMissing("AHC tick 1", 1000, "skipped");
    table.add(result(CLIENT, 20, new double[] {0.2}, new double[] {0.3}, ""));
    table.addMissing("AHC tick 1", 20, "failed");
    List<String> lines = List.of(table.render().split("\n"));
    assertTrue(lines.get(2).startsWith("ours event-loop |       NIO |    20 ms |"), lines.get(2));
    assertEquals(
        "AHC tick 1      |         - |    20 ms |     failed |                  - |"
            + "                  - |        - |   - |   - |   - |          - |       - |"
            + "             - |      - |     -",
        lines.get(3));
    assertTrue(lines.get(4).startsWith("AHC tick 1      |         - |  1000 ms |    skipped |"),
        lines.get(4));
  }

  @Test
  void aResultLineFromBeforeTheGcAndChannelFieldsStillParses() throws IOException {
    String old =
        "RESULT deadline=20 loadRequests=1 loadNanos=1 loadErrors=0 modeApplied=true tick=100"
            + " dropped=0 waitedPooled=0 primerFailures=0 probeP99Nanos=1 probeMaxNanos=1"
            + " pooledSent=0 pooledReused=0 newSent=0 newConnected=0 timeouts=0 others=0 unended=0"
            + " firstOther=";
    UnderLoadResult parsed = UnderLoadResult.parse("old", List.of(old)).get(0);
    assertEquals("-", parsed.gcCell());
    assertEquals("?", parsed.transportCell());
  }

  @Test
  void notesWhatMakesARowMeanLess() throws IOException {
    UnderLoadTable table = new UnderLoadTable(5000);
    table.add(
        result(CLIENT, 20, new double[] {0.2}, new double[] {0.3},
            "loadRequests=90000 pooledReused=0 dropped=2 others=1 firstOther=java.io.IOException:"));
    table.note("a child's own note");
    String rendered = table.render();
    assertTrue(rendered.contains("  NOTE ours event-loop @ 20 ms: the load reached 4500 of 5000"
        + " requests/s\n"), rendered);
    assertTrue(rendered.contains("  NOTE ours event-loop @ 20 ms: not every timeout request ran on"
        + " its half's kind of connection\n"), rendered);
    assertTrue(rendered.contains("  NOTE ours event-loop @ 20 ms: pacer dropped 2 slots;"), rendered);
    assertTrue(rendered.contains("  NOTE ours event-loop @ 20 ms: 1 ended another way, first:"
        + " java.io.IOException:\n"), rendered);
    assertTrue(rendered.endsWith("  NOTE a child's own note\n"), rendered);
  }
}

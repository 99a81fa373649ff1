package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ThroughputReportTest {
  private static ThroughputContender row(String label, String reference, double rate) {
    ThroughputContender c =
        new ThroughputContender(label, "cp", reference, "AHC 3.0.11 (epoll)",
            AhcThroughputMain.class);
    c.rates.add(rate);
    c.pairedRatios.add(1.0);
    c.transportsUsed.add("epoll");
    return c;
  }

  @Test
  void rowsCompareWithAhc3014InTheirModeAndWithAhc3011OnTheirTransportAndShowWhatRan() {
    ThroughputContender ahc3014 = row("AHC 3.0.14 (epoll)", "AHC 3.0.14 (epoll)", 1000);
    ahc3014.syscallsPerRequest.add(new double[] {4.0, 0.5, Double.NaN, 2.0, 0.25});
    ThroughputContender ahc3014EventLoop =
        row("AHC 3.0.14 event-loop (epoll)", "AHC 3.0.14 event-loop (epoll)", 1200);
    ThroughputContender ahc3011 = row("AHC 3.0.11 (epoll)", "AHC 3.0.14 (epoll)", 800);
    ThroughputContender ours = row("ahc-deadline (epoll)", "AHC 3.0.14 (epoll)", 1500);
    ThroughputContender oursEventLoop =
        row("ahc-deadline event-loop (epoll)", "AHC 3.0.14 event-loop (epoll)", 1800);
    ThroughputContender missing =
        new ThroughputContender("AHC 3.0.14 (io_uring)", null, "AHC 3.0.14 (io_uring)", null,
            AhcThroughputMain.class);
    missing.failure = "n/a (no native jars)";
    String text =
        ThroughputReport.render(
            List.of(ahc3014, ahc3014EventLoop, ahc3011, ours, oursEventLoop, missing), true);
    List<String> lines = text.lines().collect(Collectors.toList());
    assertEquals(
        List.of("client", "transport", "req/s", "min..max", "vs AHC 3.0.14", "paired",
            "vs AHC 3.0.11", "CPU us/req", "CPU vs AHC 3.0.14", "syscalls/req", "epoll_wait/req",
            "io_uring_enter/req", "write+read/req", "ctx sw/req", "server us/req", "bytes/req",
            "JIT ms", "conns", "rounds"),
        cells(lines.get(0)));
    List<String> reference = cells(lines.get(2));
    assertEquals(List.of("AHC 3.0.14 (epoll)", "epoll", "1000", "1000..1000", "1.00x"),
        reference.subList(0, 5));
    assertEquals("1.25x", reference.get(6));
    assertEquals(List.of("4.00", "0.50", "n/a", "2.00", "0.25"), reference.subList(9, 14));
    assertEquals(List.of("ahc-deadline (epoll)", "epoll", "1500", "1500..1500", "1.50x"),
        cells(lines.get(5)).subList(0, 5));
    assertEquals("1.88x", cells(lines.get(5)).get(6));
    // event-loop against event-loop
    assertEquals("1.50x", cells(lines.get(6)).get(4));
    assertEquals("2.25x", cells(lines.get(6)).get(6));
    assertEquals(List.of("AHC 3.0.14 (io_uring)", "-", "n/a (no native jars)"),
        cells(lines.get(7)).subList(0, 3));
    assertTrue(text.contains("  AHC 3.0.14 (io_uring): n/a (no native jars)\n"), text);
    assertTrue(text.contains("in the same mode (default against default, event-loop against"
        + " event-loop) on the same transport"), text);
  }

  @Test
  void ahc3012RowIsExplainedOnlyWhenPresent() {
    ThroughputContender ahc3014 = row("AHC 3.0.14 (nio)", "AHC 3.0.14 (nio)", 1000);
    ThroughputContender ahc3012 = row("AHC 3.0.12 (nio)", "AHC 3.0.14 (nio)", 1200);
    String text = ThroughputReport.render(List.of(ahc3014, ahc3012), false);
    List<String> lines = text.lines().collect(Collectors.toList());
    assertEquals(List.of("AHC 3.0.12 (nio)", "epoll", "1200", "1200..1200", "1.20x"),
        cells(lines.get(3)).subList(0, 5));
    // no AHC 3.0.11 row in this table
    assertEquals("n/a", cells(lines.get(3)).get(6));
    assertTrue(text.contains("AHC 3.0.12 (--with-ahc3012): built from upstream's release commit"),
        text);
    String without = ThroughputReport.render(List.of(ahc3014), false);
    assertFalse(without.contains("--with-ahc3012"), without);
  }

  private static List<String> cells(String line) {
    return Arrays.stream(line.split("\\|", -1)).map(String::trim).collect(Collectors.toList());
  }
}

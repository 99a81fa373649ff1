package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ThroughputReportTest {
  @Test
  void rowsCompareWithTheReferenceOfTheirTransportAndShowWhatRan() {
    ThroughputContender ahc =
        new ThroughputContender("AHC 3.0.11 (epoll)", "cp", "AHC 3.0.11 (epoll)",
            AhcThroughputMain.class);
    ahc.rates.add(1000.0);
    ahc.pairedRatios.add(1.0);
    ahc.transportsUsed.add("epoll");
    ahc.syscallsPerRequest.add(new double[] {4.0, 0.5, Double.NaN, 2.0, 0.25});
    ThroughputContender ours =
        new ThroughputContender("ahc-deadline timer (epoll)", "cp", "AHC 3.0.11 (epoll)",
            AhcThroughputMain.class);
    ours.rates.add(1500.0);
    ours.pairedRatios.add(1.5);
    ours.transportsUsed.add("epoll");
    ThroughputContender missing =
        new ThroughputContender("AHC 3.0.11 (io_uring)", null, "AHC 3.0.11 (io_uring)",
            AhcThroughputMain.class);
    missing.failure = "n/a (no native jars)";
    String text = ThroughputReport.render(List.of(ahc, ours, missing), true, true);
    List<String> lines = text.lines().collect(Collectors.toList());
    assertEquals(
        List.of("client", "transport", "req/s", "min..max", "vs AHC 3.0.11", "paired",
            "CPU us/req", "CPU vs AHC 3.0.11", "syscalls/req", "epoll_wait/req",
            "io_uring_enter/req", "write+read/req", "ctx sw/req", "server us/req", "bytes/req",
            "JIT ms", "conns", "rounds"),
        cells(lines.get(0)));
    List<String> reference = cells(lines.get(2));
    assertEquals(List.of("AHC 3.0.11 (epoll)", "epoll", "1000", "1000..1000", "1.00x"),
        reference.subList(0, 5));
    assertEquals(List.of("4.00", "0.50", "n/a", "2.00", "0.25"), reference.subList(8, 13));
    List<String> row = cells(lines.get(3));
    assertEquals(List.of("ahc-deadline timer (epoll)", "epoll", "1500", "1500..1500", "1.50x"),
        row.subList(0, 5));
    assertEquals(List.of("AHC 3.0.11 (io_uring)", "-", "n/a (no native jars)"),
        cells(lines.get(4)).subList(0, 3));
    assertTrue(text.contains("  AHC 3.0.11 (io_uring): n/a (no native jars)\n"), text);
  }

  @Test
  void ahc3012RowIsComparedWithAhc3011AndExplained() {
    ThroughputContender ahc3 =
        new ThroughputContender("AHC 3.0.11", "cp", "AHC 3.0.11", AhcThroughputMain.class);
    ahc3.rates.add(1000.0);
    ThroughputContender ahc3012 =
        new ThroughputContender("AHC 3.0.12", "cp12", "AHC 3.0.11", AhcThroughputMain.class);
    ahc3012.rates.add(1200.0);
    String text = ThroughputReport.render(List.of(ahc3, ahc3012), false, false);
    List<String> lines = text.lines().collect(Collectors.toList());
    assertEquals(List.of("AHC 3.0.12", "?", "1200", "1200..1200", "1.20x"),
        cells(lines.get(3)).subList(0, 5));
    assertTrue(text.contains("AHC 3.0.12 (--with-ahc3012): built from upstream's release commit"),
        text);
    String without = ThroughputReport.render(List.of(ahc3), false, false);
    assertFalse(without.contains("--with-ahc3012"), without);
  }

  private static List<String> cells(String line) {
    return Arrays.stream(line.split("\\|", -1)).map(String::trim).collect(Collectors.toList());
  }
}

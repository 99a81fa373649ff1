package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Which throughput rows Compare runs, paced or not; nothing is started. */
class CompareContendersTest {
  private static final String URL = "http://127.0.0.1:1/small";

  @Test
  void pacedRunsTheAsyncHttpClientApiClientsAndTheRawFloorAtTheSameRate() {
    List<ThroughputContender> rows =
        Compare.parsed("--rate", "20000", "--in-flight", "16", "--warmup", "5", "--measure", "6")
            .throughputContenders(URL, "ours.jar", "ahc3.jar");
    assertEquals(
        List.of("AHC 3.0.11", "ahc-deadline timer", "ahc-deadline event-loop",
            "raw Netty (floor) paced"),
        labels(rows));
    ThroughputContender floor = rows.get(3);
    assertEquals(RawNettyPacedMain.class, floor.main);
    assertEquals("ours.jar", floor.classpath);
    assertEquals("AHC 3.0.11", floor.referenceLabel);
    assertArrayEquals(new String[] {URL, "16", "20000", "5000", "6000"}, floor.args);
    // the arguments the child checks, so a change on either side shows here
    RawNettyPacedMain.Settings.parse(floor.args);
  }

  @Test
  void closedLoopKeepsTheJdkAndCeilingRowsWithoutTheFloor() {
    List<ThroughputContender> rows =
        Compare.parsed().throughputContenders(URL, "ours.jar", "ahc3.jar");
    assertEquals(
        List.of("AHC 3.0.11", "ahc-deadline timer", "ahc-deadline event-loop", "JDK HttpClient",
            "raw Netty (ceiling) 32x1", "raw Netty (ceiling) 4x8 pipelined"),
        labels(rows));
  }

  @Test
  void pacedOverHttp2HasNoRawRows() {
    List<ThroughputContender> rows =
        Compare.parsed("--h2", "--rate", "1000").throughputContenders(URL, "ours.jar", "ahc3.jar");
    assertEquals(
        List.of("AHC 3.0.11", "ahc-deadline timer", "ahc-deadline event-loop"), labels(rows));
  }

  private static List<String> labels(List<ThroughputContender> rows) {
    return rows.stream().map(c -> c.label).collect(Collectors.toList());
  }
}

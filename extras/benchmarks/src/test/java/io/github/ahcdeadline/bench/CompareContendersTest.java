package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which throughput rows Compare runs, paced or not; nothing is started. */
class CompareContendersTest {
  private static final String URL = "http://127.0.0.1:1/small";

  @Test
  void pacedRunsTheAsyncHttpClientApiClientsAndTheRawFloorAtTheSameRate() {
    List<ThroughputContender> rows =
        Compare.parsed("--rate", "20000", "--in-flight", "16", "--warmup", "5", "--measure", "6")
            .throughputContenders(URL, "ours.jar", "ahc3.jar", null);
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
        Compare.parsed().throughputContenders(URL, "ours.jar", "ahc3.jar", null);
    assertEquals(
        List.of("AHC 3.0.11", "ahc-deadline timer", "ahc-deadline event-loop", "JDK HttpClient",
            "raw Netty (ceiling) 32x1", "raw Netty (ceiling) 4x8 pipelined"),
        labels(rows));
  }

  @Test
  void pacedOverHttp2HasNoRawRows() {
    List<ThroughputContender> rows =
        Compare.parsed("--h2", "--rate", "1000").throughputContenders(URL, "ours.jar", "ahc3.jar", null);
    assertEquals(
        List.of("AHC 3.0.11", "ahc-deadline timer", "ahc-deadline event-loop"), labels(rows));
  }

  @Test
  void withoutTheOptionNoAhc3012RowEvenWhenItsClasspathFileExists(@TempDir Path target)
      throws IOException {
    writeAhc3012Classpath(target, "ahc3012.jar\n");
    Compare compare = Compare.parsed();
    String classpath = compare.ahc3012Classpath(target);
    assertNull(classpath);
    List<String> labels =
        labels(compare.throughputContenders(URL, "ours.jar", "ahc3.jar", classpath));
    assertTrue(labels.stream().noneMatch(l -> l.startsWith("AHC 3.0.12")), labels.toString());
  }

  @Test
  void withTheOptionTheAhc3012RowRunsItsOwnClasspathAgainstAhc3011(@TempDir Path target)
      throws IOException {
    writeAhc3012Classpath(target, "ahc3012.jar:netty-4.2.17.jar\n");
    Compare compare = Compare.parsed("--with-ahc3012", "--in-flight", "16");
    List<ThroughputContender> rows =
        compare.throughputContenders(
            URL, "ours.jar", "ahc3.jar", compare.ahc3012Classpath(target));
    assertEquals(
        List.of("AHC 3.0.11", "AHC 3.0.12", "ahc-deadline timer", "ahc-deadline event-loop",
            "JDK HttpClient", "raw Netty (ceiling) 16x1", "raw Netty (ceiling) 2x8 pipelined"),
        labels(rows));
    ThroughputContender ahc3 = rows.get(0);
    ThroughputContender ahc3012 = rows.get(1);
    assertEquals("ahc3012.jar:netty-4.2.17.jar", ahc3012.classpath);
    assertEquals("AHC 3.0.11", ahc3012.referenceLabel);
    assertEquals(AhcThroughputMain.class, ahc3012.main);
    // the same driver run the same way as the 3.0.11 row: only the classpath differs
    assertArrayEquals(ahc3.args, ahc3012.args);
    assertEquals("", ahc3012.failure);
  }

  @Test
  void ahc3012RowIsPacedAndOverHttp2WhereTheAhc3011RowIs() {
    assertEquals(
        List.of("AHC 3.0.11", "AHC 3.0.12", "ahc-deadline timer", "ahc-deadline event-loop",
            "raw Netty (floor) paced"),
        labels(Compare.parsed("--with-ahc3012", "--rate", "20000")
            .throughputContenders(URL, "ours.jar", "ahc3.jar", "ahc3012.jar")));
    List<ThroughputContender> h2 =
        Compare.parsed("--with-ahc3012", "--h2", "--rate", "1000")
            .throughputContenders(URL, "ours.jar", "ahc3.jar", "ahc3012.jar");
    assertEquals(
        List.of("AHC 3.0.11", "AHC 3.0.12", "ahc-deadline timer", "ahc-deadline event-loop"),
        labels(h2));
    assertEquals("1000", h2.get(1).args[5]);
  }

  @Test
  void ahc3012HasARowPerTransportAgainstAhc3011OnTheSameTransport() {
    List<ThroughputContender> rows =
        Compare.parsed("--with-ahc3012", "--transports", "nio,epoll", "--h2")
            .throughputContenders(URL, "ours.jar", "ahc3.jar", "ahc3012.jar");
    assertEquals(
        List.of("AHC 3.0.11 (nio)", "AHC 3.0.12 (nio)", "ahc-deadline timer (nio)",
            "ahc-deadline event-loop (nio)", "AHC 3.0.11 (epoll)", "AHC 3.0.12 (epoll)",
            "ahc-deadline timer (epoll)", "ahc-deadline event-loop (epoll)"),
        labels(rows));
    ThroughputContender nio = rows.get(1);
    assertEquals("ahc3012.jar", nio.classpath);
    assertEquals("AHC 3.0.11 (nio)", nio.referenceLabel);
    assertEquals("nio", nio.args[6]);
    ThroughputContender epoll = rows.get(5);
    assertEquals("AHC 3.0.11 (epoll)", epoll.referenceLabel);
    assertEquals("epoll", epoll.args[6]);
    // its natives come from target/ahc3012-native.classpath, which this machine may not have:
    // then the row is marked n/a, else it is 3.0.12's classpath followed by them (never 3.0.11's)
    if (epoll.classpath == null) {
      assertTrue(epoll.failure.startsWith("n/a"), epoll.failure);
    } else {
      assertTrue(epoll.classpath.startsWith("ahc3012.jar" + File.pathSeparator), epoll.classpath);
      assertFalse(epoll.classpath.contains("4.2.15.Final"), epoll.classpath);
    }
  }

  @Test
  void theOptionWithoutTheClasspathFileFailsNamingTheStepsToWriteIt(@TempDir Path target)
      throws IOException {
    Compare compare = Compare.parsed("--with-ahc3012");
    IllegalStateException missing =
        assertThrows(IllegalStateException.class, () -> compare.ahc3012Classpath(target));
    String message = missing.getMessage();
    assertTrue(message.contains(target.resolve("ahc3012.classpath") + " is missing"), message);
    assertTrue(message.contains("b4c8f5a64"), message);
    assertTrue(message.contains("-Pahc3012 dependency:build-classpath@ahc3"), message);
    writeAhc3012Classpath(target, " \n");
    IllegalStateException empty =
        assertThrows(IllegalStateException.class, () -> compare.ahc3012Classpath(target));
    assertTrue(empty.getMessage().contains("is empty"), empty.getMessage());
  }

  private static void writeAhc3012Classpath(Path target, String text) throws IOException {
    Files.write(target.resolve(BenchPaths.AHC3012_CLASSPATH), text.getBytes(StandardCharsets.UTF_8));
  }

  private static List<String> labels(List<ThroughputContender> rows) {
    return rows.stream().map(c -> c.label).collect(Collectors.toList());
  }
}

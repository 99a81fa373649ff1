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
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which rows Compare runs, paced or not, on which transport; nothing is started. */
class CompareContendersTest {
  private static final String URL = "http://127.0.0.1:1/small";

  /** The classpaths of ours, 3.0.14 and 3.0.11, and of 3.0.12 when not null. */
  private static Map<BenchClient, String> classpaths(String ahc3012) {
    Map<BenchClient, String> map = new EnumMap<>(BenchClient.class);
    map.put(BenchClient.OURS, "ours.jar");
    map.put(BenchClient.AHC_3_0_14, "ahc3014.jar");
    map.put(BenchClient.AHC_3_0_11, "ahc3.jar");
    if (ahc3012 != null) {
      map.put(BenchClient.AHC_3_0_12, ahc3012);
    }
    return map;
  }

  private static final List<String> CLIENT_ROWS_NIO =
      List.of("AHC 3.0.14 (nio)", "AHC 3.0.14 event-loop (nio)", "AHC 3.0.11 (nio)",
          "ahc-deadline (nio)", "ahc-deadline event-loop (nio)");

  @Test
  void everyClientRowIsAgainstAhc3014InTheSameModeAndAhc3011Second() {
    List<ThroughputContender> rows =
        Compare.parsed("--h2").throughputContenders(URL, classpaths(null));
    assertEquals(CLIENT_ROWS_NIO, labels(rows));
    for (ThroughputContender row : rows) {
      String reference =
          row.label.contains("event-loop") ? "AHC 3.0.14 event-loop (nio)" : "AHC 3.0.14 (nio)";
      assertEquals(reference, row.referenceLabel, row.label);
      assertEquals("AHC 3.0.11 (nio)", row.secondReferenceLabel, row.label);
      assertEquals(row.label.contains("event-loop") ? "eventloop" : "timer", row.args[4], row.label);
      assertEquals("nio", row.args[6], row.label);
    }
    assertEquals("ahc3014.jar", rows.get(0).classpath);
    assertEquals("ahc3.jar", rows.get(2).classpath);
    assertEquals("ours.jar", rows.get(3).classpath);
  }

  @Test
  void pacedRunsTheAsyncHttpClientApiClientsAndTheRawFloorAtTheSameRate() {
    List<ThroughputContender> rows =
        Compare.parsed("--rate", "20000", "--in-flight", "16", "--warmup", "5", "--measure", "6")
            .throughputContenders(URL, classpaths(null));
    assertEquals(concat(CLIENT_ROWS_NIO, "raw Netty (floor) paced"), labels(rows));
    ThroughputContender floor = rows.get(5);
    assertEquals(RawNettyPacedMain.class, floor.main);
    assertEquals("ours.jar", floor.classpath);
    assertEquals("AHC 3.0.14 (nio)", floor.referenceLabel);
    assertArrayEquals(new String[] {URL, "16", "20000", "5000", "6000"}, floor.args);
    // the arguments the child checks, so a change on either side shows here
    RawNettyPacedMain.Settings.parse(floor.args);
    assertEquals("20000", rows.get(0).args[5]);
  }

  @Test
  void closedLoopKeepsTheJdkAndCeilingRowsWithoutTheFloor() {
    List<ThroughputContender> rows =
        Compare.parsed().throughputContenders(URL, classpaths(null));
    assertEquals(
        concat(CLIENT_ROWS_NIO, "JDK HttpClient", "raw Netty (ceiling) 32x1",
            "raw Netty (ceiling) 4x8 pipelined"),
        labels(rows));
  }

  @Test
  void defaultsOnlyKeepsOneDefaultRowPerClient() {
    List<ThroughputContender> rows =
        Compare.parsed("--defaults-only").throughputContenders(URL, classpaths(null));
    assertEquals(List.of("AHC 3.0.14 (nio)", "AHC 3.0.11 (nio)", "ahc-deadline (nio)"),
        labels(rows));
  }

  @Test
  void aClientWithoutClasspathHasNoRowAndNoSecondReference() {
    Map<BenchClient, String> classpaths = classpaths(null);
    classpaths.remove(BenchClient.AHC_3_0_11);
    List<ThroughputContender> rows =
        Compare.parsed("--defaults-only").throughputContenders(URL, classpaths);
    assertEquals(List.of("AHC 3.0.14 (nio)", "ahc-deadline (nio)"), labels(rows));
    assertNull(rows.get(1).secondReferenceLabel);
  }

  @Test
  void everyTransportPutsEveryClientOnItWithItsOwnNativeJars() {
    List<ThroughputContender> rows =
        Compare.parsed("--transports", "nio,epoll", "--h2", "--defaults-only")
            .throughputContenders(URL, classpaths(null));
    assertEquals(
        List.of("AHC 3.0.14 (nio)", "AHC 3.0.11 (nio)", "ahc-deadline (nio)",
            "AHC 3.0.14 (epoll)", "AHC 3.0.11 (epoll)", "ahc-deadline (epoll)"),
        labels(rows));
    for (ThroughputContender row : rows.subList(3, 6)) {
      assertEquals("epoll", row.args[6], row.label);
      assertEquals("AHC 3.0.14 (epoll)", row.referenceLabel, row.label);
      assertEquals("AHC 3.0.11 (epoll)", row.secondReferenceLabel, row.label);
    }
    // the natives come from target/, which this machine may not have written: then the row is
    // marked n/a; else each client's classpath is followed by the jars of its own Netty release
    assertNativeJars(rows.get(3), "ahc3014.jar", "4.2.18.Final");
    assertNativeJars(rows.get(4), "ahc3.jar", "4.2.15.Final");
  }

  private static void assertNativeJars(ThroughputContender row, String client, String netty) {
    if (row.classpath == null) {
      assertTrue(row.failure.startsWith("n/a"), row.failure);
      return;
    }
    assertTrue(row.classpath.startsWith(client + File.pathSeparator), row.classpath);
    assertTrue(row.classpath.contains("netty-transport-native-epoll-" + netty), row.classpath);
  }

  @Test
  void theTimeoutTableHasEveryClientInBothModesAndTheCeilingPerTransport() {
    List<Compare.TimeoutContender> rows =
        Compare.parsed("--transports", "nio,default", "--bursts", "2")
            .timeoutContenders(classpaths(null));
    assertEquals(
        concat(CLIENT_ROWS_NIO, "raw Netty ceiling (nio)", "AHC 3.0.14 (default)",
            "AHC 3.0.14 event-loop (default)", "AHC 3.0.11 (default)", "ahc-deadline (default)",
            "ahc-deadline event-loop (default)"),
        rows.stream().map(r -> r.label).collect(Collectors.toList()));
    Compare.TimeoutContender eventLoop = rows.get(1);
    assertEquals(ClientTimeoutMain.class, eventLoop.main);
    assertArrayEquals(new String[] {"eventloop", "LAGS", "nio", "2"}, eventLoop.args);
    assertEquals("ahc3014.jar", eventLoop.classpath);
    assertArrayEquals(new String[] {"nio", "LAGS", "2"}, rows.get(5).args);
    assertEquals("default", rows.get(8).args[2]);
  }

  @Test
  void withoutTheOptionNoAhc3012RowEvenWhenItsClasspathFileExists(@TempDir Path target)
      throws IOException {
    writeAhc3012Classpath(target, "ahc3012.jar\n");
    Compare compare = Compare.parsed();
    String classpath = compare.ahc3012Classpath(target);
    assertNull(classpath);
  }

  @Test
  void withTheOptionTheAhc3012RowRunsItsOwnClasspathAgainstAhc3014(@TempDir Path target)
      throws IOException {
    writeAhc3012Classpath(target, "ahc3012.jar:netty-4.2.17.jar\n");
    Compare compare = Compare.parsed("--with-ahc3012", "--in-flight", "16", "--defaults-only");
    List<ThroughputContender> rows =
        compare.throughputContenders(URL, classpaths(compare.ahc3012Classpath(target)));
    assertEquals(
        List.of("AHC 3.0.14 (nio)", "AHC 3.0.11 (nio)", "AHC 3.0.12 (nio)", "ahc-deadline (nio)"),
        labels(rows));
    ThroughputContender ahc3 = rows.get(1);
    ThroughputContender ahc3012 = rows.get(2);
    assertEquals("ahc3012.jar:netty-4.2.17.jar", ahc3012.classpath);
    assertEquals("AHC 3.0.14 (nio)", ahc3012.referenceLabel);
    assertEquals("AHC 3.0.11 (nio)", ahc3012.secondReferenceLabel);
    assertEquals(AhcThroughputMain.class, ahc3012.main);
    // the same driver run the same way as the 3.0.11 row: only the classpath differs
    assertArrayEquals(ahc3.args, ahc3012.args);
    assertEquals("", ahc3012.failure);
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
    assertFalse(empty.getMessage().contains("is missing"), empty.getMessage());
  }

  private static void writeAhc3012Classpath(Path target, String text) throws IOException {
    Files.write(target.resolve(BenchPaths.AHC3012_CLASSPATH), text.getBytes(StandardCharsets.UTF_8));
  }

  private static List<String> concat(List<String> head, String... tail) {
    List<String> all = new ArrayList<>(head);
    all.addAll(List.of(tail));
    return all;
  }

  private static List<String> labels(List<ThroughputContender> rows) {
    return rows.stream().map(c -> c.label).collect(Collectors.toList());
  }
}

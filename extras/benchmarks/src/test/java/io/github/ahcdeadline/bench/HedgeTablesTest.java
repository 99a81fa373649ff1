package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class HedgeTablesTest {
  private static HedgeResult result(long exchanges, long failed, long p99Micros, long p999Micros,
      long serverRequests, String failures) {
    return new HedgeResult(exchanges, exchanges - failed, failed,
        new LatencySummary((int) exchanges, 2_500, p99Micros, p999Micros, p999Micros), 0, 0,
        2_000_000_000L, failures, "", serverRequests, 0);
  }

  @Test
  void theTailTableHasARowPerClientAndTheRatiosOfTheHedgingRows() {
    List<HedgeRow> rows = HedgeRow.tailRows(false);
    List<HedgeTables.Outcome> outcomes =
        List.of(
            HedgeTables.Outcome.failed(rows.get(0), "exited with 1"),
            HedgeTables.Outcome.measured(rows.get(1), result(1000, 0, 201_000, 205_000, 1000, "none")),
            HedgeTables.Outcome.measured(rows.get(2), result(1000, 0, 13_400, 20_500, 1021, "none")),
            HedgeTables.Outcome.measured(rows.get(3),
                result(1000, 2, 0, 0, 1050, "java.util.concurrent.TimeoutException:2")));
    assertEquals(
        "client                                        | p50 ms | p99 ms | p99.9 ms |"
            + " requests/exchange | failed | exchanges | window s\n"
            + "----------------------------------------------|--------|--------|----------|"
            + "-------------------|--------|-----------|---------\n"
            + "AHC 3.0.14 (has no hedging)                   |    n/a |    n/a |      n/a |"
            + "               n/a |    n/a |       n/a |      n/a\n"
            + "ahc-deadline, no hedging                      |    2.5 |  201.0 |    205.0 |"
            + "             1.000 |      0 |      1000 |      2.0\n"
            + "ahc-deadline, hedgeDelay 10 ms                |    2.5 |   13.4 |     20.5 |"
            + "             1.021 |      0 |      1000 |      2.0\n"
            + "ahc-deadline, hedgePercentile 95 (floor 1 ms) |    2.5 |    0.0 |      0.0 |"
            + "             1.050 |      2 |      1000 |      2.0\n"
            + "  ahc-deadline, hedgeDelay 10 ms: p99 without/with hedging 15.0x, p99.9 without/with"
            + " 10.0x\n"
            + "  ahc-deadline, hedgePercentile 95 (floor 1 ms): p99 without/with hedging n/a, p99.9"
            + " without/with n/a\n"
            + "  AHC 3.0.14 (has no hedging): exited with 1\n"
            + "  ahc-deadline, hedgePercentile 95 (floor 1 ms) failures:"
            + " java.util.concurrent.TimeoutException:2\n",
        HedgeTables.tail(outcomes));
  }

  @Test
  void theFlakyTableShowsAttemptsAndWhatTheBudgetAllows() {
    List<HedgeRow> rows = HedgeRow.flakyRows(false);
    HedgeResult budget =
        new HedgeResult(20_000, 19_000, 1_000, new LatencySummary(20_000, 1, 2, 3, 4), 5_000,
            25_000, 5_000_000_000L, "java.io.IOException:1000", "", 25_000, 12_500);
    String table =
        HedgeTables.flaky(List.of(HedgeTables.Outcome.measured(rows.get(2), budget)));
    assertTrue(
        table.contains(
            "ahc-deadline, retryBudgetPercent 20 |             1.250 |                   0.250 |"
                + "     19000 |   1000 |  12500 |     20000 |      5.0\n"),
        table);
    assertTrue(
        table.contains(
            "  ahc-deadline, retryBudgetPercent 20: the budget allows about 4000 retries (20% of"
                + " 20000 exchanges) plus the floor's 50 (10/s over 5.0 s)\n"),
        table);
    assertTrue(
        table.contains("  ahc-deadline, retryBudgetPercent 20 failures: java.io.IOException:1000\n"),
        table);
  }

  @Test
  void rowsBecomeSystemPropertiesOfTheChild() {
    HedgeRow percentile = HedgeRow.tailRows(false).get(3);
    assertEquals(
        List.of("-Dorg.asynchttpclient.hedgePercentile=95",
            "-Dorg.asynchttpclient.hedgeDelay=PT0.001S"),
        percentile.jvmOptions());
    assertTrue(percentile.hedges());
    assertFalse(HedgeRow.tailRows(false).get(1).hedges());
    assertEquals(5, HedgeRow.tailRows(true).size());
    assertEquals(BenchClient.AHC_3_0_14, HedgeRow.flakyRows(false).get(0).client());
    assertThrows(IllegalArgumentException.class, () -> HedgeRow.of("x", BenchClient.OURS, "=1"));
  }

  @Test
  void readsAChildsOutput() throws IOException {
    List<String> out =
        List.of(
            "CONFIG requestTimeout=PT2S hedgeDelay=n/a",
            "RESULT exchanges=10 succeeded=9 failed=1 p50Us=2100 p99Us=200400 p999Us=200400"
                + " maxUs=200400 retries=3 sends=13 nanos=1000 failures=java.io.IOException:1");
    HedgeResult r = HedgeResult.parse(out, 13, 4);
    assertEquals(10, r.exchanges());
    assertEquals(200_400, r.latency().p99Micros());
    assertEquals(1.3, r.serverRequestsPerExchange(), 1e-9);
    assertEquals(0.3, r.clientRetriesPerExchange(), 1e-9);
    assertEquals("java.io.IOException:1", r.failures());
    assertEquals("requestTimeout=PT2S hedgeDelay=n/a", r.config());
    assertEquals(4, r.serverResets());
  }

  @Test
  void theCommandCarriesTheOptions() {
    assertEquals(HedgeCompare.COMMAND, HedgeCompare.command());
    assertEquals(HedgeCompare.COMMAND + " -Dbench.args=\"--warmup 10\"",
        HedgeCompare.command("--warmup", "10"));
  }
}

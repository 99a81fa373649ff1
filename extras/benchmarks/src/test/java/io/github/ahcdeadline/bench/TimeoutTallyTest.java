package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * A window's probes summed up in the child, printed, and read back by the runner: the counts and
 * lags per half survive the trip.
 */
class TimeoutTallyTest {
  private static final long MS = 1_000_000L;

  private static TimeoutProbe timedOut(TimeoutPlan.Half half, long submit, long heard) {
    TimeoutProbe p = new TimeoutProbe(half, 20);
    p.submitted(submit);
    if (half == TimeoutPlan.Half.POOLED) {
      p.onConnectionPooled(null);
    } else {
      p.onTcpConnectAttempt(new InetSocketAddress(InetAddress.getLoopbackAddress(), 1));
    }
    p.end(heard, new TimeoutException());
    return p;
  }

  private static List<TimeoutProbe> window() {
    List<TimeoutProbe> probes = new ArrayList<>();
    probes.add(timedOut(TimeoutPlan.Half.POOLED, 0, 21 * MS)); // +1 ms
    probes.add(timedOut(TimeoutPlan.Half.NEW, 5 * MS, 27 * MS)); // +2 ms
    probes.add(timedOut(TimeoutPlan.Half.POOLED, 10 * MS, 30 * MS + 500_000)); // +0.5 ms
    TimeoutProbe refused = new TimeoutProbe(TimeoutPlan.Half.NEW, 20);
    refused.end(16 * MS, new IOException("Connection refused"));
    probes.add(refused);
    probes.add(new TimeoutProbe(TimeoutPlan.Half.NEW, 20)); // never ended
    return probes;
  }

  @Test
  void countsAndLagsPerHalf() {
    TimeoutTally tally = TimeoutTally.of(window());
    assertEquals(2, tally.sent(TimeoutPlan.Half.POOLED));
    assertEquals(3, tally.sent(TimeoutPlan.Half.NEW));
    assertEquals(2, tally.onIntendedConnection(TimeoutPlan.Half.POOLED));
    assertEquals(1, tally.onIntendedConnection(TimeoutPlan.Half.NEW));
    assertEquals(2, tally.timeouts(TimeoutPlan.Half.POOLED));
    assertEquals(1, tally.timeouts(TimeoutPlan.Half.NEW));
    assertArrayEquals(new long[] {MS, 500_000}, tally.lagsNanos(TimeoutPlan.Half.POOLED));
    assertArrayEquals(new long[] {2 * MS}, tally.lagsNanos(TimeoutPlan.Half.NEW));
    assertEquals(1, tally.others());
    assertEquals(1, tally.unended());
    assertEquals("java.io.IOException: Connection refused", tally.firstOther());
    assertEquals(
        List.of("LAG 20 P 1000000", "LAG 20 P 500000", "LAG 20 N 2000000"), tally.lagLines(20));
  }

  @Test
  void runnerReadsBackWhatTheChildPrinted() throws IOException {
    TimeoutTally tally = TimeoutTally.of(window());
    List<String> output = new ArrayList<>(tally.lagLines(20));
    output.add("some line the runner ignores");
    output.add(
        "RESULT deadline=20 loadRequests=100000 loadNanos=20000000000 loadErrors=0"
            + " modeApplied=true tick=100 dropped=0 waitedPooled=1 primerFailures=0"
            + " probeP99Nanos=900000 probeMaxNanos=2000000 "
            + tally.resultFields() + " firstOther=" + tally.firstOther());
    output.add("LAG 1000 N 3000000");
    output.add(
        "RESULT deadline=1000 loadRequests=99000 loadNanos=20000000000 loadErrors=2"
            + " modeApplied=false tick=1 dropped=3 waitedPooled=0 primerFailures=1"
            + " probeP99Nanos=-1 probeMaxNanos=-1 pooledSent=0"
            + " pooledReused=0 newSent=1 newConnected=1 timeouts=1 others=0 unended=0 firstOther=");

    List<UnderLoadResult> results = UnderLoadResult.parse("client A", output);

    assertEquals(2, results.size());
    UnderLoadResult at20 = results.get(0);
    assertEquals("client A", at20.client());
    assertEquals(20, at20.deadlineMillis());
    assertEquals(5000.0, at20.loadRate(), 1e-9);
    assertEquals(2, at20.count("pooledSent"));
    assertEquals(1, at20.count("newConnected"));
    assertEquals(3, at20.count("timeouts"));
    assertEquals(1, at20.count("unended"));
    assertEquals(1, at20.count("waitedPooled"));
    assertEquals(3, at20.all().count());
    assertEquals(2.0, at20.all().maxMillis(), 1e-9);
    assertEquals(1.0, at20.pooled().maxMillis(), 1e-9);
    assertEquals(0.5, at20.pooled().percentileMillis(50), 1e-9);
    assertEquals(2.0, at20.fresh().maxMillis(), 1e-9);
    assertEquals("java.io.IOException: Connection refused", at20.firstOther());
    assertEquals(true, at20.modeApplied());
    assertEquals("0.9/2.0", at20.probeCell(), "the wake-up probe's p99/max in ms");
    UnderLoadResult at1000 = results.get(1);
    assertEquals(1000, at1000.deadlineMillis());
    assertEquals(3.0, at1000.all().maxMillis(), 1e-9);
    assertEquals(0, at1000.pooled().count());
    assertEquals(3, at1000.count("dropped"));
    assertEquals(false, at1000.modeApplied());
    assertEquals("", at1000.firstOther());
    assertEquals("-", at1000.probeCell(), "a probe that recorded nothing");
  }

  @Test
  void outputWithoutResultIsAnError() {
    IOException e =
        assertThrows(
            IOException.class, () -> UnderLoadResult.parse("x", List.of("LAG 20 P 5")));
    assertEquals("no RESULT line in the child's output (1 lines)", e.getMessage());
  }
}

package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** Lateness and the first-end-only record of one timeout request, with made-up times. */
class TimeoutProbeTest {
  private static final long MS = 1_000_000L;

  @Test
  void latenessIsHeardMinusSubmitPlusTimeout() {
    assertEquals(700_000, TimeoutProbe.latenessNanos(1_000 * MS, 20 * MS, 1_020 * MS + 700_000));
    assertEquals(-300_000, TimeoutProbe.latenessNanos(1_000 * MS, 20 * MS, 1_020 * MS - 300_000));
    assertEquals(0, TimeoutProbe.latenessNanos(-5 * MS, 1_000 * MS, 995 * MS));
  }

  @Test
  void recordsTheFirstEndOnly() {
    TimeoutProbe probe = new TimeoutProbe(TimeoutPlan.Half.NEW, 20);
    probe.submitted(100 * MS);
    probe.end(121 * MS, new TimeoutException("request timeout"));
    probe.end(150 * MS, new IOException("closed")); // a second failure report: ignored
    assertEquals(TimeoutProbe.Outcome.TIMEOUT, probe.outcome());
    assertEquals(1 * MS, probe.latenessNanos());
    assertEquals("", probe.description());
  }

  @Test
  void anythingButATimeoutExceptionIsAnotherOutcome() throws Exception {
    TimeoutProbe answered = new TimeoutProbe(TimeoutPlan.Half.POOLED, 20);
    answered.end(5 * MS, null);
    assertEquals(TimeoutProbe.Outcome.OTHER, answered.outcome());
    assertEquals("a response", answered.description());
    TimeoutProbe refused = new TimeoutProbe(TimeoutPlan.Half.NEW, 20);
    refused.end(5 * MS, new IOException("Connection refused"));
    assertEquals(TimeoutProbe.Outcome.OTHER, refused.outcome());
    assertEquals("java.io.IOException: Connection refused", refused.description());
    assertTrue(refused.awaitEnd(System.nanoTime()), "ended: no wait");
    TimeoutProbe pending = new TimeoutProbe(TimeoutPlan.Half.NEW, 20);
    assertEquals(TimeoutProbe.Outcome.PENDING, pending.outcome());
    assertFalse(pending.awaitEnd(System.nanoTime()), "not ended, deadline passed");
  }

  @Test
  void connectionKindComesFromTheClientsCallbacks() {
    InetSocketAddress server = new InetSocketAddress(InetAddress.getLoopbackAddress(), 1);
    TimeoutProbe pooled = new TimeoutProbe(TimeoutPlan.Half.POOLED, 20);
    assertFalse(pooled.onIntendedConnection(), "no callback yet");
    pooled.onConnectionPooled(null);
    assertTrue(pooled.onIntendedConnection());
    // a stale pooled connection made the client connect after all: not a pooled request any more
    pooled.onTcpConnectAttempt(server);
    assertFalse(pooled.onIntendedConnection());

    TimeoutProbe fresh = new TimeoutProbe(TimeoutPlan.Half.NEW, 20);
    fresh.onTcpConnectAttempt(server);
    assertTrue(fresh.onIntendedConnection());
    TimeoutProbe freshOnPooled = new TimeoutProbe(TimeoutPlan.Half.NEW, 20);
    freshOnPooled.onConnectionPooled(null);
    assertFalse(freshOnPooled.onIntendedConnection());
  }
}

package org.asynchttpclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientStatsTest {

  @Test
  void hostStatsAddActiveAndIdle() {
    HostStats host = new HostStats(3, 4);
    assertEquals(7, host.getHostConnectionCount());
    assertEquals(3, host.getHostActiveConnectionCount());
    assertEquals(4, host.getHostIdleConnectionCount());
    // 3.0.11's sentence
    assertEquals("There are 7 total connections, 3 are active and 4 are idle.", host.toString());
  }

  @Test
  void hostStatsEqualByValue() {
    assertEquals(new HostStats(1, 2), new HostStats(1, 2));
    assertEquals(new HostStats(1, 2).hashCode(), new HostStats(1, 2).hashCode());
    assertNotEquals(new HostStats(1, 2), new HostStats(2, 1));
  }

  @Test
  void clientStatsSumOverHosts() {
    Map<String, HostStats> perHost = new HashMap<>();
    perHost.put("http://a:80", new HostStats(1, 2));
    perHost.put("https://b:443", new HostStats(5, 0));
    ClientStats stats = new ClientStats(perHost);
    assertEquals(6, stats.getTotalActiveConnectionCount());
    assertEquals(2, stats.getTotalIdleConnectionCount());
    assertEquals(8, stats.getTotalConnectionCount());
    // 3.0.11's sentence; the timeout counts of this client are in getTimeoutStats()
    assertEquals("There are 8 total connections, 6 are active and 2 are idle.", stats.toString());
  }

  @Test
  void clientStatsAreImmutableAndEqualByValue() {
    Map<String, HostStats> perHost = new HashMap<>();
    perHost.put("h", new HostStats(1, 1));
    ClientStats stats = new ClientStats(perHost);
    perHost.put("other", new HostStats(9, 9));
    assertEquals(2, stats.getTotalConnectionCount());
    assertThrows(UnsupportedOperationException.class,
        () -> stats.getStatsPerHost().put("x", new HostStats(0, 0)));
    assertEquals(new ClientStats(Map.of("h", new HostStats(1, 1))), stats);
    assertEquals(new ClientStats(Map.of("h", new HostStats(1, 1))).hashCode(), stats.hashCode());
    assertNotEquals(new ClientStats(Map.of("h", new HostStats(1, 0))), stats);
    assertEquals(0, new ClientStats(Map.of()).getTotalConnectionCount());
  }
}

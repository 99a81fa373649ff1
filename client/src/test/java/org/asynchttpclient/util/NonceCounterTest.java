package org.asynchttpclient.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class NonceCounterTest {

  @Test
  void countsPerNonceInEightHexDigits() {
    // 3.0.11: 00000001 00000002 00000001 00000003, then 00000001 after reset, 000000fe 000000ff
    NonceCounter nc = new NonceCounter();
    assertEquals("00000001", nc.nextNc("a"));
    assertEquals("00000002", nc.nextNc("a"));
    assertEquals("00000001", nc.nextNc("b"));
    assertEquals("00000003", nc.nextNc("a"));
    nc.reset("a");
    assertEquals("00000001", nc.nextNc("a"));
    for (int i = 0; i < 253; i++) {
      nc.nextNc("z");
    }
    assertEquals("000000fe", nc.nextNc("z"));
    assertEquals("000000ff", nc.nextNc("z"));
  }

  @Test
  void forgetsTheLeastRecentlyUsedNonceBeyondItsCapacity() {
    NonceCounter nc = new NonceCounter();
    nc.nextNc("kept");
    for (int i = 0; i < NonceCounter.MAX_NONCES - 1; i++) {
      nc.nextNc("n" + i);
    }
    assertEquals("00000002", nc.nextNc("kept")); // used again: now the most recent
    nc.nextNc("one more"); // evicts n0, the least recently used
    assertEquals("00000003", nc.nextNc("kept"));
    assertEquals("00000001", nc.nextNc("n0"));
  }

  @Test
  void concurrentUsersGetDistinctCounts() throws Exception {
    NonceCounter nc = new NonceCounter();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<List<String>>> results = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        results.add(
            pool.submit(
                () -> {
                  List<String> mine = new ArrayList<>();
                  for (int i = 0; i < 500; i++) {
                    mine.add(nc.nextNc("shared"));
                  }
                  return mine;
                }));
      }
      Set<String> all = new HashSet<>();
      for (Future<List<String>> r : results) {
        all.addAll(r.get(30, TimeUnit.SECONDS));
      }
      assertEquals(2000, all.size());
      assertEquals("000007d1", nc.nextNc("shared"));
    } finally {
      pool.shutdownNow();
    }
  }
}

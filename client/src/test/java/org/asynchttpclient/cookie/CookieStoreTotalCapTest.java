package org.asynchttpclient.cookie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.DefaultCookie;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 46: the store holds at most {@link ThreadSafeCookieStore#MAX_COOKIES_TOTAL} cookies, dropping
 * the least recently stored first, so a client visiting ever more hosts keeps a bounded jar.
 */
class CookieStoreTotalCapTest {
  private static final int CAP = ThreadSafeCookieStore.MAX_COOKIES_TOTAL;

  private final ThreadSafeCookieStore store = new ThreadSafeCookieStore();

  private static Cookie cookie(String name, String value) {
    return new DefaultCookie(name, value);
  }

  private static Cookie deletion(String name) {
    DefaultCookie cookie = new DefaultCookie(name, "");
    cookie.setMaxAge(0);
    return cookie;
  }

  private void assertConsistent(int expected) {
    assertEquals(expected, store.getAll().size(), "cookies");
    assertEquals(expected, store.storedCount(), "count");
    assertEquals(expected, store.orderedCount(), "eviction order entries");
  }

  @Test
  void theStoreKeepsThreeThousandAndDropsTheOldest() {
    for (int i = 0; i < CAP + 10; i++) {
      store.add("host" + i + ".example", "/", cookie("id", "v" + i));
    }
    assertConsistent(CAP);
    for (int i = 0; i < 10; i++) {
      assertTrue(store.get("host" + i + ".example", "/", true).isEmpty(), "host" + i + " kept its cookie");
    }
    assertEquals(1, store.get("host10.example", "/", true).size());
    assertEquals(1, store.get("host" + (CAP + 9) + ".example", "/", true).size());
    assertEquals(CAP, store.getUnderlying().size(), "an emptied domain leaves no entry");
  }

  @Test
  void aCookieSetAgainCountsAsJustStored() {
    store.add("first.example", "/", cookie("id", "1"));
    for (int i = 0; i < CAP - 1; i++) {
      store.add("host" + i + ".example", "/", cookie("id", "v"));
    }
    store.add("first.example", "/", cookie("id", "2")); // refreshed: no longer the oldest
    store.add("one.more.example", "/", cookie("id", "v"));
    assertConsistent(CAP);
    assertEquals(1, store.get("first.example", "/", true).size());
    assertTrue(store.get("host0.example", "/", true).isEmpty());
  }

  @Test
  void sixtyThousandHostsStayBounded() {
    for (int i = 0; i < 60_000; i++) {
      store.add("h" + i + ".example", "/", cookie("a", "1"));
      store.add("h" + i + ".example", "/", cookie("b", "2"));
    }
    assertConsistent(CAP);
    assertEquals(CAP / 2, store.getUnderlying().size(), "domains");
  }

  @Test
  void replacementsAndRemovalsLeaveNoStaleEntries() {
    for (int i = 0; i < 10_000; i++) {
      store.add("h.example", "/", cookie("same", "v" + i));
    }
    assertConsistent(1);
    store.add("h.example", "/", cookie("other", "1"));
    store.add("g.example", "/", cookie("other", "1"));
    store.add("h.example", "/", deletion("same"));
    assertConsistent(2);
    assertTrue(store.remove(c -> c.name().equals("other")));
    assertConsistent(0);
    store.add("h.example", "/", cookie("x", "1"));
    assertTrue(store.clear());
    assertConsistent(0);
    assertTrue(store.getUnderlying().isEmpty());
  }

  @Test
  void concurrentHostsStayAtTheCap() throws Exception {
    int threads = 4;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        done.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < CAP; i++) {
                    store.add("t" + thread + "h" + i + ".example", "/", cookie("id", "v"));
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> f : done) {
        f.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertConsistent(CAP);
  }
}

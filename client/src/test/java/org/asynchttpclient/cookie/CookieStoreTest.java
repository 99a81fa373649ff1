package org.asynchttpclient.cookie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.cookie.ClientCookieDecoder;
import io.netty.handler.codec.http.cookie.Cookie;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Exercises the store through its host/path entry points (the Uri-based ones only extract host, path
 * and scheme before delegating to them).
 */
class CookieStoreTest {

  private final AtomicLong clockNanos = new AtomicLong(1_000_000_000L);
  private final ThreadSafeCookieStore store = new ThreadSafeCookieStore(clockNanos::get);
  private @Nullable ExecutorService pool;

  @AfterEach
  void shutdownPool() {
    ExecutorService p = pool;
    if (p != null) {
      p.shutdownNow();
    }
  }

  private Map<ThreadSafeCookieStore.CookieKey, ThreadSafeCookieStore.StoredCookie> jar(String domain) {
    return Objects.requireNonNull(store.getUnderlying().get(domain), "no cookies for " + domain);
  }

  private static Cookie parse(String setCookie) {
    Cookie cookie = ClientCookieDecoder.LAX.decode(setCookie);
    if (cookie == null) {
      throw new AssertionError("does not parse: " + setCookie);
    }
    return cookie;
  }

  private List<String> names(String host, String path, boolean secure) {
    List<String> names = new ArrayList<>();
    for (Cookie c : store.get(host, path, secure)) {
      names.add(c.name() + "=" + c.value());
    }
    return names;
  }

  private void advanceSeconds(long seconds) {
    clockNanos.addAndGet(TimeUnit.SECONDS.toNanos(seconds));
  }

  @Test
  void hostOnlyCookieGoesBackToTheSameHostOnly() {
    store.add("www.example.com", "/", parse("a=1"));
    assertEquals(List.of("a=1"), names("www.example.com", "/", false));
    assertEquals(List.of("a=1"), names("WWW.Example.COM", "/", false));
    assertEquals(List.of(), names("sub.www.example.com", "/", false));
    assertEquals(List.of(), names("example.com", "/", false));
  }

  @Test
  void domainCookieGoesToTheDomainAndItsSubdomains() {
    store.add("www.example.com", "/", parse("d=1; Domain=.Example.com"));
    assertEquals(List.of("d=1"), names("example.com", "/", false));
    assertEquals(List.of("d=1"), names("www.example.com", "/", false));
    assertEquals(List.of("d=1"), names("a.b.example.com", "/", false));
    assertEquals(List.of(), names("badexample.com", "/", false));
    assertEquals(List.of(), names("example.org", "/", false));
  }

  @Test
  void foreignOrSiblingDomainIsRejected() {
    store.add("www.example.com", "/", parse("evil=1; Domain=victim.com"));
    store.add("www.example.com", "/", parse("sib=1; Domain=api.example.com"));
    store.add("www.example.com", "/", parse("tail=1; Domain=ample.com"));
    assertTrue(store.getAll().isEmpty());
    assertEquals(List.of(), names("victim.com", "/", false));
    assertEquals(List.of(), names("api.example.com", "/", false));
  }

  @Test
  void singleLabelDomainIsRejectedUnlessItIsTheHostItself() {
    store.add("www.example.com", "/", parse("tld=1; Domain=com"));
    assertTrue(store.getAll().isEmpty());

    store.add("localhost", "/", parse("local=1; Domain=localhost"));
    assertEquals(List.of("local=1"), names("localhost", "/", false));
    // Accepted as host-only, so it does not reach hosts under it.
    assertEquals(List.of(), names("app.localhost", "/", false));
  }

  @Test
  void ipHostsOnlyMatchExactly() {
    store.add("10.0.0.1", "/", parse("ip=1"));
    store.add("10.0.0.1", "/", parse("bad=1; Domain=0.0.1"));
    assertEquals(List.of("ip=1"), names("10.0.0.1", "/", false));
    assertEquals(List.of(), names("10.0.0.2", "/", false));
  }

  @Test
  void pathMatching() {
    store.add("h.example", "/", parse("p=1; Path=/docs"));
    assertEquals(List.of("p=1"), names("h.example", "/docs", false));
    assertEquals(List.of("p=1"), names("h.example", "/docs/", false));
    assertEquals(List.of("p=1"), names("h.example", "/docs/a/b", false));
    assertEquals(List.of(), names("h.example", "/docsearch", false));
    assertEquals(List.of(), names("h.example", "/", false));
    assertEquals(List.of(), names("h.example", "", false));

    store.add("h.example", "/", parse("q=1; Path=/api/"));
    assertEquals(List.of("q=1"), names("h.example", "/api/v1", false));
    assertEquals(List.of(), names("h.example", "/api", false));
  }

  @Test
  void defaultPathIsTheDirectoryOfTheRequestPath() {
    assertEquals("/", ThreadSafeCookieStore.defaultPath(null));
    assertEquals("/", ThreadSafeCookieStore.defaultPath(""));
    assertEquals("/", ThreadSafeCookieStore.defaultPath("relative/x"));
    assertEquals("/", ThreadSafeCookieStore.defaultPath("/login"));
    assertEquals("/account", ThreadSafeCookieStore.defaultPath("/account/login"));
    assertEquals("/a/b", ThreadSafeCookieStore.defaultPath("/a/b/"));

    store.add("h.example", "/account/login", parse("s=1"));
    store.add("h.example", "/account/login", parse("t=1; Path=not-absolute"));
    assertEquals(List.of("s=1", "t=1"), names("h.example", "/account/settings", false));
    assertEquals(List.of(), names("h.example", "/other", false));
  }

  @Test
  void longerPathsComeFirstThenOlder() {
    store.add("h.example", "/", parse("root=1; Path=/"));
    store.add("h.example", "/", parse("deep=1; Path=/a/b"));
    store.add("h.example", "/", parse("mid=1; Path=/a"));
    store.add("h.example", "/", parse("root2=1; Path=/"));
    assertEquals(List.of("deep=1", "mid=1", "root=1", "root2=1"), names("h.example", "/a/b/c", false));
  }

  @Test
  void secureCookiesOnlyOverSecureRequests() {
    store.add("h.example", "/", parse("s=1; Secure"));
    store.add("h.example", "/", parse("p=1"));
    assertEquals(List.of("p=1"), names("h.example", "/", false));
    assertEquals(List.of("s=1", "p=1"), names("h.example", "/", true));
  }

  @Test
  void sameNameDomainAndPathReplacesAndKeepsCreationOrder() {
    store.add("h.example", "/", parse("a=1"));
    store.add("h.example", "/", parse("b=1"));
    store.add("h.example", "/", parse("a=2"));
    assertEquals(List.of("a=2", "b=1"), names("h.example", "/", false));
    // Same name, other path: a different cookie.
    store.add("h.example", "/", parse("a=4; Path=/x"));
    assertEquals(3, store.getAll().size());
  }

  @Test
  void namesCompareIgnoringCaseAs3011Does() {
    store.add("h.example", "/", parse("a=1"));
    store.add("h.example", "/", parse("b=1"));
    store.add("h.example", "/", parse("A=2"));
    // 3.0.11 keeps b=1 and A=2: the second name replaces the first, whatever its case.
    assertEquals(List.of("A=2", "b=1"), names("h.example", "/", false));
    store.add("h.example", "/", parse("B=0; Max-Age=0"));
    assertEquals(List.of("A=2"), names("h.example", "/", false));
  }

  @Test
  void maxAgeExpiresOnTheClock() {
    store.add("h.example", "/", parse("short=1; Max-Age=10"));
    store.add("h.example", "/", parse("session=1"));
    advanceSeconds(9);
    assertEquals(List.of("short=1", "session=1"), names("h.example", "/", false));
    advanceSeconds(1);
    assertEquals(List.of("session=1"), names("h.example", "/", false));
    assertEquals(1, store.getAll().size());

    // Expired entries stay in the map until evicted.
    assertEquals(2, jar("h.example").size());
    store.evictExpired();
    assertEquals(1, jar("h.example").size());
  }

  @Test
  void maxAgeZeroOrNegativeDeletes() {
    store.add("h.example", "/", parse("a=1; Path=/p"));
    store.add("h.example", "/", parse("b=1"));
    store.add("h.example", "/", parse("a=gone; Path=/p; Max-Age=0"));
    assertEquals(List.of("b=1"), names("h.example", "/p", false));
    store.add("h.example", "/", parse("b=gone; Max-Age=-1"));
    assertTrue(store.getAll().isEmpty());
    assertTrue(store.getUnderlying().isEmpty(), "an emptied domain is dropped");

    // A deleting cookie is never stored, even when there was nothing to delete.
    store.add("h.example", "/", parse("c=1; Max-Age=0"));
    assertTrue(store.getAll().isEmpty());
  }

  @Test
  void capPerDomainEvictsTheOldest() {
    int cap = ThreadSafeCookieStore.MAX_COOKIES_PER_DOMAIN;
    for (int i = 0; i < cap + 5; i++) {
      store.add("h.example", "/", parse("c" + i + "=" + i));
    }
    Set<String> names = new HashSet<>();
    for (Cookie c : store.getAll()) {
      names.add(c.name());
    }
    assertEquals(cap, names.size());
    for (int i = 0; i < 5; i++) {
      assertFalse(names.contains("c" + i), "c" + i + " should have been evicted");
    }
    assertTrue(names.contains("c5"));
    assertTrue(names.contains("c" + (cap + 4)));
  }

  @Test
  void aDomainKeepsTwoHundredCookiesAsIn3012() {
    for (int i = 0; i < 200; i++) {
      store.add("h.example", "/", parse("c" + i + "=" + i));
    }
    assertEquals(200, store.getAll().size());
    store.add("h.example", "/", parse("one=more"));
    assertEquals(200, store.getAll().size());
    assertFalse(jar("h.example").containsKey(new ThreadSafeCookieStore.CookieKey("c0", "/")));
  }

  @Test
  void aReplacedCookieCountsAsJustStoredForEvictionButKeepsItsPlaceInRetrieval() {
    int cap = ThreadSafeCookieStore.MAX_COOKIES_PER_DOMAIN;
    for (int i = 0; i < cap; i++) {
      store.add("h.example", "/", parse("c" + i + "=" + i));
    }
    store.add("h.example", "/", parse("c0=again"));
    store.add("h.example", "/", parse("newest=1"));
    Map<ThreadSafeCookieStore.CookieKey, ThreadSafeCookieStore.StoredCookie> cookies = jar("h.example");
    assertEquals(cap, cookies.size());
    // 3.0.12 evicts in the order cookies were last stored: c1 goes, the re-set c0 stays.
    assertTrue(cookies.containsKey(new ThreadSafeCookieStore.CookieKey("c0", "/")));
    assertFalse(cookies.containsKey(new ThreadSafeCookieStore.CookieKey("c1", "/")));
    // Retrieval still orders by creation (RFC 6265 5.3 step 11.3): c0 first.
    assertEquals("c0=again", names("h.example", "/", false).get(0));
  }

  @Test
  void capPrefersEvictingExpiredCookies() {
    int cap = ThreadSafeCookieStore.MAX_COOKIES_PER_DOMAIN;
    store.add("h.example", "/", parse("keep=1"));
    store.add("h.example", "/", parse("dying=1; Max-Age=1"));
    for (int i = 0; i < cap - 2; i++) {
      store.add("h.example", "/", parse("c" + i + "=" + i));
    }
    advanceSeconds(5);
    store.add("h.example", "/", parse("new=1"));
    Map<ThreadSafeCookieStore.CookieKey, ThreadSafeCookieStore.StoredCookie> cookies = jar("h.example");
    assertEquals(cap, cookies.size());
    assertTrue(cookies.containsKey(new ThreadSafeCookieStore.CookieKey("keep", "/")));
    assertFalse(cookies.containsKey(new ThreadSafeCookieStore.CookieKey("dying", "/")));
  }

  @Test
  void removeAndClear() {
    store.add("a.example", "/", parse("x=1"));
    store.add("b.example", "/", parse("x=2"));
    store.add("b.example", "/", parse("y=3"));
    assertTrue(store.remove(c -> c.name().equals("x")), "removes from every domain");
    assertEquals(List.of("y=3"), names("b.example", "/", false));
    assertEquals(List.of(), names("a.example", "/", false));
    assertFalse(store.remove(c -> c.name().equals("x")));
    assertTrue(store.clear());
    assertFalse(store.clear());
    assertTrue(store.getAll().isEmpty());
  }

  @Test
  void underlyingIsAReadOnlySnapshot() {
    store.add("h.example", "/", parse("a=1"));
    Map<String, Map<ThreadSafeCookieStore.CookieKey, ThreadSafeCookieStore.StoredCookie>> snapshot =
        store.getUnderlying();
    store.add("h.example", "/", parse("b=1"));
    assertEquals(1, Objects.requireNonNull(snapshot.get("h.example")).size());
    assertThrows(UnsupportedOperationException.class, snapshot::clear);
  }

  @Test
  void countedTracksUsers() {
    assertEquals(0, store.count());
    assertEquals(1, store.incrementAndGet());
    assertEquals(2, store.incrementAndGet());
    assertEquals(1, store.decrementAndGet());
    assertEquals(1, store.count());
  }

  @Test
  void getSubDomainDropsTheFirstLabel() {
    assertEquals("example.com", ThreadSafeCookieStore.DomainUtils.getSubDomain("www.example.com"));
    assertEquals("com", ThreadSafeCookieStore.DomainUtils.getSubDomain("example.com"));
    assertNull(ThreadSafeCookieStore.DomainUtils.getSubDomain("com"));
    assertNull(ThreadSafeCookieStore.DomainUtils.getSubDomain(""));
    assertNull(ThreadSafeCookieStore.DomainUtils.getSubDomain(null));
  }

  /** What one of the racing threads does, given its number. */
  private interface ThreadBody {
    void run(int thread);
  }

  /**
   * Runs {@code body} on {@code threads} threads released together by one latch, and waits for all of
   * them: the two concurrency tests differ only in what each thread adds.
   */
  private void race(int threads, ThreadBody body) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    this.pool = pool;
    CountDownLatch start = new CountDownLatch(1);
    List<Future<?>> futures = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      futures.add(
          pool.submit(
              () -> {
                start.await();
                body.run(thread);
                return null;
              }));
    }
    start.countDown();
    for (Future<?> f : futures) {
      f.get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void concurrentAddsFromFourThreads() throws Exception {
    int threads = 4;
    int perThread = 10; // 40 distinct cookies: under the cap, so every one must survive
    race(
        threads,
        thread -> {
          for (int i = 0; i < perThread; i++) {
            store.add("h.example", "/", parse("t" + thread + "c" + i + "=v"));
            // Shared name: every thread overwrites the same cookie.
            store.add("h.example", "/", parse("shared=" + thread));
            store.get("h.example", "/", false);
          }
        });
    assertEquals(threads * perThread + 1, store.getAll().size());
    assertEquals(threads * perThread + 1, names("h.example", "/", false).size());
  }

  @Test
  void concurrentAddsBeyondTheCapStayAtTheCap() throws Exception {
    int threads = 4;
    // Together, twice the cap.
    int perThread = ThreadSafeCookieStore.MAX_COOKIES_PER_DOMAIN / 2;
    race(
        threads,
        thread -> {
          for (int i = 0; i < perThread; i++) {
            store.add("h.example", "/", parse("t" + thread + "c" + i + "=v"));
          }
        });
    assertEquals(ThreadSafeCookieStore.MAX_COOKIES_PER_DOMAIN, store.getAll().size());
  }
}

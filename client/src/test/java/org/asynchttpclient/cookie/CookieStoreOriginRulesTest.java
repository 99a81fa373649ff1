package org.asynchttpclient.cookie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.cookie.ClientCookieDecoder;
import io.netty.handler.codec.http.cookie.Cookie;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;

/**
 * The rules that decide whether a response may set a cookie at all: public suffixes (AHC 3.0.13,
 * with 3.0.14's private section and implicit rule), and the Secure rules of 3.0.14 (RFC 6265bis 5.7).
 */
class CookieStoreOriginRulesTest {

  private final ThreadSafeCookieStore store = new ThreadSafeCookieStore();

  private static Cookie parse(String setCookie) {
    Cookie cookie = ClientCookieDecoder.LAX.decode(setCookie);
    if (cookie == null) {
      throw new AssertionError("does not parse: " + setCookie);
    }
    return cookie;
  }

  private void set(String url, String setCookie) {
    store.add(Uri.create(url), parse(setCookie));
  }

  private List<String> sent(String url) {
    List<String> names = new ArrayList<>();
    for (Cookie c : store.get(Uri.create(url))) {
      names.add(c.name() + "=" + c.value());
    }
    return names;
  }

  // ---- public suffixes ---------------------------------------------------------------------------

  @Test
  void aDomainNamingARegistryIsIgnored() {
    set("https://evil.co.uk/", "a=1; Domain=co.uk");
    set("https://evil.co.uk/", "b=1; Domain=.CO.UK");
    assertEquals(List.of(), sent("https://victim.co.uk/"));
    assertEquals(List.of(), sent("https://evil.co.uk/"));
    assertTrue(store.getAll().isEmpty());

    set("https://www.example.co.uk/", "site=1; Domain=example.co.uk");
    assertEquals(List.of("site=1"), sent("https://shop.example.co.uk/"));
  }

  @Test
  void aDomainNamingAHostingPlatformIsIgnored() {
    set("https://attacker.github.io/", "a=1; Domain=github.io");
    set("https://someone.blogspot.com/", "b=1; Domain=blogspot.com");
    assertTrue(store.getAll().isEmpty());
  }

  @Test
  void aDomainEqualToTheHostIsKept() {
    set("https://www.example.com/", "d=1; Domain=www.example.com");
    assertEquals(List.of("d=1"), sent("https://www.example.com/"));
    assertEquals(List.of("d=1"), sent("https://api.www.example.com/"), "a domain cookie, not host-only");
  }

  @Test
  void aSuffixDomainEqualToTheHostBecomesHostOnly() {
    set("https://github.io/", "p=1; Domain=github.io");
    set("http://localhost/", "l=1; Domain=localhost");
    set("http://ck/", "c=1; Domain=ck");
    assertEquals(List.of("p=1"), sent("https://github.io/"));
    assertEquals(List.of(), sent("https://someone.github.io/"));
    assertEquals(List.of("l=1"), sent("http://localhost/"));
    assertEquals(List.of(), sent("http://app.localhost/"));
    assertEquals(List.of("c=1"), sent("http://ck/"));
  }

  @Test
  void anIpHostMatchesNothingButItself() {
    set("http://10.0.0.1/", "a=1; Domain=0.0.1");
    set("http://10.0.0.1/", "b=1; Domain=10.0.0.1");
    assertEquals(List.of("b=1"), sent("http://10.0.0.1/"));
    assertEquals(List.of(), sent("http://110.0.0.1/"));
  }

  // ---- Secure ------------------------------------------------------------------------------------

  @Test
  void aSecureCookieFromAPlainOriginIsDropped() {
    set("http://example.com/", "s=1; Secure");
    set("ws://example.com/", "w=1; Secure");
    assertTrue(store.getAll().isEmpty());
    set("https://example.com/", "s=2; Secure");
    set("wss://example.com/", "w=2; Secure");
    assertEquals(List.of("s=2", "w=2"), sent("https://example.com/"));
  }

  @Test
  void loopbackCountsAsASecureOrigin() {
    set("http://localhost/", "a=1; Secure");
    set("http://127.0.0.1/", "b=1; Secure");
    set("http://127.9.9.9/", "c=1; Secure");
    set("http://[::1]/", "d=1; Secure");
    set("http://192.168.0.1/", "e=1; Secure");
    assertEquals(4, store.getAll().size());
    assertEquals(List.of("a=1"), sent("http://localhost/"), "and gets it back over plain http");
    assertEquals(List.of("b=1"), sent("http://127.0.0.1/"));
    assertEquals(List.of("d=1"), sent("http://[::1]/"));
  }

  @Test
  void aPlainResponseCannotReplaceOrDeleteASecureCookie() {
    set("https://example.com/", "sid=good; Secure");
    set("http://example.com/", "sid=evil");
    set("http://example.com/", "SID=evil2; Path=/");
    set("http://example.com/", "sid=; Max-Age=0");
    assertEquals(List.of("sid=good"), sent("https://example.com/"));
    assertEquals(List.of(), sent("http://example.com/"));
    // Another name is free; a TLS response may replace it.
    set("http://example.com/", "other=1");
    set("https://example.com/", "sid=rotated; Secure");
    assertEquals(List.of("sid=rotated", "other=1"), sent("https://example.com/"));
  }

  @Test
  void theRuleCoversTheHostsDomainChainAndPathsBelow() {
    set("https://www.example.com/", "sid=good; Secure; Domain=example.com; Path=/app");
    set("http://www.example.com/", "sid=evil; Path=/app/deeper"); // host-only, path below: shadows
    set("http://a.b.example.com/", "sid=evil; Path=/app"); // deeper host
    set("http://www.example.com/", "sid=evil; Path=/apple"); // not below /app: allowed
    set("http://www.example.com/", "sid=evil; Path=/"); // above /app: allowed (it does not shadow)
    List<String> paths = new ArrayList<>();
    for (Cookie c : store.getAll()) {
      paths.add(c.value() + " " + c.path());
    }
    paths.sort(null);
    assertEquals(List.of("evil /", "evil /apple", "good /app"), paths);
  }

  @Test
  void onLoopbackOnlyCookiesThatCameOverTlsAreProtected() {
    set("http://localhost/", "plain=1; Secure");
    set("https://localhost/", "tls=1; Secure");
    set("http://localhost/", "plain=2");
    set("http://localhost/", "tls=2");
    assertEquals(List.of("plain=2"), sent("http://localhost/"), "the TLS one is not sent over http");
    assertEquals(List.of("plain=2", "tls=1"), sent("https://localhost/"));
  }

  @Test
  void atTheDomainCapNonSecureCookiesGoFirst() {
    int cap = ThreadSafeCookieStore.MAX_COOKIES_PER_DOMAIN;
    set("https://h.example/", "secure0=1; Secure");
    set("https://h.example/", "plain0=1");
    set("https://h.example/", "secure1=1; Secure");
    for (int i = 0; i < cap - 3; i++) {
      set("https://h.example/", "fill" + i + "=1");
    }
    set("https://h.example/", "newest=1");
    set("https://h.example/", "newer=1");
    List<String> kept = sent("https://h.example/");
    assertEquals(cap, kept.size());
    assertTrue(kept.contains("secure0=1") && kept.contains("secure1=1"), "Secure ones stay: " + kept);
    assertTrue(!kept.contains("plain0=1") && !kept.contains("fill0=1"), "oldest plain ones go");
    assertTrue(kept.contains("fill1=1") && kept.contains("newer=1"));
  }

  /**
   * 3.0.14 checks the Secure rule by walking every stored domain on each Set-Cookie over plain http;
   * ours looks up the host's own domains. The jar counts every walk over its domains.
   */
  @Test
  void thePlainResponseCheckNeverWalksTheStoredDomains() {
    CountingJar jar = new CountingJar();
    ThreadSafeCookieStore counted = new ThreadSafeCookieStore(System::nanoTime, jar);
    for (int i = 0; i < 2000; i++) {
      counted.add(Uri.create("https://host" + i + ".example/"), parse("sid=" + i + "; Secure"));
    }
    jar.walks.set(0);
    counted.add(Uri.create("http://host7.example/"), parse("sid=evil"));
    counted.add(Uri.create("http://www.host8.example/"), parse("sid=evil; Domain=host8.example"));
    counted.add(Uri.create("http://fresh.example/"), parse("sid=new"));
    counted.get(Uri.create("http://host7.example/"));
    assertEquals(0, jar.walks.get(), "walks over the stored domains");
    assertEquals(2001, counted.getAll().size(), "only the fresh host's cookie was added");
  }

  /** A domain map that counts each walk over its domains. */
  private static final class CountingJar
      extends ConcurrentHashMap<String, Map<ThreadSafeCookieStore.CookieKey, ThreadSafeCookieStore.StoredCookie>> {
    private static final long serialVersionUID = 1L;
    final AtomicInteger walks = new AtomicInteger();

    @Override
    public Set<Map.Entry<String, Map<ThreadSafeCookieStore.CookieKey, ThreadSafeCookieStore.StoredCookie>>>
        entrySet() {
      walks.incrementAndGet();
      return super.entrySet();
    }

    @Override
    public KeySetView<String, Map<ThreadSafeCookieStore.CookieKey, ThreadSafeCookieStore.StoredCookie>> keySet() {
      walks.incrementAndGet();
      return super.keySet();
    }

    @Override
    public Collection<Map<ThreadSafeCookieStore.CookieKey, ThreadSafeCookieStore.StoredCookie>> values() {
      walks.incrementAndGet();
      return super.values();
    }

    @Override
    public void forEach(
        BiConsumer<? super String, ? super Map<ThreadSafeCookieStore.CookieKey, ThreadSafeCookieStore.StoredCookie>>
            action) {
      walks.incrementAndGet();
      super.forEach(action);
    }
  }
}

package org.asynchttpclient.cookie;

import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * The default {@link CookieStore}: an in-memory store that follows the storage and retrieval rules of
 * RFC 6265 (sections 5.1.3, 5.1.4, 5.3 and 5.4) and the Secure-cookie rules of its successor draft
 * (RFC 6265bis 5.7, as AHC 3.0.14 has them).
 *
 * <ul>
 *   <li>A cookie without a Domain attribute is host-only: it goes back to the exact host that set it.
 *   <li>A Domain attribute is honoured only when the request host domain-matches it; a cookie naming
 *       another domain (cookie tossing) is ignored, and so is one naming a public suffix ({@link
 *       PublicSuffixList}: {@code co.uk}, {@code github.io}, any single label) unless it is the
 *       request host itself, which then gets a host-only cookie. An IP address only matches itself.
 *   <li>A cookie without a Path attribute gets the default path of the request (its directory).
 *   <li>A Secure cookie is stored only from a secure origin: https or wss, or a loopback host
 *       ({@code localhost}, {@code 127.0.0.0/8}, {@code ::1}) over plain http. A response that did
 *       not come over TLS cannot set, replace or delete a cookie of a name for which the store holds
 *       an unexpired Secure cookie on the request host's own domain chain whose path the new one's
 *       path-matches (on loopback over plain http, only Secure cookies that came over TLS count).
 *       The check looks up the host's chain of domains and the new path's prefixes, a few map
 *       look-ups whatever the number of domains stored.
 *   <li>Max-Age (which Netty's decoder also derives from Expires) sets the lifetime, measured on the
 *       monotonic clock; a Max-Age of 0 or less deletes the stored cookie of the same name, domain and
 *       path. Cookies without one live as long as the store, within the caps below.
 *   <li>{@link #get(Uri)} returns the unexpired cookies whose domain and path match the request, Secure
 *       ones only over https and wss (and over plain http to a loopback host, those that did not come
 *       over TLS), longer paths first and then older first.
 *   <li>At most {@value #MAX_COOKIES_PER_DOMAIN} cookies are kept per domain: storing one more drops the
 *       expired ones, then the least recently stored non-Secure one, then the least recently stored
 *       Secure one. A cookie the server set again (a replacement) counts as just stored, although it
 *       keeps its creation order for retrieval.
 *   <li>At most {@value #MAX_COOKIES_TOTAL} cookies are kept in all (RFC 6265 section 6.1 asks for at
 *       least 3000): storing one more drops the least recently stored cookie of the whole store, so
 *       a client talking to many hosts holds a bounded jar (AHC 3.0.14 bounds each domain only).
 * </ul>
 *
 * <p>Cookie names compare ignoring case, as in 3.0.11: {@code SID=2} replaces a stored {@code sid=1} of
 * the same domain and path, and {@code Max-Age=0} on either deletes the other. (RFC 6265 makes names
 * case-sensitive; 3.0.11's store folded them, and code written against it may rely on that.)
 *
 * <p>Thread-safety: the outer map is a {@link ConcurrentHashMap} keyed by domain; every change to one
 * domain's cookies happens inside {@code compute} on that key, together with the matching change to
 * the store-wide order ({@code storeOrder}) and count ({@code storedCount}), so changes to one domain
 * are serialized while lookups read without locking. The total cap is enforced after the insertion
 * that passed it, one victim at a time, each removed inside {@code compute} on its own domain (never
 * nested in another domain's). User predicates never run while a lock is held.
 */
public final class ThreadSafeCookieStore implements CookieStore {

  /**
   * How many cookies one domain may hold: 200, as in AHC 3.0.12 (RFC 6265 section 6.1 asks for at
   * least 50; browsers keep 50 to 180, so the cap only bites a server flooding the jar).
   */
  static final int MAX_COOKIES_PER_DOMAIN = 200;

  /**
   * How many cookies the store holds in all: 3000, RFC 6265 section 6.1's floor (browsers keep 3000
   * to 3300). A jar bounded per domain only grows with the number of hosts a client visits.
   */
  static final int MAX_COOKIES_TOTAL = 3000;

  private static final Comparator<StoredCookie> RETRIEVAL_ORDER =
      Comparator.comparingInt((StoredCookie c) -> c.key.path.length())
          .reversed()
          .thenComparingLong(c -> c.creationSequence);

  // ---- any thread (each change to a domain inside compute on its key) ----------------------------
  private final ConcurrentMap<String, Map<CookieKey, StoredCookie>> cookieJar;
  /** Every stored cookie by its store sequence, oldest first: the total cap's eviction order. */
  private final ConcurrentSkipListMap<Long, StoredCookie> storeOrder = new ConcurrentSkipListMap<>();
  /** How many cookies the domain maps hold in all. */
  private final AtomicInteger storedCount = new AtomicInteger();
  private final AtomicInteger counter = new AtomicInteger();
  private final AtomicLong nextCreationSequence = new AtomicLong();
  private final AtomicLong nextStoreSequence = new AtomicLong();

  // ---- immutable ---------------------------------------------------------------------------------
  private final LongSupplier nanoClock;

  public ThreadSafeCookieStore() {
    this(System::nanoTime);
  }

  /** For tests: a store whose lifetimes are measured on {@code nanoClock}. */
  ThreadSafeCookieStore(LongSupplier nanoClock) {
    this(nanoClock, new ConcurrentHashMap<>());
  }

  /** For tests: a store over the given (empty) domain map, which a test may instrument. */
  ThreadSafeCookieStore(LongSupplier nanoClock, ConcurrentMap<String, Map<CookieKey, StoredCookie>> jar) {
    this.nanoClock = nanoClock;
    this.cookieJar = jar;
  }

  @Override
  public void add(Uri uri, Cookie cookie) {
    add(uri.getHost(), uri.getPath(), uri.isSecured(), cookie);
  }

  @Override
  public List<Cookie> get(Uri uri) {
    return get(uri.getHost(), uri.getPath(), uri.isSecured());
  }

  @Override
  public List<Cookie> getAll() {
    long now = nanoClock.getAsLong();
    List<Cookie> all = new ArrayList<>();
    for (Map<CookieKey, StoredCookie> cookies : cookieJar.values()) {
      for (StoredCookie stored : cookies.values()) {
        if (!stored.isExpired(now)) {
          all.add(stored.cookie);
        }
      }
    }
    return all;
  }

  @Override
  public boolean remove(Predicate<Cookie> predicate) {
    AtomicBoolean removed = new AtomicBoolean();
    for (Map.Entry<String, Map<CookieKey, StoredCookie>> domainEntry : cookieJar.entrySet()) {
      // Test outside any lock (the predicate is user code), then remove only the very entries tested.
      List<StoredCookie> doomed = new ArrayList<>();
      for (StoredCookie stored : domainEntry.getValue().values()) {
        if (predicate.test(stored.cookie)) {
          doomed.add(stored);
        }
      }
      if (!doomed.isEmpty()) {
        cookieJar.computeIfPresent(
            domainEntry.getKey(),
            (domain, cookies) -> {
              for (StoredCookie stored : doomed) {
                if (removeStored(cookies, stored)) {
                  removed.set(true);
                }
              }
              return cookies.isEmpty() ? null : cookies;
            });
      }
    }
    return removed.get();
  }

  @Override
  public boolean clear() {
    boolean hadCookies = false;
    for (String domain : cookieJar.keySet()) {
      Map<CookieKey, StoredCookie> gone = cookieJar.remove(domain);
      if (gone != null) {
        hadCookies = true;
        // Unlinked from the jar: no compute on this domain sees these entries any more.
        for (StoredCookie stored : gone.values()) {
          untrack(stored);
        }
      }
    }
    return hadCookies;
  }

  @Override
  public void evictExpired() {
    long now = nanoClock.getAsLong();
    for (String domain : cookieJar.keySet()) {
      cookieJar.computeIfPresent(
          domain,
          (d, cookies) -> {
            for (StoredCookie stored : new ArrayList<>(cookies.values())) {
              if (stored.isExpired(now)) {
                removeStored(cookies, stored);
              }
            }
            return cookies.isEmpty() ? null : cookies;
          });
    }
  }

  @Override
  public int incrementAndGet() {
    return counter.incrementAndGet();
  }

  @Override
  public int decrementAndGet() {
    return counter.decrementAndGet();
  }

  @Override
  public int count() {
    return counter.get();
  }

  /**
   * A read-only snapshot of the store: domain, then (name, path) to the stored cookie. Later changes to
   * the store do not show in it.
   */
  public Map<String, Map<CookieKey, StoredCookie>> getUnderlying() {
    Map<String, Map<CookieKey, StoredCookie>> snapshot = new HashMap<>();
    for (Map.Entry<String, Map<CookieKey, StoredCookie>> entry : cookieJar.entrySet()) {
      snapshot.put(entry.getKey(), Collections.unmodifiableMap(new HashMap<>(entry.getValue())));
    }
    return Collections.unmodifiableMap(snapshot);
  }

  /** For tests: how many cookies the store holds (expired ones not yet dropped included). */
  int storedCount() {
    return storedCount.get();
  }

  /** For tests: how many entries the store-wide eviction order holds. */
  int orderedCount() {
    return storeOrder.size();
  }

  // ---- storage (RFC 6265 section 5.3) ------------------------------------------------------------

  /** For tests: stores a cookie a response over TLS from {@code requestHost} set for {@code requestPath}. */
  void add(String requestHost, @Nullable String requestPath, Cookie cookie) {
    add(requestHost, requestPath, true, cookie);
  }

  /**
   * Stores a cookie set by a response from {@code requestHost} for {@code requestPath}, which came
   * over TLS when {@code overTls}.
   */
  void add(String requestHost, @Nullable String requestPath, boolean overTls, Cookie cookie) {
    String host = requestHost.toLowerCase(Locale.ROOT);
    boolean secureContext = overTls || isLoopback(host);
    if (cookie.isSecure() && !secureContext) {
      return; // RFC 6265bis 5.7 step 10: only a secure origin may set a Secure cookie
    }
    String domain;
    boolean hostOnly;
    String domainAttribute = cookie.domain();
    if (domainAttribute == null || domainAttribute.isEmpty() || domainAttribute.equals(".")) {
      domain = host;
      hostOnly = true;
    } else {
      String candidate = stripLeadingDot(domainAttribute.toLowerCase(Locale.ROOT));
      if (candidate.equals(host)) {
        // Section 5.3 step 5: a host may name itself even when it is a public suffix (localhost, a
        // single-label intranet name, github.io itself), and then the cookie stays host-only.
        domain = host;
        hostOnly = PublicSuffixList.isPublicSuffix(candidate);
      } else if (!domainMatches(host, candidate) || PublicSuffixList.isPublicSuffix(candidate)) {
        // Step 6: a host may not set cookies for a domain it does not belong to; step 5: nor for a
        // registry above it (evil.co.uk may not set Domain=co.uk).
        return;
      } else {
        domain = candidate;
        hostOnly = false;
      }
    }

    String cookiePath = cookie.path();
    String path =
        cookiePath != null && !cookiePath.isEmpty() && cookiePath.charAt(0) == '/'
            ? cookiePath
            : defaultPath(requestPath);
    CookieKey key = new CookieKey(cookie.name().toLowerCase(Locale.ROOT), path);
    long now = nanoClock.getAsLong();
    if (!overTls && shadowsSecureCookie(host, key, secureContext, now)) {
      return; // RFC 6265bis 5.7 step 16: leave Secure cookies alone
    }

    long maxAge = cookie.maxAge();
    if (maxAge != Cookie.UNDEFINED_MAX_AGE && maxAge <= 0) {
      cookieJar.computeIfPresent(
          domain,
          (d, cookies) -> {
            StoredCookie stored = cookies.get(key);
            if (stored != null) {
              removeStored(cookies, stored);
            }
            return cookies.isEmpty() ? null : cookies;
          });
      return;
    }

    boolean persistent = maxAge != Cookie.UNDEFINED_MAX_AGE;
    long lifetimeNanos = persistent ? secondsToNanosSaturated(maxAge) : Long.MAX_VALUE;
    AtomicBoolean added = new AtomicBoolean();
    cookieJar.compute(
        domain,
        (d, existing) -> {
          Map<CookieKey, StoredCookie> cookies = existing != null ? existing : new ConcurrentHashMap<>();
          StoredCookie previous = cookies.get(key);
          // Section 5.3 step 11.3: a replacement keeps the creation time of the cookie it replaces.
          long sequence =
              previous != null ? previous.creationSequence : nextCreationSequence.getAndIncrement();
          StoredCookie stored =
              new StoredCookie(
                  d,
                  key,
                  cookie,
                  hostOnly,
                  persistent,
                  overTls,
                  sequence,
                  nextStoreSequence.getAndIncrement(),
                  now,
                  lifetimeNanos);
          cookies.put(key, stored);
          if (previous != null) {
            storeOrder.remove(previous.storeSequence, previous);
          } else {
            storedCount.incrementAndGet();
            added.set(true);
          }
          storeOrder.put(stored.storeSequence, stored);
          if (previous == null && cookies.size() > MAX_COOKIES_PER_DOMAIN) {
            evictForRoom(cookies, now);
          }
          return cookies;
        });
    if (added.get() && storedCount.get() > MAX_COOKIES_TOTAL) {
      evictBeyondTotal();
    }
  }

  /**
   * Whether a cookie of {@code key}'s name and path, set without TLS by {@code host}, would shadow a
   * stored Secure cookie: one of the same name on a domain of the host's chain (the host and each
   * parent), whose path the new path path-matches. Looks up the chain's domains and the path's
   * prefixes; never walks the store's other domains.
   *
   * @param secureContext the response came from a loopback host: Secure cookies set there without
   *     TLS may be replaced, those set over TLS not
   */
  private boolean shadowsSecureCookie(String host, CookieKey key, boolean secureContext, long now) {
    List<String> paths = pathsMatchedBy(key.path);
    // An IP address has no parent domains (no suffix matching on IP hosts).
    String domain = host;
    boolean suffixesAllowed = !isIpAddress(host);
    for (; domain != null; domain = suffixesAllowed ? DomainUtils.getSubDomain(domain) : null) {
      Map<CookieKey, StoredCookie> cookies = cookieJar.get(domain);
      if (cookies == null) {
        continue;
      }
      for (String path : paths) {
        StoredCookie stored = cookies.get(new CookieKey(key.name, path));
        if (stored != null
            && stored.cookie.isSecure()
            && (!secureContext || stored.setOverTls)
            && !stored.isExpired(now)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The cookie paths {@code path} path-matches (section 5.1.4): itself and its directory prefixes. */
  static List<String> pathsMatchedBy(String path) {
    List<String> paths = new ArrayList<>(4);
    paths.add(path);
    for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
      if (slash > 0) {
        paths.add(path.substring(0, slash));
      }
      if (slash + 1 < path.length()) {
        paths.add(path.substring(0, slash + 1));
      }
    }
    return paths;
  }

  /**
   * Drops expired cookies, then the least recently stored non-Secure ones, then the least recently
   * stored Secure ones, until the domain is within its cap. Runs inside compute on the domain.
   */
  private void evictForRoom(Map<CookieKey, StoredCookie> cookies, long now) {
    for (StoredCookie stored : new ArrayList<>(cookies.values())) {
      if (stored.isExpired(now)) {
        removeStored(cookies, stored);
      }
    }
    while (cookies.size() > MAX_COOKIES_PER_DOMAIN) {
      StoredCookie victim = null;
      for (StoredCookie stored : cookies.values()) {
        if (victim == null || evictsBefore(stored, victim)) {
          victim = stored;
        }
      }
      if (victim == null) {
        return;
      }
      removeStored(cookies, victim);
    }
  }

  /** Within one domain: non-Secure before Secure, then least recently stored first. */
  private static boolean evictsBefore(StoredCookie a, StoredCookie b) {
    boolean aSecure = a.cookie.isSecure();
    if (aSecure != b.cookie.isSecure()) {
      return !aSecure;
    }
    return a.storeSequence < b.storeSequence;
  }

  /**
   * Drops the least recently stored cookies of the whole store until it is within {@link
   * #MAX_COOKIES_TOTAL}. Called after the insertion, outside any compute: each victim is removed
   * inside compute on its own domain.
   */
  private void evictBeyondTotal() {
    while (storedCount.get() > MAX_COOKIES_TOTAL) {
      Map.Entry<Long, StoredCookie> oldest = storeOrder.firstEntry();
      if (oldest == null) {
        return;
      }
      StoredCookie victim = oldest.getValue();
      cookieJar.computeIfPresent(
          victim.domain,
          (d, cookies) -> {
            removeStored(cookies, victim);
            return cookies.isEmpty() ? null : cookies;
          });
      // Replaced or removed meanwhile, the entry is gone already; never leave it to loop on.
      storeOrder.remove(oldest.getKey(), victim);
    }
  }

  /**
   * Removes {@code stored} from its domain's map if it is still there, with its entry in the order
   * and the count. Runs inside compute on the domain.
   */
  private boolean removeStored(Map<CookieKey, StoredCookie> cookies, StoredCookie stored) {
    if (!cookies.remove(stored.key, stored)) {
      return false;
    }
    untrack(stored);
    return true;
  }

  private void untrack(StoredCookie stored) {
    storeOrder.remove(stored.storeSequence, stored);
    storedCount.decrementAndGet();
  }

  // ---- retrieval (RFC 6265 section 5.4) ----------------------------------------------------------

  /**
   * The cookies that go with a request to {@code requestHost} and {@code requestPath}, over TLS when
   * {@code secure}.
   */
  List<Cookie> get(String requestHost, @Nullable String requestPath, boolean secure) {
    if (cookieJar.isEmpty()) {
      // Most clients never store a cookie: skip the host parsing (an IP check per request).
      return Collections.emptyList();
    }
    String host = requestHost.toLowerCase(Locale.ROOT);
    String path = requestPath == null || requestPath.isEmpty() ? "/" : requestPath;
    long now = nanoClock.getAsLong();
    // Domain cookies only ever match host names by suffix; an IP address only matches itself.
    boolean suffixesAllowed = !isIpAddress(host);
    // Over plain http to a loopback host, the Secure cookies that host set without TLS go back.
    boolean loopback = !secure && isLoopback(host);

    List<StoredCookie> matches = null;
    String domain = host;
    boolean exactHost = true;
    while (domain != null) {
      Map<CookieKey, StoredCookie> cookies = cookieJar.get(domain);
      if (cookies != null) {
        for (StoredCookie stored : cookies.values()) {
          if ((exactHost || !stored.hostOnly)
              && (secure || !stored.cookie.isSecure() || (loopback && !stored.setOverTls))
              && pathMatches(stored.key.path, path)
              && !stored.isExpired(now)) {
            if (matches == null) {
              matches = new ArrayList<>(4);
            }
            matches.add(stored);
          }
        }
      }
      if (!suffixesAllowed) {
        break;
      }
      domain = DomainUtils.getSubDomain(domain);
      exactHost = false;
    }
    if (matches == null) {
      return Collections.emptyList();
    }
    matches.sort(RETRIEVAL_ORDER);
    List<Cookie> result = new ArrayList<>(matches.size());
    for (StoredCookie stored : matches) {
      result.add(stored.cookie);
    }
    return result;
  }

  // ---- RFC 6265 helpers --------------------------------------------------------------------------

  /** Section 5.1.3: whether {@code host} domain-matches {@code domain} (both lower case). */
  static boolean domainMatches(String host, String domain) {
    if (host.equals(domain)) {
      return true;
    }
    return host.length() > domain.length()
        && host.endsWith(domain)
        && host.charAt(host.length() - domain.length() - 1) == '.'
        && !isIpAddress(host);
  }

  /** Section 5.1.4: the directory of the request path, used when a cookie has no usable Path. */
  static String defaultPath(@Nullable String requestPath) {
    if (requestPath == null || requestPath.isEmpty() || requestPath.charAt(0) != '/') {
      return "/";
    }
    int lastSlash = requestPath.lastIndexOf('/');
    return lastSlash == 0 ? "/" : requestPath.substring(0, lastSlash);
  }

  /** Section 5.1.4: whether {@code requestPath} path-matches {@code cookiePath}. */
  static boolean pathMatches(String cookiePath, String requestPath) {
    if (requestPath.equals(cookiePath)) {
      return true;
    }
    return requestPath.startsWith(cookiePath)
        && (cookiePath.charAt(cookiePath.length() - 1) == '/'
            || requestPath.charAt(cookiePath.length()) == '/');
  }

  private static boolean isIpAddress(String host) {
    return NetUtil.isValidIpV4Address(host) || NetUtil.isValidIpV6Address(host);
  }

  /**
   * Whether {@code host} (lower case) is a loopback host: {@code localhost} or a loopback address
   * literal ({@code 127.0.0.0/8}, {@code ::1}, bracketed or not). No name is resolved.
   */
  static boolean isLoopback(String host) {
    if (host.equals("localhost")) {
      return true;
    }
    String literal =
        host.length() > 2 && host.charAt(0) == '[' && host.charAt(host.length() - 1) == ']'
            ? host.substring(1, host.length() - 1)
            : host;
    byte[] address = NetUtil.createByteArrayFromIpAddressString(literal);
    if (address == null) {
      return false;
    }
    try {
      return InetAddress.getByAddress(address).isLoopbackAddress();
    } catch (UnknownHostException notAnAddress) {
      return false;
    }
  }

  private static String stripLeadingDot(String domain) {
    return domain.charAt(0) == '.' ? domain.substring(1) : domain;
  }

  private static long secondsToNanosSaturated(long seconds) {
    return seconds >= Long.MAX_VALUE / 1_000_000_000L ? Long.MAX_VALUE : seconds * 1_000_000_000L;
  }

  /** Helpers on domain names. */
  public static final class DomainUtils {

    private DomainUtils() {}

    /**
     * The parent domain: {@code domain} without its first label, or null when it has a single label
     * (or is null or empty). For {@code www.example.com} that is {@code example.com}.
     */
    public static @Nullable String getSubDomain(@Nullable String domain) {
      if (domain == null || domain.isEmpty()) {
        return null;
      }
      int dot = domain.indexOf('.');
      if (dot < 0 || dot == domain.length() - 1) {
        return null;
      }
      return domain.substring(dot + 1);
    }
  }

  /** The identity of a cookie within one domain: its name in lower case, and its path. */
  static final class CookieKey {
    final String name;
    final String path;

    CookieKey(String name, String path) {
      this.name = name;
      this.path = path;
    }

    @Override
    public boolean equals(@Nullable Object o) {
      if (this == o) {
        return true;
      }
      if (!(o instanceof CookieKey)) {
        return false;
      }
      CookieKey other = (CookieKey) o;
      return name.equals(other.name) && path.equals(other.path);
    }

    @Override
    public int hashCode() {
      return Objects.hash(name, path);
    }

    @Override
    public String toString() {
      return name + " " + path;
    }
  }

  /** A cookie as stored: its domain, the cookie, its effective path (in the key), flags and lifetime. */
  static final class StoredCookie {
    final String domain;
    final CookieKey key;
    final Cookie cookie;
    final boolean hostOnly;
    final boolean persistent;
    /** Whether the response that set it came over TLS (not merely from a loopback host). */
    final boolean setOverTls;
    /** Creation order within the store, kept across replacements; smaller is older. */
    final long creationSequence;
    /** Order in which the store last set this cookie, fresh on a replacement; eviction follows it. */
    final long storeSequence;
    final long storedAtNanos;
    final long lifetimeNanos;

    StoredCookie(
        String domain,
        CookieKey key,
        Cookie cookie,
        boolean hostOnly,
        boolean persistent,
        boolean setOverTls,
        long creationSequence,
        long storeSequence,
        long storedAtNanos,
        long lifetimeNanos) {
      this.domain = domain;
      this.key = key;
      this.cookie = cookie;
      this.hostOnly = hostOnly;
      this.persistent = persistent;
      this.setOverTls = setOverTls;
      this.creationSequence = creationSequence;
      this.storeSequence = storeSequence;
      this.storedAtNanos = storedAtNanos;
      this.lifetimeNanos = lifetimeNanos;
    }

    boolean isExpired(long nowNanos) {
      return persistent && nowNanos - storedAtNanos >= lifetimeNanos;
    }

    @Override
    public String toString() {
      return cookie + "; hostOnly=" + hostOnly + "; persistent=" + persistent;
    }
  }
}

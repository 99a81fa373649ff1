package org.asynchttpclient.cookie;

import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.util.NetUtil;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * The default {@link CookieStore}: an in-memory store that follows the storage and retrieval rules of
 * RFC 6265 (sections 5.1.3, 5.1.4, 5.3 and 5.4).
 *
 * <ul>
 *   <li>A cookie without a Domain attribute is host-only: it goes back to the exact host that set it.
 *   <li>A Domain attribute is honoured only when the request host domain-matches it; a cookie naming
 *       another domain (cookie tossing) is ignored. A single-label Domain such as {@code com} stands in
 *       for a public suffix: it is accepted only from that very host, and then as host-only.
 *   <li>A cookie without a Path attribute gets the default path of the request (its directory).
 *   <li>Max-Age (which Netty's decoder also derives from Expires) sets the lifetime, measured on the
 *       monotonic clock; a Max-Age of 0 or less deletes the stored cookie of the same name, domain and
 *       path. Cookies without one live as long as the store.
 *   <li>{@link #get(Uri)} returns the unexpired cookies whose domain and path match the request, Secure
 *       ones only over https and wss, longer paths first and then older first.
 *   <li>At most {@value #MAX_COOKIES_PER_DOMAIN} cookies are kept per domain: storing one more drops the
 *       expired ones, then the least recently stored, as AHC 3.0.12 does: a cookie the server set
 *       again (a replacement) counts as just stored, although it keeps its creation order for
 *       retrieval.
 * </ul>
 *
 * <p>Cookie names compare ignoring case, as in 3.0.11: {@code SID=2} replaces a stored {@code sid=1} of
 * the same domain and path, and {@code Max-Age=0} on either deletes the other. (RFC 6265 makes names
 * case-sensitive; 3.0.11's store folded them, and code written against it may rely on that.)
 *
 * <p>Thread-safety: the outer map is a {@link ConcurrentHashMap} keyed by domain; every change to one
 * domain's cookies happens inside {@code compute} on that key, so changes to one domain are serialized
 * while lookups read without locking. User predicates never run while a lock is held.
 */
public final class ThreadSafeCookieStore implements CookieStore {

  /**
   * How many cookies one domain may hold: 200, as in AHC 3.0.12 (RFC 6265 section 6.1 asks for at
   * least 50; browsers keep 50 to 180, so the cap only bites a server flooding the jar).
   */
  static final int MAX_COOKIES_PER_DOMAIN = 200;

  private static final Comparator<StoredCookie> RETRIEVAL_ORDER =
      Comparator.comparingInt((StoredCookie c) -> c.key.path.length())
          .reversed()
          .thenComparingLong(c -> c.creationSequence);

  private final Map<String, Map<CookieKey, StoredCookie>> cookieJar = new ConcurrentHashMap<>();
  private final AtomicInteger counter = new AtomicInteger();
  private final AtomicLong nextCreationSequence = new AtomicLong();
  private final AtomicLong nextStoreSequence = new AtomicLong();
  private final LongSupplier nanoClock;

  public ThreadSafeCookieStore() {
    this(System::nanoTime);
  }

  /** For tests: a store whose lifetimes are measured on {@code nanoClock}. */
  ThreadSafeCookieStore(LongSupplier nanoClock) {
    this.nanoClock = nanoClock;
  }

  @Override
  public void add(Uri uri, Cookie cookie) {
    add(uri.getHost(), uri.getPath(), cookie);
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
                if (cookies.remove(stored.key, stored)) {
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
    boolean hadCookies = !cookieJar.isEmpty();
    cookieJar.clear();
    return hadCookies;
  }

  @Override
  public void evictExpired() {
    long now = nanoClock.getAsLong();
    for (String domain : cookieJar.keySet()) {
      cookieJar.computeIfPresent(
          domain,
          (d, cookies) -> {
            cookies.values().removeIf(stored -> stored.isExpired(now));
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

  // ---- storage (RFC 6265 section 5.3) ------------------------------------------------------------

  /** Stores a cookie set by a response from {@code requestHost} for {@code requestPath}. */
  void add(String requestHost, @Nullable String requestPath, Cookie cookie) {
    String host = requestHost.toLowerCase(Locale.ROOT);
    String domain;
    boolean hostOnly;
    String domainAttribute = cookie.domain();
    if (domainAttribute == null || domainAttribute.isEmpty() || domainAttribute.equals(".")) {
      domain = host;
      hostOnly = true;
    } else {
      String candidate = stripLeadingDot(domainAttribute.toLowerCase(Locale.ROOT));
      if (candidate.indexOf('.') < 0) {
        // A single label stands for a public suffix (section 5.3 step 5): only its own host may use
        // it, and then the cookie is host-only.
        if (!candidate.equals(host)) {
          return;
        }
        domain = host;
        hostOnly = true;
      } else if (domainMatches(host, candidate)) {
        domain = candidate;
        hostOnly = false;
      } else {
        // Section 5.3 step 6: a host may not set cookies for a domain it does not belong to.
        return;
      }
    }

    String cookiePath = cookie.path();
    String path =
        cookiePath != null && !cookiePath.isEmpty() && cookiePath.charAt(0) == '/'
            ? cookiePath
            : defaultPath(requestPath);
    CookieKey key = new CookieKey(cookie.name().toLowerCase(Locale.ROOT), path);

    long maxAge = cookie.maxAge();
    if (maxAge != Cookie.UNDEFINED_MAX_AGE && maxAge <= 0) {
      cookieJar.computeIfPresent(
          domain,
          (d, cookies) -> {
            cookies.remove(key);
            return cookies.isEmpty() ? null : cookies;
          });
      return;
    }

    long now = nanoClock.getAsLong();
    boolean persistent = maxAge != Cookie.UNDEFINED_MAX_AGE;
    long lifetimeNanos = persistent ? secondsToNanosSaturated(maxAge) : Long.MAX_VALUE;
    cookieJar.compute(
        domain,
        (d, existing) -> {
          Map<CookieKey, StoredCookie> cookies = existing != null ? existing : new ConcurrentHashMap<>();
          StoredCookie previous = cookies.get(key);
          // Section 5.3 step 11.3: a replacement keeps the creation time of the cookie it replaces.
          long sequence =
              previous != null ? previous.creationSequence : nextCreationSequence.getAndIncrement();
          cookies.put(
              key,
              new StoredCookie(
                  key,
                  cookie,
                  hostOnly,
                  persistent,
                  sequence,
                  nextStoreSequence.getAndIncrement(),
                  now,
                  lifetimeNanos));
          if (previous == null && cookies.size() > MAX_COOKIES_PER_DOMAIN) {
            evictForRoom(cookies, now);
          }
          return cookies;
        });
  }

  /** Drops expired cookies, then the least recently stored ones, until the domain is within its cap. */
  private static void evictForRoom(Map<CookieKey, StoredCookie> cookies, long now) {
    cookies.values().removeIf(stored -> stored.isExpired(now));
    while (cookies.size() > MAX_COOKIES_PER_DOMAIN) {
      StoredCookie oldest = null;
      for (StoredCookie stored : cookies.values()) {
        if (oldest == null || stored.storeSequence < oldest.storeSequence) {
          oldest = stored;
        }
      }
      if (oldest == null) {
        return;
      }
      cookies.remove(oldest.key);
    }
  }

  // ---- retrieval (RFC 6265 section 5.4) ----------------------------------------------------------

  /** The cookies that go with a request to {@code requestHost} and {@code requestPath}. */
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

    List<StoredCookie> matches = null;
    String domain = host;
    boolean exactHost = true;
    while (domain != null) {
      Map<CookieKey, StoredCookie> cookies = cookieJar.get(domain);
      if (cookies != null) {
        for (StoredCookie stored : cookies.values()) {
          if ((exactHost || !stored.hostOnly)
              && (secure || !stored.cookie.isSecure())
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

  /** A cookie as stored: the cookie, its effective path (in the key), flags and lifetime. */
  static final class StoredCookie {
    final CookieKey key;
    final Cookie cookie;
    final boolean hostOnly;
    final boolean persistent;
    /** Creation order within the store, kept across replacements; smaller is older. */
    final long creationSequence;
    /** Order in which the store last set this cookie, fresh on a replacement; eviction follows it. */
    final long storeSequence;
    final long storedAtNanos;
    final long lifetimeNanos;

    StoredCookie(
        CookieKey key,
        Cookie cookie,
        boolean hostOnly,
        boolean persistent,
        long creationSequence,
        long storeSequence,
        long storedAtNanos,
        long lifetimeNanos) {
      this.key = key;
      this.cookie = cookie;
      this.hostOnly = hostOnly;
      this.persistent = persistent;
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

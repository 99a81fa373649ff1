package org.asynchttpclient.scram;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.annotations.Nullable;

/**
 * Keys of finished SCRAM exchanges, by (host, port, realm), so that the next exchange with the
 * same server and the same salt and iteration count skips Hi, the deliberately slow part. It holds
 * the derived keys, never the password nor the salted password. Bounded: past {@code maxEntries}
 * the entry with the oldest server-nonce timestamp is dropped.
 *
 * <p>The {@code sr}/{@code ttl} fields and the nonce count model RFC 7804's reauthentication
 * data; this client records them but does not start reauthentication (docs/authentication.md).
 *
 * <p>Thread-safe.
 */
public class ScramSessionCache {
  private static final int DEFAULT_MAX_ENTRIES = 1000;

  // any thread
  private final ConcurrentHashMap<CacheKey, Entry> cache = new ConcurrentHashMap<>();
  // immutable
  private final int maxEntries;

  public ScramSessionCache() {
    this(DEFAULT_MAX_ENTRIES);
  }

  public ScramSessionCache(int maxEntries) {
    if (maxEntries < 1) {
      throw new IllegalArgumentException("maxEntries: " + maxEntries + " (expected >= 1)");
    }
    this.maxEntries = maxEntries;
  }

  /** Where an entry applies: a server (host and port) and a realm. */
  public static class CacheKey {
    private final String host;
    private final int port;
    private final @Nullable String realm;

    public CacheKey(String host, int port, @Nullable String realm) {
      this.host = host;
      this.port = port;
      this.realm = realm;
    }

    @Override
    public boolean equals(@Nullable Object o) {
      if (this == o) {
        return true;
      }
      if (!(o instanceof CacheKey)) {
        return false;
      }
      CacheKey k = (CacheKey) o;
      return port == k.port && host.equals(k.host) && Objects.equals(realm, k.realm);
    }

    @Override
    public int hashCode() {
      return Objects.hash(host, port, realm);
    }

    /** Host and port only: the realm may name the user. */
    @Override
    public String toString() {
      return "CacheKey{" + host + ':' + port + '}';
    }
  }

  /** The keys of one finished exchange and the server's reauthentication data. */
  public static class Entry {
    public final @Nullable String realmName;
    public final byte[] salt;
    public final int iterationCount;
    public final byte[] clientKey;
    public final byte[] storedKey;
    public final byte[] serverKey;
    public volatile @Nullable String sr;
    /** Seconds the {@link #sr} stays valid; -1 for no limit. */
    public volatile int ttl;
    public volatile long srTimestampNanos;
    public final AtomicInteger nonceCount;
    public final String originalServerFirstMessage;

    public Entry(@Nullable String realmName, byte[] salt, int iterationCount, byte[] clientKey, byte[] storedKey,
        byte[] serverKey, @Nullable String sr, int ttl, long srTimestampNanos, int initialNonceCount,
        String originalServerFirstMessage) {
      this.realmName = realmName;
      this.salt = salt;
      this.iterationCount = iterationCount;
      this.clientKey = clientKey;
      this.storedKey = storedKey;
      this.serverKey = serverKey;
      this.sr = sr;
      this.ttl = ttl;
      this.srTimestampNanos = srTimestampNanos;
      this.nonceCount = new AtomicInteger(initialNonceCount);
      this.originalServerFirstMessage = originalServerFirstMessage;
    }

    /** No key material. */
    @Override
    public String toString() {
      return "Entry{realm=" + realmName + ", iterationCount=" + iterationCount + ", ttl=" + ttl + '}';
    }
  }

  public void put(CacheKey key, Entry entry) {
    if (!cache.containsKey(key) && cache.size() >= maxEntries) {
      CacheKey oldest = null;
      long oldestNanos = Long.MAX_VALUE;
      for (Map.Entry<CacheKey, Entry> e : cache.entrySet()) {
        // nanoTime values compare by difference: they may wrap.
        if (oldest == null || e.getValue().srTimestampNanos - oldestNanos < 0) {
          oldest = e.getKey();
          oldestNanos = e.getValue().srTimestampNanos;
        }
      }
      if (oldest != null) {
        remove(oldest);
      }
    }
    cache.put(key, entry);
  }

  public @Nullable Entry get(CacheKey key) {
    return cache.get(key);
  }

  /**
   * Drops the entry of {@code key}. Its keys are not zeroed: an exchange may be copying them at
   * this moment, and a zeroed copy would fail its proof.
   */
  void remove(CacheKey key) {
    cache.remove(key);
  }

  /** Records a new server nonce ({@code sr}) and its time to live for {@code key}'s entry. */
  public void updateSr(CacheKey key, String sr, int ttl) {
    Entry entry = cache.get(key);
    if (entry != null) {
      entry.sr = sr;
      entry.ttl = ttl;
      entry.srTimestampNanos = System.nanoTime();
    }
  }

  /** Whether the entry's server nonce is known and within its time to live (-1: no limit). */
  public boolean isSrFresh(Entry entry) {
    if (entry.sr == null) {
      return false;
    }
    if (entry.ttl < 0) {
      return true;
    }
    return System.nanoTime() - entry.srTimestampNanos < entry.ttl * 1_000_000_000L;
  }

  /** Takes the next nonce count of {@code key}'s entry (-1 when there is none). */
  public int reserveNonceCount(CacheKey key) {
    Entry entry = cache.get(key);
    return entry == null ? -1 : entry.nonceCount.getAndIncrement();
  }

  /** A reserved count was used successfully; it stays taken. */
  public void confirmNonceCount(CacheKey key) {
    // Reserving already advanced the count: nothing to undo.
  }

  /** Gives back the count reserved last, when the request that would use it was not sent. */
  public void rollbackNonceCount(CacheKey key) {
    Entry entry = cache.get(key);
    if (entry != null) {
      entry.nonceCount.decrementAndGet();
    }
  }

  public void clear() {
    cache.clear();
  }

  public int size() {
    return cache.size();
  }
}

package org.asynchttpclient.netty.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.asynchttpclient.scram.ScramContext;
import org.asynchttpclient.scram.ScramSessionCache;
import org.jetbrains.annotations.Nullable;

/**
 * One client's SCRAM session cache: the keys of a verified exchange, reused by the next exchange
 * with the same server, realm, user and password when the server sends the same salt and
 * iteration count. The keys are a function of exactly those (password, salt, count), so a reused
 * key is the key Hi would derive again: it cannot be stale. The entry's key names the user and a
 * keyed hash of the password (keyed with a random secret of this cache), so another password
 * never meets these keys; the password itself is not stored. Keys are cached only after the
 * server proved it knows them.
 *
 * <p>Thread-safe.
 */
final class SessionKeys {
  // immutable
  private final byte[] secret = new byte[32];
  // any thread
  private final ScramSessionCache cache = new ScramSessionCache();

  SessionKeys() {
    new SecureRandom().nextBytes(secret);
  }

  ScramSessionCache.CacheKey key(String host, int port, @Nullable String realm, String user, String password) {
    return new ScramSessionCache.CacheKey(host, port, (realm == null ? "" : realm) + '\n' + user + '\n'
        + fingerprint(password));
  }

  /**
   * Processes the server-first message, with the cached keys when there are some for {@code key}
   * (the context itself checks that salt and count match). Returns whether there were.
   */
  boolean processServerFirst(ScramContext context, String serverFirst, int maxIterationCount,
      ScramSessionCache.CacheKey key) {
    ScramSessionCache.Entry cached = cache.get(key);
    if (cached != null && cached.iterationCount <= maxIterationCount) {
      context.processServerFirst(serverFirst, maxIterationCount, cached);
      return true;
    }
    context.processServerFirst(serverFirst, maxIterationCount);
    return false;
  }

  void remember(ScramSessionCache.@Nullable CacheKey key, ScramContext verified, @Nullable String sr, int ttl) {
    if (key != null) {
      cache.put(key, verified.toSessionCacheEntry(sr, ttl));
    }
  }

  int size() {
    return cache.size();
  }

  private String fingerprint(String password) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret, "HmacSHA256"));
      return Base64.getEncoder().encodeToString(mac.doFinal(password.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available in this JDK", e);
    }
  }
}

package org.asynchttpclient.util;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The nonce count ({@code nc}) of HTTP Digest authentication (RFC 7616 section 3.4): how many
 * requests have used each server nonce, as 8 lower-case hex digits.
 *
 * <p>At most {@value #MAX_NONCES} nonces are tracked; tracking one more forgets the one used least
 * recently, whose count then starts again at 1 (a server that still accepts that nonce sees a
 * repeated count, as after {@link #reset}). The count wraps from {@code ffffffff} to {@code
 * 00000001}.
 *
 * <p>Thread-safety: all methods may be called from any thread; they synchronise on this object.
 */
public class NonceCounter {

  /** How many nonces are tracked at once. */
  static final int MAX_NONCES = 100;

  // Guarded by this. Access order, so the eldest entry is the nonce used least recently.
  private final Map<String, long[]> counts =
      new LinkedHashMap<String, long[]>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, long[]> eldest) {
          return size() > MAX_NONCES;
        }
      };

  /**
   * Counts one more use of {@code nonce} and returns the count, starting at {@code 00000001}.
   *
   * @param nonce the server nonce
   * @return the count as 8 lower-case hex digits
   */
  public synchronized String nextNc(String nonce) {
    long[] count = counts.computeIfAbsent(nonce, k -> new long[1]);
    count[0] = count[0] == 0xffffffffL ? 1 : count[0] + 1;
    String hex = Long.toHexString(count[0]);
    return "00000000".substring(hex.length()) + hex;
  }

  /**
   * Forgets {@code nonce}, for example when the server sent a {@code nextnonce}; its next use counts
   * from 1 again.
   *
   * @param nonce the server nonce
   */
  public synchronized void reset(String nonce) {
    counts.remove(nonce);
  }
}

package org.asynchttpclient.ntlm;

/**
 * MD4 (RFC 1320), which the JDK does not provide and NTLM needs for the NT hash of the password.
 * MD4 is broken as a general hash; NTLM uses it because the protocol fixes it, and nothing else in
 * this client should.
 *
 * <p>Stateless; any thread.
 */
final class Md4 {
  private static final int[] ROUND2_ORDER = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};
  private static final int[] ROUND3_ORDER = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
  private static final int[] ROUND1_SHIFTS = {3, 7, 11, 19};
  private static final int[] ROUND2_SHIFTS = {3, 5, 9, 13};
  private static final int[] ROUND3_SHIFTS = {3, 9, 11, 15};

  private Md4() {}

  /** The 16-byte MD4 digest of {@code message}. */
  static byte[] digest(byte[] message) {
    // Padding: a 1 bit, zeros up to 56 mod 64 bytes, then the bit length as 64 bits little-endian.
    int padded = ((message.length + 8) / 64 + 1) * 64;
    byte[] buf = new byte[padded];
    System.arraycopy(message, 0, buf, 0, message.length);
    buf[message.length] = (byte) 0x80;
    long bits = (long) message.length * 8;
    for (int i = 0; i < 8; i++) {
      buf[padded - 8 + i] = (byte) (bits >>> (8 * i));
    }
    int[] state = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    int[] x = new int[16];
    for (int block = 0; block < padded; block += 64) {
      for (int i = 0; i < 16; i++) {
        int o = block + 4 * i;
        x[i] = (buf[o] & 0xff) | (buf[o + 1] & 0xff) << 8 | (buf[o + 2] & 0xff) << 16 | (buf[o + 3] & 0xff) << 24;
      }
      compress(state, x);
    }
    byte[] out = new byte[16];
    for (int i = 0; i < 4; i++) {
      for (int j = 0; j < 4; j++) {
        out[4 * i + j] = (byte) (state[i] >>> (8 * j));
      }
    }
    return out;
  }

  private static void compress(int[] state, int[] x) {
    int[] r = state.clone();
    // r holds a, b, c, d; each step updates one of them in turn (a, d, c, b).
    for (int i = 0; i < 16; i++) {
      int t = (4 - i % 4) % 4;
      int b = r[(t + 1) % 4];
      int c = r[(t + 2) % 4];
      int d = r[(t + 3) % 4];
      r[t] = Integer.rotateLeft(r[t] + ((b & c) | (~b & d)) + x[i], ROUND1_SHIFTS[i % 4]);
    }
    for (int i = 0; i < 16; i++) {
      int t = (4 - i % 4) % 4;
      int b = r[(t + 1) % 4];
      int c = r[(t + 2) % 4];
      int d = r[(t + 3) % 4];
      r[t] = Integer.rotateLeft(r[t] + ((b & c) | (b & d) | (c & d)) + x[ROUND2_ORDER[i]] + 0x5a827999,
          ROUND2_SHIFTS[i % 4]);
    }
    for (int i = 0; i < 16; i++) {
      int t = (4 - i % 4) % 4;
      int b = r[(t + 1) % 4];
      int c = r[(t + 2) % 4];
      int d = r[(t + 3) % 4];
      r[t] = Integer.rotateLeft(r[t] + (b ^ c ^ d) + x[ROUND3_ORDER[i]] + 0x6ed9eba1, ROUND3_SHIFTS[i % 4]);
    }
    for (int i = 0; i < 4; i++) {
      state[i] += r[i];
    }
  }
}

package org.asynchttpclient.scram;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The SCRAM-SHA-256 computations of RFC 5802 section 3 with RFC 7677's hash: Hi (PBKDF2 with
 * HMAC-SHA-256), the client and server keys, the client proof and the server signature, plus the
 * client nonce and SASLprep of the password ({@link SaslPrep}).
 *
 * <p>Stateless; any thread.
 */
public final class ScramEngine {
  private static final SecureRandom RANDOM = new SecureRandom();
  /** Printable characters without ',' (RFC 5802's nonce alphabet allows any but the comma). */
  private static final char[] NONCE_CHARS =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".toCharArray();

  private ScramEngine() {}

  /** Hi(str, salt, i): PBKDF2 with HMAC-SHA-256 over the UTF-8 bytes of {@code password}. */
  public static byte[] hi(String password, byte[] salt, int iterations) {
    if (iterations < 1) {
      throw new ScramException("iteration count: " + iterations + " (expected >= 1)");
    }
    byte[] key = password.getBytes(StandardCharsets.UTF_8);
    try {
      Mac mac = mac(key);
      mac.update(salt);
      byte[] u = mac.doFinal(new byte[] {0, 0, 0, 1});
      byte[] result = u.clone();
      for (int i = 1; i < iterations; i++) {
        u = mac.doFinal(u);
        for (int j = 0; j < result.length; j++) {
          result[j] ^= u[j];
        }
      }
      zeroBytes(u);
      return result;
    } finally {
      zeroBytes(key);
    }
  }

  public static byte[] hmac(byte[] key, byte[] data) {
    return mac(key).doFinal(data);
  }

  public static byte[] hash(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (GeneralSecurityException e) {
      throw new ScramException("SHA-256 is not available in this JDK", e);
    }
  }

  /** a XOR b; both must have the same length. */
  public static byte[] xor(byte[] a, byte[] b) {
    if (a.length != b.length) {
      throw new ScramException("xor: lengths " + a.length + " and " + b.length + " (expected equal)");
    }
    byte[] out = new byte[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = (byte) (a[i] ^ b[i]);
    }
    return out;
  }

  /** A client nonce of {@code length} random printable characters, none of them a comma. */
  public static String generateNonce(int length) {
    if (length < 1) {
      throw new IllegalArgumentException("nonce length: " + length + " (expected >= 1)");
    }
    char[] out = new char[length];
    for (int i = 0; i < length; i++) {
      out[i] = NONCE_CHARS[RANDOM.nextInt(NONCE_CHARS.length)];
    }
    return new String(out);
  }

  /** The password prepared with SASLprep (RFC 4013) as RFC 5802 asks. */
  public static String normalizePassword(String password) {
    return SaslPrep.prepare(password);
  }

  /** SaltedPassword := Hi(Normalize(password), salt, i). */
  public static byte[] computeSaltedPassword(String password, byte[] salt, int iterations) {
    return hi(normalizePassword(password), salt, iterations);
  }

  /** ClientKey := HMAC(SaltedPassword, "Client Key"). */
  public static byte[] computeClientKey(byte[] saltedPassword) {
    return hmac(saltedPassword, "Client Key".getBytes(StandardCharsets.US_ASCII));
  }

  /** StoredKey := H(ClientKey). */
  public static byte[] computeStoredKey(byte[] clientKey) {
    return hash(clientKey);
  }

  /** ServerKey := HMAC(SaltedPassword, "Server Key"). */
  public static byte[] computeServerKey(byte[] saltedPassword) {
    return hmac(saltedPassword, "Server Key".getBytes(StandardCharsets.US_ASCII));
  }

  /** ClientSignature := HMAC(StoredKey, AuthMessage). */
  public static byte[] computeClientSignature(byte[] storedKey, String authMessage) {
    return hmac(storedKey, authMessage.getBytes(StandardCharsets.UTF_8));
  }

  /** ClientProof := ClientKey XOR ClientSignature. */
  public static byte[] computeClientProof(byte[] clientKey, byte[] clientSignature) {
    return xor(clientKey, clientSignature);
  }

  /** ServerSignature := HMAC(ServerKey, AuthMessage). */
  public static byte[] computeServerSignature(byte[] serverKey, String authMessage) {
    return hmac(serverKey, authMessage.getBytes(StandardCharsets.UTF_8));
  }

  /** Overwrites {@code bytes} with zeros (null is ignored). */
  public static void zeroBytes(byte[] bytes) {
    if (bytes != null) {
      Arrays.fill(bytes, (byte) 0);
    }
  }

  private static Mac mac(byte[] key) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key.length == 0 ? new byte[1] : key, "HmacSHA256"));
      return mac;
    } catch (GeneralSecurityException e) {
      throw new ScramException("HmacSHA256 is not available in this JDK", e);
    }
  }
}

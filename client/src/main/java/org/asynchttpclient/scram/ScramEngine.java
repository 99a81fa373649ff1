package org.asynchttpclient.scram;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The SCRAM-SHA-256 computations of RFC 5802 section 3 with RFC 7677's hash: Hi (PBKDF2 with
 * HMAC-SHA-256), the client and server keys, the client proof and the server signature, plus the
 * client nonce and the preparation of the password ({@link OpaqueString}).
 *
 * <p>Stateless; any thread.
 */
public final class ScramEngine {
  private static final SecureRandom RANDOM = new SecureRandom();

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

  /**
   * a XOR b, written into {@code a}, which is returned (as in AHC 3.0.11: callers that need
   * {@code a} afterwards pass a copy); both must have the same length.
   */
  public static byte[] xor(byte[] a, byte[] b) {
    if (a.length != b.length) {
      throw new ScramException("xor: lengths " + a.length + " and " + b.length + " (expected equal)");
    }
    for (int i = 0; i < a.length; i++) {
      a[i] ^= b[i];
    }
    return a;
  }

  /**
   * A client nonce: {@code lengthBytes} random bytes in standard base64 (24 bytes give 32
   * characters), an alphabet without the comma RFC 5802 forbids in a nonce.
   */
  public static String generateNonce(int lengthBytes) {
    if (lengthBytes < 1) {
      throw new IllegalArgumentException("nonce length: " + lengthBytes + " bytes (expected >= 1)");
    }
    byte[] bytes = new byte[lengthBytes];
    RANDOM.nextBytes(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  /**
   * The password prepared with RFC 8265's OpaqueString profile, as RFC 7804 asks for SCRAM over
   * HTTP: width and compatibility characters are kept (NFC, not SASLprep's NFKC), tab, line feed
   * and carriage return are allowed.
   *
   * @throws ScramException for a prohibited code point (naming its position, not the password)
   */
  public static String normalizePassword(String password) {
    return OpaqueString.prepare(password);
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

  /** ClientProof := ClientKey XOR ClientSignature, in a new array: {@code clientKey} is kept. */
  public static byte[] computeClientProof(byte[] clientKey, byte[] clientSignature) {
    return xor(clientKey.clone(), clientSignature);
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

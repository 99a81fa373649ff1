package org.asynchttpclient.util;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;

/**
 * Reusable {@link MessageDigest}s for the algorithms of HTTP Digest authentication, one per thread
 * and algorithm, and hexadecimal formatting of digests.
 *
 * <p>Each pooled digest is a thread-local: meant for long-lived threads such as the event loops. A
 * short-lived or unbounded pool of threads keeps one digest per thread for as long as the thread
 * lives. A returned digest is reset; it must not be handed to another thread.
 */
public final class MessageDigestUtils {

  private static final char[] LOWER_HEX = "0123456789abcdef".toCharArray();

  private static final ThreadLocal<MessageDigest> MD5 = pool("MD5");
  private static final ThreadLocal<MessageDigest> SHA1 = pool("SHA-1");
  private static final ThreadLocal<MessageDigest> SHA256 = pool("SHA-256");
  private static final ThreadLocal<MessageDigest> SHA512_256 = pool("SHA-512/256");

  private MessageDigestUtils() {}

  private static ThreadLocal<MessageDigest> pool(String jdkName) {
    return ThreadLocal.withInitial(() -> newDigest(jdkName));
  }

  private static MessageDigest newDigest(String jdkName) {
    try {
      return MessageDigest.getInstance(jdkName);
    } catch (NoSuchAlgorithmException e) {
      // MD5, SHA-1 and SHA-256 are required of every Java runtime; SHA-512/256 ships with the JDK.
      throw new InternalError(jdkName + " not supported by this Java runtime", e);
    }
  }

  /**
   * A reset digest for {@code algorithm}. MD5, SHA-1 (or SHA1), SHA-256 and SHA-512/256 (also
   * written SHA-512-256 or with underscores, in any case) come from this thread's pool; any other
   * name is passed to {@link MessageDigest#getInstance(String)} and gets a new instance.
   *
   * @param algorithm the algorithm name
   * @return a reset digest
   * @throws IllegalArgumentException when the runtime does not know the algorithm
   */
  public static MessageDigest pooledMessageDigest(String algorithm) {
    MessageDigest md;
    switch (algorithm.replace('_', '-').toUpperCase(Locale.ROOT)) {
      case "MD5":
        md = MD5.get();
        break;
      case "SHA1":
      case "SHA-1":
        md = SHA1.get();
        break;
      case "SHA-256":
        md = SHA256.get();
        break;
      case "SHA-512/256":
      case "SHA-512-256":
        md = SHA512_256.get();
        break;
      default:
        try {
          md = MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
          throw new IllegalArgumentException(
              "digest algorithm: '" + algorithm + "' (expected one this Java runtime supports, such as MD5 or SHA-256)",
              e);
        }
    }
    return reset(md);
  }

  /**
   * {@code bytes} as lower-case hexadecimal, two digits per byte.
   *
   * @throws IllegalArgumentException when {@code bytes} is null
   */
  public static String bytesToHex(byte[] bytes) {
    if (bytes == null) {
      throw new IllegalArgumentException("bytes: null (expected a byte array)");
    }
    char[] out = new char[bytes.length * 2];
    for (int i = 0; i < bytes.length; i++) {
      out[2 * i] = LOWER_HEX[(bytes[i] >> 4) & 0xf];
      out[2 * i + 1] = LOWER_HEX[bytes[i] & 0xf];
    }
    return new String(out);
  }

  /** A reset MD5 digest from this thread's pool. */
  public static MessageDigest pooledMd5MessageDigest() {
    return reset(MD5.get());
  }

  /** A reset SHA-1 digest from this thread's pool. */
  public static MessageDigest pooledSha1MessageDigest() {
    return reset(SHA1.get());
  }

  /** A reset SHA-256 digest from this thread's pool. */
  public static MessageDigest pooledSha256MessageDigest() {
    return reset(SHA256.get());
  }

  /** A reset SHA-512/256 digest from this thread's pool. */
  public static MessageDigest pooledSha512_256MessageDigest() {
    return reset(SHA512_256.get());
  }

  private static MessageDigest reset(MessageDigest md) {
    md.reset();
    return md;
  }
}

package org.asynchttpclient;

import java.nio.charset.Charset;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Locale;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * The computations of HTTP Digest authentication (RFC 7616, and RFC 2069 when the server offers no qop):
 * the {@code response} value, the {@code cnonce}, the {@code nc} format, {@code userhash} and the
 * {@code uri} value. Stateless; {@link Realm.Builder#build()} uses it.
 */
final class DigestAuthResponse {

  private static final char[] HEX = "0123456789abcdef".toCharArray();
  private static final SecureRandom RANDOM = new SecureRandom();

  private DigestAuthResponse() {}

  /**
   * The {@code response} of RFC 7616 section 3.4.1.
   *
   * @param algorithm MD5, SHA-256 or SHA-512-256, optionally with {@code -sess}; null means MD5
   * @param qop {@code auth}, {@code auth-int}, or null for the RFC 2069 form
   * @param entityBodyHash for {@code auth-int}: the hex hash of the body, or null for an empty body
   * @throws IllegalArgumentException for an algorithm or qop this client does not implement
   */
  static String response(@Nullable String algorithm, String username, String realm, String password,
      String nonce, String cnonce, String nc, @Nullable String qop, String method, String digestUri,
      @Nullable String entityBodyHash, Charset charset) {
    String alg = algorithm == null ? "MD5" : algorithm;
    MessageDigest md = messageDigest(alg);
    String ha1 = hash(md, username + ':' + realm + ':' + password, charset);
    if (alg.toLowerCase(Locale.ROOT).endsWith("-sess")) {
      ha1 = hash(md, ha1 + ':' + nonce + ':' + cnonce, charset);
    }
    String a2;
    if ("auth-int".equals(qop)) {
      String bodyHash = entityBodyHash != null ? entityBodyHash : hash(md, "", charset);
      a2 = method + ':' + digestUri + ':' + bodyHash;
    } else if (qop == null || "auth".equals(qop)) {
      a2 = method + ':' + digestUri;
    } else {
      throw new IllegalArgumentException("digest qop: '" + qop + "' (expected auth or auth-int)");
    }
    String ha2 = hash(md, a2, charset);
    String middle = qop == null ? nonce : nonce + ':' + nc + ':' + cnonce + ':' + qop;
    return hash(md, ha1 + ':' + middle + ':' + ha2, charset);
  }

  /** The {@code username} to send when the server asked for {@code userhash=true} (RFC 7616 section 3.4.4). */
  static String userhash(@Nullable String algorithm, String username, String realm, Charset charset) {
    return hash(messageDigest(algorithm == null ? "MD5" : algorithm), username + ':' + realm, charset);
  }

  /** A fresh client nonce: 16 random bytes from a {@link SecureRandom}, hex-encoded. */
  static String newCnonce() {
    byte[] bytes = new byte[16];
    RANDOM.nextBytes(bytes);
    return toHex(bytes);
  }

  /**
   * The nonce count as RFC 7616 wants it: 8 lower-case hex digits.
   *
   * @throws IllegalArgumentException if {@code count} is not between 1 and 0xffffffff
   */
  static String formatNonceCount(long count) {
    if (count < 1 || count > 0xffffffffL) {
      throw new IllegalArgumentException("nonce count: " + count + " (expected 1 to 4294967295)");
    }
    String hex = Long.toHexString(count);
    return "00000000".substring(hex.length()) + hex;
  }

  /**
   * The {@code uri} of the Authorization header: the request target ({@code path?query}), or the absolute
   * URL when {@code useAbsoluteUri}; without the query when {@code omitQuery}. For CONNECT the request target
   * is the authority ({@code host:port}, RFC 9112 section 3.2.3), so that is what the digest covers.
   */
  static String digestUri(Uri uri, @Nullable String method, boolean useAbsoluteUri, boolean omitQuery) {
    if ("CONNECT".equals(method)) {
      return uri.getAuthority();
    }
    String query = uri.getQuery();
    boolean noQuery = omitQuery || query == null || query.isEmpty();
    if (useAbsoluteUri) {
      // Never the user info: credentials in the URL are not the server's to see in the uri field.
      return noQuery ? uri.withNewQuery(null).toUrlWithoutUserInfo() : uri.toUrlWithoutUserInfo();
    }
    return noQuery ? uri.getNonEmptyPath() : uri.getNonEmptyPath() + '?' + query;
  }

  /**
   * The JDK digest for an RFC 7616 algorithm name (case-insensitive, {@code -sess} accepted).
   *
   * @throws IllegalArgumentException for any other name
   */
  static MessageDigest messageDigest(String algorithm) {
    String base = algorithm.toUpperCase(Locale.ROOT);
    if (base.endsWith("-SESS")) {
      base = base.substring(0, base.length() - 5);
    }
    String jdkName;
    switch (base) {
      case "MD5":
        jdkName = "MD5";
        break;
      case "SHA-256":
        jdkName = "SHA-256";
        break;
      case "SHA-512-256":
      case "SHA-512/256":
        jdkName = "SHA-512/256";
        break;
      default:
        throw new IllegalArgumentException("digest algorithm: '" + algorithm
            + "' (expected MD5, SHA-256 or SHA-512-256, optionally with -sess)");
    }
    try {
      return MessageDigest.getInstance(jdkName);
    } catch (NoSuchAlgorithmException e) {
      // MD5 and SHA-256 are required of every Java runtime; SHA-512/256 ships with the JDK SUN provider.
      throw new IllegalStateException("the JDK lacks " + jdkName, e);
    }
  }

  private static String hash(MessageDigest md, String input, Charset charset) {
    md.reset();
    return toHex(md.digest(input.getBytes(charset)));
  }

  private static String toHex(byte[] bytes) {
    char[] out = new char[bytes.length * 2];
    for (int i = 0; i < bytes.length; i++) {
      out[2 * i] = HEX[(bytes[i] >> 4) & 0xf];
      out[2 * i + 1] = HEX[bytes[i] & 0xf];
    }
    return new String(out);
  }
}

package org.asynchttpclient.ntlm;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The NTLMv2 computations of MS-NLMP section 3.3.2: the response key (NTOWFv2), the NT challenge
 * response (NTProofStr followed by the client's blob) and the LMv2 response. NTLMv1 and the NTLM2
 * session response, for servers that send no target information, are in {@link NtlmV1Responses}.
 *
 * <p>Stateless; any thread. Intermediate keys are zeroed once used.
 */
final class NtlmV2Responses {
  /** 100 ns intervals between 1601-01-01 (the NTLM epoch) and 1970-01-01. */
  private static final long EPOCH_OFFSET_MILLIS = 11_644_473_600_000L;

  private NtlmV2Responses() {}

  /** NTOWFv2: HMAC-MD5 keyed with MD4(UTF-16LE(password)) over UTF-16LE(upper(user) + domain). */
  static byte[] responseKey(String user, String domain, String password) {
    byte[] ntHash = Md4.digest(password.getBytes(StandardCharsets.UTF_16LE));
    try {
      return hmacMd5(ntHash, (user.toUpperCase(Locale.ROOT) + domain).getBytes(StandardCharsets.UTF_16LE));
    } finally {
      Arrays.fill(ntHash, (byte) 0);
    }
  }

  /**
   * The client's blob ("temp" in MS-NLMP 3.3.2): version 1.1, six zero bytes, the timestamp, the
   * client challenge, four zero bytes, the server's target information, four zero bytes.
   */
  static byte[] blob(long timestamp, byte[] clientChallenge, byte[] targetInfo) {
    byte[] temp = new byte[28 + targetInfo.length + 4];
    temp[0] = 1;
    temp[1] = 1;
    for (int i = 0; i < 8; i++) {
      temp[8 + i] = (byte) (timestamp >>> (8 * i));
    }
    System.arraycopy(clientChallenge, 0, temp, 16, 8);
    System.arraycopy(targetInfo, 0, temp, 28, targetInfo.length);
    return temp;
  }

  /** NtChallengeResponse: HMAC-MD5(key, serverChallenge + blob) followed by the blob. */
  static byte[] ntResponse(byte[] key, byte[] serverChallenge, byte[] blob) {
    byte[] proof = hmacMd5(key, concat(serverChallenge, blob));
    return concat(proof, blob);
  }

  /** LMv2: HMAC-MD5(key, serverChallenge + clientChallenge) followed by the client challenge. */
  static byte[] lmResponse(byte[] key, byte[] serverChallenge, byte[] clientChallenge) {
    return concat(hmacMd5(key, concat(serverChallenge, clientChallenge)), clientChallenge);
  }

  /** The NTLM timestamp (100 ns since 1601-01-01 UTC) of a Java epoch time in milliseconds. */
  static long timestamp(long epochMillis) {
    return (epochMillis + EPOCH_OFFSET_MILLIS) * 10_000L;
  }

  /** The little-endian 64-bit value of an MsvAvTimestamp pair. */
  static long readTimestamp(byte[] value) {
    if (value.length != 8) {
      throw new NtlmEngineException("NTLM timestamp: " + value.length + " bytes (expected 8)");
    }
    long t = 0;
    for (int i = 7; i >= 0; i--) {
      t = t << 8 | (value[i] & 0xff);
    }
    return t;
  }

  static byte[] hmacMd5(byte[] key, byte[] data) {
    try {
      Mac mac = Mac.getInstance("HmacMD5");
      mac.init(new SecretKeySpec(key, "HmacMD5"));
      return mac.doFinal(data);
    } catch (GeneralSecurityException e) {
      throw new NtlmEngineException("HmacMD5 is not available in this JDK", e);
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}

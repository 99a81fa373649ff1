package org.asynchttpclient.ntlm;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * The responses of MS-NLMP section 3.3.1 that AHC 3.0.11 sends to a server whose challenge carries
 * no target information: NTLMv1 (the LM and NT responses, DES of the server challenge under the LM
 * hash and the NT hash) and, when the server negotiates extended session security, the NTLM2
 * session response (DES of the first half of MD5(server challenge + client challenge) under the NT
 * hash, the LM field carrying the client challenge).
 *
 * <p>Both are weak: one captured exchange, with a challenge the server chose, lets the NT hash be
 * recovered offline. They are what such a server accepts; a client that must not send them turns
 * on {@code ntlmV2Only} (see {@link NtlmEngine}).
 *
 * <p>Stateless; any thread. Hashes are zeroed once used.
 */
final class NtlmV1Responses {
  /** The constant the LM hash encrypts under each half of the password. */
  private static final byte[] LM_MAGIC = "KGS!@#$%".getBytes(StandardCharsets.US_ASCII);

  private NtlmV1Responses() {}

  /** LMOWFv1: the upper-cased OEM password, cut or padded to 14 bytes, as two DES keys. */
  static byte[] lmHash(String password) {
    byte[] oem = Arrays.copyOf(password.toUpperCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII), 14);
    try {
      byte[] hash = new byte[16];
      System.arraycopy(des(oem, 0, LM_MAGIC), 0, hash, 0, 8);
      System.arraycopy(des(oem, 7, LM_MAGIC), 0, hash, 8, 8);
      return hash;
    } finally {
      Arrays.fill(oem, (byte) 0);
    }
  }

  /** NTOWFv1: MD4 of the UTF-16LE password. */
  static byte[] ntHash(String password) {
    return Md4.digest(password.getBytes(StandardCharsets.UTF_16LE));
  }

  /**
   * DESL: the 16-byte hash, padded with zeros to 21 bytes, as three DES keys each encrypting the
   * 8-byte {@code data}; 24 bytes.
   */
  static byte[] desl(byte[] hash, byte[] data) {
    byte[] key = Arrays.copyOf(hash, 21);
    try {
      byte[] out = new byte[24];
      for (int i = 0; i < 3; i++) {
        System.arraycopy(des(key, 7 * i, data), 0, out, 8 * i, 8);
      }
      return out;
    } finally {
      Arrays.fill(key, (byte) 0);
    }
  }

  /** The NTLMv1 LM response: DESL under the LM hash. */
  static byte[] lmResponse(String password, byte[] serverChallenge) {
    byte[] hash = lmHash(password);
    try {
      return desl(hash, serverChallenge);
    } finally {
      Arrays.fill(hash, (byte) 0);
    }
  }

  /** The NTLMv1 NT response: DESL under the NT hash. */
  static byte[] ntResponse(String password, byte[] serverChallenge) {
    byte[] hash = ntHash(password);
    try {
      return desl(hash, serverChallenge);
    } finally {
      Arrays.fill(hash, (byte) 0);
    }
  }

  /** The NTLM2 session LM field: the client challenge followed by 16 zero bytes. */
  static byte[] sessionLmResponse(byte[] clientChallenge) {
    return Arrays.copyOf(clientChallenge, 24);
  }

  /** The NTLM2 session NT response: DESL under the NT hash of MD5(server + client challenge)[0..8). */
  static byte[] sessionNtResponse(String password, byte[] serverChallenge, byte[] clientChallenge) {
    byte[] hash = ntHash(password);
    try {
      MessageDigest md5 = MessageDigest.getInstance("MD5");
      md5.update(serverChallenge);
      md5.update(clientChallenge);
      return desl(hash, Arrays.copyOf(md5.digest(), 8));
    } catch (GeneralSecurityException e) {
      throw new NtlmEngineException("MD5 is not available in this JDK", e);
    } finally {
      Arrays.fill(hash, (byte) 0);
    }
  }

  /** DES-ECB of one 8-byte block under the 56-bit key at {@code key[offset..offset+7)}. */
  private static byte[] des(byte[] key, int offset, byte[] block) {
    byte[] k = desKey(key, offset);
    try {
      Cipher des = Cipher.getInstance("DES/ECB/NoPadding");
      des.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "DES"));
      return des.doFinal(block);
    } catch (GeneralSecurityException e) {
      throw new NtlmEngineException("DES is not available in this JDK (NTLMv1 needs it)", e);
    } finally {
      Arrays.fill(k, (byte) 0);
    }
  }

  /** Spreads 7 key bytes over 8, seven bits each, the low bit of each byte set for odd parity. */
  static byte[] desKey(byte[] key, int offset) {
    long bits = 0;
    for (int i = 0; i < 7; i++) {
      bits = bits << 8 | (key[offset + i] & 0xff);
    }
    byte[] out = new byte[8];
    for (int i = 0; i < 8; i++) {
      int seven = (int) (bits >>> (49 - 7 * i)) & 0x7f;
      int b = seven << 1;
      out[i] = (byte) (Integer.bitCount(b) % 2 == 0 ? b | 1 : b);
    }
    return out;
  }
}

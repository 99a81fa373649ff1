package org.asynchttpclient.ntlm;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Encodes the client's NTLM messages (MS-NLMP section 2.2.1): NEGOTIATE (Type 1) and AUTHENTICATE
 * (Type 3). The Type 3 message carries no Version field and no MIC, and negotiates no session key
 * exchange: HTTP authentication uses neither signing nor sealing.
 *
 * <p>Stateless; any thread.
 */
final class NtlmMessages {
  static final int NEGOTIATE_UNICODE = 0x00000001;
  static final int NEGOTIATE_OEM = 0x00000002;
  static final int REQUEST_TARGET = 0x00000004;
  static final int NEGOTIATE_NTLM = 0x00000200;
  static final int NEGOTIATE_ALWAYS_SIGN = 0x00008000;
  static final int NEGOTIATE_EXTENDED_SESSIONSECURITY = 0x00080000;
  static final int NEGOTIATE_TARGET_INFO = 0x00800000;
  static final int NEGOTIATE_128 = 0x20000000;
  static final int NEGOTIATE_56 = 0x80000000;

  static final int TYPE1_FLAGS = NEGOTIATE_UNICODE | NEGOTIATE_OEM | REQUEST_TARGET | NEGOTIATE_NTLM
      | NEGOTIATE_ALWAYS_SIGN | NEGOTIATE_EXTENDED_SESSIONSECURITY | NEGOTIATE_128 | NEGOTIATE_56;

  /** The fixed header length of a Type 3 message without Version and MIC: payload starts here. */
  static final int TYPE3_HEADER = 64;

  private NtlmMessages() {}

  /** NEGOTIATE_MESSAGE: our flags, no domain and no workstation (both empty buffers). */
  static byte[] type1() {
    byte[] m = new byte[32];
    System.arraycopy(NtlmChallenge.SIGNATURE, 0, m, 0, 8);
    writeInt(m, 8, 1);
    writeInt(m, 12, TYPE1_FLAGS);
    // Domain and workstation buffers: length 0, offset at the end of the message.
    writeInt(m, 20, 32);
    writeInt(m, 28, 32);
    return m;
  }

  /**
   * AUTHENTICATE_MESSAGE answering {@code challenge} with NTLMv2.
   *
   * @param clientChallenge 8 random bytes
   * @param now the timestamp to use when the server sent none, in NTLM time
   */
  static byte[] type3(String user, String password, String domain, String workstation,
      NtlmChallenge challenge, byte[] clientChallenge, long now) {
    byte[] serverTime = challenge.avPair(NtlmChallenge.AV_TIMESTAMP);
    long timestamp = serverTime != null ? NtlmV2Responses.readTimestamp(serverTime) : now;
    byte[] key = NtlmV2Responses.responseKey(user, domain, password);
    byte[] nt;
    byte[] lm;
    try {
      byte[] blob = NtlmV2Responses.blob(timestamp, clientChallenge, challenge.targetInfo);
      nt = NtlmV2Responses.ntResponse(key, challenge.serverChallenge, blob);
      // MS-NLMP 3.1.5.1.2: with a server timestamp the client sends Z(24) instead of LMv2.
      lm = serverTime != null
          ? new byte[24]
          : NtlmV2Responses.lmResponse(key, challenge.serverChallenge, clientChallenge);
    } finally {
      Arrays.fill(key, (byte) 0);
    }
    int flags = (challenge.flags & (NEGOTIATE_EXTENDED_SESSIONSECURITY | NEGOTIATE_ALWAYS_SIGN
        | NEGOTIATE_TARGET_INFO | NEGOTIATE_128 | NEGOTIATE_56))
        | NEGOTIATE_UNICODE | REQUEST_TARGET | NEGOTIATE_NTLM;
    byte[][] payload = {
      lm,
      nt,
      domain.getBytes(StandardCharsets.UTF_16LE),
      user.getBytes(StandardCharsets.UTF_16LE),
      workstation.getBytes(StandardCharsets.UTF_16LE),
      new byte[0], // EncryptedRandomSessionKey: no key exchange negotiated
    };
    byte[] header = new byte[TYPE3_HEADER];
    System.arraycopy(NtlmChallenge.SIGNATURE, 0, header, 0, 8);
    writeInt(header, 8, 3);
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    int offset = TYPE3_HEADER;
    for (int i = 0; i < payload.length; i++) {
      int at = 12 + 8 * i;
      writeShort(header, at, payload[i].length);
      writeShort(header, at + 2, payload[i].length);
      writeInt(header, at + 4, offset);
      body.write(payload[i], 0, payload[i].length);
      offset += payload[i].length;
    }
    writeInt(header, 60, flags);
    byte[] m = Arrays.copyOf(header, offset);
    System.arraycopy(body.toByteArray(), 0, m, TYPE3_HEADER, offset - TYPE3_HEADER);
    return m;
  }

  private static void writeShort(byte[] m, int at, int v) {
    m[at] = (byte) v;
    m[at + 1] = (byte) (v >>> 8);
  }

  private static void writeInt(byte[] m, int at, int v) {
    writeShort(m, at, v);
    writeShort(m, at + 2, v >>> 16);
  }
}

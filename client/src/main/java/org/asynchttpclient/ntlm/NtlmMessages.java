package org.asynchttpclient.ntlm;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * Encodes the client's NTLM messages (MS-NLMP section 2.2.1) byte for byte as AHC 3.0.11 does, so a
 * server or proxy that compares them (or logs them) sees the same thing: NEGOTIATE (Type 1) and
 * AUTHENTICATE (Type 3), both with a Version field (5.1, build 2600, revision 15), the Type 3
 * payload in the order LM response, NT response, domain, user, workstation. The domain and the
 * workstation are cut at their first dot and upper-cased (NetBIOS names), and that form of the
 * domain also goes into the NTLMv2 key.
 *
 * <p>The Type 3 carries no MIC and no session key: HTTP authentication uses neither signing nor
 * sealing, so the server's requests for them (sign, seal, key exchange) are not echoed. (3.0.11
 * sends a session key when the server asks for signing; nothing over HTTP uses it.)
 *
 * <p>Stateless; any thread.
 */
final class NtlmMessages {
  static final int NEGOTIATE_UNICODE = 0x00000001;
  static final int REQUEST_TARGET = 0x00000004;
  static final int NEGOTIATE_LM_KEY = 0x00000080;
  static final int NEGOTIATE_NTLM = 0x00000200;
  static final int NEGOTIATE_ALWAYS_SIGN = 0x00008000;
  static final int NEGOTIATE_EXTENDED_SESSIONSECURITY = 0x00080000;
  static final int NEGOTIATE_TARGET_INFO = 0x00800000;
  static final int NEGOTIATE_VERSION = 0x02000000;
  static final int NEGOTIATE_128 = 0x20000000;
  static final int NEGOTIATE_56 = 0x80000000;

  static final int TYPE1_FLAGS = NEGOTIATE_UNICODE | NEGOTIATE_NTLM | NEGOTIATE_ALWAYS_SIGN
      | NEGOTIATE_EXTENDED_SESSIONSECURITY | NEGOTIATE_VERSION | NEGOTIATE_128 | NEGOTIATE_56;

  /** The challenge's flags a Type 3 repeats; NEGOTIATE_VERSION is always added. */
  static final int TYPE3_ECHOED_FLAGS = NEGOTIATE_UNICODE | REQUEST_TARGET | NEGOTIATE_LM_KEY | NEGOTIATE_NTLM
      | NEGOTIATE_ALWAYS_SIGN | NEGOTIATE_EXTENDED_SESSIONSECURITY | NEGOTIATE_TARGET_INFO | NEGOTIATE_128
      | NEGOTIATE_56;

  /** Windows XP SP2's version (major 5, minor 1, build 2600, NTLMSSP revision 15), as 3.0.11 sends. */
  private static final byte[] VERSION = {5, 1, 0x28, 0x0a, 0, 0, 0, 0x0f};

  private static final int TYPE1_LENGTH = 40;
  /** The fixed header length of a Type 3 message with Version and without MIC: payload starts here. */
  static final int TYPE3_HEADER = 72;

  private NtlmMessages() {}

  /** NEGOTIATE_MESSAGE: our flags, empty domain and workstation buffers, our version. */
  static byte[] type1() {
    byte[] m = new byte[TYPE1_LENGTH];
    System.arraycopy(NtlmChallenge.SIGNATURE, 0, m, 0, 8);
    writeInt(m, 8, 1);
    writeInt(m, 12, TYPE1_FLAGS);
    // Domain and workstation buffers: length 0, offset at the end of the message.
    writeInt(m, 20, TYPE1_LENGTH);
    writeInt(m, 28, TYPE1_LENGTH);
    System.arraycopy(VERSION, 0, m, 32, VERSION.length);
    return m;
  }

  /**
   * AUTHENTICATE_MESSAGE answering {@code challenge}: NTLMv2 when the server sent target
   * information, else (as 3.0.11) the NTLM2 session response when it negotiated extended session
   * security, else NTLMv1; with {@code v2Only}, NTLMv2 in every case (with empty target
   * information when the server sent none).
   *
   * @param clientChallenge 8 random bytes
   * @param now the timestamp to use when the server sent none, in NTLM time
   */
  static byte[] type3(String user, String password, String domain, String workstation,
      NtlmChallenge challenge, byte[] clientChallenge, long now, boolean v2Only) {
    String netbiosDomain = netbiosName(domain);
    byte[][] responses = v2Only || challenge.offersTargetInfo()
        ? v2(user, password, netbiosDomain, challenge, clientChallenge, now)
        : v1(password, challenge, clientChallenge);
    int flags = (challenge.flags & TYPE3_ECHOED_FLAGS) | NEGOTIATE_VERSION;
    byte[][] payload = {
      responses[0],
      responses[1],
      netbiosDomain.getBytes(StandardCharsets.UTF_16LE),
      user.getBytes(StandardCharsets.UTF_16LE),
      netbiosName(workstation).getBytes(StandardCharsets.UTF_16LE),
    };
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    byte[] header = new byte[TYPE3_HEADER];
    System.arraycopy(NtlmChallenge.SIGNATURE, 0, header, 0, 8);
    writeInt(header, 8, 3);
    int offset = TYPE3_HEADER;
    for (int i = 0; i < payload.length; i++) {
      writeBuffer(header, 12 + 8 * i, payload[i].length, offset);
      body.write(payload[i], 0, payload[i].length);
      offset += payload[i].length;
    }
    // EncryptedRandomSessionKey: empty, at the end of the payload.
    writeBuffer(header, 52, 0, offset);
    writeInt(header, 60, flags);
    System.arraycopy(VERSION, 0, header, 64, VERSION.length);
    byte[] m = Arrays.copyOf(header, offset);
    System.arraycopy(body.toByteArray(), 0, m, TYPE3_HEADER, offset - TYPE3_HEADER);
    return m;
  }

  /** {LMv2 (or Z(24) when the server sent a timestamp), NTLMv2}. */
  private static byte[][] v2(String user, String password, String domain, NtlmChallenge challenge,
      byte[] clientChallenge, long now) {
    byte[] serverTime = challenge.avPair(NtlmChallenge.AV_TIMESTAMP);
    long timestamp = serverTime != null ? NtlmV2Responses.readTimestamp(serverTime) : now;
    byte[] key = NtlmV2Responses.responseKey(user, domain, password);
    try {
      byte[] blob = NtlmV2Responses.blob(timestamp, clientChallenge, challenge.targetInfo);
      byte[] nt = NtlmV2Responses.ntResponse(key, challenge.serverChallenge, blob);
      // MS-NLMP 3.1.5.1.2: with a server timestamp the client sends Z(24) instead of LMv2.
      byte[] lm = serverTime != null
          ? new byte[24]
          : NtlmV2Responses.lmResponse(key, challenge.serverChallenge, clientChallenge);
      return new byte[][] {lm, nt};
    } finally {
      Arrays.fill(key, (byte) 0);
    }
  }

  /** {LM, NT}: the NTLM2 session pair with extended session security, else NTLMv1's. */
  private static byte[][] v1(String password, NtlmChallenge challenge, byte[] clientChallenge) {
    if ((challenge.flags & NEGOTIATE_EXTENDED_SESSIONSECURITY) != 0) {
      return new byte[][] {
        NtlmV1Responses.sessionLmResponse(clientChallenge),
        NtlmV1Responses.sessionNtResponse(password, challenge.serverChallenge, clientChallenge),
      };
    }
    return new byte[][] {
      NtlmV1Responses.lmResponse(password, challenge.serverChallenge),
      NtlmV1Responses.ntResponse(password, challenge.serverChallenge),
    };
  }

  /** The part before the first dot, upper-cased: "corp.example.com" gives "CORP". */
  static String netbiosName(String name) {
    int dot = name.indexOf('.');
    return (dot < 0 ? name : name.substring(0, dot)).toUpperCase(Locale.ROOT);
  }

  private static void writeBuffer(byte[] m, int at, int length, int offset) {
    writeShort(m, at, length);
    writeShort(m, at + 2, length);
    writeInt(m, at + 4, offset);
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

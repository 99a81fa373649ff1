package org.asynchttpclient.ntlm;

import java.util.Base64;
import org.jetbrains.annotations.Nullable;

/**
 * A decoded NTLM CHALLENGE_MESSAGE (Type 2, MS-NLMP section 2.2.1.2): the server's flags, its 8-byte
 * challenge and its target information (AV pairs), with every offset checked against the message
 * length before it is read.
 *
 * <p>Immutable.
 */
final class NtlmChallenge {
  static final byte[] SIGNATURE = {'N', 'T', 'L', 'M', 'S', 'S', 'P', 0};
  /** MsvAvEOL, MsvAvTimestamp: AV pair ids of MS-NLMP section 2.2.2.1. */
  static final int AV_EOL = 0;
  static final int AV_TIMESTAMP = 7;

  // immutable
  final int flags;
  final byte[] serverChallenge;
  final byte[] targetInfo;

  private NtlmChallenge(int flags, byte[] serverChallenge, byte[] targetInfo) {
    this.flags = flags;
    this.serverChallenge = serverChallenge;
    this.targetInfo = targetInfo;
  }

  /** Reads the base64 token of a {@code WWW-Authenticate: NTLM <token>} challenge. */
  static NtlmChallenge parse(String base64) {
    byte[] m;
    try {
      m = Base64.getDecoder().decode(base64.trim());
    } catch (IllegalArgumentException e) {
      throw new NtlmEngineException("NTLM challenge: not base64 (" + e.getMessage() + ")", e);
    }
    if (m.length < 32) {
      throw new NtlmEngineException("NTLM challenge: " + m.length + " bytes (expected at least 32)");
    }
    for (int i = 0; i < SIGNATURE.length; i++) {
      if (m[i] != SIGNATURE[i]) {
        throw new NtlmEngineException("NTLM challenge: no NTLMSSP signature");
      }
    }
    int type = readInt(m, 8);
    if (type != 2) {
      throw new NtlmEngineException("NTLM challenge: message type " + type + " (expected 2)");
    }
    int flags = readInt(m, 20);
    byte[] challenge = new byte[8];
    System.arraycopy(m, 24, challenge, 0, 8);
    // Older servers end the message after the reserved field: no target information.
    byte[] info = m.length >= 48 ? securityBuffer(m, 40, "target info") : new byte[0];
    return new NtlmChallenge(flags, challenge, info);
  }

  /**
   * Whether the server sent target information (the flag and a non-empty buffer): what NTLMv2
   * answers with, and what 3.0.11 takes as the sign that the server speaks NTLMv2.
   */
  boolean offersTargetInfo() {
    return (flags & NtlmMessages.NEGOTIATE_TARGET_INFO) != 0 && targetInfo.length > 0;
  }

  /** The value of the AV pair {@code id} in the target information, or null. */
  @Nullable byte[] avPair(int id) {
    int i = 0;
    while (i + 4 <= targetInfo.length) {
      int avId = readShort(targetInfo, i);
      int len = readShort(targetInfo, i + 2);
      if (avId == AV_EOL || i + 4 + len > targetInfo.length) {
        return null;
      }
      if (avId == id) {
        byte[] value = new byte[len];
        System.arraycopy(targetInfo, i + 4, value, 0, len);
        return value;
      }
      i += 4 + len;
    }
    return null;
  }

  /** The bytes a security buffer (length, max length, offset) at {@code at} points to. */
  static byte[] securityBuffer(byte[] m, int at, String what) {
    int len = readShort(m, at);
    long offset = readInt(m, at + 4) & 0xffffffffL;
    if (offset + len > m.length) {
      throw new NtlmEngineException("NTLM " + what + ": " + len + " bytes at offset " + offset
          + " (expected within the " + m.length + "-byte message)");
    }
    byte[] out = new byte[len];
    System.arraycopy(m, (int) offset, out, 0, len);
    return out;
  }

  static int readShort(byte[] m, int at) {
    return (m[at] & 0xff) | (m[at + 1] & 0xff) << 8;
  }

  static int readInt(byte[] m, int at) {
    return (m[at] & 0xff) | (m[at + 1] & 0xff) << 8 | (m[at + 2] & 0xff) << 16 | (m[at + 3] & 0xff) << 24;
  }
}

package org.asynchttpclient.ntlm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/**
 * MS-NLMP section 4.2 (user "User", domain "Domain", password "Password", server challenge
 * 0123456789abcdef, client challenge aa..aa): the NTLMv1 responses of 4.2.2, the NTLM2 session
 * response of 4.2.3, and the NTLMv2 ones of 4.2.4 (time 0, the CHALLENGE_MESSAGE of 4.2.4.3 with
 * target information NbDomainName "Domain", NbComputerName "Server"). Then whole messages as AHC
 * 3.0.11 sends them.
 */
class NtlmVectorsTest {
  private static final String TARGET_INFO =
      "02000c0044006f006d00610069006e00 01000c00530065007200760065007200 00000000";
  /** MS-NLMP 4.2.4.3, CHALLENGE_MESSAGE. */
  private static final String CHALLENGE =
      "4e544c4d53535000 02000000 0c000c00 38000000 33828ae2 0123456789abcdef 0000000000000000"
          + " 24002400 44000000 060070170000000f 530065007200760065007200"
          + " 02000c0044006f006d00610069006e0001000c0053006500720076006500720000000000";
  private static final byte[] CLIENT_CHALLENGE = Hex.parse("aaaaaaaaaaaaaaaa");
  private static final byte[] SERVER_CHALLENGE = Hex.parse("0123456789abcdef");

  private static NtlmChallenge challenge() {
    return NtlmChallenge.parse(Base64.getEncoder().encodeToString(Hex.parse(CHALLENGE)));
  }

  @Test
  void ntowfv2() {
    assertEquals("0c868a403bfd7a93a3001ef22ef02e3f",
        Hex.of(NtlmV2Responses.responseKey("User", "Domain", "Password")));
  }

  @Test
  void userNameIsCaseInsensitiveDomainIsNot() {
    byte[] key = NtlmV2Responses.responseKey("User", "Domain", "Password");
    assertArrayEquals(key, NtlmV2Responses.responseKey("USER", "Domain", "Password"));
    assertFalse(Arrays.equals(key, NtlmV2Responses.responseKey("User", "DOMAIN", "Password")));
  }

  @Test
  void lmv2Response() {
    byte[] key = NtlmV2Responses.responseKey("User", "Domain", "Password");
    assertEquals("86c35097ac9cec102554764a57cccc19aaaaaaaaaaaaaaaa",
        Hex.of(NtlmV2Responses.lmResponse(key, SERVER_CHALLENGE, CLIENT_CHALLENGE)));
  }

  @Test
  void ntlmv2ResponseIsNtProofStrThenTheBlob() {
    byte[] key = NtlmV2Responses.responseKey("User", "Domain", "Password");
    byte[] blob = NtlmV2Responses.blob(0, CLIENT_CHALLENGE, Hex.parse(TARGET_INFO));
    assertEquals("68cd0ab851e51c96aabc927bebef6a1c"
            + "01010000000000000000000000000000aaaaaaaaaaaaaaaa00000000"
            + "02000c0044006f006d00610069006e0001000c0053006500720076006500720000000000"
            + "00000000",
        Hex.of(NtlmV2Responses.ntResponse(key, SERVER_CHALLENGE, blob)));
  }

  @Test
  void challengeMessageOf4243IsParsed() {
    NtlmChallenge c = challenge();
    assertEquals(0xe28a8233, c.flags);
    assertArrayEquals(SERVER_CHALLENGE, c.serverChallenge);
    assertEquals(TARGET_INFO.replace(" ", ""), Hex.of(c.targetInfo));
    assertEquals("Server", new String(c.avPair(1), StandardCharsets.UTF_16LE));
  }

  @Test
  void ntlmV1ResponsesOf422() {
    assertEquals("e52cac67419a9a224a3b108f3fa6cb6d", Hex.of(NtlmV1Responses.lmHash("Password")));
    assertEquals("a4f49c406510bdcab6824ee7c30fd852", Hex.of(NtlmV1Responses.ntHash("Password")));
    assertEquals("98def7b87f88aa5dafe2df779688a172def11c7d5ccdef13",
        Hex.of(NtlmV1Responses.lmResponse("Password", SERVER_CHALLENGE)));
    assertEquals("67c43011f30298a2ad35ece64f16331c44bdbed927841f94",
        Hex.of(NtlmV1Responses.ntResponse("Password", SERVER_CHALLENGE)));
  }

  @Test
  void ntlm2SessionResponseOf423() {
    assertEquals("aaaaaaaaaaaaaaaa00000000000000000000000000000000",
        Hex.of(NtlmV1Responses.sessionLmResponse(CLIENT_CHALLENGE)));
    assertEquals("7537f803ae367128ca458204bde7caf81e97ed2683267232",
        Hex.of(NtlmV1Responses.sessionNtResponse("Password", SERVER_CHALLENGE, CLIENT_CHALLENGE)));
  }

  @Test
  void type3CarriesTheVectorResponsesAndNetbiosNames() {
    byte[] m = NtlmMessages.type3("User", "Password", "domain.example.com", "computer.local", challenge(),
        CLIENT_CHALLENGE, 0, false);
    assertEquals(3, NtlmChallenge.readInt(m, 8));
    assertEquals("DOMAIN", new String(NtlmChallenge.securityBuffer(m, 28, "domain"), StandardCharsets.UTF_16LE));
    assertEquals("User", new String(NtlmChallenge.securityBuffer(m, 36, "user"), StandardCharsets.UTF_16LE));
    assertEquals("COMPUTER", new String(NtlmChallenge.securityBuffer(m, 44, "ws"), StandardCharsets.UTF_16LE));
    // NTLMv2, keyed with the domain as sent.
    byte[] key = NtlmV2Responses.responseKey("User", "DOMAIN", "Password");
    assertEquals(Hex.of(NtlmV2Responses.lmResponse(key, SERVER_CHALLENGE, CLIENT_CHALLENGE)),
        Hex.of(NtlmChallenge.securityBuffer(m, 12, "lm")));
    byte[] blob = NtlmV2Responses.blob(0, CLIENT_CHALLENGE, Hex.parse(TARGET_INFO));
    assertEquals(Hex.of(NtlmV2Responses.ntResponse(key, SERVER_CHALLENGE, blob)),
        Hex.of(NtlmChallenge.securityBuffer(m, 20, "nt")));
    // The challenge's 0xe28a8233 less OEM, sign, seal, key exchange and target type, plus version.
    assertEquals(0xa2888201, NtlmChallenge.readInt(m, 60));
    assertEquals("0501280a0000000f", Hex.of(Arrays.copyOfRange(m, 64, 72)));
    assertEquals(72, NtlmChallenge.readInt(m, 16), "the payload starts after the version");
    assertEquals(0, NtlmChallenge.readShort(m, 52), "no session key");
    assertEquals(m.length, NtlmChallenge.readInt(m, 56));
  }

  @Test
  void aServerTimestampIsUsedAndTheLmResponseIsZero() {
    // Target info: MsvAvTimestamp (7) = 0x0102030405060708, then MsvAvEOL.
    byte[] info = Hex.parse("07000800 0807060504030201 00000000");
    NtlmChallenge c = NtlmChallenge.parse(Base64.getEncoder().encodeToString(
        challengeMessage(NtlmMessages.NEGOTIATE_UNICODE | NtlmMessages.NEGOTIATE_TARGET_INFO, info)));
    byte[] m = NtlmMessages.type3("User", "Password", "Domain", "", c, CLIENT_CHALLENGE, 42, false);
    assertArrayEquals(new byte[24], NtlmChallenge.securityBuffer(m, 12, "lm"));
    byte[] nt = NtlmChallenge.securityBuffer(m, 20, "nt");
    assertEquals("0807060504030201", Hex.of(Arrays.copyOfRange(nt, 24, 32)));
  }

  /** What 3.0.11 sends, byte for byte, for one NEGOTIATE and a Type 3 answering a v1-only server. */
  @Test
  void type1AndAnNtlmV1Type3AreThoseOfAhc3011() {
    assertEquals("4e544c4d53535000 01000000 018208a2 0000000028000000 0000000028000000 0501280a0000000f"
        .replace(" ", ""), Hex.of(Base64.getDecoder().decode(NtlmEngine.INSTANCE.generateType1Msg())));
    // A Type 2 with flags Unicode, NTLM and always-sign, challenge "SrvNonce", no target info.
    String type2 = Base64.getEncoder().encodeToString(
        challengeMessage(0x8201, new byte[0], "SrvNonce".getBytes(StandardCharsets.US_ASCII)));
    byte[] m = Base64.getDecoder().decode(
        NtlmEngine.generateType3Msg("Zaphod", "Beeblebrox", "Ursa-Minor", "LightCity", type2));
    String header = "4e544c4d53535000 03000000"
        + " 18001800 48000000 18001800 60000000 14001400 78000000"
        + " 0c000c00 8c000000 12001200 98000000 00000000 aa000000"
        + " 01820002 0501280a0000000f";
    String lmNt = "ad87ca6defe34685b9c43c477a8c42d600667d6892e7e897"
        + "e0e00de3104a1bf2053f07c7dda82d3c489ae989e1b000d3";
    String names = Hex.of("URSA-MINORZaphodLIGHTCITY".getBytes(StandardCharsets.UTF_16LE));
    assertEquals(header.replace(" ", "") + lmNt + names, Hex.of(m));
  }

  @Test
  void withoutTargetInfoExtendedSessionSecurityGetsTheNtlm2SessionResponse() {
    int flags = NtlmMessages.NEGOTIATE_UNICODE | NtlmMessages.NEGOTIATE_NTLM
        | NtlmMessages.NEGOTIATE_EXTENDED_SESSIONSECURITY;
    NtlmChallenge c = NtlmChallenge.parse(Base64.getEncoder().encodeToString(
        challengeMessage(flags, new byte[0], SERVER_CHALLENGE)));
    byte[] m = NtlmMessages.type3("User", "Password", "Domain", "", c, CLIENT_CHALLENGE, 0, false);
    assertEquals("aaaaaaaaaaaaaaaa00000000000000000000000000000000", Hex.of(NtlmChallenge.securityBuffer(m, 12, "lm")));
    assertEquals("7537f803ae367128ca458204bde7caf81e97ed2683267232", Hex.of(NtlmChallenge.securityBuffer(m, 20, "nt")));
  }

  @Test
  void v2OnlyAnswersAServerWithoutTargetInfoWithNtlmV2() {
    NtlmChallenge c = NtlmChallenge.parse(Base64.getEncoder().encodeToString(
        challengeMessage(0x8201, new byte[0], SERVER_CHALLENGE)));
    byte[] m = NtlmMessages.type3("User", "Password", "Domain", "", c, CLIENT_CHALLENGE, 0, true);
    byte[] key = NtlmV2Responses.responseKey("User", "DOMAIN", "Password");
    byte[] blob = NtlmV2Responses.blob(0, CLIENT_CHALLENGE, new byte[0]);
    assertEquals(Hex.of(NtlmV2Responses.ntResponse(key, SERVER_CHALLENGE, blob)),
        Hex.of(NtlmChallenge.securityBuffer(m, 20, "nt")));
    assertEquals(Hex.of(NtlmV2Responses.lmResponse(key, SERVER_CHALLENGE, CLIENT_CHALLENGE)),
        Hex.of(NtlmChallenge.securityBuffer(m, 12, "lm")));
  }

  @Test
  void malformedChallengesFailWithoutTheirPassword() {
    String truncated = Base64.getEncoder().encodeToString(Arrays.copyOf(Hex.parse(CHALLENGE), 60));
    NtlmEngineException e = assertThrows(NtlmEngineException.class,
        () -> NtlmEngine.generateType3Msg("User", "s3cret!", "Domain", "ws", truncated));
    assertTrue(e.getMessage().contains("target info"), e.getMessage());
    assertFalse(e.getMessage().contains("s3cret!"));
    NtlmEngineException notBase64 = assertThrows(NtlmEngineException.class,
        () -> NtlmEngine.generateType3Msg("User", "s3cret!", null, null, "%%%"));
    assertTrue(notBase64.getMessage().contains("not base64"), notBase64.getMessage());
    assertFalse(notBase64.getMessage().contains("s3cret!"));
    String type1 = NtlmEngine.INSTANCE.generateType1Msg();
    NtlmEngineException wrongType = assertThrows(NtlmEngineException.class,
        () -> NtlmEngine.generateType3Msg("User", "s3cret!", null, null, type1));
    assertTrue(wrongType.getMessage().contains("type 1"), wrongType.getMessage());
  }

  private static byte[] challengeMessage(int flags, byte[] info) {
    return challengeMessage(flags, info, SERVER_CHALLENGE);
  }

  /** A CHALLENGE_MESSAGE with no target name and {@code info} as target information. */
  private static byte[] challengeMessage(int flags, byte[] info, byte[] serverChallenge) {
    byte[] msg = new byte[40 + (info.length == 0 ? 0 : 8 + info.length)];
    System.arraycopy(NtlmChallenge.SIGNATURE, 0, msg, 0, 8);
    msg[8] = 2;
    msg[16] = (byte) msg.length;
    for (int i = 0; i < 4; i++) {
      msg[20 + i] = (byte) (flags >>> (8 * i));
    }
    System.arraycopy(serverChallenge, 0, msg, 24, 8);
    if (info.length > 0) {
      msg[40] = (byte) info.length;
      msg[42] = (byte) info.length;
      msg[44] = 48;
      System.arraycopy(info, 0, msg, 48, info.length);
    }
    return msg;
  }
}

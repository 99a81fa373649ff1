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
 * MS-NLMP section 4.2.4 (NTLMv2 authentication): user "User", domain "Domain", password
 * "Password", server challenge 0123456789abcdef, client challenge aa..aa, time 0, and the
 * CHALLENGE_MESSAGE of 4.2.4.3 with target information NbDomainName "Domain", NbComputerName
 * "Server".
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
  void type3CarriesTheVectorResponsesAndNames() {
    byte[] m = NtlmMessages.type3("User", "Password", "Domain", "COMPUTER", challenge(), CLIENT_CHALLENGE, 0);
    assertEquals(3, NtlmChallenge.readInt(m, 8));
    assertEquals("86c35097ac9cec102554764a57cccc19aaaaaaaaaaaaaaaa",
        Hex.of(NtlmChallenge.securityBuffer(m, 12, "lm")));
    assertEquals("68cd0ab851e51c96aabc927bebef6a1c", Hex.of(Arrays.copyOf(NtlmChallenge.securityBuffer(m, 20, "nt"), 16)));
    assertEquals("Domain", new String(NtlmChallenge.securityBuffer(m, 28, "domain"), StandardCharsets.UTF_16LE));
    assertEquals("User", new String(NtlmChallenge.securityBuffer(m, 36, "user"), StandardCharsets.UTF_16LE));
    assertEquals("COMPUTER", new String(NtlmChallenge.securityBuffer(m, 44, "ws"), StandardCharsets.UTF_16LE));
    int flags = NtlmChallenge.readInt(m, 60);
    assertTrue((flags & NtlmMessages.NEGOTIATE_UNICODE) != 0);
    assertTrue((flags & NtlmMessages.NEGOTIATE_NTLM) != 0);
  }

  @Test
  void aServerTimestampIsUsedAndTheLmResponseIsZero() {
    // Target info: MsvAvTimestamp (7) = 0x0102030405060708, then MsvAvEOL.
    byte[] info = Hex.parse("07000800 0807060504030201 00000000");
    byte[] msg = new byte[48 + info.length];
    System.arraycopy(NtlmChallenge.SIGNATURE, 0, msg, 0, 8);
    msg[8] = 2;
    System.arraycopy(SERVER_CHALLENGE, 0, msg, 24, 8);
    msg[40] = (byte) info.length;
    msg[42] = (byte) info.length;
    msg[44] = 48;
    System.arraycopy(info, 0, msg, 48, info.length);
    NtlmChallenge c = NtlmChallenge.parse(Base64.getEncoder().encodeToString(msg));
    byte[] m = NtlmMessages.type3("User", "Password", "Domain", "", c, CLIENT_CHALLENGE, 42);
    assertArrayEquals(new byte[24], NtlmChallenge.securityBuffer(m, 12, "lm"));
    byte[] nt = NtlmChallenge.securityBuffer(m, 20, "nt");
    assertEquals("0807060504030201", Hex.of(Arrays.copyOfRange(nt, 24, 32)));
  }

  @Test
  void type1IsANegotiateMessage() {
    byte[] m = Base64.getDecoder().decode(NtlmEngine.INSTANCE.generateType1Msg());
    assertArrayEquals(NtlmChallenge.SIGNATURE, Arrays.copyOf(m, 8));
    assertEquals(1, NtlmChallenge.readInt(m, 8));
    assertEquals(NtlmMessages.TYPE1_FLAGS, NtlmChallenge.readInt(m, 12));
  }

  @Test
  void malformedChallengesFailWithoutTheirPassword() {
    String truncated = Base64.getEncoder().encodeToString(Arrays.copyOf(Hex.parse(CHALLENGE), 60));
    RuntimeException e = assertThrows(RuntimeException.class,
        () -> NtlmEngine.generateType3Msg("User", "s3cret!", "Domain", "ws", truncated));
    assertTrue(e.getMessage().contains("target info"), e.getMessage());
    assertFalse(e.getMessage().contains("s3cret!"));
    assertThrows(RuntimeException.class, () -> NtlmEngine.generateType3Msg("User", "s3cret!", null, null, "%%%"));
    String type1 = NtlmEngine.INSTANCE.generateType1Msg();
    RuntimeException wrongType = assertThrows(RuntimeException.class,
        () -> NtlmEngine.generateType3Msg("User", "s3cret!", null, null, type1));
    assertTrue(wrongType.getMessage().contains("type 1"), wrongType.getMessage());
  }
}

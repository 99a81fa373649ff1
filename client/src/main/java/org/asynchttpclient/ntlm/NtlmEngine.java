package org.asynchttpclient.ntlm;

import java.security.SecureRandom;
import java.util.Base64;
import org.jetbrains.annotations.Nullable;

/**
 * The client side of NTLM over HTTP (MS-NLMP; RFC 4559's {@code WWW-Authenticate: NTLM} framing):
 * the Type 1 message that starts a handshake and the Type 3 message that answers the server's
 * Type 2 challenge, byte for byte as AHC 3.0.11 sends them. The client sends both on the
 * connection that carried the challenge: NTLM authenticates the connection, not the request.
 *
 * <p>As in 3.0.11, the Type 3 carries NTLMv2 responses when the server sent target information,
 * and otherwise falls back to the NTLM2 session response (when the server negotiated extended
 * session security) or to NTLMv1. Those fallbacks can be cracked offline from one captured
 * exchange whose challenge the server chose, so a server (or anyone in its place) can ask for them
 * by leaving target information out; {@link #generateType3Msg(String, String, String, String,
 * String, boolean)} with {@code v2Only} (the client's {@code ntlmV2Only} option) answers such a
 * server with NTLMv2 and empty target information instead.
 *
 * <p>Stateless and thread-safe.
 */
public final class NtlmEngine {
  public static final NtlmEngine INSTANCE = new NtlmEngine();

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final String TYPE1 = Base64.getEncoder().encodeToString(NtlmMessages.type1());

  public NtlmEngine() {}

  /** The base64 Type 1 (NEGOTIATE) message: {@code Authorization: NTLM <this>}. */
  public String generateType1Msg() {
    return TYPE1;
  }

  /**
   * The base64 Type 3 (AUTHENTICATE) message answering {@code challenge}, the base64 token of the
   * server's {@code NTLM <token>} header, with 3.0.11's choice of responses.
   *
   * @param domain the user's domain (null: empty)
   * @param workstation the client's host name (null: empty)
   * @throws RuntimeException when the challenge is malformed (the message names what was wrong,
   *     never the password)
   */
  // 3.0.11 declares every parameter non-null, yet its callers pass the realm's optional domain.
  @SuppressWarnings("NullAway")
  public static String generateType3Msg(String username, String password, @Nullable String domain,
      @Nullable String workstation, String challenge) {
    return generateType3Msg(username, password, domain, workstation, challenge, false);
  }

  /**
   * As {@link #generateType3Msg(String, String, String, String, String)}; with {@code v2Only}
   * the responses are NTLMv2 whatever the challenge offers.
   */
  @SuppressWarnings("NullAway")
  public static String generateType3Msg(String username, String password, @Nullable String domain,
      @Nullable String workstation, String challenge, boolean v2Only) {
    if (username == null || password == null || challenge == null) {
      throw new NtlmEngineException("NTLM: username, password and challenge are required"
          + " (username " + (username == null ? "null" : "set") + ", password "
          + (password == null ? "null" : "set") + ", challenge " + (challenge == null ? "null" : "set") + ")");
    }
    byte[] clientChallenge = new byte[8];
    RANDOM.nextBytes(clientChallenge);
    byte[] m = NtlmMessages.type3(username, password, domain == null ? "" : domain,
        workstation == null ? "" : workstation, NtlmChallenge.parse(challenge), clientChallenge,
        NtlmV2Responses.timestamp(System.currentTimeMillis()), v2Only);
    return Base64.getEncoder().encodeToString(m);
  }
}

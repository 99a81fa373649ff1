package org.asynchttpclient.netty.auth;

import java.util.List;
import org.asynchttpclient.ntlm.NtlmEngine;
import org.jetbrains.annotations.Nullable;

/**
 * NTLM over HTTP: a bare {@code NTLM} challenge is answered with the Type 1 message, the server's
 * {@code NTLM <Type 2>} with the Type 3 message, on the same connection.
 *
 * <pre>
 *   INITIAL --"NTLM"--&gt; TYPE1_SENT --"NTLM &lt;type 2&gt;"--&gt; TYPE3_SENT --401--&gt; (refused: handler)
 * </pre>
 *
 * <p>Not thread-safe: one exchange's hops use it in turn.
 */
final class NtlmHandshake extends AuthHandshake {
  private enum State { INITIAL, TYPE1_SENT, TYPE3_SENT }

  // immutable
  private final String user;
  private final String password;
  private final @Nullable String domain;
  private final @Nullable String workstation;
  private final boolean v2Only;

  // confined to the exchange's hops
  private State state = State.INITIAL;

  NtlmHandshake(String user, String password, @Nullable String domain, @Nullable String workstation,
      boolean v2Only) {
    super("NTLM", true);
    this.v2Only = v2Only;
    this.user = user;
    this.password = password;
    this.domain = domain;
    this.workstation = workstation;
  }

  @Override
  public @Nullable String answer(List<String> challenges) {
    String challenge = ChallengeAnswers.challenge(challenges, "NTLM");
    if (challenge == null) {
      return null;
    }
    String token = challenge.substring(4).trim();
    switch (state) {
      case INITIAL:
        if (!token.isEmpty()) {
          return null; // a Type 2 we never asked for
        }
        state = State.TYPE1_SENT;
        return "NTLM " + NtlmEngine.INSTANCE.generateType1Msg();
      case TYPE1_SENT:
        if (token.isEmpty()) {
          return null; // the server forgot our Type 1: most likely a new connection
        }
        state = State.TYPE3_SENT;
        return "NTLM " + NtlmEngine.generateType3Msg(user, password, domain, workstation, token, v2Only);
      default:
        return null; // the Type 3 was refused
    }
  }
}

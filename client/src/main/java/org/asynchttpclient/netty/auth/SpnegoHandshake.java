package org.asynchttpclient.netty.auth;

import java.util.List;
import org.asynchttpclient.spnego.SpnegoEngine;
import org.jetbrains.annotations.Nullable;

/**
 * HTTP Negotiate (RFC 4559) with a Kerberos ticket from {@link SpnegoEngine}: a bare {@code
 * Negotiate} challenge is answered once with the initial token; a second challenge means the server
 * refused the ticket, and goes to the handler.
 *
 * <pre>
 *   INITIAL --"Negotiate"--&gt; SENT --401--&gt; (refused: handler)
 * </pre>
 *
 * <p>Not thread-safe: one exchange's hops use it in turn.
 */
final class SpnegoHandshake extends AuthHandshake {
  // immutable
  private final SpnegoEngine engine;
  private final String host;

  // confined to the exchange's hops
  private boolean sent;

  SpnegoHandshake(SpnegoEngine engine, String host) {
    super("Negotiate", false);
    this.engine = engine;
    this.host = host;
  }

  @Override
  public @Nullable String answer(List<String> challenges) throws Exception {
    String challenge = ChallengeAnswers.challenge(challenges, "Negotiate");
    if (challenge == null || sent) {
      return null;
    }
    sent = true;
    return "Negotiate " + engine.generateToken(host);
  }
}

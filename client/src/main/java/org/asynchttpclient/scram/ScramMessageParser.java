package org.asynchttpclient.scram;

import java.util.Base64;
import org.asynchttpclient.Realm;
import org.jetbrains.annotations.Nullable;

/**
 * Reads the server's SCRAM messages (RFC 5802 section 7) and the auth-params of a SCRAM challenge
 * or {@code Authentication-Info} header (RFC 7804 section 5). Errors name what was wrong and what
 * was expected; they quote no secret (the server's messages hold none).
 *
 * <p>Stateless; any thread.
 */
public final class ScramMessageParser {
  private ScramMessageParser() {}

  /** server-first-message: {@code r=<nonce>,s=<base64 salt>,i=<count>[,extensions]}. */
  public static class ServerFirstMessage {
    public final String fullNonce;
    public final byte[] salt;
    public final int iterationCount;

    public ServerFirstMessage(String fullNonce, byte[] salt, int iterationCount) {
      this.fullNonce = fullNonce;
      this.salt = salt;
      this.iterationCount = iterationCount;
    }
  }

  /** server-final-message: a verifier {@code v=} or an error {@code e=}; one of them is null. */
  public static class ServerFinalMessage {
    public final @Nullable String verifier;
    public final @Nullable String error;

    public ServerFinalMessage(@Nullable String verifier, @Nullable String error) {
      this.verifier = verifier;
      this.error = error;
    }
  }

  /** The auth-params of a SCRAM challenge: realm, data, sid, sr, ttl (-1 when absent), stale. */
  public static class ScramChallengeParams {
    public final @Nullable String realm;
    public final @Nullable String data;
    public final @Nullable String sid;
    public final @Nullable String sr;
    public final int ttl;
    public final boolean stale;

    public ScramChallengeParams(@Nullable String realm, @Nullable String data, @Nullable String sid,
        @Nullable String sr, int ttl, boolean stale) {
      this.realm = realm;
      this.data = data;
      this.sid = sid;
      this.sr = sr;
      this.ttl = ttl;
      this.stale = stale;
    }
  }

  /**
   * Reads a server-first-message. The attributes come in RFC 5802's order; a mandatory extension
   * ({@code m=}) is refused since this client implements none.
   */
  public static ServerFirstMessage parseServerFirst(String message) {
    String[] parts = message.split(",", -1);
    if (parts.length > 0 && parts[0].startsWith("m=")) {
      throw new ScramException("server-first-message: mandatory extension m= (expected none)");
    }
    if (parts.length < 3 || !parts[0].startsWith("r=") || !parts[1].startsWith("s=") || !parts[2].startsWith("i=")) {
      throw new ScramException("server-first-message: '" + message + "' (expected r=...,s=...,i=...)");
    }
    String nonce = parts[0].substring(2);
    if (nonce.isEmpty()) {
      throw new ScramException("server-first-message: empty nonce (expected r=<client nonce><server nonce>)");
    }
    byte[] salt;
    try {
      salt = Base64.getDecoder().decode(parts[1].substring(2));
    } catch (IllegalArgumentException e) {
      throw new ScramException("server-first-message: salt '" + parts[1].substring(2) + "' (expected base64)", e);
    }
    if (salt.length == 0) {
      throw new ScramException("server-first-message: empty salt (expected at least one byte)");
    }
    int count;
    try {
      count = Integer.parseInt(parts[2].substring(2));
    } catch (NumberFormatException e) {
      throw new ScramException("server-first-message: iteration count '" + parts[2].substring(2)
          + "' (expected a positive integer)", e);
    }
    if (count < 1) {
      throw new ScramException("server-first-message: iteration count " + count + " (expected >= 1)");
    }
    return new ServerFirstMessage(nonce, salt, count);
  }

  /** Reads a server-final-message: {@code v=<base64 signature>} or {@code e=<error>}. */
  public static ServerFinalMessage parseServerFinal(String message) {
    int comma = message.indexOf(',');
    String first = comma < 0 ? message : message.substring(0, comma);
    if (first.startsWith("v=")) {
      return new ServerFinalMessage(first.substring(2), null);
    }
    if (first.startsWith("e=")) {
      return new ServerFinalMessage(null, first.substring(2));
    }
    throw new ScramException("server-final-message: '" + message + "' (expected v=... or e=...)");
  }

  /**
   * The SCRAM auth-params of a {@code WWW-Authenticate}, {@code Proxy-Authenticate} or
   * {@code Authentication-Info} value (with or without the mechanism name in front).
   */
  public static ScramChallengeParams parseWwwAuthenticateScram(String headerValue) {
    String ttl = Realm.Builder.matchParam(headerValue, "ttl");
    int ttlSeconds = -1;
    if (ttl != null) {
      try {
        ttlSeconds = Integer.parseInt(ttl.trim());
      } catch (NumberFormatException e) {
        throw new ScramException("SCRAM ttl: '" + ttl + "' (expected an integer number of seconds)", e);
      }
    }
    return new ScramChallengeParams(
        Realm.Builder.matchParam(headerValue, "realm"),
        Realm.Builder.matchParam(headerValue, "data"),
        Realm.Builder.matchParam(headerValue, "sid"),
        Realm.Builder.matchParam(headerValue, "sr"),
        ttlSeconds,
        "true".equalsIgnoreCase(Realm.Builder.matchParam(headerValue, "stale")));
  }

  /** The server's nonce must extend ours by at least one character (RFC 5802 section 5.1). */
  public static void validateNoncePrefix(String clientNonce, String fullNonce) {
    if (!fullNonce.startsWith(clientNonce) || fullNonce.length() == clientNonce.length()) {
      throw new ScramException("server nonce: does not extend the client nonce"
          + " (expected the client nonce followed by at least one character)");
    }
  }

  /** A client-first-message without channel binding starts with the gs2-header {@code n,}. */
  public static void validateGs2Header(String message) {
    if (!message.startsWith("n,")) {
      throw new ScramException("gs2-header: '" + message.substring(0, Math.min(3, message.length()))
          + "' (expected n, : no channel binding)");
    }
  }
}

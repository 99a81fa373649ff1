package org.asynchttpclient.netty.hop;

import org.asynchttpclient.Realm;
import org.asynchttpclient.spnego.SpnegoEngine;
import org.jetbrains.annotations.Nullable;

/**
 * Starts the handshakes of the multi-round schemes (NTLM, SPNEGO/Kerberos, SCRAM-SHA-256) for one
 * client, and holds that client's SCRAM session cache.
 *
 * <p>Thread-safe.
 */
public final class AuthHandshakes {
  // immutable
  private final boolean ntlmV2Only;

  // any thread
  private final SessionKeys scramKeys = new SessionKeys();

  /** @param ntlmV2Only see {@link org.asynchttpclient.AsyncHttpClientConfig#isNtlmV2Only()} */
  public AuthHandshakes(boolean ntlmV2Only) {
    this.ntlmV2Only = ntlmV2Only;
  }

  /** Whether {@code scheme} is answered by a handshake rather than by {@link ChallengeAnswers}. */
  public static boolean isHandshakeScheme(@Nullable Realm.AuthScheme scheme) {
    return scheme == Realm.AuthScheme.NTLM || scheme == Realm.AuthScheme.SPNEGO
        || scheme == Realm.AuthScheme.KERBEROS || scheme == Realm.AuthScheme.SCRAM_SHA_256;
  }

  /**
   * A new handshake of {@code realm} with the server (or proxy) at {@code host}:{@code port}, or
   * null when the realm lacks what its scheme needs (NTLM and SCRAM need a user and a password).
   */
  public @Nullable AuthHandshake start(Realm realm, String host, int port) {
    String user = realm.getPrincipal();
    String password = realm.getPassword();
    switch (realm.getScheme()) {
      case NTLM:
        return user == null || password == null
            ? null : new NtlmHandshake(user, password, realm.getNtlmDomain(), realm.getNtlmHost(), ntlmV2Only);
      case SPNEGO:
      case KERBEROS:
        SpnegoEngine engine = SpnegoEngine.instance(user, password, realm.getServicePrincipalName(),
            realm.getRealmName(), realm.isUseCanonicalHostname(), realm.getCustomLoginConfig(),
            realm.getLoginContextName());
        return new SpnegoHandshake(engine, host);
      case SCRAM_SHA_256:
        return user == null || password == null
            ? null : new ScramHandshake(realm, host, port, scramKeys);
      default:
        return null;
    }
  }

  /** How many SCRAM sessions are cached (for tests). */
  int cachedScramSessions() {
    return scramKeys.size();
  }
}

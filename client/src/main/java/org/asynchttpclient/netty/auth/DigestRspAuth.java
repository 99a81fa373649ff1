package org.asynchttpclient.netty.auth;

import java.io.IOException;
import org.asynchttpclient.Realm;
import org.asynchttpclient.util.AuthenticatorUtils;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks the {@code rspauth} a server proves itself with in {@code Authentication-Info} (or {@code
 * Proxy-Authentication-Info}) after a Digest-authenticated request (RFC 7616 section 3.5), as AHC
 * 3.0.13 does: a wrong value fails the exchange with {@code IOException("Digest rspauth
 * verification failed")}; a response without one, or one that cannot be checked, goes through.
 *
 * <p>The value is computed from the credentials as they were sent (nonce, uri, nc, cnonce, qop,
 * algorithm, realm read back from the request's own header) and the realm's user name, password
 * and charset: {@code H(HA1 ":" nonce [":" nc ":" cnonce ":" qop] ":" H(":" uri))}. Cannot be
 * checked: credentials that are not Digest or lack nonce or uri, qop {@code auth-int} (its A2
 * covers the response body, not read yet when the head arrives), an unknown algorithm.
 *
 * <p>The computation is the public {@link AuthenticatorUtils#computeExpectedRspAuth(Realm, String)}
 * of 3.0.13.
 *
 * <p>Stateless.
 */
public final class DigestRspAuth {
  private static final Logger LOGGER = LoggerFactory.getLogger(DigestRspAuth.class);

  private DigestRspAuth() {}

  /**
   * Fails when {@code authenticationInfo} carries an {@code rspauth} that does not match the one
   * expected for {@code sentCredentials}.
   *
   * @param authenticationInfo the response's {@code Authentication-Info} or {@code
   *     Proxy-Authentication-Info} value, or null
   * @param sentCredentials the {@code Authorization} or {@code Proxy-Authorization} value sent
   * @throws IOException {@code Digest rspauth verification failed}
   */
  public static void verify(@Nullable String authenticationInfo, Realm realm, String sentCredentials)
      throws IOException {
    if (authenticationInfo == null) {
      return;
    }
    String rspauth = Realm.Builder.matchParam(authenticationInfo, "rspauth");
    if (rspauth == null) {
      return;
    }
    String expected = AuthenticatorUtils.computeExpectedRspAuth(realm, sentCredentials);
    if (expected == null) {
      LOGGER.warn("rspauth not verified: the Digest credentials sent cannot be read back or use auth-int");
      return;
    }
    if (!expected.equalsIgnoreCase(rspauth)) {
      throw new IOException("Digest rspauth verification failed");
    }
  }
}

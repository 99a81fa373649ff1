package org.asynchttpclient.netty.auth;

import java.util.List;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.request.EntityBodyHash;
import org.asynchttpclient.netty.request.NextHopRequests;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The realm that answers an authentication challenge ({@code WWW-Authenticate} or {@code
 * Proxy-Authenticate}), shared by the replay of a plain request ({@code AuthFollowUp}) and by the
 * repeated CONNECT of a tunnel.
 *
 * <ul>
 *   <li>Basic: the realm made preemptive, unless Basic was not offered or these very credentials
 *       were already sent.
 *   <li>Digest (MD5, SHA-256, SHA-512-256, their -sess forms; qop auth or auth-int): a realm built
 *       from the challenge alone (nonce, opaque, algorithm, qop, nonce count 1) for the given URI
 *       and method. For CONNECT the digest covers {@code host:port}, the request target CONNECT
 *       sends. With auth-int the body's hash is part of the answer, so a body that is not in
 *       memory (see {@link EntityBodyHash}) gets no answer.
 *   <li>Other schemes: no answer.
 * </ul>
 *
 * <p>Stateless; any thread.
 */
public final class ChallengeAnswers {
  private static final Logger LOGGER = LoggerFactory.getLogger(ChallengeAnswers.class);

  private ChallengeAnswers() {}

  /**
   * The realm that answers one of {@code challenges}, or null when none can be answered.
   *
   * @param uri the URI of the request being answered (for CONNECT, the tunnel's target)
   * @param method the method of the request that will carry the answer
   * @param bodySource the request whose body auth-int hashes, or null when it has no body
   * @param alreadySent whether the challenged request already carried credentials of this kind
   * @param proxy true for a 407 ({@code Proxy-Authenticate}), false for a 401
   */
  public static @Nullable Realm answer(
      Realm realm,
      List<String> challenges,
      Uri uri,
      String method,
      @Nullable Request bodySource,
      boolean alreadySent,
      boolean proxy) {
    switch (realm.getScheme()) {
      case BASIC:
        if (challenge(challenges, "Basic") == null || alreadySent) {
          return null; // not offered, or these very credentials failed
        }
        return Dsl.realm(realm).setUsePreemptiveAuth(true).build();
      case DIGEST:
        String challenge = challenge(challenges, "Digest");
        if (challenge == null || realm.getPrincipal() == null || realm.getPassword() == null) {
          return null;
        }
        return digest(realm, challenge, uri, method, bodySource, proxy);
      default:
        return null;
    }
  }

  /** {@code proxy} with {@code realm} in place of its own; everything else is kept. */
  public static ProxyServer withRealm(ProxyServer proxy, Realm realm) {
    return new ProxyServer(
        proxy.getHost(),
        proxy.getPort(),
        proxy.getSecuredPort(),
        realm,
        proxy.getNonProxyHosts(),
        proxy.getProxyType(),
        proxy.getCustomHeaders());
  }

  private static @Nullable Realm digest(
      Realm realm,
      String challenge,
      Uri uri,
      String method,
      @Nullable Request bodySource,
      boolean proxy) {
    // A fresh builder: nothing of an earlier challenge (nonce, opaque, qop, count) may leak in.
    Realm.Builder b =
        new Realm.Builder(realm.getPrincipal(), realm.getPassword())
            .setScheme(Realm.AuthScheme.DIGEST)
            .setUseAbsoluteURI(realm.isUseAbsoluteURI())
            .setOmitQuery(realm.isOmitQuery())
            .setUsePreemptiveAuth(true)
            .setUri(uri)
            .setMethodName(method);
    if (proxy) {
      b.parseProxyAuthenticateHeader(challenge);
    } else {
      b.parseWWWAuthenticateHeader(challenge);
    }
    String nonce = b.getNonceValue();
    if (nonce == null || nonce.isEmpty()) {
      return null; // without a nonce the parser would fall back to Basic: never send that
    }
    b.setNc(NextHopRequests.nonceCount(1));
    if ("auth-int".equals(b.getQopValue())
        && bodySource != null
        && !EntityBodyHash.isHashable(bodySource)) {
      // The encoder hashes the body for each hop; one it cannot hash gets no answer at all.
      LOGGER.debug("Cannot answer the Digest challenge {}: the body is not in memory", challenge);
      return null;
    }
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      LOGGER.debug("Cannot answer the Digest challenge {}: {}", challenge, e.getMessage());
      return null; // an algorithm or qop this client does not implement
    }
  }

  /** The first challenge of {@code scheme} (case-insensitive), or null. */
  public static @Nullable String challenge(List<String> challenges, String scheme) {
    for (String value : challenges) {
      String trimmed = value.trim();
      if (trimmed.regionMatches(true, 0, scheme, 0, scheme.length())
          && (trimmed.length() == scheme.length()
              || Character.isWhitespace(trimmed.charAt(scheme.length())))) {
        return trimmed;
      }
    }
    return null;
  }
}

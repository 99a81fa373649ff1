package org.asynchttpclient.netty.request;

import org.asynchttpclient.Dsl;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * The {@code Authorization} / {@code Proxy-Authorization} value a realm allows sending before any challenge.
 *
 * <ul>
 *   <li>BASIC, when the realm asks for preemptive authentication: {@code Basic base64(user:password)} in the realm's
 *       charset.
 *   <li>DIGEST, once the realm carries a server nonce (from an earlier challenge, or supplied by the user): the
 *       realm is rebuilt for this hop's URI and method so the response digest matches what the server checks.
 *   <li>NTLM, SPNEGO, Kerberos and SCRAM: never here; they need a challenge/response on the connection.
 * </ul>
 */
final class PreemptiveAuthorization {

  private PreemptiveAuthorization() {}

  /**
   * The header value for {@code realm}, or null. {@code bodySource} is the request whose body
   * Digest {@code qop=auth-int} hashes (null: no body); a body that cannot be hashed gets no
   * header.
   */
  static @Nullable String headerValue(
      @Nullable Realm realm, Uri uri, String method, @Nullable Request bodySource) {
    if (realm == null || realm.getScheme() == null) {
      return null;
    }
    switch (realm.getScheme()) {
      case BASIC:
        return realm.isUsePreemptiveAuth() ? realm.getBasicAuthHeader() : null;
      case DIGEST:
        String nonce = realm.getNonce();
        if (nonce == null || nonce.isEmpty()) {
          return null;
        }
        Realm.Builder hop = Dsl.realm(realm).setUri(uri).setMethodName(method);
        if ("auth-int".equals(realm.getQop())) {
          String bodyHash = EntityBodyHash.of(bodySource, realm.getAlgorithm());
          if (EntityBodyHash.UNHASHABLE.equals(bodyHash)) {
            return null;
          }
          hop.setEntityBodyHash(bodyHash);
        }
        Realm forThisHop = hop.build();
        return digest(
            forThisHop, digestUri(uri, method, forThisHop.isUseAbsoluteURI(), forThisHop.isOmitQuery()));
      default:
        return null;
    }
  }

  /**
   * The digest-uri: the request target as the realm says the server expects it; for CONNECT always the
   * authority ({@code host:port}), the only target form CONNECT has.
   */
  static String digestUri(Uri uri, String method, boolean absolute, boolean omitQuery) {
    if ("CONNECT".equals(method)) {
      return uri.getAuthority();
    }
    HopTarget target = HopTarget.of(uri);
    String query = omitQuery ? null : target.query;
    HopTarget effective = new HopTarget(target.scheme, target.host, target.explicitPort, target.defaultPort,
        target.path, query, target.secured);
    return absolute ? effective.absoluteForm() : effective.originForm();
  }

  private static String digest(Realm realm, String digestUri) {
    return digest(realm.getPrincipal(), realm.getRealmName(), realm.getNonce(), digestUri, realm.getAlgorithm(),
        realm.getResponse(), realm.getOpaque(), realm.getQop(), realm.getNc(), realm.getCnonce());
  }

  /**
   * Formats a Digest credentials value (RFC 7616 section 3.4). Quoted parameters escape {@code "} and {@code \} so
   * a value cannot end its quoted string early; qop, nc and cnonce appear only together, when qop is set.
   */
  static String digest(@Nullable String username, @Nullable String realmName, @Nullable String nonce, String uri,
      @Nullable String algorithm, @Nullable String response, @Nullable String opaque, @Nullable String qop,
      @Nullable String nc, @Nullable String cnonce) {
    StringBuilder sb = new StringBuilder(256).append("Digest ");
    appendQuoted(sb, "username", username);
    appendQuoted(sb, "realm", realmName);
    appendQuoted(sb, "nonce", nonce);
    appendQuoted(sb, "uri", uri);
    if (algorithm != null && !algorithm.isEmpty()) {
      appendBare(sb, "algorithm", algorithm);
    }
    appendQuoted(sb, "response", response);
    if (opaque != null) {
      appendQuoted(sb, "opaque", opaque);
    }
    if (qop != null && !qop.isEmpty()) {
      appendBare(sb, "qop", qop);
      appendBare(sb, "nc", nc);
      appendQuoted(sb, "cnonce", cnonce);
    }
    sb.setLength(sb.length() - 2);
    return sb.toString();
  }

  private static void appendBare(StringBuilder sb, String name, @Nullable String value) {
    sb.append(name).append('=').append(value == null ? "" : value).append(", ");
  }

  private static void appendQuoted(StringBuilder sb, String name, @Nullable String value) {
    sb.append(name).append("=\"");
    if (value != null) {
      for (int i = 0; i < value.length(); i++) {
        char c = value.charAt(i);
        if (c == '"' || c == '\\') {
          sb.append('\\');
        }
        sb.append(c);
      }
    }
    sb.append("\", ");
  }
}

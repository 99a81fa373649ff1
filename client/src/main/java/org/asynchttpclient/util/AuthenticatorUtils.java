package org.asynchttpclient.util;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.charset.Charset;
import java.security.MessageDigest;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.request.EntityBodyHash;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * The {@code Authorization} and {@code Proxy-Authorization} values a realm allows sending without
 * waiting for a challenge, and the pieces of HTTP Digest authentication (RFC 7616) they are made of.
 *
 * <ul>
 *   <li>Basic, when the realm is preemptive: {@code Basic base64(user:password)} in the realm's
 *       charset (a null user or password counts as empty).
 *   <li>Digest, when the realm is preemptive and carries a server nonce: the realm is rebuilt for the
 *       request's URI and method, so the response covers what the server checks. The value lists
 *       username (its hash when the server asked for {@code userhash}), realm, nonce, uri, algorithm,
 *       response, opaque, {@code charset=UTF-8} when the realm uses UTF-8, qop, nc, cnonce and
 *       {@code userhash=true}, in 3.0.11's order. Quoted values escape {@code "} and {@code \}, so a
 *       user name cannot end its quoted string early (3.0.11 copies them as they are).
 *   <li>NTLM, Kerberos, SPNEGO and SCRAM: no value (see {@link #perConnectionAuthorizationHeader}).
 * </ul>
 */
public final class AuthenticatorUtils {

  /** The scheme name of SPNEGO and Kerberos authentication. */
  public static final String NEGOTIATE = "Negotiate";

  private static final Set<String> DIGEST_ALGORITHMS =
      Set.of("MD5", "MD5-SESS", "SHA-256", "SHA-256-SESS", "SHA-512-256", "SHA-512-256-SESS");

  private AuthenticatorUtils() {}

  /** The first of {@code authenticateHeaders} that starts with {@code prefix} (ignoring case), or null. */
  public static @Nullable String getHeaderWithPrefix(@Nullable List<String> authenticateHeaders, String prefix) {
    if (authenticateHeaders != null) {
      for (String header : authenticateHeaders) {
        if (header.regionMatches(true, 0, prefix, 0, prefix.length())) {
          return header;
        }
      }
    }
    return null;
  }

  /**
   * The first Digest challenge of {@code authenticateHeaders} (the server's order is its preference,
   * RFC 7616 section 4) whose algorithm this client implements (MD5, SHA-256, SHA-512-256 and their
   * {@code -sess} forms; no algorithm means MD5), or null.
   */
  public static @Nullable String selectBestDigestChallenge(@Nullable List<String> authenticateHeaders) {
    if (authenticateHeaders == null) {
      return null;
    }
    for (String header : authenticateHeaders) {
      if (header.regionMatches(true, 0, "Digest", 0, 6)) {
        String algorithm = Realm.Builder.matchParam(header, "algorithm");
        if (algorithm == null || DIGEST_ALGORITHMS.contains(algorithm.toUpperCase(Locale.ROOT))) {
          return header;
        }
      }
    }
    return null;
  }

  /**
   * The Digest {@code uri} for {@code uri}: the absolute URL without its user info when {@code
   * useAbsoluteURI}, otherwise the path ({@code /} when empty); followed by the query unless {@code
   * omitQuery} or there is none. (3.0.12 and before kept the user info in the absolute form.)
   */
  public static String computeRealmURI(Uri uri, boolean useAbsoluteURI, boolean omitQuery) {
    String query = uri.getQuery();
    boolean withoutQuery = omitQuery || query == null || query.isEmpty();
    if (useAbsoluteURI) {
      return withoutQuery
          ? uri.withNewQuery(null).toUrlWithoutUserInfo()
          : uri.toUrlWithoutUserInfo();
    }
    return withoutQuery ? uri.getNonEmptyPath() : uri.getNonEmptyPath() + '?' + query;
  }

  /**
   * The {@code rspauth} a server proves itself with in {@code Authentication-Info} (RFC 7616 section
   * 3.5) for the request {@code realm} answered: the request digest with an empty method, {@code
   * H(HA1:nonce:nc:cnonce:qop:H(":" uri))}, or without nc, cnonce and qop when the realm has no qop.
   */
  public static String computeRspAuth(Realm realm) {
    String algorithm = realm.getAlgorithm() != null ? realm.getAlgorithm() : "MD5";
    Uri uri = realm.getUri();
    String digestUri = uri != null ? computeRealmURI(uri, realm.isUseAbsoluteURI(), realm.isOmitQuery()) : "";
    String ha2 = hash(algorithm, ":" + digestUri, charsetOf(realm));
    String qop = realm.getQop();
    String middle =
        qop != null
            ? realm.getNonce() + ":" + realm.getNc() + ":" + realm.getCnonce() + ":" + qop
            : realm.getNonce();
    return hash(algorithm, ha1(realm, algorithm) + ":" + middle + ":" + ha2, ISO_8859_1);
  }

  /**
   * The {@code rspauth} an honest server sends in {@code Authentication-Info} (RFC 7616 section 3.5)
   * to answer the Digest credentials {@code sentCredentials}, the {@code Authorization} or {@code
   * Proxy-Authorization} value this client put on the request. Everything the server signs (nonce,
   * uri, qop, nc, cnonce, algorithm, realm) is read from that value, since the {@link Realm} is
   * rebuilt for each request (a new cnonce each time) and may carry an older URI; {@code realm}
   * gives only the user, the password and the charset. The user is the realm's principal even
   * when the credentials carry its {@code userhash}: HA1 is always over the plain name.
   *
   * @return the expected value, or null when it cannot be known and should not be checked: the
   *     credentials are not Digest ones, or lack nonce or uri (or nc and cnonce with a qop), the
   *     qop is {@code auth-int} (which signs the response body, not read yet when the header is),
   *     or the algorithm is not one this client implements. As in AHC 3.0.13.
   */
  public static @Nullable String computeExpectedRspAuth(Realm realm, String sentCredentials) {
    if (!sentCredentials.regionMatches(true, 0, "Digest", 0, 6)) {
      return null;
    }
    String nonce = Realm.Builder.matchParam(sentCredentials, "nonce");
    String digestUri = Realm.Builder.matchParam(sentCredentials, "uri");
    if (nonce == null || digestUri == null) {
      return null;
    }
    String qop = Realm.Builder.matchParam(sentCredentials, "qop");
    String nc = Realm.Builder.matchParam(sentCredentials, "nc");
    String cnonce = Realm.Builder.matchParam(sentCredentials, "cnonce");
    if (qop != null && (nc == null || cnonce == null || "auth-int".equalsIgnoreCase(qop))) {
      return null;
    }
    String algorithm = Realm.Builder.matchParam(sentCredentials, "algorithm");
    if (algorithm == null) {
      algorithm = realm.getAlgorithm() != null ? realm.getAlgorithm() : "MD5";
    }
    if (!DIGEST_ALGORITHMS.contains(algorithm.toUpperCase(Locale.ROOT))) {
      return null;
    }
    String realmName = Realm.Builder.matchParam(sentCredentials, "realm");
    if (realmName == null) {
      realmName = realm.getRealmName();
    }
    String ha1 = ha1(realm.getPrincipal(), realmName, realm.getPassword(), nonce, cnonce, algorithm,
        charsetOf(realm));
    String ha2 = hash(algorithm, ":" + digestUri, charsetOf(realm));
    String middle = qop != null ? nonce + ":" + nc + ":" + cnonce + ":" + qop : nonce;
    return hash(algorithm, ha1 + ":" + middle + ":" + ha2, ISO_8859_1);
  }

  /**
   * {@code H(entity-body)} of Digest {@code qop=auth-int} for {@code request}, with the realm's
   * algorithm: the body's bytes as they are sent (a string in the request's charset), or the hash of
   * nothing when there is no body.
   *
   * @throws UnsupportedOperationException when the body is produced while it is sent (a stream, a
   *     file, multipart parts, form parameters or a body generator) and so cannot be hashed first
   */
  public static String computeBodyHash(Request request, Realm realm) {
    String hash = EntityBodyHash.of(request, realm.getAlgorithm());
    if (hash == null) {
      return hash(realm.getAlgorithm() != null ? realm.getAlgorithm() : "MD5", "", ISO_8859_1);
    }
    if (EntityBodyHash.UNHASHABLE.equals(hash)) {
      throw new UnsupportedOperationException(
          "auth-int for " + request.getMethod() + " " + request.getUrl()
              + ": the body is not in memory (expected bytes, a string, a ByteBuffer or a ByteBuf)");
    }
    return hash;
  }

  /**
   * The {@code Proxy-Authorization} value sent once per connection: null. 3.0.11 returns an NTLM
   * type 1 message here for a preemptive NTLM, Kerberos or SPNEGO proxy realm; this client has no
   * NTLM engine yet and answers no such challenge.
   */
  public static @Nullable String perConnectionProxyAuthorizationHeader(Request request, @Nullable Realm proxyRealm) {
    return null;
  }

  /** The {@code Proxy-Authorization} value for {@code request}: Basic or Digest, see the class comment. */
  public static @Nullable String perRequestProxyAuthorizationHeader(Request request, @Nullable Realm proxyRealm) {
    return perRequestAuthorizationHeader(request, proxyRealm);
  }

  /**
   * The {@code Authorization} value sent once per connection: null. 3.0.11 returns an NTLM type 1
   * message or a SPNEGO token here for a preemptive NTLM, Kerberos or SPNEGO realm; this client has
   * no NTLM or SPNEGO engine yet.
   */
  public static @Nullable String perConnectionAuthorizationHeader(
      Request request, @Nullable ProxyServer proxyServer, @Nullable Realm realm) {
    return null;
  }

  /** The {@code Authorization} value for {@code request}: Basic or Digest, see the class comment. */
  public static @Nullable String perRequestAuthorizationHeader(Request request, @Nullable Realm realm) {
    if (realm == null || !realm.isUsePreemptiveAuth()) {
      return null;
    }
    switch (realm.getScheme()) {
      case BASIC:
        return realm.getBasicAuthHeader();
      case DIGEST:
        String nonce = realm.getNonce();
        return nonce == null || nonce.isEmpty() ? null : digest(request, realm);
      default:
        return null;
    }
  }

  private static String digest(Request request, Realm realm) {
    Uri uri = request.getUri();
    String method = request.getMethod();
    Realm.Builder forRequest = Dsl.realm(realm).setUri(uri).setMethodName(method);
    if ("auth-int".equals(realm.getQop())) {
      forRequest.setEntityBodyHash(computeBodyHash(request, realm));
    }
    Realm answered = forRequest.build();
    // The uri must be the one the response covers: for CONNECT that is the authority.
    String digestUri =
        "CONNECT".equals(method)
            ? uri.getAuthority()
            : computeRealmURI(uri, answered.isUseAbsoluteURI(), answered.isOmitQuery());
    String username = answered.getPrincipal();
    if (answered.isUserhash() && username != null && answered.getRealmName() != null) {
      String algorithm = answered.getAlgorithm() != null ? answered.getAlgorithm() : "MD5";
      username = hash(algorithm, username + ':' + answered.getRealmName(), charsetOf(answered));
    }
    StringBuilder sb = new StringBuilder(256).append("Digest ");
    appendQuoted(sb, "username", username);
    appendQuoted(sb, "realm", answered.getRealmName());
    appendQuoted(sb, "nonce", answered.getNonce());
    appendQuoted(sb, "uri", digestUri);
    String algorithm = answered.getAlgorithm();
    if (algorithm != null && !algorithm.isEmpty()) {
      appendBare(sb, "algorithm", algorithm);
    }
    appendQuoted(sb, "response", answered.getResponse());
    if (answered.getOpaque() != null) {
      appendQuoted(sb, "opaque", answered.getOpaque());
    }
    if (UTF_8.equals(answered.getCharset())) {
      appendBare(sb, "charset", "UTF-8");
    }
    if (answered.getQop() != null) {
      appendBare(sb, "qop", answered.getQop());
      appendBare(sb, "nc", answered.getNc());
      appendQuoted(sb, "cnonce", answered.getCnonce());
    }
    if (answered.isUserhash()) {
      appendBare(sb, "userhash", "true");
    }
    sb.setLength(sb.length() - 2);
    return sb.toString();
  }

  private static void appendBare(StringBuilder sb, String name, @Nullable String value) {
    sb.append(name).append('=').append(value).append(", ");
  }

  private static void appendQuoted(StringBuilder sb, String name, @Nullable String value) {
    sb.append(name).append("=\"");
    if (value == null) {
      sb.append("null"); // as 3.0.11 writes a missing value
    } else {
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

  /** HA1 of RFC 7616 section 3.4.2, with its {@code -sess} form. */
  private static String ha1(Realm realm, String algorithm) {
    return ha1(realm.getPrincipal(), realm.getRealmName(), realm.getPassword(), realm.getNonce(),
        realm.getCnonce(), algorithm, charsetOf(realm));
  }

  private static String ha1(@Nullable String user, @Nullable String realmName,
      @Nullable String password, @Nullable String nonce, @Nullable String cnonce, String algorithm,
      Charset charset) {
    String ha1 = hash(algorithm, user + ":" + realmName + ":" + password, charset);
    if (algorithm.toLowerCase(Locale.ROOT).endsWith("-sess")) {
      ha1 = hash(algorithm, ha1 + ":" + nonce + ":" + cnonce, ISO_8859_1);
    }
    return ha1;
  }

  /** The hex digest of {@code input} with a Digest algorithm name ({@code -sess} ignored). */
  private static String hash(String algorithm, String input, Charset charset) {
    String base = algorithm.toLowerCase(Locale.ROOT).endsWith("-sess")
        ? algorithm.substring(0, algorithm.length() - "-sess".length())
        : algorithm;
    MessageDigest md = MessageDigestUtils.pooledMessageDigest(base);
    return MessageDigestUtils.bytesToHex(md.digest(input.getBytes(charset)));
  }

  private static Charset charsetOf(Realm realm) {
    Charset charset = realm.getCharset();
    return charset != null ? charset : ISO_8859_1;
  }
}

package org.asynchttpclient.netty.request;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.security.MessageDigest;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.asynchttpclient.Realm;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.uri.Uri;
import org.asynchttpclient.util.MessageDigestUtils;
import org.jetbrains.annotations.Nullable;

/**
 * Scopes a pool partition key by the login a connection carries, so that a connection one identity
 * authenticated is never lent to another (AHC 3.0.13 per principal, 3.0.14 per full identity).
 *
 * <ul>
 *   <li>NTLM, SPNEGO and Kerberos authenticate the connection, not the request: a request whose
 *       realm uses one of them is keyed by that realm's identity (scheme, principal, password,
 *       NTLM domain and host, service principal name, login context and custom login
 *       configuration), the password and the rest hashed together (SHA-256), never held in clear.
 *   <li>A proxy login belongs to the connection when the proxy hop is per connection (SOCKS, or a
 *       CONNECT tunnel for an https/ws/wss target) or the proxy's realm is one of those schemes:
 *       the key is scoped by the proxy realm's identity too.
 * </ul>
 *
 * <p>Any other request keeps its key as it is. Stateless.
 */
final class ConnectionIdentity {
  private ConnectionIdentity() {}

  static Object scope(Object base, Uri target, @Nullable Realm realm, @Nullable ProxyServer proxy) {
    String origin = authenticatesConnection(realm) ? fingerprint(Objects.requireNonNull(realm)) : null;
    Realm proxyRealm = proxy != null ? proxy.getRealm() : null;
    String viaProxy = null;
    if (proxy != null && proxyRealm != null) {
      boolean perConnectionHop =
          !proxy.getProxyType().isHttp() || target.isSecured() || target.isWebSocket();
      if (perConnectionHop || authenticatesConnection(proxyRealm)) {
        viaProxy = fingerprint(proxyRealm);
      }
    }
    return origin == null && viaProxy == null ? base : new Key(base, origin, viaProxy);
  }

  static boolean authenticatesConnection(@Nullable Realm realm) {
    if (realm == null) {
      return false;
    }
    Realm.AuthScheme scheme = realm.getScheme();
    return scheme == Realm.AuthScheme.NTLM
        || scheme == Realm.AuthScheme.SPNEGO
        || scheme == Realm.AuthScheme.KERBEROS;
  }

  /** A hash of everything that identifies the login: two realms of the same login agree. */
  private static String fingerprint(Realm realm) {
    StringBuilder sb = new StringBuilder(128);
    field(sb, String.valueOf(realm.getScheme()));
    field(sb, realm.getPrincipal());
    field(sb, realm.getPassword());
    field(sb, realm.getNtlmDomain());
    field(sb, realm.getNtlmHost());
    field(sb, realm.getServicePrincipalName());
    field(sb, realm.getLoginContextName());
    Map<String, String> login = realm.getCustomLoginConfig();
    field(sb, login == null ? null : new TreeMap<>(login).toString());
    MessageDigest sha256 = MessageDigestUtils.pooledSha256MessageDigest();
    return MessageDigestUtils.bytesToHex(sha256.digest(sb.toString().getBytes(UTF_8)));
  }

  /** Each field as its length and text, so no two different field lists write the same string. */
  private static void field(StringBuilder sb, @Nullable String value) {
    if (value == null) {
      sb.append("-;");
    } else {
      sb.append(value.length()).append(':').append(value).append(';');
    }
  }

  /** A partition key scoped by the origin's and the proxy's login fingerprints (either may be null). */
  static final class Key {
    private final Object base;
    private final @Nullable String origin;
    private final @Nullable String proxy;

    Key(Object base, @Nullable String origin, @Nullable String proxy) {
      this.base = base;
      this.origin = origin;
      this.proxy = proxy;
    }

    @Override
    public boolean equals(@Nullable Object o) {
      if (this == o) {
        return true;
      }
      if (!(o instanceof Key)) {
        return false;
      }
      Key other = (Key) o;
      return base.equals(other.base)
          && Objects.equals(origin, other.origin)
          && Objects.equals(proxy, other.proxy);
    }

    @Override
    public int hashCode() {
      return Objects.hash(base, origin, proxy);
    }

    @Override
    public String toString() {
      // The fingerprints only, shortened: enough to tell identities apart in a log.
      return base
          + (origin != null ? " as " + origin.substring(0, 8) : "")
          + (proxy != null ? " via " + proxy.substring(0, 8) : "");
    }
  }
}

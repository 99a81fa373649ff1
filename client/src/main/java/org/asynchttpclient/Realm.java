package org.asynchttpclient;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Credentials and authentication state for one scheme (Basic, Digest, NTLM, SPNEGO/Kerberos, SCRAM):
 * what the user configured plus, for Digest, what the server's challenge said and the response computed
 * from it. Immutable; build one with {@link Builder}. {@link #toString()} never prints the password nor
 * the Digest response derived from it.
 */
public class Realm {

  private static final String DEFAULT_NC = "00000001";

  private final @Nullable String principal;
  private final @Nullable String password;
  private final AuthScheme scheme;
  private final @Nullable String realmName;
  private final @Nullable String nonce;
  private final @Nullable String algorithm;
  private final @Nullable String response;
  private final @Nullable String opaque;
  private final @Nullable String qop;
  private final String nc;
  private final @Nullable String cnonce;
  private final @Nullable Uri uri;
  private final boolean usePreemptiveAuth;
  private final Charset charset;
  private final @Nullable String ntlmHost;
  private final @Nullable String ntlmDomain;
  private final boolean useAbsoluteURI;
  private final boolean omitQuery;
  private final @Nullable Map<String, String> customLoginConfig;
  private final @Nullable String servicePrincipalName;
  private final boolean useCanonicalHostname;
  private final @Nullable String loginContextName;
  private final boolean stale;
  private final boolean userhash;
  private final @Nullable String sid;
  private final int maxIterationCount;

  // any thread: a memo. Racing first calls may each compute it; String's final fields make any
  // of the (equal) values safe to read without a lock.
  private @Nullable String basicAuthHeader;

  private Realm(Builder b, AuthScheme scheme, @Nullable String cnonce, @Nullable String response) {
    this.scheme = scheme;
    this.principal = b.principal;
    this.password = b.password;
    this.realmName = b.realmName;
    this.nonce = b.nonce;
    this.algorithm = b.algorithm;
    this.response = response;
    this.opaque = b.opaque;
    this.qop = b.qop;
    this.nc = b.nc;
    this.cnonce = cnonce;
    this.uri = b.uri;
    this.usePreemptiveAuth = b.usePreemptive;
    this.charset = scheme == AuthScheme.DIGEST ? b.digestCharset : b.charset;
    this.ntlmDomain = b.ntlmDomain;
    this.ntlmHost = b.ntlmHost;
    this.useAbsoluteURI = b.useAbsoluteURI;
    this.omitQuery = b.omitQuery;
    this.customLoginConfig = b.customLoginConfig == null ? null : Collections.unmodifiableMap(new HashMap<>(b.customLoginConfig));
    this.servicePrincipalName = b.servicePrincipalName;
    this.useCanonicalHostname = b.useCanonicalHostname;
    this.loginContextName = b.loginContextName;
    this.stale = b.stale;
    this.userhash = b.userhash;
    this.sid = b.sid;
    this.maxIterationCount = b.maxIterationCount;
  }

  public @Nullable String getPrincipal() {
    return principal;
  }

  public @Nullable String getPassword() {
    return password;
  }

  public AuthScheme getScheme() {
    return scheme;
  }

  public @Nullable String getRealmName() {
    return realmName;
  }

  public @Nullable String getNonce() {
    return nonce;
  }

  public @Nullable String getAlgorithm() {
    return algorithm;
  }

  /** The Digest {@code response}, computed at build time when a nonce and a URI were known. */
  public @Nullable String getResponse() {
    return response;
  }

  public @Nullable String getOpaque() {
    return opaque;
  }

  public @Nullable String getQop() {
    return qop;
  }

  /** The Digest nonce count, 8 hex digits ({@code 00000001} by default). */
  public String getNc() {
    return nc;
  }

  public @Nullable String getCnonce() {
    return cnonce;
  }

  public @Nullable Uri getUri() {
    return uri;
  }

  /** For Digest the charset the challenge asked for (ISO-8859-1 unless it said UTF-8), otherwise the configured one. */
  public Charset getCharset() {
    return charset;
  }

  public boolean isUsePreemptiveAuth() {
    return usePreemptiveAuth;
  }

  // AHC 3.0.11 declares this non-null, yet it is the unset system property http.auth.ntlm.domain by
  // default; callers of 3.0.11 already handle null.
  @SuppressWarnings("NullAway")
  public String getNtlmDomain() {
    return ntlmDomain;
  }

  // Non-null unless a caller passed null to setNtlmHost, which 3.0.11 also let through.
  @SuppressWarnings("NullAway")
  public String getNtlmHost() {
    return ntlmHost;
  }

  public boolean isUseAbsoluteURI() {
    return useAbsoluteURI;
  }

  public boolean isOmitQuery() {
    return omitQuery;
  }

  public @Nullable Map<String, String> getCustomLoginConfig() {
    return customLoginConfig;
  }

  public @Nullable String getServicePrincipalName() {
    return servicePrincipalName;
  }

  public boolean isUseCanonicalHostname() {
    return useCanonicalHostname;
  }

  public @Nullable String getLoginContextName() {
    return loginContextName;
  }

  public boolean isStale() {
    return stale;
  }

  public boolean isUserhash() {
    return userhash;
  }

  public @Nullable String getSid() {
    return sid;
  }

  public int getMaxIterationCount() {
    return maxIterationCount;
  }

  /**
   * The HTTP Basic credentials of this realm, {@code "Basic " + base64(principal + ':' + password)}
   * with both encoded in {@link #getCharset()}, whatever {@link #getScheme()} says (a null
   * principal or password counts as empty). Computed on first use and kept: later calls on this
   * realm return the same String; another realm with the same credentials computes its own.
   *
   * @since 3.0.12
   */
  public String getBasicAuthHeader() {
    String header = basicAuthHeader;
    if (header == null) {
      String credentials = (principal == null ? "" : principal) + ':' + (password == null ? "" : password);
      header = "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(charset));
      basicAuthHeader = header;
    }
    return header;
  }

  /** Every field but the password and the Digest response. */
  @Override
  public String toString() {
    return "Realm{principal='" + principal + '\''
        + ", password=" + (password == null ? "null" : "<redacted>")
        + ", scheme=" + scheme
        + ", realmName='" + realmName + '\''
        + ", nonce='" + nonce + '\''
        + ", algorithm='" + algorithm + '\''
        + ", response=" + (response == null ? "null" : "<redacted>")
        + ", opaque='" + opaque + '\''
        + ", qop='" + qop + '\''
        + ", nc='" + nc + '\''
        + ", cnonce='" + cnonce + '\''
        + ", uri=" + uri
        + ", usePreemptiveAuth=" + usePreemptiveAuth
        + ", charset=" + charset
        + ", ntlmHost='" + ntlmHost + '\''
        + ", ntlmDomain='" + ntlmDomain + '\''
        + ", useAbsoluteURI=" + useAbsoluteURI
        + ", omitQuery=" + omitQuery
        + ", servicePrincipalName='" + servicePrincipalName + '\''
        + ", useCanonicalHostname=" + useCanonicalHostname
        + ", loginContextName='" + loginContextName + '\''
        + ", stale=" + stale
        + ", userhash=" + userhash
        + ", sid='" + sid + '\''
        + ", maxIterationCount=" + maxIterationCount
        + '}';
  }

  /** The authentication schemes a {@link Realm} can describe. */
  public enum AuthScheme {
    BASIC, DIGEST, NTLM, SPNEGO, KERBEROS, SCRAM_SHA_256
  }

  /**
   * Builds a {@link Realm}. Not thread-safe. For Digest, {@link #build()} draws a fresh cnonce and computes
   * the response when a nonce (from {@link #parseWWWAuthenticateHeader} or {@link #setNonce}) and a URI
   * are known.
   */
  public static class Builder {

    private final @Nullable String principal;
    private final @Nullable String password;
    private @Nullable AuthScheme scheme;
    private @Nullable String realmName;
    private @Nullable String nonce;
    private @Nullable String algorithm;
    private @Nullable String response;
    private @Nullable String opaque;
    private @Nullable String qop;
    private String nc = DEFAULT_NC;
    private @Nullable Uri uri;
    private String methodName = "GET";
    private boolean usePreemptive;
    private @Nullable String ntlmDomain = System.getProperty("http.auth.ntlm.domain");
    private Charset charset = StandardCharsets.UTF_8;
    private @Nullable String ntlmHost = "localhost";
    private boolean useAbsoluteURI;
    private boolean omitQuery;
    // RFC 7616 section 4: ISO-8859-1 unless the challenge says charset=UTF-8.
    private Charset digestCharset = StandardCharsets.ISO_8859_1;
    private @Nullable Map<String, String> customLoginConfig;
    private @Nullable String servicePrincipalName;
    private boolean useCanonicalHostname;
    private @Nullable String loginContextName;
    private boolean stale;
    private boolean userhash;
    private @Nullable String entityBodyHash;
    private @Nullable String sid;
    private int maxIterationCount = 16_384;

    /** A builder without credentials (for schemes that take them elsewhere, such as Kerberos). */
    public Builder() {
      this(null, null);
    }

    public Builder(@Nullable String principal, @Nullable String password) {
      this.principal = principal;
      this.password = password;
    }

    public Builder setNtlmDomain(String ntlmDomain) {
      this.ntlmDomain = ntlmDomain;
      return this;
    }

    public Builder setNtlmHost(String host) {
      this.ntlmHost = host;
      return this;
    }

    public Builder setScheme(AuthScheme scheme) {
      this.scheme = scheme;
      return this;
    }

    public Builder setRealmName(@Nullable String realmName) {
      this.realmName = realmName;
      return this;
    }

    public Builder setNonce(@Nullable String nonce) {
      this.nonce = nonce;
      return this;
    }

    public Builder setAlgorithm(@Nullable String algorithm) {
      this.algorithm = algorithm;
      return this;
    }

    /** Sets a precomputed Digest response; {@link #build()} replaces it when it can compute one. */
    public Builder setResponse(String response) {
      this.response = response;
      return this;
    }

    public Builder setOpaque(@Nullable String opaque) {
      this.opaque = opaque;
      return this;
    }

    /** Sets the qop; null or empty leaves the current one, as in AHC 3.0.11. */
    public Builder setQop(@Nullable String qop) {
      if (qop != null && !qop.isEmpty()) {
        this.qop = qop;
      }
      return this;
    }

    /** Sets the nonce count, 8 hex digits ({@code 00000001} by default). */
    public Builder setNc(String nc) {
      this.nc = nc;
      return this;
    }

    public Builder setUri(@Nullable Uri uri) {
      this.uri = uri;
      return this;
    }

    /** The request method that enters the Digest response; GET by default. */
    public Builder setMethodName(String methodName) {
      this.methodName = methodName;
      return this;
    }

    public Builder setUsePreemptiveAuth(boolean usePreemptiveAuth) {
      this.usePreemptive = usePreemptiveAuth;
      return this;
    }

    public Builder setUseAbsoluteURI(boolean useAbsoluteURI) {
      this.useAbsoluteURI = useAbsoluteURI;
      return this;
    }

    public Builder setOmitQuery(boolean omitQuery) {
      this.omitQuery = omitQuery;
      return this;
    }

    /** The charset for Basic credentials; UTF-8 by default. */
    public Builder setCharset(Charset charset) {
      this.charset = charset;
      return this;
    }

    public Builder setCustomLoginConfig(@Nullable Map<String, String> customLoginConfig) {
      this.customLoginConfig = customLoginConfig;
      return this;
    }

    public Builder setServicePrincipalName(@Nullable String servicePrincipalName) {
      this.servicePrincipalName = servicePrincipalName;
      return this;
    }

    public Builder setUseCanonicalHostname(boolean useCanonicalHostname) {
      this.useCanonicalHostname = useCanonicalHostname;
      return this;
    }

    public Builder setLoginContextName(@Nullable String loginContextName) {
      this.loginContextName = loginContextName;
      return this;
    }

    public Builder setStale(boolean stale) {
      this.stale = stale;
      return this;
    }

    public boolean isStale() {
      return stale;
    }

    public Builder setUserhash(boolean userhash) {
      this.userhash = userhash;
      return this;
    }

    /** For qop {@code auth-int}: the hex hash of the request body (null: an empty body). */
    public Builder setEntityBodyHash(@Nullable String entityBodyHash) {
      this.entityBodyHash = entityBodyHash;
      return this;
    }

    public Builder setSid(@Nullable String sid) {
      this.sid = sid;
      return this;
    }

    /** The largest SCRAM iteration count accepted from a server; 16384 by default. */
    public Builder setMaxIterationCount(int maxIterationCount) {
      this.maxIterationCount = maxIterationCount;
      return this;
    }

    public @Nullable String getQopValue() {
      return qop;
    }

    public @Nullable String getNonceValue() {
      return nonce;
    }

    /**
     * Reads a {@code WWW-Authenticate} challenge: realm, nonce, opaque, algorithm, qop ({@code auth}
     * preferred over {@code auth-int}), charset, stale and userhash; the scheme becomes Digest when the
     * challenge is a Digest one or carries a nonce, Basic otherwise.
     */
    public Builder parseWWWAuthenticateHeader(String headerLine) {
      return parseChallenge(headerLine);
    }

    /** Reads a {@code Proxy-Authenticate} challenge; see {@link #parseWWWAuthenticateHeader}. */
    public Builder parseProxyAuthenticateHeader(String headerLine) {
      return parseChallenge(headerLine);
    }

    /**
     * Whether {@code headerLine} is a Digest challenge by its scheme token: such a challenge stays
     * Digest even without a nonce (then nothing can answer it), where 3.0.12 took it for Basic.
     */
    private static boolean isDigestChallenge(String headerLine) {
      String challenge = headerLine.trim();
      return challenge.regionMatches(true, 0, "Digest", 0, 6)
          && (challenge.length() == 6 || challenge.charAt(6) == ' ' || challenge.charAt(6) == ',');
    }

    private Builder parseChallenge(String headerLine) {
      setRealmName(matchParam(headerLine, "realm"));
      setNonce(matchParam(headerLine, "nonce"));
      setOpaque(matchParam(headerLine, "opaque"));
      setScheme(
          (nonce != null && !nonce.isEmpty()) || isDigestChallenge(headerLine)
              ? AuthScheme.DIGEST
              : AuthScheme.BASIC);
      String alg = matchParam(headerLine, "algorithm");
      if (alg != null && !alg.isEmpty()) {
        setAlgorithm(alg);
      }
      if ("UTF-8".equalsIgnoreCase(matchParam(headerLine, "charset"))) {
        digestCharset = StandardCharsets.UTF_8;
      }
      String rawQop = matchParam(headerLine, "qop");
      if (rawQop != null) {
        setQop(preferredQop(rawQop));
      }
      stale = "true".equalsIgnoreCase(matchParam(headerLine, "stale"));
      userhash = "true".equalsIgnoreCase(matchParam(headerLine, "userhash"));
      return this;
    }

    private static @Nullable String preferredQop(String rawQop) {
      boolean authInt = false;
      int start = 0;
      while (start <= rawQop.length()) {
        int comma = rawQop.indexOf(',', start);
        int end = comma < 0 ? rawQop.length() : comma;
        String option = rawQop.substring(start, end).trim();
        if (option.equals("auth")) {
          return "auth";
        }
        authInt |= option.equals("auth-int");
        start = end + 1;
      }
      return authInt ? "auth-int" : null;
    }

    /**
     * The value of the auth-param {@code token} in a challenge such as
     * {@code Digest realm="x", nonce="y", qop="auth"}: quoted values are unquoted (backslash escapes
     * removed), bare values end at a comma or a space. Names match case-insensitively; text inside a quoted
     * value never matches.
     *
     * @return the value, or null when {@code headerLine} has no such parameter
     */
    public static @Nullable String matchParam(String headerLine, String token) {
      if (headerLine == null || token == null || token.isEmpty()) {
        return null;
      }
      int n = headerLine.length();
      int i = 0;
      while (i < n) {
        char c = headerLine.charAt(i);
        if (c == ' ' || c == ',' || c == '\t') {
          i++;
          continue;
        }
        int nameStart = i;
        while (i < n && isNameChar(headerLine.charAt(i))) {
          i++;
        }
        int nameEnd = i;
        while (i < n && (headerLine.charAt(i) == ' ' || headerLine.charAt(i) == '\t')) {
          i++;
        }
        if (nameEnd == nameStart || i >= n || headerLine.charAt(i) != '=') {
          // A scheme name or a stray character, not a name=value pair.
          i = Math.max(i, nameStart + 1);
          continue;
        }
        i++;
        while (i < n && (headerLine.charAt(i) == ' ' || headerLine.charAt(i) == '\t')) {
          i++;
        }
        String value;
        if (i < n && headerLine.charAt(i) == '"') {
          StringBuilder sb = new StringBuilder();
          i++;
          while (i < n && headerLine.charAt(i) != '"') {
            char v = headerLine.charAt(i);
            if (v == '\\' && i + 1 < n) {
              i++;
              v = headerLine.charAt(i);
            }
            sb.append(v);
            i++;
          }
          i++;
          value = sb.toString();
        } else {
          int valueStart = i;
          while (i < n && headerLine.charAt(i) != ',' && headerLine.charAt(i) != ' ' && headerLine.charAt(i) != '\t') {
            i++;
          }
          value = headerLine.substring(valueStart, i);
        }
        if (headerLine.regionMatches(true, nameStart, token, 0, token.length()) && nameEnd - nameStart == token.length()) {
          return value;
        }
      }
      return null;
    }

    private static boolean isNameChar(char c) {
      return c != '=' && c != ',' && c != ' ' && c != '\t' && c != '"';
    }

    /**
     * Builds the realm. For Digest with a known nonce, URI and credentials, draws a new cnonce and computes
     * the response for {@link #setMethodName the method} and URI.
     *
     * @throws NullPointerException if no scheme was set or parsed
     * @throws IllegalArgumentException if the Digest algorithm or qop is not one this client implements
     */
    public Realm build() {
      AuthScheme s = Objects.requireNonNull(scheme,
          "scheme: null (expected setScheme(...) or a parsed WWW-Authenticate/Proxy-Authenticate challenge)");
      String newCnonce = null;
      String newResponse = response;
      String n = nonce;
      Uri u = uri;
      if (n != null && !n.isEmpty() && u != null && principal != null && password != null) {
        newCnonce = DigestAuthResponse.newCnonce();
        newResponse = DigestAuthResponse.response(algorithm, principal, realmName == null ? "" : realmName, password,
            n, newCnonce, nc, qop, methodName, DigestAuthResponse.digestUri(u, methodName, useAbsoluteURI, omitQuery),
            entityBodyHash, digestCharset);
      }
      return new Realm(this, s, newCnonce, newResponse);
    }
  }
}

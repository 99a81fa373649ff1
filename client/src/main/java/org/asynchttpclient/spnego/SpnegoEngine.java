package org.asynchttpclient.spnego;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.PrivilegedActionException;
import java.security.PrivilegedExceptionAction;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.security.auth.Subject;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.LoginContext;
import javax.security.auth.login.LoginException;
import org.ietf.jgss.GSSContext;
import org.ietf.jgss.GSSCredential;
import org.ietf.jgss.GSSException;
import org.ietf.jgss.GSSManager;
import org.ietf.jgss.GSSName;
import org.ietf.jgss.Oid;
import org.jetbrains.annotations.Nullable;

/**
 * Produces the token of an HTTP {@code Negotiate} answer (RFC 4559) through the JDK's GSS-API:
 * SPNEGO, with Kerberos underneath.
 *
 * <p>Credentials, in this order: a JAAS login with the {@code customLoginConfig} options for
 * {@code Krb5LoginModule}, or the {@code loginContextName} entry of the JVM's JAAS configuration,
 * or (with a user name and password and neither of those) a plain {@code Krb5LoginModule} login;
 * the user name and password answer the login module's callbacks. With none of them, the GSS-API
 * uses the JVM's default credentials (a ticket cache, with {@code
 * javax.security.auth.useSubjectCredsOnly=false}).
 *
 * <p>The server's principal: {@code servicePrincipalName} when given (a Kerberos principal such as
 * {@code HTTP/host.example.com}, completed with {@code @realmName} when it names no realm; or a
 * host-based name {@code service@host}), else {@code HTTP@<host>}, with the host's canonical name
 * when {@code useCanonicalHostname} is set.
 *
 * <p>Thread-safe: each token is made with a fresh login and GSS context.
 */
public class SpnegoEngine {
  private static final String SPNEGO_OID = "1.3.6.1.5.5.2";
  private static final String KERBEROS_OID = "1.2.840.113554.1.2.2";
  private static final String KRB5_PRINCIPAL_NAME_OID = "1.2.840.113554.1.2.2.1";
  private static final String KRB5_LOGIN_MODULE = "com.sun.security.auth.module.Krb5LoginModule";
  /** Engines kept by {@link #instance}; bounded so that varying credentials cannot grow it forever. */
  private static final int MAX_INSTANCES = 64;
  private static final Map<List<Object>, SpnegoEngine> INSTANCES = new ConcurrentHashMap<>();

  // immutable
  private final @Nullable String username;
  private final @Nullable String password;
  private final @Nullable String servicePrincipalName;
  private final @Nullable String realmName;
  private final boolean useCanonicalHostname;
  private final Map<String, String> customLoginConfig;
  private final @Nullable String loginContextName;
  private final @Nullable SpnegoTokenGenerator spnegoGenerator;

  public SpnegoEngine(@Nullable String username, @Nullable String password, @Nullable String servicePrincipalName,
      @Nullable String realmName, boolean useCanonicalHostname, @Nullable Map<String, String> customLoginConfig,
      @Nullable String loginContextName, @Nullable SpnegoTokenGenerator spnegoGenerator) {
    this.username = username;
    this.password = password;
    this.servicePrincipalName = servicePrincipalName;
    this.realmName = realmName;
    this.useCanonicalHostname = useCanonicalHostname;
    this.customLoginConfig = customLoginConfig == null
        ? Collections.emptyMap() : Collections.unmodifiableMap(new HashMap<>(customLoginConfig));
    this.loginContextName = loginContextName;
    this.spnegoGenerator = spnegoGenerator;
  }

  /** An engine using the JVM's default credentials and {@code HTTP@<host>}. */
  public SpnegoEngine() {
    this(null, null, null, null, false, null, null, null);
  }

  /** A shared engine for these settings. */
  public static SpnegoEngine instance(@Nullable String username, @Nullable String password,
      @Nullable String servicePrincipalName, @Nullable String realmName, boolean useCanonicalHostname,
      @Nullable Map<String, String> customLoginConfig, @Nullable String loginContextName) {
    List<Object> key = Arrays.asList(username, password, servicePrincipalName, realmName, useCanonicalHostname,
        customLoginConfig == null ? Collections.emptyMap() : new HashMap<>(customLoginConfig), loginContextName);
    if (INSTANCES.size() >= MAX_INSTANCES && !INSTANCES.containsKey(key)) {
      INSTANCES.clear();
    }
    return INSTANCES.computeIfAbsent(key, k -> new SpnegoEngine(username, password, servicePrincipalName, realmName,
        useCanonicalHostname, customLoginConfig, loginContextName, null));
  }

  /**
   * The base64 token for {@code Authorization: Negotiate <token>} to {@code host}.
   *
   * @throws SpnegoEngineException when the login fails or the GSS-API cannot start a context
   */
  public String generateToken(String host) throws SpnegoEngineException {
    GSSManager manager = GSSManager.getInstance();
    Subject subject = login();
    try {
      byte[] token = inSubject(subject, () -> initialToken(manager, host, subject != null));
      return Base64.getEncoder().encodeToString(token);
    } catch (PrivilegedActionException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new SpnegoEngineException("SPNEGO token for " + host + " (service " + servicePrincipal(host)
          + "): " + cause.getMessage(), cause);
    }
  }

  private byte[] initialToken(GSSManager manager, String host, boolean ownCredentials) throws Exception {
    GSSName server = serverName(manager, host);
    Oid mech = new Oid(SPNEGO_OID);
    GSSContext context;
    try {
      context = newContext(manager, server, mech, ownCredentials);
    } catch (GSSException e) {
      if (e.getMajor() != GSSException.BAD_MECH) {
        throw e;
      }
      mech = new Oid(KERBEROS_OID); // a GSS provider without SPNEGO: raw Kerberos, wrapped below
      context = newContext(manager, server, mech, ownCredentials);
    }
    try {
      byte[] token = context.initSecContext(new byte[0], 0, 0);
      if (token == null) {
        throw new SpnegoEngineException("GSS-API produced no initial token for " + host);
      }
      if (spnegoGenerator != null && KERBEROS_OID.equals(mech.toString())) {
        token = spnegoGenerator.generateSpnegoDERObject(token);
      }
      return token;
    } finally {
      context.dispose();
    }
  }

  private static GSSContext newContext(GSSManager manager, GSSName server, Oid mech, boolean ownCredentials)
      throws GSSException {
    GSSCredential credential = ownCredentials
        ? manager.createCredential(null, GSSCredential.DEFAULT_LIFETIME, mech, GSSCredential.INITIATE_ONLY)
        : null;
    GSSContext context = manager.createContext(server.canonicalize(mech), mech, credential,
        GSSContext.DEFAULT_LIFETIME);
    context.requestMutualAuth(true);
    // As AHC 3.0.11 does; the KDC grants delegation only to services it marks OK-AS-DELEGATE.
    context.requestCredDeleg(true);
    return context;
  }

  private GSSName serverName(GSSManager manager, String host) throws GSSException {
    String name = servicePrincipal(host);
    if (name.indexOf('/') >= 0) {
      return manager.createName(name, new Oid(KRB5_PRINCIPAL_NAME_OID));
    }
    return manager.createName(name, GSSName.NT_HOSTBASED_SERVICE);
  }

  /** The server principal this engine asks a ticket for. */
  String servicePrincipal(String host) {
    String spn = servicePrincipalName;
    if (spn == null) {
      return "HTTP@" + (useCanonicalHostname ? canonical(host) : host);
    }
    if (spn.indexOf('/') >= 0 && spn.indexOf('@') < 0 && realmName != null) {
      return spn + '@' + realmName;
    }
    return spn;
  }

  private static String canonical(String host) {
    try {
      return InetAddress.getByName(host).getCanonicalHostName();
    } catch (UnknownHostException e) {
      return host;
    }
  }

  /** The logged-in subject, or null to use the JVM's default credentials. */
  private @Nullable Subject login() throws SpnegoEngineException {
    if (customLoginConfig.isEmpty() && loginContextName == null && username == null) {
      return null;
    }
    try {
      LoginContext context = new LoginContext(loginContextName != null ? loginContextName : "", new Subject(),
          username != null ? new NamePasswordCallbackHandler(username, password) : null, getLoginConfiguration());
      context.login();
      return context.getSubject();
    } catch (LoginException | SecurityException e) {
      throw new SpnegoEngineException("Kerberos login" + (username != null ? " of " + username : "")
          + " failed: " + e.getMessage(), e);
    }
  }

  /**
   * The JAAS configuration of the login: one {@code Krb5LoginModule} entry with the custom options
   * when there are any (or when only a user name and password were given), else the JVM's.
   */
  public @Nullable Configuration getLoginConfiguration() {
    if (customLoginConfig.isEmpty() && (loginContextName != null || username == null)) {
      return Configuration.getConfiguration();
    }
    Map<String, String> options = customLoginConfig;
    return new Configuration() {
      @Override
      public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
        return new AppConfigurationEntry[] {
          new AppConfigurationEntry(KRB5_LOGIN_MODULE, AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, options)
        };
      }
    };
  }

  private static <V> V inSubject(@Nullable Subject subject, PrivilegedExceptionAction<V> action)
      throws PrivilegedActionException {
    if (subject == null) {
      try {
        return action.run();
      } catch (Exception e) {
        throw new PrivilegedActionException(e);
      }
    }
    return Subject.doAs(subject, action);
  }

  /** Settings only: no password. */
  @Override
  public String toString() {
    return "SpnegoEngine{username=" + username + ", password=" + (password == null ? "null" : "<redacted>")
        + ", servicePrincipalName=" + servicePrincipalName + ", realmName=" + realmName
        + ", useCanonicalHostname=" + useCanonicalHostname + ", loginContextName=" + loginContextName + '}';
  }
}

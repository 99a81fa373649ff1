package org.asynchttpclient.testing;

import java.io.File;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javax.security.auth.Subject;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.LoginContext;
import org.apache.kerby.kerberos.kerb.server.SimpleKdcServer;

/**
 * An in-process Kerberos KDC (Apache Kerby) on 127.0.0.1, TCP only, with a user and two HTTP
 * services, and the {@code krb5.conf} that points the JDK at it. The JDK reads its Kerberos
 * configuration once per JVM, so one KDC serves the whole test JVM: {@link #get()}.
 */
public final class TestKdc {
  public static final String REALM = "EXAMPLE.COM";
  public static final String USER = "alice";
  public static final String PASSWORD = "alice-secret";
  /** The service the acceptor has a key for. */
  public static final String SERVICE = "HTTP/localhost@" + REALM;
  /** A service the KDC knows but the acceptor has no key for: its tickets are refused. */
  public static final String OTHER_SERVICE = "HTTP/elsewhere@" + REALM;

  private static TestKdc instance;

  public final File keytab;
  private final SimpleKdcServer kdc;

  private TestKdc(Path dir) throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    kdc = new SimpleKdcServer();
    kdc.setWorkDir(dir.toFile());
    kdc.setKdcRealm(REALM);
    kdc.setKdcHost("127.0.0.1");
    kdc.setAllowUdp(false);
    kdc.setKdcTcpPort(port);
    kdc.init();
    kdc.start();
    kdc.createPrincipal(USER + "@" + REALM, PASSWORD);
    kdc.createPrincipal(SERVICE);
    kdc.createPrincipal(OTHER_SERVICE);
    keytab = dir.resolve("http.keytab").toFile();
    kdc.exportPrincipal(SERVICE, keytab);
    Path conf = dir.resolve("krb5.conf");
    String enctypes = "aes128-cts-hmac-sha1-96";
    Files.write(conf, String.join("\n",
        "[libdefaults]",
        "  default_realm = " + REALM,
        "  udp_preference_limit = 1",
        "  dns_lookup_kdc = false",
        "  dns_lookup_realm = false",
        "  dns_canonicalize_hostname = false",
        "  rdns = false",
        "  default_tkt_enctypes = " + enctypes,
        "  default_tgs_enctypes = " + enctypes,
        "  permitted_enctypes = " + enctypes,
        "[realms]",
        "  " + REALM + " = {",
        "    kdc = 127.0.0.1:" + port,
        "  }",
        "[domain_realm]",
        "  localhost = " + REALM,
        "").getBytes(StandardCharsets.US_ASCII));
    System.setProperty("java.security.krb5.conf", conf.toString());
  }

  /** The JVM's KDC, started on first use. */
  public static synchronized TestKdc get() throws Exception {
    if (instance == null) {
      Path dir = Files.createTempDirectory("ahc-kdc");
      dir.toFile().deleteOnExit();
      instance = new TestKdc(dir);
      Runtime.getRuntime().addShutdownHook(new Thread(instance::stop));
    }
    return instance;
  }

  private void stop() {
    try {
      kdc.stop();
    } catch (Exception e) {
      // the JVM is exiting
    }
  }

  /** The service's subject, logged in from the keytab, for a GSS acceptor. */
  public Subject serviceSubject() throws Exception {
    Map<String, String> options = new HashMap<>();
    options.put("useKeyTab", "true");
    options.put("keyTab", keytab.getAbsolutePath());
    options.put("principal", SERVICE);
    options.put("storeKey", "true");
    options.put("isInitiator", "false");
    options.put("doNotPrompt", "true");
    Configuration config = new Configuration() {
      @Override
      public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
        return new AppConfigurationEntry[] {
          new AppConfigurationEntry("com.sun.security.auth.module.Krb5LoginModule",
              AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, options)
        };
      }
    };
    LoginContext login = new LoginContext("acceptor", new Subject(), null, config);
    login.login();
    return login.getSubject();
  }
}

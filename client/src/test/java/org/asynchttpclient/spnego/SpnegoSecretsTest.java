package org.asynchttpclient.spnego;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.TextOutputCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import org.junit.jupiter.api.Test;

/** The SPNEGO types' own behaviour: callbacks, service principal names, no password in strings. */
class SpnegoSecretsTest {

  /** A callback of a login module that takes the password through a setter of its own. */
  public static final class SecretCallback implements Callback {
    char[] secret;

    public void setObject(char[] value) {
      this.secret = value;
    }
  }

  @Test
  void theHandlerAnswersNamePasswordAndReflectiveCallbacks() throws Exception {
    NamePasswordCallbackHandler h = new NamePasswordCallbackHandler("alice", "s3cret");
    NameCallback name = new NameCallback("name?");
    PasswordCallback password = new PasswordCallback("password?", false);
    SecretCallback custom = new SecretCallback();
    h.handle(new Callback[] {name, password, custom});
    assertEquals("alice", name.getName());
    assertArrayEquals("s3cret".toCharArray(), password.getPassword());
    assertArrayEquals("s3cret".toCharArray(), custom.secret);
    assertThrows(UnsupportedCallbackException.class,
        () -> h.handle(new Callback[] {new TextOutputCallback(TextOutputCallback.INFORMATION, "hi")}));
    assertFalse(h.toString().contains("s3cret"), h.toString());
  }

  @Test
  void servicePrincipalNames() {
    assertEquals("HTTP@web.example", new SpnegoEngine().servicePrincipal("web.example"));
    SpnegoEngine withRealm = new SpnegoEngine("alice", "s3cret", "HTTP/web.example", "EXAMPLE.COM", false,
        Collections.emptyMap(), null, null);
    assertEquals("HTTP/web.example@EXAMPLE.COM", withRealm.servicePrincipal("ignored"));
    assertTrue(withRealm.toString().contains("alice"));
    assertFalse(withRealm.toString().contains("s3cret"), withRealm.toString());
  }

  @Test
  void customOptionsMakeAKrb5LoginModuleEntry() {
    SpnegoEngine engine = new SpnegoEngine(null, null, null, null, false,
        Collections.singletonMap("useKeyTab", "true"), null, null);
    assertEquals("com.sun.security.auth.module.Krb5LoginModule",
        engine.getLoginConfiguration().getAppConfigurationEntry("any")[0].getLoginModuleName());
    assertEquals("true", engine.getLoginConfiguration().getAppConfigurationEntry("any")[0].getOptions().get("useKeyTab"));
    assertEquals(SpnegoEngine.instance("a", "b", null, null, false, null, null),
        SpnegoEngine.instance("a", "b", null, null, false, null, null), "instance() shares engines");
  }
}

package org.asynchttpclient.netty.auth;

import static org.asynchttpclient.util.AuthenticatorUtils.computeExpectedRspAuth;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Realm;
import org.asynchttpclient.testing.DigestVerifier;
import org.junit.jupiter.api.Test;

class DigestRspAuthTest {
  private final Realm realm = Dsl.digestAuthRealm("user", "pass").setRealmName("test").build();

  private static String h(String text) {
    return DigestVerifier.hash("MD5", text);
  }

  @Test
  void withQopAuth() {
    String sent = "Digest username=\"user\", realm=\"test\", nonce=\"n1\", uri=\"/a?b=1\", qop=auth, nc=00000001,"
        + " cnonce=\"c1\", response=\"x\"";
    String expected = h(h("user:test:pass") + ":n1:00000001:c1:auth:" + h(":/a?b=1"));
    assertEquals(expected, computeExpectedRspAuth(realm, sent));
  }

  @Test
  void withoutQopTheRfc2069Form() {
    String sent = "Digest username=\"user\", realm=\"test\", nonce=\"n1\", uri=\"/a\", response=\"x\"";
    assertEquals(h(h("user:test:pass") + ":n1:" + h(":/a")), computeExpectedRspAuth(realm, sent));
  }

  @Test
  void theSessionVariantRehashesWithTheNonces() {
    String sent = "Digest realm=\"test\", nonce=\"n1\", uri=\"/a\", algorithm=MD5-sess, qop=auth, nc=00000002,"
        + " cnonce=\"c1\"";
    String ha1 = h(h("user:test:pass") + ":n1:c1");
    assertEquals(h(ha1 + ":n1:00000002:c1:auth:" + h(":/a")), computeExpectedRspAuth(realm, sent));
  }

  @Test
  void whatCannotBeCheckedIsNotComputed() {
    assertNull(computeExpectedRspAuth(realm, "Basic dXNlcjpwYXNz"));
    assertNull(computeExpectedRspAuth(realm, "Digest realm=\"test\", uri=\"/a\""), "no nonce");
    assertNull(computeExpectedRspAuth(realm, "Digest nonce=\"n\", uri=\"/a\", qop=auth"), "qop without nc");
    assertNull(
        computeExpectedRspAuth(realm, "Digest nonce=\"n\", uri=\"/a\", qop=auth-int, nc=00000001, cnonce=\"c\""),
        "auth-int hashes the response body, not read yet");
    assertNull(computeExpectedRspAuth(realm, "Digest nonce=\"n\", uri=\"/a\", algorithm=SHA-1"));
  }

  @Test
  void verifyFailsOnlyOnAWrongValue() throws Exception {
    String sent = "Digest realm=\"test\", nonce=\"n1\", uri=\"/a\"";
    String right = h(h("user:test:pass") + ":n1:" + h(":/a"));
    DigestRspAuth.verify(null, realm, sent);
    DigestRspAuth.verify("nextnonce=\"n2\"", realm, sent);
    DigestRspAuth.verify("rspauth=\"" + right.toUpperCase(java.util.Locale.ROOT) + "\"", realm, sent);
    IOException e =
        assertThrows(IOException.class, () -> DigestRspAuth.verify("rspauth=\"00\"", realm, sent));
    assertEquals("Digest rspauth verification failed", e.getMessage());
  }
}

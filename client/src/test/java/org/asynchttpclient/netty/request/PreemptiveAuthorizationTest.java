package org.asynchttpclient.netty.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.asynchttpclient.Dsl;
import org.asynchttpclient.Realm;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;

class PreemptiveAuthorizationTest {

  @Test
  void digestWithQopCarriesEveryField() {
    assertEquals("Digest username=\"Mufasa\", realm=\"http-auth@example.org\", "
            + "nonce=\"7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v\", uri=\"/dir/index.html\", algorithm=MD5, "
            + "response=\"8ca523f5e9506fed4657c9700eebdbec\", opaque=\"FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS\", "
            + "qop=auth, nc=00000001, cnonce=\"f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ\"",
        PreemptiveAuthorization.digest("Mufasa", "http-auth@example.org",
            "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", "/dir/index.html", "MD5",
            "8ca523f5e9506fed4657c9700eebdbec", "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS", "auth", "00000001",
            "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ"));
  }

  @Test
  void digestWithoutQopOmitsQopNcAndCnonceAndOptionalFields() {
    assertEquals("Digest username=\"u\", realm=\"r\", nonce=\"n\", uri=\"/\", response=\"abc\"",
        PreemptiveAuthorization.digest("u", "r", "n", "/", null, "abc", null, null, "00000001", "cn"));
  }

  @Test
  void digestEscapesQuotesInQuotedValues() {
    assertEquals("Digest username=\"a\\\"b\\\\c\", realm=\"r\", nonce=\"n\", uri=\"/\", response=\"x\"",
        PreemptiveAuthorization.digest("a\"b\\c", "r", "n", "/", "", "x", null, "", null, null));
  }

  @Test
  void realmDrivenHeaders() {
    Uri uri = Uri.create("http://example.com/path?q=1");
    assertEquals("Basic dXNlcjpwYXNz", PreemptiveAuthorization.headerValue(
        Dsl.basicAuthRealm("user", "pass").setUsePreemptiveAuth(true).build(), uri, "GET", null));
    assertNull(PreemptiveAuthorization.headerValue(
        Dsl.basicAuthRealm("user", "pass").setUsePreemptiveAuth(false).build(), uri, "GET", null));
    assertNull(PreemptiveAuthorization.headerValue(Dsl.digestAuthRealm("user", "pass").build(), uri, "GET", null));
    String digest = PreemptiveAuthorization.headerValue(
        Dsl.digestAuthRealm("user", "pass").setRealmName("r").setNonce("n").build(), uri, "GET", null);
    assertNotNull(digest);
    assertTrue(digest.startsWith("Digest username=\"user\", realm=\"r\", nonce=\"n\", uri=\"/path?q=1\""), digest);
    for (Realm.AuthScheme scheme : new Realm.AuthScheme[] {
        Realm.AuthScheme.NTLM, Realm.AuthScheme.SPNEGO, Realm.AuthScheme.KERBEROS, Realm.AuthScheme.SCRAM_SHA_256}) {
      assertNull(PreemptiveAuthorization.headerValue(
          Dsl.realm(scheme, "user", "pass").setUsePreemptiveAuth(true).build(), uri, "GET", null), scheme.name());
    }
  }
}

package org.asynchttpclient;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.MessageDigest;
import org.asynchttpclient.uri.Uri;
import org.asynchttpclient.util.AuthenticatorUtils;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** Digest authentication against the examples of RFC 7616 section 3.9. */
class DigestTest {

  private static final String USER = "Mufasa";
  private static final String PASSWORD = "Circle of Life";
  private static final String REALM = "http-auth@example.org";
  private static final String NONCE = "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v";
  private static final String CNONCE = "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ";
  private static final String OPAQUE = "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS";

  @Test
  void rfc7616Md5Example() {
    assertEquals("8ca523f5e9506fed4657c9700eebdbec", DigestAuthResponse.response("MD5", USER, REALM, PASSWORD, NONCE,
        CNONCE, "00000001", "auth", "GET", "/dir/index.html", null, ISO_8859_1));
  }

  @Test
  void rfc7616Sha256Example() {
    assertEquals("753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1",
        DigestAuthResponse.response("SHA-256", USER, REALM, PASSWORD, NONCE, CNONCE, "00000001", "auth", "GET",
            "/dir/index.html", null, ISO_8859_1));
  }

  @Test
  void algorithmNamesAreCaseInsensitiveAndMd5IsTheDefault() {
    String md5 = DigestAuthResponse.response(null, USER, REALM, PASSWORD, NONCE, CNONCE, "00000001", "auth", "GET",
        "/dir/index.html", null, ISO_8859_1);
    assertEquals("8ca523f5e9506fed4657c9700eebdbec", md5);
    assertEquals("753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1",
        DigestAuthResponse.response("sha-256", USER, REALM, PASSWORD, NONCE, CNONCE, "00000001", "auth", "GET",
            "/dir/index.html", null, ISO_8859_1));
  }

  @Test
  void authIntHashesTheBody() throws Exception {
    String bodyHash = hex("SHA-256", "{\"a\":1}");
    String expected = expectedResponse("SHA-256", false, "auth-int", bodyHash);
    assertEquals(expected, DigestAuthResponse.response("SHA-256", USER, REALM, PASSWORD, NONCE, CNONCE, "00000001",
        "auth-int", "POST", "/dir/index.html", bodyHash, ISO_8859_1));
    String emptyBody = expectedResponse("SHA-256", false, "auth-int", hex("SHA-256", ""));
    assertEquals(emptyBody, DigestAuthResponse.response("SHA-256", USER, REALM, PASSWORD, NONCE, CNONCE, "00000001",
        "auth-int", "POST", "/dir/index.html", null, ISO_8859_1));
    assertNotEquals(expected, emptyBody);
  }

  @Test
  void sessionVariantRehashesWithNonces() throws Exception {
    assertEquals(expectedResponse("MD5", true, "auth", null), DigestAuthResponse.response("MD5-sess", USER, REALM,
        PASSWORD, NONCE, CNONCE, "00000001", "auth", "GET", "/dir/index.html", null, ISO_8859_1));
  }

  @Test
  void withoutQopUsesTheRfc2069Form() throws Exception {
    String ha1 = hex("MD5", USER + ":" + REALM + ":" + PASSWORD);
    String ha2 = hex("MD5", "GET:/dir/index.html");
    assertEquals(hex("MD5", ha1 + ":" + NONCE + ":" + ha2), DigestAuthResponse.response("MD5", USER, REALM,
        PASSWORD, NONCE, CNONCE, "00000001", null, "GET", "/dir/index.html", null, ISO_8859_1));
  }

  @Test
  void unknownAlgorithmOrQopIsRefusedByName() {
    IllegalArgumentException alg = assertThrows(IllegalArgumentException.class, () -> DigestAuthResponse.response(
        "SHA-1", USER, REALM, PASSWORD, NONCE, CNONCE, "00000001", "auth", "GET", "/", null, ISO_8859_1));
    assertTrue(String.valueOf(alg.getMessage()).startsWith("digest algorithm: 'SHA-1' (expected MD5, SHA-256"),
        alg.getMessage());
    IllegalArgumentException qop = assertThrows(IllegalArgumentException.class, () -> DigestAuthResponse.response(
        "MD5", USER, REALM, PASSWORD, NONCE, CNONCE, "00000001", "bogus", "GET", "/", null, ISO_8859_1));
    assertTrue(String.valueOf(qop.getMessage()).contains("'bogus' (expected auth or auth-int)"), qop.getMessage());
  }

  @Test
  void nonceCountIsEightHexDigits() {
    assertEquals("00000001", DigestAuthResponse.formatNonceCount(1));
    assertEquals("000000ff", DigestAuthResponse.formatNonceCount(255));
    assertEquals("ffffffff", DigestAuthResponse.formatNonceCount(0xffffffffL));
    assertThrows(IllegalArgumentException.class, () -> DigestAuthResponse.formatNonceCount(0));
    assertThrows(IllegalArgumentException.class, () -> DigestAuthResponse.formatNonceCount(0x100000000L));
  }

  @Test
  void cnoncesAreFreshHex() {
    String a = DigestAuthResponse.newCnonce();
    String b = DigestAuthResponse.newCnonce();
    assertEquals(32, a.length());
    assertTrue(a.matches("[0-9a-f]{32}"), a);
    assertNotEquals(a, b);
  }

  @Test
  void digestUriFollowsTheRealmFlags() {
    Uri uri = Uri.create("http://h:8080/dir/index.html?x=1");
    assertEquals("/dir/index.html?x=1", DigestAuthResponse.digestUri(uri, "GET", false, false));
    assertEquals("/dir/index.html", DigestAuthResponse.digestUri(uri, "GET", false, true));
    assertEquals("http://h:8080/dir/index.html?x=1", DigestAuthResponse.digestUri(uri, "GET", true, false));
    assertEquals("http://h:8080/dir/index.html", DigestAuthResponse.digestUri(uri, "GET", true, true));
    assertEquals("/", DigestAuthResponse.digestUri(Uri.create("http://h"), "GET", false, false));
  }

  @Test
  void aDigestChallengeStaysDigestWithoutANonce() {
    Realm digest = new Realm.Builder("u", "p").parseWWWAuthenticateHeader("Digest realm=\"r\", qop=\"auth\"").build();
    assertEquals(Realm.AuthScheme.DIGEST, digest.getScheme());
    Realm proxy = new Realm.Builder("u", "p").parseProxyAuthenticateHeader("  digest realm=\"r\"").build();
    assertEquals(Realm.AuthScheme.DIGEST, proxy.getScheme());
    Realm basic = new Realm.Builder("u", "p").parseWWWAuthenticateHeader("Basic realm=\"r\"").build();
    assertEquals(Realm.AuthScheme.BASIC, basic.getScheme());
    Realm digestish = new Realm.Builder("u", "p").parseWWWAuthenticateHeader("DigestX realm=\"r\"").build();
    assertEquals(Realm.AuthScheme.BASIC, digestish.getScheme());
  }

  @Test
  void theDigestUriNeverCarriesUserInfo() {
    Uri uri = Uri.create("http://user:secret@h:8080/dir/index.html?x=1");
    assertEquals("http://h:8080/dir/index.html?x=1", DigestAuthResponse.digestUri(uri, "GET", true, false));
    assertEquals("http://h:8080/dir/index.html", DigestAuthResponse.digestUri(uri, "GET", true, true));
    assertEquals("http://h:8080/dir/index.html?x=1", AuthenticatorUtils.computeRealmURI(uri, true, false));
    assertEquals("http://h:8080/dir/index.html", AuthenticatorUtils.computeRealmURI(uri, true, true));
    assertEquals("/dir/index.html?x=1", AuthenticatorUtils.computeRealmURI(uri, false, false));
  }

  @Test
  void connectDigestCoversTheAuthorityWhateverTheFlags() {
    Uri uri = Uri.create("https://h/dir/index.html?x=1");
    assertEquals("h:443", DigestAuthResponse.digestUri(uri, "CONNECT", false, false));
    assertEquals("h:443", DigestAuthResponse.digestUri(uri, "CONNECT", true, true));
  }

  @Test
  void realmBuilderParsesTheChallengeAndComputesTheResponse() throws Exception {
    String challenge = "Digest realm=\"" + REALM + "\", qop=\"auth-int, auth\", algorithm=SHA-256, nonce=\"" + NONCE
        + "\", opaque=\"" + OPAQUE + "\", stale=TRUE";
    Realm realm = new Realm.Builder(USER, PASSWORD)
        .setUri(Uri.create("http://www.example.org/dir/index.html"))
        .setMethodName("GET")
        .parseWWWAuthenticateHeader(challenge)
        .build();
    assertEquals(Realm.AuthScheme.DIGEST, realm.getScheme());
    assertEquals(REALM, realm.getRealmName());
    assertEquals(NONCE, realm.getNonce());
    assertEquals(OPAQUE, realm.getOpaque());
    assertEquals("SHA-256", realm.getAlgorithm());
    assertEquals("auth", realm.getQop(), "auth is preferred when both are offered");
    assertEquals("00000001", realm.getNc());
    assertTrue(realm.isStale());
    assertEquals(ISO_8859_1, realm.getCharset());
    String cnonce = String.valueOf(realm.getCnonce());
    assertEquals(DigestAuthResponse.response("SHA-256", USER, REALM, PASSWORD, NONCE, cnonce, "00000001", "auth",
        "GET", "/dir/index.html", null, ISO_8859_1), realm.getResponse());

    Realm again = new Realm.Builder(USER, PASSWORD).setUri(Uri.create("http://www.example.org/dir/index.html"))
        .parseWWWAuthenticateHeader(challenge).build();
    assertNotEquals(realm.getCnonce(), again.getCnonce(), "every build draws a new cnonce");
  }

  @Test
  void proxyChallengeWithUtf8CharsetAndBasicFallback() {
    Realm digest = new Realm.Builder(USER, PASSWORD).setUri(Uri.create("http://h/"))
        .parseProxyAuthenticateHeader("Digest realm=\"r\", nonce=\"n\", charset=UTF-8, userhash=true").build();
    assertEquals(UTF_8, digest.getCharset());
    assertTrue(digest.isUserhash());
    assertNull(digest.getQop());

    Realm basic = new Realm.Builder(USER, PASSWORD).parseProxyAuthenticateHeader("Basic realm=\"proxy\"").build();
    assertEquals(Realm.AuthScheme.BASIC, basic.getScheme());
    assertEquals("proxy", basic.getRealmName());
    assertNull(basic.getResponse());
    assertEquals(UTF_8, basic.getCharset());
  }

  @Test
  void matchParamHandlesQuotingAndIgnoresQuotedText() {
    String header = "Digest realm=\"a, \\\"b\\\"\", opaque=\"nonce=fake\", NONCE=real, qop=auth";
    assertEquals("a, \"b\"", Realm.Builder.matchParam(header, "realm"));
    assertEquals("real", Realm.Builder.matchParam(header, "nonce"));
    assertEquals("nonce=fake", Realm.Builder.matchParam(header, "opaque"));
    assertEquals("auth", Realm.Builder.matchParam(header, "qop"));
    assertNull(Realm.Builder.matchParam(header, "algorithm"));
    assertNull(Realm.Builder.matchParam(header, "real"));
  }

  @Test
  void toStringNeverPrintsThePasswordOrResponse() {
    Realm realm = new Realm.Builder(USER, PASSWORD).setUri(Uri.create("http://h/"))
        .parseWWWAuthenticateHeader("Digest realm=\"r\", nonce=\"n\", qop=auth").build();
    String text = realm.toString();
    assertTrue(text.contains("principal='Mufasa'"), text);
    assertFalse(text.contains(PASSWORD), text);
    assertFalse(text.contains(String.valueOf(realm.getResponse())), text);
  }

  @Test
  void buildWithoutSchemeSaysWhatIsMissing() {
    NullPointerException e = assertThrows(NullPointerException.class, () -> new Realm.Builder(USER, PASSWORD).build());
    assertTrue(String.valueOf(e.getMessage()).startsWith("scheme: null (expected"), e.getMessage());
  }

  private static String expectedResponse(String algorithm, boolean sess, String qop, @Nullable String bodyHash) throws Exception {
    String ha1 = hex(algorithm, USER + ":" + REALM + ":" + PASSWORD);
    if (sess) {
      ha1 = hex(algorithm, ha1 + ":" + NONCE + ":" + CNONCE);
    }
    String a2 = "auth-int".equals(qop) ? "POST:/dir/index.html:" + bodyHash : "GET:/dir/index.html";
    String ha2 = hex(algorithm, a2);
    return hex(algorithm, ha1 + ":" + NONCE + ":00000001:" + CNONCE + ":" + qop + ":" + ha2);
  }

  private static String hex(String algorithm, String input) throws Exception {
    byte[] digest = MessageDigest.getInstance(algorithm).digest(input.getBytes(ISO_8859_1));
    StringBuilder sb = new StringBuilder();
    for (byte b : digest) {
      sb.append(String.format("%02x", b & 0xff));
    }
    return sb.toString();
  }
}

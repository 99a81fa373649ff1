package org.asynchttpclient.util;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilder;
import org.asynchttpclient.testing.DigestVerifier;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;

class AuthenticatorUtilsTest {
  private static final String NONCE = "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v";
  private static final String OPAQUE = "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS";
  private final Request get = new RequestBuilder("GET").setUrl("http://h/dir/index.html?x=1").build();

  @Test
  void basicIsSentOnlyWhenPreemptive() {
    // 3.0.11: Basic dXNlcjpww6Rzcw== for user:p\u00e4ss (UTF-8), for both headers
    Realm basic = Dsl.basicAuthRealm("user", "p\u00e4ss").setUsePreemptiveAuth(true).build();
    assertEquals("Basic dXNlcjpww6Rzcw==", AuthenticatorUtils.perRequestAuthorizationHeader(get, basic));
    assertEquals("Basic dXNlcjpww6Rzcw==", AuthenticatorUtils.perRequestProxyAuthorizationHeader(get, basic));
    assertNull(AuthenticatorUtils.perRequestAuthorizationHeader(get, Dsl.basicAuthRealm("u", "p").build()));
    assertNull(AuthenticatorUtils.perRequestAuthorizationHeader(get, null));
    assertNull(AuthenticatorUtils.perConnectionAuthorizationHeader(get, null, basic));
    assertNull(AuthenticatorUtils.perConnectionProxyAuthorizationHeader(get, basic));
  }

  @Test
  void digestListsItsParametersIn3011sOrderWithAResponseThatVerifies() throws Exception {
    Realm digest =
        Dsl.digestAuthRealm("Mufasa", "Circle of Life")
            .setRealmName("http-auth@example.org")
            .setNonce(NONCE)
            .setOpaque(OPAQUE)
            .setQop("auth")
            .setAlgorithm("SHA-256")
            .setUsePreemptiveAuth(true)
            .build();
    String header = AuthenticatorUtils.perRequestAuthorizationHeader(get, digest);
    Map<String, String> p = DigestVerifier.params(header);
    assertEquals(
        List.of("username", "realm", "nonce", "uri", "algorithm", "response", "opaque", "qop", "nc", "cnonce"),
        List.copyOf(p.keySet()));
    assertTrue(header.contains("algorithm=SHA-256, ") && header.contains("qop=auth, nc=00000001, "), header);
    assertEquals("/dir/index.html?x=1", p.get("uri"));
    String ha1 = h("SHA-256", "Mufasa:http-auth@example.org:Circle of Life");
    String ha2 = h("SHA-256", "GET:/dir/index.html?x=1");
    assertEquals(h("SHA-256", ha1 + ":" + NONCE + ":00000001:" + p.get("cnonce") + ":auth:" + ha2), p.get("response"));
  }

  @Test
  void digestWithoutNonceIsNotSentAndUserhashIsAnnounced() throws Exception {
    Realm noNonce = Dsl.digestAuthRealm("u", "p").setRealmName("r").setUsePreemptiveAuth(true).build();
    assertNull(AuthenticatorUtils.perRequestAuthorizationHeader(get, noNonce));

    Realm challenged =
        Dsl.digestAuthRealm("Jas\"on", "Secret, or not?")
            .parseWWWAuthenticateHeader(
                "Digest realm=\"api@example.org\", qop=\"auth\", algorithm=SHA-512-256, nonce=\"n1\","
                    + " opaque=\"o\", charset=UTF-8, userhash=true")
            .setUsePreemptiveAuth(true)
            .build();
    String header = AuthenticatorUtils.perRequestAuthorizationHeader(get, challenged);
    Map<String, String> p = DigestVerifier.params(header);
    assertTrue(header.endsWith(", userhash=true"), header);
    // the user name is hashed, so the quote inside it never reaches the header
    assertEquals(h("SHA-512/256", "Jas\"on:api@example.org"), p.get("username"));
    // the value 3.0.11 sends for the same realm
    assertEquals("e3e1867e4614f8202b62a709f0c8124db324c99df8ab761c9073db0f12b721b0", p.get("username"));
  }

  @Test
  void quotesInsideValuesAreEscaped() {
    Realm digest =
        Dsl.digestAuthRealm("a\"b", "p").setRealmName("r").setNonce("n").setUsePreemptiveAuth(true).build();
    String header = AuthenticatorUtils.perRequestAuthorizationHeader(get, digest);
    assertTrue(header.startsWith("Digest username=\"a\\\"b\", realm=\"r\""), header);
  }

  @Test
  void realmUriIsThePathOrTheUrlWithOrWithoutTheQuery() {
    // 3.0.11: /p/q?x=1 | http://h:8080/p/q?x=1 | http://h:8080/p/q | /
    Uri uri = Uri.create("http://h:8080/p/q?x=1");
    assertEquals("/p/q?x=1", AuthenticatorUtils.computeRealmURI(uri, false, false));
    assertEquals("http://h:8080/p/q?x=1", AuthenticatorUtils.computeRealmURI(uri, true, false));
    assertEquals("http://h:8080/p/q", AuthenticatorUtils.computeRealmURI(uri, true, true));
    assertEquals("/", AuthenticatorUtils.computeRealmURI(Uri.create("http://h:8080?x=1"), false, true));
  }

  @Test
  void challengesAreFoundByPrefixAndDigestByAlgorithm() {
    assertEquals(
        "ntlm abc", AuthenticatorUtils.getHeaderWithPrefix(Arrays.asList("Basic realm=x", "ntlm abc", "NTLM"), "NTLM"));
    assertNull(AuthenticatorUtils.getHeaderWithPrefix(null, "NTLM"));
    List<String> challenges =
        Arrays.asList(
            "Basic realm=x",
            "Digest realm=\"a\", nonce=\"n\", algorithm=SHA-1",
            "digest realm=\"b\", nonce=\"n\", algorithm=sha-256-sess",
            "Digest realm=c");
    assertEquals(challenges.get(2), AuthenticatorUtils.selectBestDigestChallenge(challenges));
    assertEquals("Digest realm=c", AuthenticatorUtils.selectBestDigestChallenge(List.of("Digest realm=c")));
    assertNull(AuthenticatorUtils.selectBestDigestChallenge(List.of("Digest realm=\"a\", algorithm=SHA-1")));
    assertEquals("Negotiate", AuthenticatorUtils.NEGOTIATE);
  }

  @Test
  void bodyHashCoversInMemoryBodiesOnly() throws Exception {
    Realm sha256 = Dsl.digestAuthRealm("a", "b").setAlgorithm("SHA-256").build();
    Realm md5 = Dsl.digestAuthRealm("a", "b").build();
    // 3.0.11: 2cf24dba..., e3b0c442... (empty) and 5d41402a... (MD5)
    assertEquals(h("SHA-256", "hello"), AuthenticatorUtils.computeBodyHash(post().setBody("hello").build(), sha256));
    assertEquals(h("SHA-256", ""), AuthenticatorUtils.computeBodyHash(post().build(), sha256));
    assertEquals(
        "5d41402abc4b2a76b9719d911017c592",
        AuthenticatorUtils.computeBodyHash(post().setBody("hello".getBytes(UTF_8)).build(), md5));
    Request stream = post().setBody(new ByteArrayInputStream(new byte[3])).build();
    assertThrows(UnsupportedOperationException.class, () -> AuthenticatorUtils.computeBodyHash(stream, md5));
  }

  @Test
  void rspauthIsTheDigestWithAnEmptyMethod() throws Exception {
    Realm answered =
        Dsl.digestAuthRealm("Mufasa", "Circle of Life")
            .setRealmName("r")
            .setNonce("n")
            .setQop("auth")
            .setUri(Uri.create("http://www.example.org/dir/index.html"))
            .setUsePreemptiveAuth(true)
            .build();
    String ha1 = h("MD5", "Mufasa:r:Circle of Life");
    String ha2 = h("MD5", ":/dir/index.html");
    assertEquals(
        h("MD5", ha1 + ":n:00000001:" + answered.getCnonce() + ":auth:" + ha2),
        AuthenticatorUtils.computeRspAuth(answered));
  }

  private static RequestBuilder post() {
    return new RequestBuilder("POST").setUrl("http://h/");
  }

  private static String h(String algorithm, String input) throws Exception {
    return MessageDigestUtils.bytesToHex(MessageDigest.getInstance(algorithm).digest(input.getBytes(ISO_8859_1)));
  }
}

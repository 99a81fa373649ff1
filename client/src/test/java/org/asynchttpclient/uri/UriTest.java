package org.asynchttpclient.uri;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class UriTest {

  @Test
  void parsesEveryComponent() {
    Uri uri = Uri.create("http://user:secret@Example.com:8080/a/b;p?x=1&y=2#frag");
    assertEquals("http", uri.getScheme());
    assertEquals("user:secret", uri.getUserInfo());
    assertEquals("Example.com", uri.getHost());
    assertEquals(8080, uri.getPort());
    assertEquals(8080, uri.getExplicitPort());
    assertEquals("/a/b;p", uri.getPath());
    assertEquals("x=1&y=2", uri.getQuery());
    assertEquals("frag", uri.getFragment());
    assertEquals("http://user:secret@Example.com:8080/a/b;p?x=1&y=2", uri.toUrl());
    assertEquals("http://user:secret@Example.com:8080/a/b;p?x=1&y=2#frag", uri.toFullUrl());
    assertEquals("/a/b;p?x=1&y=2", uri.toRelativeUrl());
    assertEquals("http://Example.com:8080", uri.getBaseUrl());
    assertEquals("Example.com:8080", uri.getAuthority());
    assertEquals("http://Example.com:8080/a/b;p", uri.toBaseUrl());
    assertEquals(uri.toUrl(), uri.toString());
  }

  @Test
  void defaultsPortAndPath() {
    Uri http = Uri.create("http://example.com");
    assertEquals(-1, http.getPort());
    assertEquals(80, http.getExplicitPort());
    assertEquals("", http.getPath());
    assertEquals("/", http.getNonEmptyPath());
    assertEquals("/", http.toRelativeUrl());
    assertNull(http.getQuery());
    assertNull(http.getUserInfo());
    assertNull(http.getFragment());
    assertFalse(http.isSecured());
    assertFalse(http.isWebSocket());

    Uri queryOnly = Uri.create("https://example.com?q=1");
    assertEquals("", queryOnly.getPath());
    assertEquals("q=1", queryOnly.getQuery());
    assertEquals("/?q=1", queryOnly.toRelativeUrl());
    assertEquals(443, queryOnly.getExplicitPort());
    assertTrue(queryOnly.isSecured());

    Uri emptyPort = Uri.create("http://example.com:/x");
    assertEquals(-1, emptyPort.getPort());
  }

  @Test
  void knowsWebSocketSchemesAndLowerCasesTheScheme() {
    Uri wss = Uri.create("WSS://example.com/chat");
    assertEquals("wss", wss.getScheme());
    assertTrue(wss.isSecured());
    assertTrue(wss.isWebSocket());
    assertEquals(443, wss.getExplicitPort());
    Uri ws = Uri.create("ws://example.com/chat");
    assertTrue(ws.isWebSocket());
    assertFalse(ws.isSecured());
  }

  @Test
  void aKnownSchemeIsTheConstantItselfWhateverItsCaseInTheUrl() {
    // Each request compares its URI's scheme with these constants: identity answers at once.
    assertSame(Uri.HTTP, Uri.create("http://example.com/").getScheme());
    assertSame(Uri.HTTPS, Uri.create("HTTPS://example.com/").getScheme());
    assertSame(Uri.WS, new Uri("Ws", null, "example.com", -1, "/", null, null).getScheme());
    assertSame(Uri.WSS, Uri.create("wss://example.com/").getScheme());
    assertEquals("ftp", new Uri("FTP", null, "example.com", -1, "/", null, null).getScheme());
  }

  @Test
  void parsesIpv6Literals() {
    Uri uri = Uri.create("http://[2001:db8::1]:8443/x?y");
    assertEquals("[2001:db8::1]", uri.getHost());
    assertEquals(8443, uri.getPort());
    assertEquals("/x", uri.getPath());
    assertEquals("http://[2001:db8::1]:8443/x?y", uri.toUrl());

    Uri loopback = Uri.create("https://user@[::1]/");
    assertEquals("[::1]", loopback.getHost());
    assertEquals("user", loopback.getUserInfo());
    assertEquals(-1, loopback.getPort());
    assertEquals("[::1]:443", loopback.getAuthority());
  }

  @Test
  void userInfoEndsAtTheLastAt() {
    Uri uri = Uri.create("http://user:p@ss@example.com/");
    assertEquals("user:p@ss", uri.getUserInfo());
    assertEquals("example.com", uri.getHost());
  }

  @Test
  void removesDotSegmentsOfAnAbsoluteUrl() {
    assertEquals("/a/c", Uri.create("http://h/a/b/../c").getPath());
    assertEquals("/a/b/", Uri.create("http://h/a/./b/.").getPath());
  }

  // RFC 3986 section 5.4.1 and 5.4.2, base "http://a/b/c/d;p?q"
  @ParameterizedTest
  @CsvSource({
      "g, http://a/b/c/g",
      "./g, http://a/b/c/g",
      "g/, http://a/b/c/g/",
      "/g, http://a/g",
      "//g, http://g",
      "?y, http://a/b/c/d;p?y",
      "g?y, http://a/b/c/g?y",
      "#s, http://a/b/c/d;p?q#s",
      "g#s, http://a/b/c/g#s",
      "g?y#s, http://a/b/c/g?y#s",
      ";x, http://a/b/c/;x",
      "g;x, http://a/b/c/g;x",
      "g;x?y#s, http://a/b/c/g;x?y#s",
      "., http://a/b/c/",
      "./, http://a/b/c/",
      ".., http://a/b/",
      "../, http://a/b/",
      "../g, http://a/b/g",
      "../.., http://a/",
      "../../, http://a/",
      "../../g, http://a/g",
      "/./g, http://a/g",
      "g., http://a/b/c/g.",
      ".g, http://a/b/c/.g",
      "g.., http://a/b/c/g..",
      "..g, http://a/b/c/..g",
      "./../g, http://a/b/g",
      "./g/., http://a/b/c/g/",
      "g/./h, http://a/b/c/g/h",
      "g/../h, http://a/b/c/h",
      "g;x=1/./y, http://a/b/c/g;x=1/y",
      "g;x=1/../y, http://a/b/c/y",
      "g?y/./x, http://a/b/c/g?y/./x",
      "g?y/../x, http://a/b/c/g?y/../x",
      "g#s/./x, http://a/b/c/g#s/./x",
      "g#s/../x, http://a/b/c/g#s/../x",
      "http:g, http://a/b/c/g",
      "https://other.example/x, https://other.example/x"
  })
  void resolvesReferencesAsRfc3986Says(String reference, String expected) {
    Uri base = Uri.create("http://a/b/c/d;p?q");
    assertEquals(expected, Uri.create(base, reference).toFullUrl());
  }
  @ParameterizedTest
  @CsvSource({
      // base, reference, what 3.0.11 resolves it to (RFC 3986 would drop the '..' above the root)
      "http://a/b/c/d;p?q, ../../../g, http://a/../g",
      "http://a/b/c/d;p?q, ../../../../g, http://a/../../g",
      "http://a/b/c/d;p?q, /../g, http://a/../g",
      "http://h/a/b, ../../../c, http://h/../../c",
      "http://h/, ../c, http://h/../c",
      "http://h/a/b, ../../c/../d, http://h/../d",
      "http://h/a/b, .., http://h/",
      "http://h/a/b/c, ../../d, http://h/d"
  })
  void dotSegmentsAboveTheRootAreKeptAs3011Does(String base, String reference, String expected) {
    assertEquals(expected, Uri.create(Uri.create(base), reference).toFullUrl());
  }

  @ParameterizedTest
  @CsvSource({
      "http://h/../a, /../a",
      "http://h/a/../../b, /../b",
      "http://h/.., /..",
      "http://h/a/./b, /a/b",
      "http://h/a/.., /"
  })
  void dotSegmentsOfAnAbsoluteUrlAreRemovedAs3011Does(String url, String path) {
    assertEquals(path, Uri.create(url).getPath());
  }


  @Test
  void emptyReferenceKeepsTheBaseWithoutItsFragment() {
    Uri base = Uri.create("http://a/b/c/d;p?q#f");
    assertEquals("http://a/b/c/d;p?q", Uri.create(base, "").toFullUrl());
  }

  @Test
  void relativeReferenceAgainstAnEmptyBasePath() {
    Uri base = Uri.create("http://a");
    assertEquals("http://a/g", Uri.create(base, "g").toUrl());
  }

  @Test
  void absoluteReferenceIgnoresTheContext() {
    Uri base = Uri.create("https://a:8443/x");
    Uri resolved = Uri.create(base, "http://b/y");
    assertEquals("http://b/y", resolved.toUrl());
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "example.com/path",
      "//example.com/path",
      "/relative",
      "ftp://example.com/",
      "mailto:someone@example.com",
      "http://",
      "http:///path",
      "http://example.com:99999/",
      "http://example.com:8o/",
      "http://example.com:-1/",
      "http://a:b:c/",
      "http://exa<mple.com/",
      "http://[::1/",
      "http://[zz::1]/",
      "http://[::1]x/",
      "http://us er@example.com/",
      "\thttp://example.com/",
      "http://example.com/\t",
      "http://example.com/\r\nX-Injected: 1",
      "http://example.com/?q=\n",
      "http://example.com/#\u0000",
      "http://example.com/\u00a0",
      "http://exa mple.com/"
  })
  void refusesInvalidInputNamingIt(String input) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Uri.create(input));
    String printable = input.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t").replace("\u0000", "\\u0000");
    assertTrue(String.valueOf(e.getMessage()).contains("url: '" + printable + "'"), String.valueOf(e.getMessage()));
    assertTrue(String.valueOf(e.getMessage()).contains("expected"), String.valueOf(e.getMessage()));
  }

  @Test
  void refusalsSayWhatIsWrong() {
    assertMessage("example.com/path", "has no scheme");
    assertMessage("ftp://example.com/", "scheme 'ftp' (expected http, https, ws or wss)");
    assertMessage("http:///path", "has no host");
    assertMessage("http://example.com:70000/", "port '70000' (expected 0 to 65535)");
    assertMessage("http://example.com/\r\nX: y", "contains CR at index 19");
    assertMessage("http://exa mple.com/a", "contains a space at index 10");
    assertMessage("  http://h/\u00a0", "contains character U+00A0 at index 11");
  }

  @Test
  void aSpaceInThePathQueryOrFragmentIsKeptAs3011Does() {
    Uri uri = Uri.create("http://example.com/a b?q=c d#e f");
    assertEquals("/a b", uri.getPath());
    assertEquals("q=c d", uri.getQuery());
    assertEquals("e f", uri.getFragment());
    assertEquals("/x y", Uri.create(uri, "x y").getPath());
    assertEquals("/a b", new Uri("http", null, "h", -1, "/a b", null, null).getPath());
    assertThrows(IllegalArgumentException.class, () -> new Uri("http", null, "h", -1, "/a\tb", null, null));
    assertThrows(IllegalArgumentException.class, () -> new Uri("http", "u v", "h", -1, "/", null, null));
  }

  @Test
  void spacesAroundTheUrlAreTrimmedAs3011Does() {
    assertEquals("http://example.com/a", Uri.create("  http://example.com/a ").toUrl());
  }

  @Test
  void urlWithoutUserInfoDropsItAndItsAtSignOnly() {
    Uri withUser = Uri.create("http://user:secret@example.com:80/a?b=1#frag");
    assertEquals("http://user:secret@example.com:80/a?b=1", withUser.toUrl());
    assertEquals("http://example.com:80/a?b=1", withUser.toUrlWithoutUserInfo());
    Uri withoutUser = Uri.create("http://example.com/a");
    assertSame(withoutUser.toUrl(), withoutUser.toUrlWithoutUserInfo());
  }

  private static void assertMessage(String input, String fragment) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Uri.create(input));
    assertTrue(String.valueOf(e.getMessage()).contains(fragment), String.valueOf(e.getMessage()));
  }

  @Test
  @SuppressWarnings("NullAway") // passes null on purpose: callers without NullAway can
  void refusesNullAndEmpty() {
    assertThrows(IllegalArgumentException.class, () -> Uri.create(null));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Uri.create(""));
    assertTrue(String.valueOf(e.getMessage()).startsWith("url: ''"), String.valueOf(e.getMessage()));
  }

  @Test
  void constructorRefusesControlCharactersAndMissingParts() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Uri("http", null, "h", -1, "/a\nb", null, null));
    assertTrue(String.valueOf(e.getMessage()).startsWith("path: '/a\\nb' contains LF"), String.valueOf(e.getMessage()));
    assertThrows(IllegalArgumentException.class, () -> new Uri("http", null, "h", -1, "/", "a=\r", null));
    assertThrows(IllegalArgumentException.class, () -> new Uri("", null, "h", -1, "/", null, null));
    assertThrows(IllegalArgumentException.class, () -> new Uri("http", null, "", -1, "/", null, null));
    assertThrows(IllegalArgumentException.class, () -> new Uri("http", null, "h", 65536, "/", null, null));
  }

  @Test
  void copiesWithNewSchemeOrQuery() {
    Uri uri = Uri.create("http://h:81/p?q=1#f");
    Uri ws = uri.withNewScheme("ws");
    assertEquals("ws://h:81/p?q=1", ws.toUrl());
    assertTrue(ws.isWebSocket());
    assertEquals("f", ws.getFragment());
    assertEquals("http://h:81/p", uri.withNewQuery(null).toUrl());
    assertEquals("http://h:81/p?z", uri.withNewQuery("z").toUrl());
  }

  @Test
  void equalityCoversEveryComponent() {
    Uri a = Uri.create("http://u@h:1/p?q#f");
    assertEquals(a, Uri.create("http://u@h:1/p?q#f"));
    assertEquals(a.hashCode(), Uri.create("http://u@h:1/p?q#f").hashCode());
    assertNotEquals(a, Uri.create("http://u@h:1/p?q#g"));
    assertNotEquals(a, Uri.create("http://u@h:1/p?r#f"));
    assertNotEquals(a, Uri.create("http://v@h:1/p?q#f"));
    assertNotEquals(a, Uri.create("http://u@h:2/p?q#f"));
    assertNotEquals(a, Uri.create("https://u@h:1/p?q#f"));
    assertNotEquals(Uri.create("http://h/"), Uri.create("http://h:80/"));
  }

  @Test
  void sameBaseComparesSchemeHostAndExplicitPort() {
    assertTrue(Uri.create("http://h/a").isSameBase(Uri.create("http://h:80/b?c")));
    assertFalse(Uri.create("http://h/a").isSameBase(Uri.create("https://h/a")));
    assertFalse(Uri.create("http://h/a").isSameBase(Uri.create("http://g/a")));
  }

  @Test
  void convertsToJavaNetUri() throws Exception {
    URI uri = Uri.create("http://h:81/p%20q?x=1#frag").toJavaNetURI();
    assertEquals("h", uri.getHost());
    assertEquals(81, uri.getPort());
    assertEquals("/p%20q", uri.getRawPath());
    assertNull(uri.getFragment());
  }

  @Test
  void validatesSupportedSchemes() {
    Uri.validateSupportedScheme(Uri.create("wss://h/"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Uri.validateSupportedScheme(new Uri("ftp", null, "h", -1, "/", null, null)));
    assertTrue(String.valueOf(e.getMessage()).contains("'ftp' (expected http, https, ws or wss)"), String.valueOf(e.getMessage()));
  }
}

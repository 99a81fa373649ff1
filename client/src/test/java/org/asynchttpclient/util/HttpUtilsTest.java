package org.asynchttpclient.util;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.Charset;
import java.nio.charset.UnsupportedCharsetException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Param;
import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilder;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;

/** The expected values are what 3.0.11's HttpUtils returns for the same input. */
class HttpUtilsTest {

  @Test
  void hostHeaderOmitsTheDefaultPort() {
    assertEquals("h", HttpUtils.hostHeader(Uri.create("http://h:80/")));
    assertEquals("h", HttpUtils.hostHeader(Uri.create("https://h:443/")));
    assertEquals("h:8080", HttpUtils.hostHeader(Uri.create("http://h:8080/")));
    assertEquals("h", HttpUtils.hostHeader(Uri.create("https://h/")));
    assertEquals("h:443", HttpUtils.hostHeader(Uri.create("ws://h:443/")));
  }

  @Test
  void originHeaderUsesTheHttpSchemeOfTheSecurity() {
    assertEquals("http://h", HttpUtils.originHeader(Uri.create("http://h:80/")));
    assertEquals("https://h:8443", HttpUtils.originHeader(Uri.create("https://h:8443/x")));
    assertEquals("https://h", HttpUtils.originHeader(Uri.create("wss://h/")));
    assertEquals("http://h:8080", HttpUtils.originHeader(Uri.create("ws://h:8080/")));
  }

  @Test
  void charsetAttributeIsFoundUnquotedAndInAnyCase() {
    assertEquals(ISO_8859_1, HttpUtils.extractContentTypeCharsetAttribute("text/plain; charset=\"ISO-8859-1\"; x=y"));
    assertEquals(Charset.forName("UTF-16"), HttpUtils.extractContentTypeCharsetAttribute("text/plain;CHARSET='utf-16'"));
    assertNull(HttpUtils.extractContentTypeCharsetAttribute("text/plain"));
    assertNull(HttpUtils.extractContentTypeCharsetAttribute("text/plain; charset="));
    assertThrows(
        UnsupportedCharsetException.class,
        () -> HttpUtils.extractContentTypeCharsetAttribute("text/plain; charset=nope-x"));
  }

  @Test
  void boundaryAttributeEndsAtSpaceQuoteOrSemicolon() {
    assertEquals("abc", HttpUtils.extractContentTypeBoundaryAttribute("multipart/form-data; boundary=\"abc def\""));
    assertEquals("abc", HttpUtils.extractContentTypeBoundaryAttribute("multipart/form-data; boundary=abc;x=1"));
    assertNull(HttpUtils.extractContentTypeBoundaryAttribute("multipart/form-data"));
  }

  @Test
  void boundaryIsPatchedIn() {
    byte[] b = "XyZ".getBytes(US_ASCII);
    assertEquals("multipart/form-data; boundary=XyZ", HttpUtils.patchContentTypeWithBoundaryAttribute("multipart/form-data", b));
    assertEquals("multipart/mixed; boundary=XyZ", HttpUtils.patchContentTypeWithBoundaryAttribute("multipart/mixed;", b));
    assertEquals(" boundary=XyZ", HttpUtils.patchContentTypeWithBoundaryAttribute("", b));
  }

  @Test
  void generatedBoundariesAreThirtyToFortySafeCharacters() {
    // AHC 3.0.12 draws boundaries from a SecureRandom; a sample cannot show predictability, the
    // source can.
    assertInstanceOf(SecureRandom.class, HttpUtils.BOUNDARY_RANDOM);
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 200; i++) {
      String boundary = new String(HttpUtils.computeMultipartBoundary(), US_ASCII);
      assertTrue(boundary.length() >= 30 && boundary.length() <= 40, boundary);
      assertTrue(boundary.matches("[-_0-9a-zA-Z]+"), boundary);
      seen.add(boundary);
    }
    assertEquals(200, seen.size());
  }

  @Test
  void formParamsAreEncodedInTheGivenCharset() {
    List<Param> params = Arrays.asList(new Param("a b", "c&d=\u00e9"), new Param("flag", null), new Param("x", "*-._~"));
    assertEquals("a+b=c%26d%3D%C3%A9&flag&x=*-._%7E", US_ASCII.decode(HttpUtils.urlEncodeFormParams(params, UTF_8)).toString());
    assertEquals("a+b=c%26d%3D%E9&flag&x=*-._%7E", US_ASCII.decode(HttpUtils.urlEncodeFormParams(params, ISO_8859_1)).toString());
  }

  @Test
  void acceptEncodingLosesOnlyATrailingCodec() {
    assertEquals("gzip, deflate", HttpUtils.filterOutBrotliFromAcceptEncoding("gzip, deflate, br").toString());
    assertEquals("br, gzip", HttpUtils.filterOutBrotliFromAcceptEncoding("br, gzip").toString());
    assertEquals("gzip, deflate", HttpUtils.filterOutZstdFromAcceptEncoding("gzip, deflate, zstd").toString());
    assertEquals("gzip, deflate, br", HttpUtils.filterOutZstdFromAcceptEncoding("gzip, deflate, br, zstd").toString());
    assertEquals("gzip,deflate", HttpUtils.GZIP_DEFLATE.toString());
    assertEquals("*/*", HttpUtils.ACCEPT_ALL_HEADER_VALUE.toString());
  }

  @Test
  void followRedirectPrefersTheRequestsOwnSetting() {
    DefaultAsyncHttpClientConfig following = new DefaultAsyncHttpClientConfig.Builder().setFollowRedirect(true).build();
    DefaultAsyncHttpClientConfig notFollowing = new DefaultAsyncHttpClientConfig.Builder().build();
    Request plain = new RequestBuilder().setUrl("http://h/").build();
    Request refusing = new RequestBuilder().setUrl("http://h/").setFollowRedirect(false).build();
    Request asking = new RequestBuilder().setUrl("http://h/").setFollowRedirect(true).build();
    assertTrue(HttpUtils.followRedirect(following, plain));
    assertFalse(HttpUtils.followRedirect(notFollowing, plain));
    assertFalse(HttpUtils.followRedirect(following, refusing));
    assertTrue(HttpUtils.followRedirect(notFollowing, asking));
  }
}

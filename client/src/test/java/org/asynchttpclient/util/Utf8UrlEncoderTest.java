package org.asynchttpclient.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** The expected strings are what 3.0.11's Utf8UrlEncoder returns for the same input. */
class Utf8UrlEncoderTest {

  @Test
  void pathKeepsPcharsSlashesAndEveryPercent() {
    assertEquals(
        "/a%20b/%C3%A9%7C%zz/~!$&'()*+,;=:@", Utf8UrlEncoder.encodePath("/a b/\u00e9|%zz/~!$&'()*+,;=:@"));
    assertEquals("/%F0%9F%98%80", Utf8UrlEncoder.encodePath("/\uD83D\uDE00"));
  }

  @Test
  void pathNeedingNothingIsReturnedAsIs() {
    String path = "/already%20encoded/x";
    assertSame(path, Utf8UrlEncoder.encodePath(path));
  }

  @Test
  void queryKeepsItsStructureAndEscapes() {
    assertEquals(
        ">a=1&b=x%20y%7Cz/?%41%z%23",
        Utf8UrlEncoder.encodeAndAppendQuery(new StringBuilder(">"), "a=1&b=x y|z/?%41%z#").toString());
  }

  @Test
  void aWholeQueryIsEncodedAsTheAppendingFormDoes() {
    String clean = "a=1&b=/two?c%20d%zz";
    assertSame(clean, Utf8UrlEncoder.encodeQuery(clean));
    assertEquals("a=one%20two", Utf8UrlEncoder.encodeQuery("a=one two"));
    assertEquals("a=%C3%A9&b=%7C", Utf8UrlEncoder.encodeQuery("a=\u00e9&b=|"));
    String mixed = "x=1&y=a b|%41%z#";
    assertEquals(
        Utf8UrlEncoder.encodeAndAppendQuery(new StringBuilder(), mixed).toString(),
        Utf8UrlEncoder.encodeQuery(mixed));
  }

  @Test
  void queryAndFormElementsAreEncodedCompletely() {
    String element = "a b&c=d/\u00e9~*-._+";
    assertEquals("a%20b%26c%3Dd%2F%C3%A9%7E*-._%2B", Utf8UrlEncoder.encodeQueryElement(element));
    assertEquals(
        "a%20b%26c%3Dd%2F%C3%A9%7E*-._%2B",
        Utf8UrlEncoder.encodeAndAppendQueryElement(new StringBuilder(), element).toString());
    assertEquals(
        "a+b%26c%3Dd%2F%C3%A9%7E*-._%2B",
        Utf8UrlEncoder.encodeAndAppendFormElement(new StringBuilder(), element).toString());
  }

  @Test
  void percentEncodingKeepsOnlyUnreservedCharacters() {
    assertEquals("a%20b%26c%3Dd%2F%C3%A9~%2A-._%2B", Utf8UrlEncoder.percentEncodeQueryElement("a b&c=d/\u00e9~*-._+"));
    assertNull(Utf8UrlEncoder.percentEncodeQueryElement(null));
    assertEquals(
        "x%E2%82%AC%201",
        Utf8UrlEncoder.encodeAndAppendPercentEncoded(new StringBuilder("x"), "\u20ac 1").toString());
  }
}

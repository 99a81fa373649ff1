package org.asynchttpclient.uri;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The table of recently parsed URLs behind {@link Uri#create(String)}. */
class ParsedUrisTest {

  @Test
  void theSameTextGivesTheSameImmutableUriWithoutParsingAgain() {
    // A text built at run time: equal to, not the same String as, the first one.
    String first = "http://127.0.0.1:8080/same/" + "endpoint?q=1";
    String again = new StringBuilder("http://127.0.0.1:8080/same/endpoint").append("?q=1").toString();
    Uri parsed = Uri.create(first);
    assertSame(parsed, Uri.create(again));
    assertEquals("/same/endpoint?q=1", parsed.toRelativeUrl());
  }

  @Test
  void anotherTextIsParsedForItself() {
    Uri a = Uri.create("http://127.0.0.1:8080/a");
    Uri b = Uri.create("http://127.0.0.1:8080/b");
    assertEquals("/a", a.getPath());
    assertEquals("/b", b.getPath());
  }

  @Test
  void aLongTextIsNotKept() {
    String url = "http://127.0.0.1:8080/" + "x".repeat(600);
    assertNotSame(Uri.create(url), Uri.create(url));
  }

  @Test
  void aRelativeTextResolvesAgainstItsContextEveryTime() {
    Uri one = Uri.create("http://127.0.0.1:8080/one/");
    Uri two = Uri.create("http://127.0.0.1:8080/two/");
    assertEquals("/one/next", Uri.create(one, "next").getPath());
    assertEquals("/two/next", Uri.create(two, "next").getPath());
  }

  @Test
  void anInvalidTextFailsEveryTime() {
    assertThrows(IllegalArgumentException.class, () -> Uri.create("ftp://127.0.0.1/x"));
    assertThrows(IllegalArgumentException.class, () -> Uri.create("ftp://127.0.0.1/x"));
  }
}

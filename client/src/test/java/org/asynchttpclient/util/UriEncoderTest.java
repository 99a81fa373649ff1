package org.asynchttpclient.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Collections;
import java.util.List;
import org.asynchttpclient.Param;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;

class UriEncoderTest {

  @Test
  void aUriThatNeedsNothingComesBackAsTheSameInstance() {
    // The common request: already encoded, no added parameters. No copy is made (AHC 3.0.12).
    Uri clean = Uri.create("http://h.example/p/q%20r?a=1&b=%C3%A9");
    for (UriEncoder encoder : UriEncoder.values()) {
      assertSame(clean, encoder.encode(clean, null), encoder.name());
      assertSame(clean, encoder.encode(clean, Collections.emptyList()), encoder.name());
    }
    Uri bare = Uri.create("http://h.example");
    assertSame(bare, UriEncoder.FIXING.encode(bare, null));
  }

  @Test
  void addedParametersOrAnEncodedPathMakeANewUri() {
    Uri uri = Uri.create("http://h.example/p?a=1");
    Uri withParam = UriEncoder.FIXING.encode(uri, List.of(new Param("b", "2 3")));
    assertNotSame(uri, withParam);
    assertEquals("a=1&b=2%203", withParam.getQuery());
    assertEquals("/p", withParam.getPath());
  }

  @Test
  void fixingSendsARawSpaceAsPercent20() {
    Uri spaced = Uri.create("http://h.example/a b?q=c d");
    Uri encoded = UriEncoder.FIXING.encode(spaced, null);
    assertEquals("/a%20b", encoded.getPath());
    assertEquals("q=c%20d", encoded.getQuery());
    // RAW leaves it: the request line refuses it when the request is written.
    assertSame(spaced, UriEncoder.RAW.encode(spaced, null));
  }
}

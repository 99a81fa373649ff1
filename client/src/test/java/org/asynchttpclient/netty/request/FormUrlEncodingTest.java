package org.asynchttpclient.netty.request;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.asynchttpclient.Param;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.Test;

class FormUrlEncodingTest {

  private static Param pair(String name, @Nullable String value) {
    return new Param(name, value);
  }

  @Test
  void spacesBecomePlusAndReservedCharactersArePercentEncoded() {
    byte[] encoded = FormUrlEncoding.encode(List.of(
        pair("name", "John Doe"),
        pair("q", "a&b=c/d*-._~+%"),
        pair("flag", null),
        pair("caf\u00e9", "\u00e9")), UTF_8);
    assertEquals("name=John+Doe&q=a%26b%3Dc%2Fd*-._%7E%2B%25&flag&caf%C3%A9=%C3%A9", new String(encoded, US_ASCII));
  }

  @Test
  void theRequestCharsetChoosesTheBytesThatArePercentEncoded() {
    byte[] encoded = FormUrlEncoding.encode(List.of(pair("k", "\u00e9")), ISO_8859_1);
    assertEquals("k=%E9", new String(encoded, US_ASCII));
  }

  @Test
  void noPairsIsEmpty() {
    assertEquals(0, FormUrlEncoding.encode(List.of(), UTF_8).length);
  }
}

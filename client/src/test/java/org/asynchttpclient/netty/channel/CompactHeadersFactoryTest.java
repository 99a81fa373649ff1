package org.asynchttpclient.netty.channel;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import org.junit.jupiter.api.Test;

class CompactHeadersFactoryTest {

  private static HttpDecoderConfig installed(boolean validate) {
    HttpDecoderConfig decoder = new HttpDecoderConfig().setValidateHeaders(validate);
    CompactHeadersFactory.install(decoder);
    return decoder;
  }

  @Test
  void aLongResponseHeadStillFindsEveryHeaderCaseInsensitively() {
    HttpHeaders headers = installed(true).getHeadersFactory().newHeaders();
    for (int i = 0; i < 40; i++) {
      headers.add("X-Header-" + i, "v" + i);
    }
    headers.add("x-header-7", "again");
    assertEquals(41, headers.size());
    for (int i = 0; i < 40; i++) {
      assertEquals("v" + i, headers.get("x-HEADER-" + i), "header " + i);
    }
    assertEquals(2, headers.getAll("X-Header-7").size());
  }

  @Test
  void theDecodersValidationIsKept() {
    HttpHeaders validating = installed(true).getHeadersFactory().newHeaders();
    assertThrows(IllegalArgumentException.class, () -> validating.add("bad name", "v"));
    HttpHeaders lenient = installed(false).getHeadersFactory().newHeaders();
    assertDoesNotThrow(() -> lenient.add("bad name", "v"));
    HttpHeaders trailers = installed(true).getTrailersFactory().newHeaders();
    assertThrows(IllegalArgumentException.class, () -> trailers.add("bad name", "v"));
    trailers.add("X-Checksum", "abc");
    assertEquals("abc", trailers.get("x-checksum"));
  }

  @Test
  void aCombiningFactoryIsLeftAsItIs() {
    HttpHeadersFactory combining = DefaultHttpHeadersFactory.headersFactory().withCombiningHeaders(true);
    HttpDecoderConfig decoder = new HttpDecoderConfig().setHeadersFactory(combining);
    CompactHeadersFactory.install(decoder);
    assertSame(combining, decoder.getHeadersFactory());
  }
}

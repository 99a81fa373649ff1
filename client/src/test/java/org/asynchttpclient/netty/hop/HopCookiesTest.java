package org.asynchttpclient.netty.hop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.Cookie;
import java.util.ArrayList;
import java.util.List;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.cookie.ThreadSafeCookieStore;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;

class HopCookiesTest {

  /**
   * Netty's lax decoder throws (IllegalArgumentException: empty name) for a name of control
   * characters, where the strict one answers null; either way the header is ignored and the
   * response's other cookies are stored.
   */
  @Test
  void aSetCookieTheDecoderThrowsOnIsIgnored() {
    ThreadSafeCookieStore store = new ThreadSafeCookieStore();
    for (boolean lax : new boolean[] {false, true}) {
      AsyncHttpClientConfig config =
          new DefaultAsyncHttpClientConfig.Builder().setCookieStore(store).setUseLaxCookieEncoder(lax).build();
      HttpHeaders headers = DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders();
      headers.add(HttpHeaderNames.SET_COOKIE, "\u0001=x");
      headers.add(HttpHeaderNames.SET_COOKIE, "ok" + lax + "=1");
      HopCookies.store(config, Uri.create("http://127.0.0.1/"), headers);
    }
    List<String> names = new ArrayList<>();
    for (Cookie c : store.getAll()) {
      names.add(c.name());
    }
    names.sort(null);
    assertEquals(List.of("okfalse", "oktrue"), names);
  }
}

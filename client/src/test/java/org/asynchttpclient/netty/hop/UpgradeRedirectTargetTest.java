package org.asynchttpclient.netty.hop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.asynchttpclient.netty.request.Origins;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Where a redirected WebSocket upgrade goes (the engine tests cover ws; this covers wss too). */
class UpgradeRedirectTargetTest {
  private static String target(String from, String location) {
    Uri current = Uri.create(from);
    return RedirectFollowUp.upgradeTarget(current, Uri.create(current, location)).toUrl();
  }

  @ParameterizedTest(name = "{1} redirected to {2}")
  @CsvSource({
      // where the hop goes, the request it follows, the Location
      // http and https Locations of an upgrade become ws and wss
      "ws://b.example:8080/feed?x=1, ws://a.example/s, http://b.example:8080/feed?x=1",
      "wss://b.example/feed, ws://a.example/s, https://b.example/feed",
      "wss://b.example/feed, wss://a.example/s, HTTPS://b.example/feed",
      "ws://b.example/feed, wss://a.example/s, http://b.example/feed",
      // other Locations, and the redirects of plain requests, are left as they are
      "wss://b.example/feed, ws://a.example/s, wss://b.example/feed",
      "ws://a.example/next, ws://a.example/s, /next",
      "http://b.example/x, http://a.example/s, http://b.example/x",
      "https://b.example/x, https://a.example/s, https://b.example/x"
  })
  void theTargetOfARedirect(String expected, String from, String location) {
    assertEquals(expected, target(from, location));
  }

  /** An upgrade redirected to an http URL goes on as ws: from wss, that hop leaves TLS. */
  @Test
  void aSecureUpgradeRedirectedToAnHttpUrlLeavesTls() {
    Uri from = Uri.create("wss://h.example/socket");
    Uri next = RedirectFollowUp.upgradeTarget(from, Uri.create("http://h.example/socket"));
    assertTrue(Origins.downgradesTls(from, next), next.toString());
    Uri secure = RedirectFollowUp.upgradeTarget(from, Uri.create("https://h.example/other"));
    assertFalse(Origins.downgradesTls(from, secure), secure.toString());
  }
}

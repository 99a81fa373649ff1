package org.asynchttpclient.netty.hop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.asynchttpclient.netty.request.Origins;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;

/** Where a redirected WebSocket upgrade goes (the engine tests cover ws; this covers wss too). */
class UpgradeRedirectTargetTest {
  private static String target(String from, String location) {
    Uri current = Uri.create(from);
    return RedirectFollowUp.upgradeTarget(current, Uri.create(current, location)).toUrl();
  }

  @Test
  void httpAndHttpsLocationsOfAnUpgradeBecomeWsAndWss() {
    assertEquals("ws://b.example:8080/feed?x=1", target("ws://a.example/s", "http://b.example:8080/feed?x=1"));
    assertEquals("wss://b.example/feed", target("ws://a.example/s", "https://b.example/feed"));
    assertEquals("wss://b.example/feed", target("wss://a.example/s", "HTTPS://b.example/feed"));
    assertEquals("ws://b.example/feed", target("wss://a.example/s", "http://b.example/feed"));
  }

  @Test
  void otherLocationsAndPlainRequestsAreLeftAsTheyAre() {
    assertEquals("wss://b.example/feed", target("ws://a.example/s", "wss://b.example/feed"));
    assertEquals("ws://a.example/next", target("ws://a.example/s", "/next"));
    assertEquals("http://b.example/x", target("http://a.example/s", "http://b.example/x"));
    assertEquals("https://b.example/x", target("https://a.example/s", "https://b.example/x"));
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

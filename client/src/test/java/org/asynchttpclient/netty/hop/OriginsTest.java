package org.asynchttpclient.netty.hop;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;

/** The origin rules that decide where credentials and a redirected body may go. */
class OriginsTest {

  private static boolean same(String a, String b) {
    return Origins.sameOrigin(Uri.create(a), Uri.create(b));
  }

  private static boolean upgrade(String from, String to) {
    return Origins.upgradesToTlsOnSameHost(Uri.create(from), Uri.create(to));
  }

  @Test
  void anOriginIsSchemeHostAndPortWithTheDefaultPortFilledIn() {
    assertTrue(same("http://h.example/a", "http://h.example:80/b?q"));
    assertTrue(same("https://H.Example/", "https://h.example:443/"));
    assertFalse(same("http://h.example/", "https://h.example/"));
    assertFalse(same("http://h.example/", "http://h.example:8080/"));
    assertFalse(same("http://h.example/", "http://g.example/"));
  }

  /**
   * Hosts fold in ASCII only: the Kelvin sign lower-cases to {@code k} in Unicode, and a redirect
   * to a host spelled with it must not count as the same origin (it would keep the credentials).
   */
  @Test
  void hostsFoldInAsciiOnly() {
    Uri ascii = Uri.create("https://k.example/");
    Uri kelvin = new Uri("https", null, "\u212A.example", -1, "/", null, null);
    assertFalse(Origins.sameOrigin(ascii, kelvin));
    assertFalse(Origins.upgradesToTlsOnSameHost(Uri.create("http://k.example/"), kelvin));
  }

  @Test
  void theSameHostMovingOntoTlsKeepingItsPortOrBetweenDefaultPortsIsAnUpgrade() {
    assertTrue(upgrade("http://h.example/", "https://h.example/"));
    assertTrue(upgrade("http://h.example:80/", "https://H.EXAMPLE:443/x"));
    assertTrue(upgrade("http://h.example:8080/", "https://h.example:8080/"));
    assertTrue(upgrade("ws://h.example/", "wss://h.example/"));
  }

  @Test
  void anythingElseIsNot() {
    assertFalse(upgrade("http://h.example:8080/", "https://h.example:8443/"), "a port change");
    assertFalse(upgrade("http://h.example/", "https://h.example:8443/"), "from the default to another port");
    assertFalse(upgrade("http://h.example:8080/", "https://h.example/"), "from another port to the default");
    assertFalse(upgrade("http://h.example/", "https://g.example/"), "another host");
    assertFalse(upgrade("http://h.example/", "wss://h.example/"), "http to wss is not a named pair");
    assertFalse(upgrade("https://h.example/", "https://h.example/"), "already on TLS");
    assertFalse(upgrade("https://h.example/", "http://h.example/"), "a downgrade");
  }

  @Test
  void aDowngradeLeavesTls() {
    assertTrue(Origins.downgradesTls(Uri.create("https://h.example/"), Uri.create("http://h.example/")));
    assertTrue(Origins.downgradesTls(Uri.create("wss://h.example/"), Uri.create("ws://h.example/")));
    assertFalse(Origins.downgradesTls(Uri.create("http://h.example/"), Uri.create("https://h.example/")));
    assertFalse(Origins.downgradesTls(Uri.create("https://h.example/"), Uri.create("wss://g.example/")));
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

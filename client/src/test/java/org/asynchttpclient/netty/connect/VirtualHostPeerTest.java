package org.asynchttpclient.netty.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.asynchttpclient.netty.connect.TlsHandshake.VirtualHostPeer;
import org.junit.jupiter.api.Test;

/** The TLS peer a request's virtual host names: its host, and its port or the scheme's default. */
class VirtualHostPeerTest {
  private static String peer(String virtualHost) {
    VirtualHostPeer p = VirtualHostPeer.parse(virtualHost, 443);
    return p.host + " " + p.port;
  }

  @Test
  void hostAndOptionalPort() {
    assertEquals("api.example.com 443", peer("api.example.com"));
    assertEquals("api.example.com 8443", peer("api.example.com:8443"));
    assertEquals("::1 443", peer("[::1]"));
    assertEquals("2001:db8::1 9443", peer("[2001:db8::1]:9443"));
  }

  @Test
  void whatNamesNoPeerIsRefusedNamingTheValue() {
    for (String bad : new String[] {"", ":443", "host:", "host:0", "host:65536", "host:x", "[::1", "[::1]x", "[]:1"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> VirtualHostPeer.parse(bad, 443), bad);
      assertTrue(e.getMessage().startsWith("virtualHost: " + bad + " (expected"), e.getMessage());
    }
  }
}

package org.asynchttpclient.netty.hop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.Collections;
import org.asynchttpclient.Realm;
import org.asynchttpclient.scram.ScramException;
import org.asynchttpclient.testing.ScramServer;
import org.junit.jupiter.api.Test;

/** The SCRAM handshake driven directly against {@link ScramServer}: the session cache. */
class ScramHandshakeTest {

  private static Realm realm(String password) {
    return new Realm.Builder(ScramServer.USER, password).setScheme(Realm.AuthScheme.SCRAM_SHA_256).build();
  }

  /** Runs one handshake; returns it after the server's final answer was checked. */
  private static ScramHandshake run(AuthHandshakes handshakes, ScramServer server, Realm realm, int port)
      throws Exception {
    ScramHandshake h = (ScramHandshake) handshakes.start(realm, "127.0.0.1", port);
    ScramServer.Answer a = server.handle(null);
    while (a.status == 401) {
      String credentials = h.answer(Collections.singletonList(a.header));
      if (credentials == null) {
        return h;
      }
      a = server.handle(credentials);
    }
    HttpHeaders headers = new DefaultHttpHeaders();
    if (a.header != null) {
      headers.set("Authentication-Info", a.header);
    }
    h.finish(a.status, headers, false);
    return h;
  }

  @Test
  void verifiedKeysAreReusedForTheSameServerUserAndPasswordOnly() throws Exception {
    ScramServer server = new ScramServer();
    AuthHandshakes handshakes = new AuthHandshakes(false);
    assertFalse(run(handshakes, server, realm(ScramServer.PASSWORD), 80).cachedKeysOffered());
    assertEquals(1, handshakes.cachedScramSessions());
    assertTrue(run(handshakes, server, realm(ScramServer.PASSWORD), 80).cachedKeysOffered());
    assertEquals(2, server.verifiedProofs.get(), "the cached keys make a proof the server accepts");
    assertFalse(run(handshakes, server, realm(ScramServer.PASSWORD), 81).cachedKeysOffered(), "another port");
    assertFalse(run(handshakes, server, realm("wrong"), 80).cachedKeysOffered(), "another password");
    assertEquals(1, server.refusedProofs.get());
  }

  @Test
  void keysOfARefusedOrUnverifiedExchangeAreNotCached() throws Exception {
    ScramServer server = new ScramServer();
    AuthHandshakes handshakes = new AuthHandshakes(false);
    run(handshakes, server, realm("wrong"), 80);
    assertEquals(0, handshakes.cachedScramSessions());
    server.forgeSignature = true;
    assertThrows(ScramException.class, () -> run(handshakes, server, realm(ScramServer.PASSWORD), 80));
    assertEquals(0, handshakes.cachedScramSessions());
    assertNull(handshakes.start(new Realm.Builder(null, null).setScheme(Realm.AuthScheme.SCRAM_SHA_256).build(),
        "h", 1), "no user: no handshake");
  }
}

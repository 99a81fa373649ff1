package org.asynchttpclient.scram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import org.junit.jupiter.api.Test;

/** RFC 7677 section 3's SCRAM-SHA-256 example exchange (user "user", password "pencil"). */
class ScramVectorsTest {
  private static final String CLIENT_NONCE = "rOprNGfwEbeRWgbNEkqO";
  private static final String SERVER_FIRST =
      "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
  private static final String CLIENT_FINAL =
      "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
          + "p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=";
  private static final String SERVER_FINAL = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=";

  private static ScramContext context() {
    return new ScramContext("user", "pencil", null, "SCRAM-SHA-256", CLIENT_NONCE);
  }

  @Test
  void rfc7677ExampleExchange() {
    ScramContext c = context();
    assertEquals("n,,n=user,r=rOprNGfwEbeRWgbNEkqO", c.getClientFirstMessage());
    c.processServerFirst(SERVER_FIRST, 4096);
    assertEquals(ScramState.SERVER_FIRST_RECEIVED, c.getState());
    assertEquals(CLIENT_FINAL, c.computeClientFinal());
    assertTrue(c.verifyServerFinal(SERVER_FINAL));
    assertEquals(ScramState.AUTHENTICATED, c.getState());
  }

  @Test
  void aForgedServerSignatureFails() {
    ScramContext c = context();
    c.processServerFirst(SERVER_FIRST, 4096);
    c.computeClientFinal();
    byte[] sig = Base64.getDecoder().decode(SERVER_FINAL.substring(2));
    sig[0] ^= 1;
    assertFalse(c.verifyServerFinal("v=" + Base64.getEncoder().encodeToString(sig)));
    assertEquals(ScramState.FAILED, c.getState());
    ScramContext d = context();
    d.processServerFirst(SERVER_FIRST, 4096);
    d.computeClientFinal();
    assertFalse(d.verifyServerFinal("e=invalid-proof"));
    assertFalse(context().verifyServerFinal(SERVER_FINAL), "no client-final sent yet");
  }

  @Test
  void anIterationCountAboveTheCapIsRefusedBeforeAnyWork() {
    ScramContext c = context();
    ScramException e = assertThrows(ScramException.class, () -> c.processServerFirst(SERVER_FIRST, 4095));
    assertTrue(e.getMessage().contains("4096") && e.getMessage().contains("4095"), e.getMessage());
    assertEquals(ScramState.FAILED, c.getState());
    assertNull(c.getClientKey());
  }

  @Test
  void aNonceThatDoesNotExtendOursIsRefused() {
    ScramContext c = context();
    assertThrows(ScramException.class,
        () -> c.processServerFirst("r=someoneElse123,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096", 4096));
    assertThrows(ScramException.class,
        () -> context().processServerFirst("r=" + CLIENT_NONCE + ",s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096", 4096));
  }

  @Test
  void cachedKeysGiveTheSameProofWithoutThePassword() {
    ScramContext first = context();
    first.processServerFirst(SERVER_FIRST, 4096);
    first.computeClientFinal();
    ScramSessionCache.Entry entry = first.toSessionCacheEntry(null, -1);
    ScramContext again = new ScramContext("user", "not-used", null, "SCRAM-SHA-256", CLIENT_NONCE);
    again.processServerFirst(SERVER_FIRST, 4096, entry);
    assertEquals(CLIENT_FINAL, again.computeClientFinal());
    assertTrue(again.verifyServerFinal(SERVER_FINAL));
  }

  @Test
  void malformedServerMessagesNameWhatWasExpected() {
    ScramException m = assertThrows(ScramException.class, () -> ScramMessageParser.parseServerFirst("m=ext,r=a,s=b,i=1"));
    assertTrue(m.getMessage().contains("mandatory"), m.getMessage());
    ScramException i = assertThrows(ScramException.class,
        () -> ScramMessageParser.parseServerFirst("r=abc,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=x"));
    assertTrue(i.getMessage().contains("expected a positive integer"), i.getMessage());
    assertThrows(ScramException.class, () -> ScramMessageParser.parseServerFirst("r=abc,s=,i=1"));
    assertThrows(ScramException.class, () -> ScramMessageParser.parseServerFinal("x=1"));
  }

  @Test
  void usernamesAreEscapedAndChallengesParsed() {
    assertEquals("a=3Db=2Cc", ScramMessageFormatter.escapeUsername("a=b,c"));
    ScramMessageParser.ScramChallengeParams p = ScramMessageParser.parseWwwAuthenticateScram(
        "SCRAM-SHA-256 realm=\"r 1\", sid=AAAABBBB, data=\"abc=\", sr=xyz, ttl=30, stale=true");
    assertEquals("r 1", p.realm);
    assertEquals("AAAABBBB", p.sid);
    assertEquals("abc=", p.data);
    assertEquals("xyz", p.sr);
    assertEquals(30, p.ttl);
    assertTrue(p.stale);
    assertEquals("SCRAM-SHA-256 realm=\"a\\\"b\", sid=s1, data=\"ZGF0YQ==\"",
        ScramMessageFormatter.formatAuthorizationHeader("SCRAM-SHA-256", "a\"b", "s1", "ZGF0YQ=="));
  }

  @Test
  void sessionCacheIsBoundedAndPrintsNoKeys() {
    ScramSessionCache cache = new ScramSessionCache(2);
    for (int i = 0; i < 3; i++) {
      cache.put(new ScramSessionCache.CacheKey("h", i, "r"),
          new ScramSessionCache.Entry("r", new byte[] {1}, 1, new byte[] {9}, new byte[] {9}, new byte[] {9},
              null, -1, i, 1, "r=x,s=AQ==,i=1"));
    }
    assertEquals(2, cache.size());
    assertNull(cache.get(new ScramSessionCache.CacheKey("h", 0, "r")), "the oldest entry is evicted");
    assertFalse(cache.get(new ScramSessionCache.CacheKey("h", 2, "r")).toString().contains("[B"));
  }
}

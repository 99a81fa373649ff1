package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.DigestVerifier;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.Test;

/**
 * AHC 3.0.13: after a Digest-authenticated request the server may prove it knows the password with
 * {@code rspauth} in {@code Authentication-Info} (RFC 7616 section 3.5); a wrong one fails the
 * exchange with {@code IOException("Digest rspauth verification failed")}.
 */
class DigestServerProofTest extends HelloFixture {

  /** Challenges, then answers valid credentials with 200 and an rspauth, spoiled when {@code lie}. */
  private TestServer.Route digest(boolean lie) {
    return (ctx, req) -> {
      String auth = req.headers().get(HttpHeaderNames.AUTHORIZATION);
      if (auth == null) {
        TestServer.respond(
            ctx,
            req,
            HttpResponseStatus.UNAUTHORIZED,
            "who?",
            "WWW-Authenticate",
            "Digest realm=\"test\", qop=\"auth\", nonce=\"n1\", algorithm=MD5");
        return;
      }
      Map<String, String> p = DigestVerifier.params(auth);
      String ha1 = DigestVerifier.hash("MD5", "user:test:" + (lie ? "guess" : "pass"));
      String ha2 = DigestVerifier.hash("MD5", ":" + p.get("uri"));
      String rspauth =
          DigestVerifier.hash(
              "MD5", ha1 + ":n1:" + p.get("nc") + ":" + p.get("cnonce") + ":auth:" + ha2);
      TestServer.respond(
          ctx,
          req,
          HttpResponseStatus.OK,
          "ok",
          "Authentication-Info",
          "rspauth=\"" + rspauth + "\", qop=auth, nc=" + p.get("nc") + ", cnonce=\"" + p.get("cnonce") + "\"");
    };
  }

  private Response get(DefaultAsyncHttpClient client) throws Exception {
    return client
        .prepareGet(server.url("/digest?q=1"))
        .setRealm(Dsl.digestAuthRealm("user", "pass"))
        .execute()
        .get(5, TimeUnit.SECONDS);
  }

  @Test
  void aServerThatProvesItselfIsHeard() throws Exception {
    server.route("/digest", digest(false));
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Response r = get(client);
      assertEquals(200, r.getStatusCode());
      assertEquals("ok", r.getResponseBody());
    }
  }

  @Test
  void aWrongRspauthFailsTheExchange() throws Exception {
    server.route("/digest", digest(true));
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      ExecutionException e = assertThrows(ExecutionException.class, () -> get(client));
      IOException cause = assertInstanceOf(IOException.class, e.getCause());
      assertEquals("Digest rspauth verification failed", cause.getMessage());
    }
  }
}

package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.DigestVerifier;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.OneShotStream;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AuthReplayTest extends HelloFixture {
  private static final String BASIC_OK = "Basic dXNlcjpwYXNz"; // user:pass

  /** The Digest nonce counts the server received, in order (null: no Authorization). */
  private final List<String> nonceCounts = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws Exception {
    server.route(
        "/basic",
        (ctx, req) -> {
          if (BASIC_OK.equals(req.headers().get(HttpHeaderNames.AUTHORIZATION))) {
            TestServer.respond(
                ctx, req, HttpResponseStatus.OK, "welcome " + req.content().toString(StandardCharsets.UTF_8));
          } else {
            TestServer.respond(
                ctx, req, HttpResponseStatus.UNAUTHORIZED, "who?", "WWW-Authenticate", "Basic realm=\"test\"");
          }
        });
  }

  private static Response run(BoundRequestBuilder rb) throws Exception {
    return rb.execute().get(5, TimeUnit.SECONDS);
  }

  private List<String> authorizations() {
    List<String> out = new ArrayList<>();
    for (TestServer.Received r : server.received()) {
      out.add(r.headers.get(HttpHeaderNames.AUTHORIZATION));
    }
    return out;
  }

  // ---- Basic

  @Test
  void basicIsSentOnceChallenged() throws Exception {
    Response r =
        run(client().prepareGet(server.url("/basic")).setRealm(Dsl.basicAuthRealm("user", "pass")));
    assertEquals(200, r.getStatusCode());
    assertEquals(Arrays.asList(null, BASIC_OK), authorizations());
  }

  @Test
  void basicFromTheClientConfigIsUsedToo() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            ClientFixture.config().setRealm(Dsl.basicAuthRealm("user", "pass").build()))) {
      assertEquals(200, run(client.prepareGet(server.url("/basic"))).getStatusCode());
      assertEquals(2, server.received().size());
    }
  }

  @Test
  void wrongBasicCredentialsAreTriedOnceThenTheHandlerGetsThe401() throws Exception {
    Response r =
        run(client().prepareGet(server.url("/basic")).setRealm(Dsl.basicAuthRealm("user", "nope")));
    assertEquals(401, r.getStatusCode());
    assertEquals("who?", r.getResponseBody());
    assertEquals(2, server.received().size());
  }

  @Test
  void failedPreemptiveBasicIsNotRepeated() throws Exception {
    Response r =
        run(
            client()
                .prepareGet(server.url("/basic"))
                .setRealm(Dsl.basicAuthRealm("user", "nope").setUsePreemptiveAuth(true)));
    assertEquals(401, r.getStatusCode());
    assertEquals(1, server.received().size());
  }

  @Test
  void withoutARealmThe401IsDelivered() throws Exception {
    assertEquals(401, run(client().prepareGet(server.url("/basic"))).getStatusCode());
    assertEquals(1, server.received().size());
  }

  @Test
  void replayCarriesTheBodyAgain() throws Exception {
    Response r =
        run(
            client()
                .preparePost(server.url("/basic"))
                .setBody("payload")
                .setRealm(Dsl.basicAuthRealm("user", "pass")));
    assertEquals("welcome payload", r.getResponseBody());
  }

  @Test
  void streamBodyThatSupportsResetIsReplayedWholeAsIn3011() throws Exception {
    // 3.0.11 resets a stream that supports mark/reset and sends it again with the credentials.
    Response r =
        run(
            client()
                .preparePost(server.url("/basic"))
                .setBody(new ByteArrayInputStream("payload".getBytes(StandardCharsets.UTF_8)))
                .setRealm(Dsl.basicAuthRealm("user", "pass")));
    assertEquals(200, r.getStatusCode());
    assertEquals("welcome payload", r.getResponseBody());
    assertEquals(2, server.received().size());
    assertEquals("payload", server.received().get(0).body);
    assertEquals("payload", server.received().get(1).body);
  }

  @Test
  void streamBodyThatCannotBeResetIsNotReplayed() throws Exception {
    // 3.0.11 sends the replay's head without a body and waits for the request timeout; here the
    // 401 reaches the handler at once.
    Response r =
        run(
            client()
                .preparePost(server.url("/basic"))
                .setBody(OneShotStream.of("payload"))
                .setRealm(Dsl.basicAuthRealm("user", "pass")));
    assertEquals(401, r.getStatusCode());
    assertEquals(1, server.received().size());
  }

  @Test
  void streamBodyWhoseResetFailsFailsTheExchangeWithoutSendingTheReplay() throws Exception {
    // A BufferedInputStream supports mark/reset but not after it was closed (the client closes a
    // stream once sent): as in 3.0.11, the replay fails with the IOException of reset().
    ExecutionException e =
        Await.failed(
            client()
                .preparePost(server.url("/basic"))
                .setBody(
                    new java.io.BufferedInputStream(
                        new ByteArrayInputStream("payload".getBytes(StandardCharsets.UTF_8))))
                .setRealm(Dsl.basicAuthRealm("user", "pass"))
                .execute(),
            5);
    assertTrue(e.getCause() instanceof java.io.IOException, String.valueOf(e.getCause()));
    assertEquals(1, server.received().size());
  }

  @Test
  void basicRealmDoesNotAnswerADigestChallenge() throws Exception {
    server.route("/digest", digest("MD5", "auth", "n1", "ok"));
    Response r =
        run(client().prepareGet(server.url("/digest")).setRealm(Dsl.basicAuthRealm("user", "pass")));
    assertEquals(401, r.getStatusCode());
    assertEquals(1, server.received().size());
  }

  // ---- Digest

  /**
   * A Digest-protected route: challenges with {@code nonce} and answers 200 {@code body} to
   * credentials valid for user/pass with that nonce.
   */
  private TestServer.Route digest(String algorithm, String qop, String nonce, String body) {
    return (ctx, req) -> {
      if (validDigest(req, nonce)) {
        TestServer.respond(ctx, req, HttpResponseStatus.OK, body);
      } else {
        challenge(ctx, req, algorithm, qop, nonce, false);
      }
    };
  }

  private boolean validDigest(FullHttpRequest req, String nonce) {
    String auth = req.headers().get(HttpHeaderNames.AUTHORIZATION);
    if (auth == null) {
      nonceCounts.add(null);
      return false;
    }
    Map<String, String> p = DigestVerifier.params(auth);
    nonceCounts.add(p.get("nc"));
    return "user".equals(p.get("username"))
        && nonce.equals(p.get("nonce"))
        && "opaque-1".equals(p.get("opaque"))
        && DigestVerifier.valid(
            p, "pass", req.method().name(), req.uri(), req.content().toString(StandardCharsets.UTF_8));
  }

  private static void challenge(
      io.netty.channel.ChannelHandlerContext ctx,
      FullHttpRequest req,
      String algorithm,
      String qop,
      String nonce,
      boolean stale) {
    TestServer.respond(
        ctx,
        req,
        HttpResponseStatus.UNAUTHORIZED,
        "who?",
        "WWW-Authenticate",
        "Digest realm=\"test\", qop=\""
            + qop
            + "\", nonce=\""
            + nonce
            + "\", opaque=\"opaque-1\", algorithm="
            + algorithm
            + (stale ? ", stale=true" : ""));
  }

  private static Realm.Builder digestRealm(String password) {
    return Dsl.digestAuthRealm("user", password);
  }

  @ParameterizedTest
  @ValueSource(strings = {"MD5", "SHA-256"})
  void digestWithQopAuth(String algorithm) throws Exception {
    server.route("/digest", digest(algorithm, "auth", "n1", "ok"));
    Response r =
        run(client().prepareGet(server.url("/digest?x=1")).setRealm(digestRealm("pass")));
    assertEquals(200, r.getStatusCode());
    assertEquals(Arrays.asList(null, "00000001"), nonceCounts);
    String auth = server.received().get(1).headers.get(HttpHeaderNames.AUTHORIZATION);
    assertTrue(auth.contains("algorithm=" + algorithm), auth);
  }

  @Test
  void digestWithQopAuthIntOnABodilessRequest() throws Exception {
    server.route("/digest", digest("MD5", "auth-int", "n1", "ok"));
    Response r = run(client().prepareGet(server.url("/digest")).setRealm(digestRealm("pass")));
    assertEquals(200, r.getStatusCode());
    String auth = server.received().get(1).headers.get(HttpHeaderNames.AUTHORIZATION);
    assertTrue(auth.contains("qop=auth-int"), auth);
  }

  @Test
  void digestWithQopAuthIntHashesAnInMemoryBody() throws Exception {
    server.route("/digest", digest("MD5", "auth-int", "n1", "ok"));
    Response text =
        run(client().preparePost(server.url("/digest")).setBody("a body to hash").setRealm(digestRealm("pass")));
    assertEquals(200, text.getStatusCode());
    Response bytes =
        run(
            client()
                .preparePut(server.url("/digest"))
                .setBody("other bytes".getBytes(StandardCharsets.UTF_8))
                .setRealm(digestRealm("pass")));
    assertEquals(200, bytes.getStatusCode());
    assertEquals(4, server.received().size());
    assertEquals("a body to hash", server.received().get(1).body);
    assertTrue(
        server.received().get(1).headers.get(HttpHeaderNames.AUTHORIZATION).contains("qop=auth-int"));
  }

  @Test
  void digestWithQopAuthIntIsNotAnsweredForABodyThatIsNotInMemory() throws Exception {
    server.route("/digest", digest("MD5", "auth-int", "n1", "ok"));
    Response r =
        run(
            client()
                .preparePost(server.url("/digest"))
                .setBody(new ByteArrayInputStream("streamed".getBytes(StandardCharsets.UTF_8)))
                .setRealm(digestRealm("pass")));
    assertEquals(401, r.getStatusCode());
    assertEquals(1, server.received().size());
  }

  @Test
  void wrongDigestPasswordEndsWithThe401AfterOneReplay() throws Exception {
    server.route("/digest", digest("MD5", "auth", "n1", "ok"));
    Response r = run(client().prepareGet(server.url("/digest")).setRealm(digestRealm("nope")));
    assertEquals(401, r.getStatusCode());
    assertEquals(2, server.received().size());
  }

  @Test
  void staleNonceEarnsOneMoreReplayWithTheNewNonce() throws Exception {
    server.route(
        "/digest",
        (ctx, req) -> {
          if (validDigest(req, "n2")) {
            TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok");
          } else {
            // the first challenge names n1; a reply to n1 is told it is stale and given n2
            String auth = req.headers().get(HttpHeaderNames.AUTHORIZATION);
            boolean answeredN1 = auth != null && "n1".equals(DigestVerifier.params(auth).get("nonce"));
            challenge(ctx, req, "MD5", "auth", answeredN1 ? "n2" : "n1", answeredN1);
          }
        });
    Response r = run(client().prepareGet(server.url("/digest")).setRealm(digestRealm("pass")));
    assertEquals(200, r.getStatusCode());
    assertEquals(3, server.received().size());
  }

  @Test
  void alwaysStaleServerDoesNotLoop() throws Exception {
    server.route(
        "/digest",
        (ctx, req) -> {
          validDigest(req, "never");
          challenge(ctx, req, "MD5", "auth", "n" + server.received().size(), true);
        });
    Response r = run(client().prepareGet(server.url("/digest")).setRealm(digestRealm("pass")));
    assertEquals(401, r.getStatusCode());
    assertEquals(3, server.received().size());
  }

  @Test
  void nonceCountGrowsWhenTheNonceIsUsedAgainOnTheNextHop() throws Exception {
    server.route(
        "/digest-first",
        (ctx, req) -> {
          if (validDigest(req, "n1")) {
            TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", "/digest-second");
          } else {
            challenge(ctx, req, "MD5", "auth", "n1", false);
          }
        });
    server.route("/digest-second", digest("MD5", "auth", "n1", "second"));
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
      Response r =
          run(client.prepareGet(server.url("/digest-first")).setRealm(digestRealm("pass")));
      assertEquals(200, r.getStatusCode());
      assertEquals("second", r.getResponseBody());
      // challenge, answer (nc 1), redirected hop reusing the nonce (nc 2), no new challenge
      assertEquals(Arrays.asList(null, "00000001", "00000002"), nonceCounts);
    }
  }

  @Test
  void digestRealmWithoutAChallengeSendsNothing() throws Exception {
    server.route("/digest", digest("MD5", "auth", "n1", "ok"));
    run(client().prepareGet(server.url("/digest")).setRealm(digestRealm("pass")));
    assertNull(server.received().get(0).headers.get(HttpHeaderNames.AUTHORIZATION));
  }
}

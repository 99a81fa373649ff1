package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.cookie.DefaultCookie;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.testing.TwoOrigins;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Cookies across the hops of one exchange, with the client's cookie store. */
class CookieFlowTest extends TwoOrigins {

  @BeforeEach
  void start() throws Exception {
    for (TestServer s : new TestServer[] {a, b}) {
      // /set?h=<Set-Cookie value>&h=...: 200 with those Set-Cookie headers
      s.route("/set", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "set", setCookies(req.uri(), null)));
      // /move?to=<location>&h=<Set-Cookie value>...: 302 with those Set-Cookie headers
      s.route(
          "/move",
          (ctx, req) -> {
            String to = new QueryStringDecoder(req.uri()).parameters().get("to").get(0);
            TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", setCookies(req.uri(), to));
          });
      // a 200 with one Set-Cookie2 and one Set-Cookie header
      s.route(
          "/both",
          (ctx, req) ->
              TestServer.respond(
                  ctx,
                  req,
                  HttpResponseStatus.OK,
                  "both",
                  "Set-Cookie2",
                  "two=2; Version=1; Path=/",
                  "Set-Cookie",
                  "one=1; Path=/"));
      // /challenge?h=<Set-Cookie value>...: 401 with a Basic challenge and those Set-Cookie headers
      // until a request carries Authorization, then the Cookie header like /home
      s.route(
          "/challenge",
          (ctx, req) -> {
            if (req.headers().contains(HttpHeaderNames.AUTHORIZATION)) {
              String cookie = req.headers().get(HttpHeaderNames.COOKIE);
              TestServer.respond(ctx, req, HttpResponseStatus.OK, cookie == null ? "-" : sorted(cookie));
              return;
            }
            List<String> headers = new ArrayList<>(List.of(setCookies(req.uri(), null)));
            headers.add("WWW-Authenticate");
            headers.add("Basic realm=\"r\"");
            TestServer.respond(ctx, req, HttpResponseStatus.UNAUTHORIZED, "", headers.toArray(new String[0]));
          });
      // echoes the Cookie header as a sorted set of pairs
      s.route(
          "/home",
          (ctx, req) -> {
            String cookie = req.headers().get(HttpHeaderNames.COOKIE);
            TestServer.respond(ctx, req, HttpResponseStatus.OK, cookie == null ? "-" : sorted(cookie));
          });
    }
  }

  private static String[] setCookies(String uri, String location) {
    List<String> headers = new ArrayList<>();
    if (location != null) {
      headers.add("Location");
      headers.add(location);
    }
    List<String> values = new QueryStringDecoder(uri).parameters().get("h");
    if (values != null) {
      for (String v : values) {
        headers.add("Set-Cookie");
        headers.add(v);
      }
    }
    return headers.toArray(new String[0]);
  }

  private static String sorted(String cookieHeader) {
    TreeSet<String> pairs = new TreeSet<>();
    for (String pair : cookieHeader.split(";")) {
      pairs.add(pair.trim());
    }
    return String.join(" ", pairs);
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private static String move(TestServer s, String to, String... setCookies) {
    StringBuilder url = new StringBuilder(s.url("/move?to=" + enc(to)));
    for (String c : setCookies) {
      url.append("&h=").append(enc(c));
    }
    return url.toString();
  }

  private static String set(TestServer s, String... setCookies) {
    StringBuilder url = new StringBuilder(s.url("/set?x"));
    for (String c : setCookies) {
      url.append("&h=").append(enc(c));
    }
    return url.toString();
  }

  private static DefaultAsyncHttpClient client() {
    return ClientFixture.client(ClientFixture.config().setFollowRedirect(true));
  }

  private static String body(BoundRequestBuilder rb) throws Exception {
    Response r = rb.execute().get(5, TimeUnit.SECONDS);
    assertEquals(200, r.getStatusCode());
    return r.getResponseBody();
  }

  @Test
  void cookieSetByARedirectReachesTheNextHop() throws Exception {
    try (DefaultAsyncHttpClient client = client()) {
      assertEquals("sid=abc", body(client.prepareGet(move(a, "/home", "sid=abc; Path=/"))));
    }
  }

  @Test
  void callersCookieIsNotOverwrittenByTheStore() throws Exception {
    try (DefaultAsyncHttpClient client = client()) {
      body(client.prepareGet(set(a, "pref=store; Path=/", "other=fromstore; Path=/")));
      String seen =
          body(client.prepareGet(move(a, "/home")).addCookie(new DefaultCookie("pref", "mine")));
      assertEquals("other=fromstore pref=mine", seen);
      // the first hop carried the caller's value too
      String first = a.received().get(1).headers.get(HttpHeaderNames.COOKIE);
      assertEquals("other=fromstore pref=mine", sorted(first));
    }
  }

  @Test
  void cookieForAnotherDomainIsIgnored() throws Exception {
    try (DefaultAsyncHttpClient client = client()) {
      String seen =
          body(client.prepareGet(move(a, "/home", "foreign=1; Domain=example.com; Path=/", "local=2; Path=/")));
      assertEquals("local=2", seen);
    }
  }

  @Test
  void cookieRotatedByTheRedirectIsSentWithItsNewValue() throws Exception {
    try (DefaultAsyncHttpClient client = client()) {
      body(client.prepareGet(set(a, "sid=old; Path=/")));
      assertEquals("sid=new", body(client.prepareGet(move(a, "/home", "sid=new; Path=/"))));
    }
  }

  @Test
  void cookieDeletedByTheRedirectIsNotSent() throws Exception {
    try (DefaultAsyncHttpClient client = client()) {
      body(client.prepareGet(set(a, "sid=old; Path=/", "keep=1; Path=/")));
      assertEquals("keep=1", body(client.prepareGet(move(a, "/home", "sid=; Max-Age=0; Path=/"))));
    }
  }

  @Test
  void crossOriginHopGetsTheStoresCookiesButNotTheCallers() throws Exception {
    try (DefaultAsyncHttpClient client = client()) {
      // Cookies do not isolate by port (RFC 6265 section 8.5): the store's cookie for 127.0.0.1
      // is sent to the other port; the caller's token, bound to the first origin, is not.
      String seen =
          body(
              client
                  .prepareGet(move(a, b.url("/home"), "sid=abc; Path=/"))
                  .addCookie(new DefaultCookie("token", "secret")));
      assertEquals("sid=abc", seen);
      assertEquals("token=secret", a.received().get(0).headers.get(HttpHeaderNames.COOKIE));
    }
  }

  @Test
  void withoutAStoreOnlyTheCallersCookiesTravel() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true).setCookieStore(null))) {
      String seen =
          body(
              client
                  .prepareGet(move(a, "/home", "sid=abc; Path=/"))
                  .addCookie(new DefaultCookie("token", "secret")));
      assertEquals("token=secret", seen);
    }
  }

  @Test
  void aCallersCookieHeaderComesFirstAndARequestCookieOfTheSameNameIsDropped() throws Exception {
    try (DefaultAsyncHttpClient client = client()) {
      body(client.prepareGet(set(a, "a=store; Path=/", "s=store; Path=/")));
      client
          .prepareGet(a.url("/home"))
          .setHeader(HttpHeaderNames.COOKIE, "a=header; b=2")
          .addCookie(new DefaultCookie("b", "request"))
          .addCookie(new DefaultCookie("c", "3"))
          .execute()
          .get(5, TimeUnit.SECONDS);
      // written as the caller wrote it, then the others; the store's a and the request's b are dropped
      assertEquals("a=header; b=2; c=3; s=store", last(a).headers.get(HttpHeaderNames.COOKIE));
    }
  }

  @Test
  void theCallersCookieHeaderFollowsARedirectButNotWhatTheRedirectReplacedOrDeleted() throws Exception {
    try (DefaultAsyncHttpClient client = client()) {
      String seen =
          body(
              client
                  .prepareGet(move(a, "/home", "sid=new; Path=/", "gone=; Max-Age=0; Path=/"))
                  .setHeader(HttpHeaderNames.COOKIE, "sid=old; keep=1; gone=1"));
      assertEquals("keep=1 sid=new", seen);
    }
  }

  @Test
  void anAuthReplayRefreshesTheCallersCookieHeaderToo() throws Exception {
    try (DefaultAsyncHttpClient client = client()) {
      StringBuilder url = new StringBuilder(a.url("/challenge?x"));
      url.append("&h=").append(enc("sid=new; Path=/"));
      Response r =
          client
              .prepareGet(url.toString())
              .setRealm(org.asynchttpclient.Dsl.basicAuthRealm("u", "p"))
              .setHeader(HttpHeaderNames.COOKIE, "sid=old; keep=1")
              .execute()
              .get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("keep=1 sid=new", r.getResponseBody());
    }
  }

  @Test
  void aMalformedSetCookieIsIgnored() throws Exception {
    try (DefaultAsyncHttpClient client = client()) {
      Response r =
          client
              .prepareGet(set(a, "=nameless; Path=/", "quote=\"unterminated; Path=/", "good=1; Path=/"))
              .execute()
              .get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("good=1", body(client.prepareGet(a.url("/home"))));
    }
  }

  private static TestServer.Received last(TestServer s) {
    List<TestServer.Received> all = s.received();
    return all.get(all.size() - 1);
  }

  private static Map<String, String> cookies(Response r) {
    Map<String, String> pairs = new TreeMap<>();
    r.getCookies().forEach(c -> pairs.put(c.name(), c.value()));
    return pairs;
  }

  // One cookie both decoders accept, then two only the lax one keeps (a space, a comma).
  private static final String[] GOOD_AND_LAX = {"good=1; Path=/", "bad=a b; Path=/", "json={a:1,b:2}; Path=/"};

  @Test
  void byDefaultACookieTheStrictEncoderCannotSendIsNotStored() throws Exception {
    try (DefaultAsyncHttpClient client = client()) {
      Response first = client.prepareGet(set(a, GOOD_AND_LAX)).execute().get(5, TimeUnit.SECONDS);
      assertEquals(200, first.getStatusCode());
      assertEquals(Map.of("good", "1"), cookies(first));
      // were the others stored, the strict encoder would fail this request
      assertEquals("good=1", body(client.prepareGet(a.url("/home"))));
    }
  }

  @Test
  void byDefaultACookieTheStrictEncoderCannotSendIsNotCarriedByTheRedirect() throws Exception {
    try (DefaultAsyncHttpClient client = client()) {
      assertEquals("good=1", body(client.prepareGet(move(a, "/home", GOOD_AND_LAX))));
    }
  }

  @Test
  void aDeletionTheStoreRefusesLeavesTheCallersCookie() throws Exception {
    try (DefaultAsyncHttpClient client = client()) {
      // the strict decoder refuses the value, so the store never saw the deletion: it retires nothing
      String seen =
          body(
              client
                  .prepareGet(move(a, "/home", "sid=a b; Max-Age=0; Path=/"))
                  .addCookie(new DefaultCookie("sid", "mine")));
      assertEquals("sid=mine", seen);
    }
  }

  @Test
  void getCookiesPrefersSetCookie2ButTheStoreKeepsSetCookie() throws Exception {
    // Both as AHC 3.0.12: NettyResponse.buildCookies reads Set-Cookie2 first, while the interceptor that
    // fills the cookie store reads only Set-Cookie.
    try (DefaultAsyncHttpClient client = client()) {
      Response first = client.prepareGet(a.url("/both")).execute().get(5, TimeUnit.SECONDS);
      assertEquals(200, first.getStatusCode());
      assertEquals(Map.of("two", "2"), cookies(first));
      assertEquals("one=1", body(client.prepareGet(a.url("/home"))));
    }
  }

  @Test
  void laxCookiesAreStoredAndSentWithTheLaxEncoder() throws Exception {
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setUseLaxCookieEncoder(true))) {
      Response first = client.prepareGet(set(a, GOOD_AND_LAX)).execute().get(5, TimeUnit.SECONDS);
      assertEquals(200, first.getStatusCode());
      // Response.getCookies() decodes strictly whatever the option says, as AHC 3.0.12 does
      assertEquals(Map.of("good", "1"), cookies(first));
      assertEquals("bad=a b good=1 json={a:1,b:2}", body(client.prepareGet(a.url("/home"))));
    }
  }
}

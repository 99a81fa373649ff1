package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.cookie.DefaultCookie;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.testing.TwoOrigins;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Credentials never follow a redirect off their origin, and never come back: every credential
 * kind x every way the origin changes x every hop pattern, asserting what each server received.
 */
class CredentialStrippingTest extends TwoOrigins {

  /** What one hop carried, as the server saw it. */
  private static final class Seen {
    final String host;
    final String authorization;
    final String proxyAuthorization;
    final String cookie;

    Seen(io.netty.handler.codec.http.HttpHeaders h) {
      this.host = h.get(HttpHeaderNames.HOST);
      this.authorization = h.get(HttpHeaderNames.AUTHORIZATION);
      this.proxyAuthorization = h.get(HttpHeaderNames.PROXY_AUTHORIZATION);
      this.cookie = h.get(HttpHeaderNames.COOKIE);
    }

    @Override
    public String toString() {
      return host + " auth=" + authorization + " proxy=" + proxyAuthorization + " cookie=" + cookie;
    }
  }

  enum Credential {
    AUTHORIZATION_HEADER {
      @Override
      void apply(BoundRequestBuilder rb, DefaultAsyncHttpClientConfig.Builder config) {
        rb.setHeader(HttpHeaderNames.AUTHORIZATION, "Bearer secret");
      }

      @Override
      boolean present(Seen s) {
        return "Bearer secret".equals(s.authorization);
      }
    },
    COOKIE_HEADER {
      @Override
      void apply(BoundRequestBuilder rb, DefaultAsyncHttpClientConfig.Builder config) {
        rb.setHeader(HttpHeaderNames.COOKIE, "token=secret");
      }

      @Override
      boolean present(Seen s) {
        return s.cookie != null && s.cookie.contains("token=secret");
      }
    },
    COOKIE_OBJECT {
      @Override
      void apply(BoundRequestBuilder rb, DefaultAsyncHttpClientConfig.Builder config) {
        rb.addCookie(new DefaultCookie("token", "secret"));
      }

      @Override
      boolean present(Seen s) {
        return s.cookie != null && s.cookie.contains("token=secret");
      }
    },
    REQUEST_REALM {
      @Override
      void apply(BoundRequestBuilder rb, DefaultAsyncHttpClientConfig.Builder config) {
        rb.setRealm(basic());
      }

      @Override
      boolean present(Seen s) {
        return s.authorization != null && s.authorization.startsWith("Basic ");
      }
    },
    CONFIG_REALM {
      @Override
      void apply(BoundRequestBuilder rb, DefaultAsyncHttpClientConfig.Builder config) {
        // set on the config before the client is built, see newClient
      }

      @Override
      boolean present(Seen s) {
        return s.authorization != null && s.authorization.startsWith("Basic ");
      }
    },
    PROXY_AUTHORIZATION_HEADER {
      @Override
      void apply(BoundRequestBuilder rb, DefaultAsyncHttpClientConfig.Builder config) {
        rb.setHeader(HttpHeaderNames.PROXY_AUTHORIZATION, "Basic c2VjcmV0");
      }

      @Override
      boolean present(Seen s) {
        return "Basic c2VjcmV0".equals(s.proxyAuthorization);
      }
    };

    abstract void apply(BoundRequestBuilder rb, DefaultAsyncHttpClientConfig.Builder config);

    abstract boolean present(Seen s);
  }

  /** How the second origin differs from the first. */
  enum Change {
    PORT,
    HOST
  }

  /** Which origin each hop goes to: A is the first, B the other. */
  enum Path {
    A_B("AB"),
    A_A_B("AAB"),
    A_B_B("ABB"),
    A_B_A("ABA");

    final String hops;

    Path(String hops) {
      this.hops = hops;
    }
  }

  private final List<Seen> seen = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws Exception {
    for (TestServer s : new TestServer[] {a, b}) {
      // /chain?to=url1,url2: redirects to url1 carrying the rest; answers 200 when none is left
      s.route(
          "/chain",
          (ctx, req) -> {
            seen.add(new Seen(req.headers()));
            List<String> to = new QueryStringDecoder(req.uri()).parameters().get("to");
            String rest = to == null ? "" : to.get(0);
            if (rest.isEmpty()) {
              TestServer.respond(ctx, req, HttpResponseStatus.OK, "done");
              return;
            }
            int comma = rest.indexOf(',');
            String next = comma < 0 ? rest : rest.substring(0, comma);
            String after = comma < 0 ? "" : rest.substring(comma + 1);
            TestServer.respond(
                ctx, req, HttpResponseStatus.FOUND, "", "Location", chain(next, after));
          });
    }
  }

  private static String chain(String origin, String rest) {
    return origin + "/chain?to=" + URLEncoder.encode(rest, StandardCharsets.UTF_8);
  }

  private static Realm basic() {
    return Dsl.basicAuthRealm("user", "pass").setUsePreemptiveAuth(true).build();
  }

  private String origin(char which, Change change) {
    if (which == 'A') {
      return "http://127.0.0.1:" + a.port();
    }
    return change == Change.PORT ? "http://127.0.0.1:" + b.port() : "http://localhost:" + a.port();
  }

  static Stream<Arguments> matrix() {
    List<Arguments> all = new ArrayList<>();
    for (Credential c : Credential.values()) {
      for (Change change : Change.values()) {
        for (Path p : Path.values()) {
          all.add(Arguments.of(c, change, p));
        }
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("matrix")
  void credentialsStayWithTheFirstOrigin(Credential credential, Change change, Path path)
      throws Exception {
    List<String> origins = new ArrayList<>();
    for (char hop : path.hops.toCharArray()) {
      origins.add(origin(hop, change));
    }
    String url = chain(origins.get(0), String.join(",", origins.subList(1, origins.size())));
    DefaultAsyncHttpClientConfig.Builder config = ClientFixture.config().setFollowRedirect(true);
    if (credential == Credential.CONFIG_REALM) {
      config.setRealm(basic());
    }
    try (DefaultAsyncHttpClient client = ClientFixture.client(config)) {
      BoundRequestBuilder rb = client.prepareGet(url);
      credential.apply(rb, config);
      Response r = rb.execute().get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals(origins.get(origins.size() - 1) + "/chain?to=", r.getUri().toUrl());
    }
    assertEquals(origins.size(), seen.size(), seen.toString());
    int leaves = path.hops.indexOf('B');
    for (int i = 0; i < seen.size(); i++) {
      boolean expected = i < leaves;
      assertEquals(
          expected,
          credential.present(seen.get(i)),
          "hop " + i + " of " + path + " via " + change + ": " + seen);
    }
  }

  @Test
  void hostChangeReachesTheSameServerUnderAnotherName() throws Exception {
    // guards the HOST rows above: they only mean something if "localhost" hops really happen
    String url = chain(origin('A', Change.HOST), origin('B', Change.HOST));
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
      assertEquals(200, client.prepareGet(url).execute().get(5, TimeUnit.SECONDS).getStatusCode());
    }
    assertEquals(
        Arrays.asList("127.0.0.1:" + a.port(), "localhost:" + a.port()),
        Arrays.asList(seen.get(0).host, seen.get(1).host));
  }

  @Test
  void stripAuthorizationOnRedirectStripsEvenOnTheSameOrigin() throws Exception {
    String originA = origin('A', Change.PORT);
    String url = chain(originA, originA);
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            ClientFixture.config().setFollowRedirect(true).setStripAuthorizationOnRedirect(true))) {
      Response r =
          client
              .prepareGet(url)
              .setHeader(HttpHeaderNames.AUTHORIZATION, "Bearer secret")
              .setRealm(basic())
              .execute()
              .get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
    }
    assertNotNull(seen.get(0).authorization);
    assertNull(seen.get(1).authorization, seen.toString());
  }

  @Test
  void sameOriginRedirectKeepsEveryCredential() throws Exception {
    String originA = origin('A', Change.PORT);
    String url = chain(originA, originA + "," + originA);
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setFollowRedirect(true).setRealm(basic()))) {
      client
          .prepareGet(url)
          .setHeader(HttpHeaderNames.PROXY_AUTHORIZATION, "Basic c2VjcmV0")
          .addCookie(new DefaultCookie("token", "secret"))
          .execute()
          .get(5, TimeUnit.SECONDS);
    }
    assertEquals(3, seen.size());
    for (Seen s : seen) {
      assertEquals("Basic dXNlcjpwYXNz", s.authorization, seen.toString());
      assertEquals("Basic c2VjcmV0", s.proxyAuthorization);
      assertEquals("token=secret", s.cookie);
    }
  }
}

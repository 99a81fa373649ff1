package org.asynchttpclient.testing;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The fixture of the tests about crossing origins (redirects, cookies, credentials, per-host
 * limits), as a base class: two loopback {@link TestServer}s, {@link #a} and {@link #b}, on two
 * ports of 127.0.0.1 and so two origins, with no routes; new for each test (a subclass's own
 * {@code @BeforeEach} adds the routes) and closed after it, after the subclass's own
 * {@code @AfterEach} methods.
 */
public abstract class TwoOrigins {
  protected TestServer a;
  protected TestServer b;

  @BeforeEach
  protected final void startTwoServers() throws InterruptedException {
    a = new TestServer();
    b = new TestServer();
  }

  @AfterEach
  protected final void closeTwoServers() throws Exception {
    Closing.closeAll(a, b);
  }

  /**
   * Routes {@code /r?code=302&to=<location>} on {@code s}: a redirect with that status and that
   * Location ("moved"), or without a Location when "to" is absent ("no location").
   */
  protected static void routeRedirects(TestServer s) {
    s.route(
        "/r",
        (ctx, req) -> {
          QueryStringDecoder q = new QueryStringDecoder(req.uri());
          int code = Integer.parseInt(q.parameters().get("code").get(0));
          List<String> to = q.parameters().get("to");
          if (to == null) {
            TestServer.respond(ctx, req, HttpResponseStatus.valueOf(code), "no location");
          } else {
            TestServer.respond(ctx, req, HttpResponseStatus.valueOf(code), "moved", "Location", to.get(0));
          }
        });
  }

  /** The path of {@link #routeRedirects}'s route that redirects with {@code code} to {@code location}. */
  protected static String redirectPath(int code, String location) {
    return "/r?code=" + code + "&to=" + URLEncoder.encode(location, StandardCharsets.UTF_8);
  }

  /**
   * Routes {@code /target} on {@code s}: a 200 that echoes what it received, {@code "METHOD [body]"},
   * with the request target after the method when {@code withTarget}.
   */
  protected static void routeEchoingTarget(TestServer s, boolean withTarget) {
    s.route(
        "/target",
        (ctx, req) -> {
          String target = withTarget ? " " + req.uri() : "";
          String body = req.content().toString(StandardCharsets.UTF_8);
          TestServer.respond(ctx, req, HttpResponseStatus.OK, req.method().name() + target + " [" + body + "]");
        });
  }
}

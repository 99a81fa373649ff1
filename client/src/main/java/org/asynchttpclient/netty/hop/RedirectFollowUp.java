package org.asynchttpclient.netty.hop;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.Cookie;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Request;
import org.asynchttpclient.handler.MaxRedirectException;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Follows 301, 302, 303, 307 and 308 when redirects are on for the request ({@link
 * Request#getFollowRedirect()}, else the client's {@code followRedirect}).
 *
 * <ul>
 *   <li>Method and body: 303 always becomes GET without body; 301 and 302 too, except that 302
 *       keeps method and body under {@code strict302Handling}; 307 and 308 keep both. GET and HEAD
 *       stay what they are.
 *   <li>Target: the {@code Location}, resolved against the current URI; its query replaces the old
 *       one. A redirect without {@code Location} goes to the handler as a normal response. A
 *       WebSocket upgrade sent to an {@code http} or {@code https} URL stays an upgrade, to
 *       {@code ws} or {@code wss} (see {@link #upgradeTarget}), before the origin checks below.
 *   <li>Limit: the redirect after {@code maxRedirects} followed ones fails the exchange with {@link
 *       MaxRedirectException}.
 *   <li>Credentials stay home: on a hop to another origin (scheme, host or port), from HTTPS to
 *       HTTP, or on every redirect under {@code stripAuthorizationOnRedirect}, the next request
 *       loses {@code Authorization}, {@code Proxy-Authorization}, explicit {@code Cookie} headers
 *       and cookies, and its realm, and the exchange stops applying the client's realm for good,
 *       even on a later hop back to the first origin. AHC 3.0.11 forwarded them (the class of bug
 *       behind CVE-2024-45336 and CVE-2026-40490). The cookie store's own cookies for the new URI
 *       are still sent: the store applies the domain rules.
 * </ul>
 */
final class RedirectFollowUp {
  private final AsyncHttpClientConfig config;

  RedirectFollowUp(AsyncHttpClientConfig config) {
    this.config = config;
  }

  /**
   * Where a redirected request goes: {@code next}, except that an upgrade ({@code ws}/{@code wss})
   * redirected to an {@code http}/{@code https} URL goes to the same URL as {@code ws}/{@code wss}.
   * RFC 6455 (3, 4.1) runs the opening handshake over http and https: a server that answers an
   * upgrade with an absolute Location can only write those schemes, and means the same resource as
   * a socket. AHC 3.0.11 sent that hop as a plain GET without the upgrade headers, so no socket
   * opened. Mapped before the origin checks: {@code http://host:port} after {@code
   * ws://host:port} is the same origin, {@code http} after {@code wss} a downgrade.
   */
  static Uri upgradeTarget(Uri from, Uri next) {
    if (!from.isWebSocket()) {
      return next;
    }
    if (Uri.HTTP.equalsIgnoreCase(next.getScheme())) {
      return next.withNewScheme(Uri.WS);
    }
    if (Uri.HTTPS.equalsIgnoreCase(next.getScheme())) {
      return next.withNewScheme(Uri.WSS);
    }
    return next;
  }

  static boolean isRedirect(int code) {
    return code == 301 || code == 302 || code == 303 || code == 307 || code == 308;
  }

  /**
   * The request of the next hop, or null to deliver this response.
   *
   * @throws MaxRedirectException when the limit is reached
   * @throws IOException when a 307/308 needs the body again and it cannot be produced twice
   */
  @Nullable Request follow(Exchange<?> ex, int code, HttpHeaders headers)
      throws MaxRedirectException, IOException {
    Request current = ex.request();
    Boolean perRequest = current.getFollowRedirect();
    boolean follow = perRequest != null ? perRequest : config.isFollowRedirect();
    String location = headers.get(HttpHeaderNames.LOCATION);
    if (!follow || location == null || location.trim().isEmpty()) {
      return null;
    }
    FollowUpState state = ex.followUp();
    if (state.redirects >= config.getMaxRedirects()) {
      throw new MaxRedirectException(
          "Maximum redirect reached: " + config.getMaxRedirects() + " (maxRedirects)");
    }
    Uri from = current.getUri();
    Uri next = upgradeTarget(from, Uri.create(from, location.trim()));

    String method = current.getMethod();
    boolean toGet =
        !"GET".equals(method)
            && !"HEAD".equals(method)
            && (code == 303
                || code == 301
                || (code == 302 && !config.isStrict302Handling()));
    boolean keepBody = !toGet;
    if (keepBody && !NextHopRequests.bodyReplayable(ex)) {
      throw new IOException(
          code
              + " redirect to "
              + next
              + " needs the request body again, but it cannot be produced twice"
              + " (a stream body); send a replayable body (bytes, string, file) to follow it");
    }

    boolean strip =
        !Origins.sameOrigin(from, next)
            || Origins.downgradesTls(from, next)
            || config.isStripAuthorizationOnRedirect();
    List<Cookie> caller = HopCookies.callerCookies(state, current, headers, config.getCookieStore());
    if (strip) {
      caller = Collections.emptyList();
      ex.dropCredentials();
    }
    List<Cookie> cookies = HopCookies.forNextHop(caller, next, config.getCookieStore());
    Request nextRequest =
        NextHopRequests.redirect(current, next, toGet ? "GET" : method, keepBody, strip, cookies);
    ex.followUp(state.redirected(caller));
    return nextRequest;
  }
}

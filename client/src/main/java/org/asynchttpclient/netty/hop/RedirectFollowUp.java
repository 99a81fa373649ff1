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
import org.asynchttpclient.handler.RedirectRefusedException.Reason;
import org.asynchttpclient.handler.RedirectRefusedException;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.request.HopRequestBuilder;
import org.asynchttpclient.netty.request.NextHopRequests;
import org.asynchttpclient.netty.request.Origins;
import org.asynchttpclient.netty.request.body.InputStreamNettyBody;
import org.asynchttpclient.netty.request.body.NettyBody;
import org.asynchttpclient.uri.Uri;
import org.asynchttpclient.util.HttpConstants.Methods;
import org.jetbrains.annotations.Nullable;

/**
 * Follows 301, 302, 303, 307 and 308 when redirects are on for the request ({@link
 * Request#getFollowRedirect()}, else the client's {@code followRedirect}).
 *
 * <ul>
 *   <li>Method and body (RFC 9110 15.4, as upstream main after 3.0.12 has them): a 303 turns every
 *       method but GET, HEAD and OPTIONS into GET, and drops the body of every method; a 301 or 302
 *       turns only POST into GET without body (the historical rewrite RFC 9110 15.4.2 and 15.4.3
 *       allow for POST alone), and keeps every other method with its body: PUT, PATCH, DELETE,
 *       QUERY (RFC 10008 2.5) and extension methods; under {@code strict302Handling} a 302 keeps
 *       POST too; 307 and 308 keep method and body. A kept body is the request's own, whatever its
 *       kind (bytes, string, buffers, form, parts, file, stream, generator), and must be one that
 *       can be produced again. AHC 3.0.11 turned every method but GET, HEAD and OPTIONS into GET on
 *       a 301 or 302, and dropped a GET's body on those too.
 *   <li>Target: the {@code Location}, resolved against the current URI; its query replaces the old
 *       one. A redirect without {@code Location} goes to the handler as a normal response. A
 *       WebSocket upgrade sent to an {@code http} or {@code https} URL stays an upgrade, to
 *       {@code ws} or {@code wss} (see {@link #upgradeTarget}), before the origin checks below.
 *   <li>Limit: as in every AHC, a redirect counts against {@code maxRedirects} before it is
 *       followed: the {@code maxRedirects}-th redirect of an exchange fails it with {@link
 *       MaxRedirectException} (so {@code maxRedirects} 5, the default, follows four; 1 follows none),
 *       before the refusals below are considered.
 *   <li>Refusals, off by default, each on when the client or any request of the exchange asks
 *       (see {@link Exchange#refusesSchemeDowngrade()}): {@code refuseSchemeDowngradeOnRedirect}
 *       refuses a hop from {@code https}/{@code wss} to an unsecured scheme; {@code
 *       refuseCrossOriginBodyOnRedirect} refuses a hop that keeps a body the request carries to
 *       another origin, except the same host moving onto TLS ({@link
 *       Origins#upgradesToTlsOnSameHost}). Either fails the exchange with {@link
 *       RedirectRefusedException} before the next request is built (so before the check that the
 *       body can be produced again, whose IOException would otherwise be what the caller sees).
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
   * @throws RedirectRefusedException when a refusal applies to this hop
   * @throws IOException when the hop keeps a body that cannot be produced twice
   */
  @Nullable Request follow(Exchange<?> ex, int code, HttpHeaders headers)
      throws MaxRedirectException, RedirectRefusedException, IOException {
    Request current = ex.request();
    Boolean perRequest = current.getFollowRedirect();
    boolean follow = perRequest != null ? perRequest : config.isFollowRedirect();
    String location = headers.get(HttpHeaderNames.LOCATION);
    if (!follow || location == null || location.trim().isEmpty()) {
      return null;
    }
    FollowUpState state = ex.followUps().state();
    if (state.redirects + 1 >= config.getMaxRedirects()) {
      throw new MaxRedirectException(
          "Maximum redirect reached: " + config.getMaxRedirects() + " (maxRedirects)");
    }
    Uri from = current.getUri();
    Uri next = upgradeTarget(from, Uri.create(from, location.trim()));

    String method = current.getMethod();
    boolean toGet = switchesToGet(code, method);
    boolean keepBody = code != 303 && !toGet;
    NettyBody sent = NextHopRequests.sentBody(ex);
    refuseIfAsked(ex, code, from, next, keepBody && sent != null);
    if (keepBody && sent != null && !sent.isReplayable()) {
      // 3.0.14's message for the usual case, a stream without mark/reset, so code matching it works.
      throw new IOException(
          sent instanceof InputStreamNettyBody
              ? "Redirect request body InputStream does not support mark/reset and cannot be replayed"
              : code
                  + " redirect to "
                  + next.toUrlWithoutUserInfo()
                  + " needs the request body again, but it cannot be produced twice"
                  + " (a stream body); send a replayable body (bytes, string, file) to follow it");
    }

    boolean strip =
        !Origins.sameOrigin(from, next)
            || Origins.downgradesTls(from, next)
            || config.isStripAuthorizationOnRedirect();
    List<Cookie> caller = HopCookies.callerCookies(state, current, headers, config);
    if (strip) {
      caller = Collections.emptyList();
      ex.followUps().dropCredentials();
    }
    List<Cookie> cookies = HopCookies.forNextHop(caller, next, config.getCookieStore());
    Request nextRequest =
        NextHopRequests.redirect(current, next, toGet ? "GET" : method, keepBody, strip, cookies);
    if (!strip) {
      nextRequest = HopCookies.withCallerHeader(nextRequest, current, headers, config);
    }
    ex.followUps().state(state.redirected(caller));
    return nextRequest;
  }

  /**
   * Whether a redirect of {@code code} turns {@code method} into GET: a 303 does so for every
   * method but GET, HEAD and OPTIONS (which it keeps, without their body); a 301, and a 302 unless
   * {@code strict302Handling}, for POST alone.
   */
  private boolean switchesToGet(int code, String method) {
    if (Methods.GET.equals(method) || Methods.HEAD.equals(method) || Methods.OPTIONS.equals(method)) {
      return false;
    }
    if (code == 303) {
      return true;
    }
    boolean historicalRewrite = code == 301 || (code == 302 && !config.isStrict302Handling());
    return historicalRewrite && Methods.POST.equals(method);
  }

  /**
   * Fails the exchange's redirect from {@code from} to {@code next} when a refusal the client or a
   * request of the exchange asked for applies. Checked in this order: a downgrade is refused
   * whether or not the hop carries a body.
   *
   * @param resendsBody whether the next hop would send a body this request carries
   */
  private void refuseIfAsked(Exchange<?> ex, int code, Uri from, Uri next, boolean resendsBody)
      throws RedirectRefusedException {
    boolean refuseDowngrade = config.isRefuseSchemeDowngradeOnRedirect() || ex.followUps().refusesSchemeDowngrade();
    if (refuseDowngrade && Origins.downgradesTls(from, next)) {
      throw new RedirectRefusedException(Reason.SCHEME_DOWNGRADE, code, from, next);
    }
    boolean refuseBody = config.isRefuseCrossOriginBodyOnRedirect() || ex.followUps().refusesCrossOriginBody();
    if (refuseBody
        && resendsBody
        && !Origins.sameOrigin(from, next)
        && !Origins.upgradesToTlsOnSameHost(from, next)) {
      throw new RedirectRefusedException(Reason.CROSS_ORIGIN_BODY, code, from, next);
    }
  }
}

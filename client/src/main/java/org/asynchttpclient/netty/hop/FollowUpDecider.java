package org.asynchttpclient.netty.hop;

import io.netty.handler.codec.http.HttpHeaders;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.exchange.Exchange;
import org.jetbrains.annotations.Nullable;

/**
 * The engine's {@link HopDecider}: on each response head, first the client's response filters
 * (which may ask for a replay), then a 401 or 407 challenge answered with credentials, then a
 * redirect. Each returns the next hop's request or passes; when all pass, the response goes to the
 * handler. Per-exchange memory lives in the exchange ({@link Exchange#followUp()}).
 *
 * <p>Thread-safe: holds only the configuration; runs on the event loop of the exchange's channel.
 */
public final class FollowUpDecider implements HopDecider {
  private final ResponseFilterFollowUp filters;
  private final AuthFollowUp auth;
  private final RedirectFollowUp redirects;

  public FollowUpDecider(AsyncHttpClientConfig config) {
    this.filters = new ResponseFilterFollowUp(config.getResponseFilters());
    this.auth = new AuthFollowUp(config);
    this.redirects = new RedirectFollowUp(config);
  }

  @Override
  public @Nullable Request nextHop(Exchange<?> ex, HttpResponseStatus status, HttpHeaders headers)
      throws Exception {
    Request replay = filters.apply(ex, status, headers);
    if (replay != null) {
      return replay;
    }
    int code = status.getStatusCode();
    if (code == 401) {
      return auth.unauthorized(ex, headers);
    }
    if (code == 407) {
      return auth.proxyUnauthorized(ex, headers);
    }
    if (RedirectFollowUp.isRedirect(code)) {
      return redirects.follow(ex, code, headers);
    }
    return null;
  }
}

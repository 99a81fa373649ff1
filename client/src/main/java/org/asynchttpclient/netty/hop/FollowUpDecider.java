package org.asynchttpclient.netty.hop;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Request;
import org.asynchttpclient.events.HopKind;
import org.asynchttpclient.exception.FilterException;
import org.asynchttpclient.filter.FilterContext;
import org.asynchttpclient.filter.ResponseFilter;
import org.asynchttpclient.netty.exchange.Exchange;
import org.jetbrains.annotations.Nullable;

/**
 * The engine's {@link HopDecider}: on each response head, first the client's response filters
 * (which may ask for a replay), then a 401 or 407 challenge answered with credentials, then a
 * redirect. Each returns the next hop's request or passes; when all pass, the response goes to the
 * handler. Per-exchange memory lives in the exchange ({@code Exchange#followUp()}).
 *
 * <p>Thread-safe: holds only the configuration; runs on the event loop of the exchange's channel.
 */
public final class FollowUpDecider implements HopDecider {
  private final List<ResponseFilter> filters;
  private final AuthFollowUp auth;
  private final RedirectFollowUp redirects;

  public FollowUpDecider(AsyncHttpClientConfig config) {
    this.filters = config.getResponseFilters();
    this.auth = new AuthFollowUp(config);
    this.redirects = new RedirectFollowUp(config);
  }

  @Override
  public @Nullable NextHop nextHop(Exchange<?> ex, HttpResponseStatus status, HttpHeaders headers)
      throws Exception {
    Request replay = filtersReplay(ex, status, headers);
    if (replay != null) {
      return new NextHop(replay, HopKind.FILTER_REPLAY);
    }
    int code = status.getStatusCode();
    auth.finish(ex, code, headers);
    Request next = null;
    HopKind kind = HopKind.REDIRECT;
    if (code == 401) {
      next = auth.unauthorized(ex, headers);
      kind = HopKind.AUTH;
    } else if (code == 407) {
      next = auth.proxyUnauthorized(ex, headers);
      kind = HopKind.PROXY_AUTH;
    } else if (RedirectFollowUp.isRedirect(code)) {
      next = redirects.follow(ex, code, headers);
    }
    return next == null ? null : new NextHop(next, kind);
  }

  /**
   * Runs the client's {@link ResponseFilter}s on a response head, in order, each on the context
   * the previous one returned. A filter may swap the handler (the swap holds for the rest of the
   * exchange, this response included) and may ask for a replay: the next hop is then the context's
   * request, sent as the filter built it. A {@link FilterException} fails the exchange.
   *
   * @return the request to replay, or null to go on with this response
   */
  private <T> @Nullable Request filtersReplay(Exchange<T> ex, HttpResponseStatus status, HttpHeaders headers)
      throws FilterException {
    if (filters.isEmpty()) {
      return null;
    }
    FilterContext<T> fc =
        new FilterContext.FilterContextBuilder<>(ex.handler(), ex.request())
            .responseStatus(status)
            .responseHeaders(headers)
            .build();
    for (ResponseFilter filter : filters) {
      fc = IoExceptionFilters.checked(filter.filter(fc), "Response", filter);
    }
    if (fc.getAsyncHandler() != ex.handler()) {
      ex.handler(fc.getAsyncHandler());
    }
    return fc.replayRequest() ? IoExceptionFilters.replayOf(ex, fc) : null;
  }

  @Override
  public boolean continuesOnSameConnection(Exchange<?> ex) {
    return AuthFollowUp.sameConnection(ex);
  }
}

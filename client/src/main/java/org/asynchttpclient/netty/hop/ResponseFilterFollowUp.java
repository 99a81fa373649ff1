package org.asynchttpclient.netty.hop;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Request;
import org.asynchttpclient.exception.FilterException;
import org.asynchttpclient.filter.FilterContext;
import org.asynchttpclient.filter.ResponseFilter;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.request.Origins;
import org.jetbrains.annotations.Nullable;

/**
 * Runs the client's {@link ResponseFilter}s on a response head, in order, each on the context
 * the previous one returned. A filter may swap the handler (the swap holds for the rest of the
 * exchange, this response included) and may ask for a replay: the next hop is then the context's
 * request, sent as the filter built it. A {@link FilterException} fails the exchange.
 */
final class ResponseFilterFollowUp {
  private final List<ResponseFilter> filters;

  ResponseFilterFollowUp(List<ResponseFilter> filters) {
    this.filters = filters;
  }

  /** The request to replay, or null to go on with this response. */
  <T> @Nullable Request apply(Exchange<T> ex, HttpResponseStatus status, HttpHeaders headers)
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
      FilterContext<T> next = filter.filter(fc);
      if (next == null) {
        throw new FilterException(
            "Response filter " + filter.getClass().getName() + " returned null (expected a context)");
      }
      fc = next;
    }
    if (fc.getAsyncHandler() != ex.handler()) {
      ex.handler(fc.getAsyncHandler());
    }
    if (!fc.replayRequest()) {
      return null;
    }
    Request replay = fc.getRequest();
    if (!Origins.sameOrigin(ex.request().getUri(), replay.getUri())) {
      // The filter chose the target and its headers; the client's own realm stays home.
      ex.followUps().dropCredentials();
    }
    return replay;
  }
}

package org.asynchttpclient.netty.hop;

import java.io.IOException;
import java.util.List;
import org.asynchttpclient.Request;
import org.asynchttpclient.exception.FilterException;
import org.asynchttpclient.filter.FilterContext;
import org.asynchttpclient.filter.IOExceptionFilter;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.request.Origins;
import org.jetbrains.annotations.Nullable;

/**
 * Runs the client's {@link IOExceptionFilter}s when a hop's connection failed before any response
 * arrived, in order, each on the context the previous one returned.
 */
public final class IoExceptionFilters {
  private IoExceptionFilters() {}

  /**
   * Returns the request a filter asked to replay (having installed the handler the filters chose),
   * or null when none asked.
   *
   * @throws FilterException from a filter, or when a filter returns no context
   */
  public static <T> @Nullable Request replay(
      List<IOExceptionFilter> filters, Exchange<T> ex, IOException cause) throws FilterException {
    FilterContext<T> fc =
        new FilterContext.FilterContextBuilder<>(ex.handler(), ex.request())
            .ioException(cause)
            .build();
    for (IOExceptionFilter filter : filters) {
      FilterContext<T> next = filter.filter(fc);
      if (next == null) {
        throw new FilterException(
            "IOException filter " + filter.getClass().getName() + " returned null (expected a context)");
      }
      fc = next;
    }
    if (!fc.replayRequest()) {
      return null;
    }
    if (fc.getAsyncHandler() != ex.handler()) {
      ex.handler(fc.getAsyncHandler());
    }
    Request replay = fc.getRequest();
    if (!Origins.sameOrigin(ex.request().getUri(), replay.getUri())) {
      ex.followUps().dropCredentials();
    }
    return replay;
  }
}

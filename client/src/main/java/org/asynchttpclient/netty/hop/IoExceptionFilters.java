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
      fc = checked(filter.filter(fc), "IOException", filter);
    }
    if (!fc.replayRequest()) {
      return null;
    }
    if (fc.getAsyncHandler() != ex.handler()) {
      ex.handler(fc.getAsyncHandler());
    }
    return replayOf(ex, fc);
  }

  /**
   * What {@code filter}, a filter of the {@code kind} named (IOException or Response), returned.
   *
   * @throws FilterException when it returned no context
   */
  static <T> FilterContext<T> checked(@Nullable FilterContext<T> next, String kind, Object filter)
      throws FilterException {
    if (next == null) {
      throw new FilterException(
          kind + " filter " + filter.getClass().getName() + " returned null (expected a context)");
    }
    return next;
  }

  /** The request a filter asked to replay, sent as the filter built it. */
  static Request replayOf(Exchange<?> ex, FilterContext<?> fc) {
    Request replay = fc.getRequest();
    if (!Origins.sameOrigin(ex.request().getUri(), replay.getUri())) {
      // The filter chose the target and its headers; the client's own realm stays home.
      ex.followUps().dropCredentials();
    }
    return replay;
  }
}

package org.asynchttpclient.handler.resumable;

import org.asynchttpclient.Request;
import org.asynchttpclient.filter.FilterContext;
import org.asynchttpclient.filter.IOExceptionFilter;

/**
 * Resumes a download that a {@link ResumableAsyncHandler} receives when its connection fails: the
 * request is sent again with a {@code Range} header from where the received bytes end (see {@link
 * ResumableAsyncHandler#adjustRequestRange}). Other handlers, and contexts without an I/O failure,
 * pass through unchanged. Add it with {@code setIOExceptionFilters} / {@code addIOExceptionFilter}.
 */
public class ResumableIOExceptionFilter implements IOExceptionFilter {

  @Override
  public <T> FilterContext<T> filter(FilterContext<T> ctx) {
    if (ctx.getIOException() != null && ctx.getAsyncHandler() instanceof ResumableAsyncHandler) {
      Request resumed = ((ResumableAsyncHandler) ctx.getAsyncHandler()).adjustRequestRange(ctx.getRequest());
      return new FilterContext.FilterContextBuilder<>(ctx).request(resumed).replayRequest(true).build();
    }
    return ctx;
  }
}

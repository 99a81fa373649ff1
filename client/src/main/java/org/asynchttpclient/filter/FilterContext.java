package org.asynchttpclient.filter;

import io.netty.handler.codec.http.HttpHeaders;
import java.io.IOException;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Request;
import org.jetbrains.annotations.Nullable;

/**
 * What a filter sees and returns: the request, its handler, and, for response and I/O exception filters,
 * the response status and headers or the exception. Immutable; to change something, build a new one with
 * {@link FilterContextBuilder#FilterContextBuilder(FilterContext)}.
 *
 * @param <T> the type of the handler's result
 */
public class FilterContext<T> {

  private final AsyncHandler<T> asyncHandler;
  private final Request request;
  private final @Nullable HttpResponseStatus responseStatus;
  private final @Nullable HttpHeaders headers;
  private final boolean replayRequest;
  private final @Nullable IOException ioException;

  private FilterContext(FilterContextBuilder<T> builder) {
    this.asyncHandler = builder.asyncHandler;
    this.request = builder.request;
    this.responseStatus = builder.responseStatus;
    this.headers = builder.headers;
    this.replayRequest = builder.replayRequest;
    this.ioException = builder.ioException;
  }

  public AsyncHandler<T> getAsyncHandler() {
    return asyncHandler;
  }

  public Request getRequest() {
    return request;
  }

  /** The response status, for response filters; null otherwise. */
  public @Nullable HttpResponseStatus getResponseStatus() {
    return responseStatus;
  }

  /** The response headers, for response filters; null otherwise. */
  public @Nullable HttpHeaders getResponseHeaders() {
    return headers;
  }

  /** Whether the filter asks for {@link #getRequest()} to be sent again instead of going on. */
  public boolean replayRequest() {
    return replayRequest;
  }

  /** The failure, for I/O exception filters; null otherwise. */
  public @Nullable IOException getIOException() {
    return ioException;
  }

  /**
   * Builds a {@link FilterContext}. Not thread-safe; use one builder from one thread.
   *
   * @param <T> the type of the handler's result
   */
  public static class FilterContextBuilder<T> {

    private AsyncHandler<T> asyncHandler;
    private Request request;
    private @Nullable HttpResponseStatus responseStatus;
    private @Nullable HttpHeaders headers;
    private boolean replayRequest;
    private @Nullable IOException ioException;

    public FilterContextBuilder(AsyncHandler<T> asyncHandler, Request request) {
      this.asyncHandler = asyncHandler;
      this.request = request;
    }

    /** A builder that starts from every value of {@code clone}. */
    public FilterContextBuilder(FilterContext<T> clone) {
      this.asyncHandler = clone.asyncHandler;
      this.request = clone.request;
      this.responseStatus = clone.responseStatus;
      this.headers = clone.headers;
      this.replayRequest = clone.replayRequest;
      this.ioException = clone.ioException;
    }

    public AsyncHandler<T> getAsyncHandler() {
      return asyncHandler;
    }

    public FilterContextBuilder<T> asyncHandler(AsyncHandler<T> asyncHandler) {
      this.asyncHandler = asyncHandler;
      return this;
    }

    public Request getRequest() {
      return request;
    }

    public FilterContextBuilder<T> request(Request request) {
      this.request = request;
      return this;
    }

    public FilterContextBuilder<T> responseStatus(HttpResponseStatus responseStatus) {
      this.responseStatus = responseStatus;
      return this;
    }

    public FilterContextBuilder<T> responseHeaders(HttpHeaders headers) {
      this.headers = headers;
      return this;
    }

    public FilterContextBuilder<T> replayRequest(boolean replayRequest) {
      this.replayRequest = replayRequest;
      return this;
    }

    public FilterContextBuilder<T> ioException(IOException ioException) {
      this.ioException = ioException;
      return this;
    }

    public FilterContext<T> build() {
      return new FilterContext<>(this);
    }
  }
}

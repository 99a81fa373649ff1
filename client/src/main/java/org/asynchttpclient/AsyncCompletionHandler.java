package org.asynchttpclient;

import io.netty.handler.codec.http.HttpHeaders;
import org.asynchttpclient.handler.ProgressAsyncHandler;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link AsyncHandler} that collects the whole response in memory and hands it to
 * {@link #onCompleted(Response)}. Subclasses only decide what to make of the finished response.
 *
 * <p>The callbacks of one exchange run one at a time on the client's I/O threads, so the collected state
 * needs no locking; an instance must not be shared by two exchanges at once.
 *
 * @param <T> the type of the result
 */
public abstract class AsyncCompletionHandler<T> implements ProgressAsyncHandler<T> {

  private static final Logger LOGGER = LoggerFactory.getLogger(AsyncCompletionHandler.class);

  private final Response.ResponseBuilder builder = new Response.ResponseBuilder();

  public AsyncCompletionHandler() {}

  /** Starts a new response: whatever an earlier hop (redirect, retry) collected is dropped. */
  @Override
  public State onStatusReceived(HttpResponseStatus status) throws Exception {
    builder.reset();
    builder.accumulate(status);
    return State.CONTINUE;
  }

  @Override
  public State onHeadersReceived(HttpHeaders headers) throws Exception {
    builder.accumulate(headers);
    return State.CONTINUE;
  }

  @Override
  public State onBodyPartReceived(HttpResponseBodyPart content) throws Exception {
    builder.accumulate(content);
    return State.CONTINUE;
  }

  @Override
  public State onTrailingHeadersReceived(HttpHeaders headers) throws Exception {
    builder.accumulate(headers);
    return State.CONTINUE;
  }

  /** Builds the response and passes it to {@link #onCompleted(Response)}. */
  @Override
  public final @Nullable T onCompleted() throws Exception {
    return onCompleted(builder.build());
  }

  /** Logs the failure at debug level; override to react to it. */
  @Override
  public void onThrowable(Throwable t) {
    LOGGER.debug("{}", t.getMessage(), t);
  }

  /**
   * Turns the complete response into the handler's result.
   *
   * @param response the response, or null if no status line was received (the exchange was aborted
   *     before it)
   */
  public abstract @Nullable T onCompleted(@Nullable Response response) throws Exception;

  @Override
  public State onHeadersWritten() {
    return State.CONTINUE;
  }

  @Override
  public State onContentWritten() {
    return State.CONTINUE;
  }

  @Override
  public State onContentWriteProgress(long amount, long current, long total) {
    return State.CONTINUE;
  }
}

package org.asynchttpclient.handler;

import io.netty.handler.codec.http.HttpHeaders;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Response;
import org.jetbrains.annotations.Nullable;

/**
 * A handler that makes the status and headers available as soon as they arrive, through
 * {@link #getResponse()}, while the body is streamed into an {@link OutputStream} of the caller's choice
 * instead of being held in memory.
 *
 * <pre>{@code
 * OutputStream file = Files.newOutputStream(target);
 * BodyDeferringAsyncHandler handler = new BodyDeferringAsyncHandler(file);
 * Future<Response> future = client.prepareGet(url).execute(handler);
 * Response head = handler.getResponse(); // blocks until the headers are in
 * if (head.getStatusCode() != 200) { future.cancel(true); }
 * future.get(); // waits for the body to be written; the stream is closed by then
 * }</pre>
 *
 * <p>To read the body as a stream, pair a {@link java.io.PipedOutputStream} with a
 * {@link java.io.PipedInputStream} and wrap the latter in a {@link BodyDeferringInputStream}, whose
 * {@code close()} waits for the exchange and reports its failure. Beware that the handler writes on the
 * client's I/O thread: a pipe whose reader falls behind blocks that thread, and every other connection it
 * serves, until the reader catches up. Read promptly, from a thread of your own.
 *
 * <p>The output stream is flushed and closed when the exchange completes or fails. A failure also wakes
 * any thread blocked in {@link #getResponse()}, which then throws. Retrying is not supported, because body
 * bytes already written cannot be taken back.
 *
 * <p>Threads: the callbacks run one at a time on the client's I/O threads; {@link #getResponse()} may be
 * called from any thread.
 */
public class BodyDeferringAsyncHandler implements AsyncHandler<Response> {

  // Touched only by the I/O thread running the callbacks.
  private final Response.ResponseBuilder responseBuilder = new Response.ResponseBuilder();
  private boolean responseSet;

  private final OutputStream output;
  // Counted down once the headers are in, or the exchange ended without them; publishes the two
  // volatile fields below to waiters.
  private final CountDownLatch headersArrived = new CountDownLatch(1);
  private volatile @Nullable Response response;
  private volatile @Nullable Throwable throwable;

  public BodyDeferringAsyncHandler(OutputStream os) {
    this.output = os;
  }

  /** Records the failure, wakes {@link #getResponse()} waiters and closes the output stream. */
  @Override
  public void onThrowable(Throwable t) {
    throwable = t;
    headersArrived.countDown();
    try {
      closeOut();
    } catch (IOException ignored) {
      // The exchange already failed with t; a close failure on top of it adds nothing.
    }
  }

  @Override
  public State onStatusReceived(HttpResponseStatus responseStatus) {
    responseBuilder.reset();
    responseBuilder.accumulate(responseStatus);
    return State.CONTINUE;
  }

  @Override
  public State onHeadersReceived(HttpHeaders headers) {
    responseBuilder.accumulate(headers);
    return State.CONTINUE;
  }

  @Override
  public State onTrailingHeadersReceived(HttpHeaders headers) {
    responseBuilder.accumulate(headers);
    return State.CONTINUE;
  }

  /** Always throws: bytes already written to the output stream cannot be taken back for a retry. */
  @Override
  public void onRetry() {
    throw new UnsupportedOperationException(
        getClass().getSimpleName() + " cannot retry a request: body bytes were already written out");
  }

  /** Publishes the headers on the first part, then writes the part's bytes to the output stream. */
  @Override
  public State onBodyPartReceived(HttpResponseBodyPart bodyPart) throws Exception {
    publishHeadersOnce();
    output.write(bodyPart.getBodyPartBytes());
    return State.CONTINUE;
  }

  /** Flushes and closes the output stream. */
  protected void closeOut() throws IOException {
    try {
      output.flush();
    } finally {
      output.close();
    }
  }

  /**
   * Closes the output stream and returns the response without its body (status and headers, including
   * trailing headers).
   *
   * @throws IOException if the exchange failed or the stream could not be closed
   */
  @Override
  public @Nullable Response onCompleted() throws IOException {
    publishHeadersOnce();
    closeOut();
    Throwable failure = throwable;
    if (failure != null) {
      throw new IOException(failure.getMessage(), failure);
    }
    return responseBuilder.build();
  }

  /**
   * Waits until the headers are in (or the exchange ended) and returns the response without its body.
   * Unlike the exchange's future, this does not wait for the body.
   *
   * @return the status and headers, or null if the exchange ended before a status line arrived
   * @throws IOException if the exchange failed
   * @throws InterruptedException if the wait was interrupted
   */
  public @Nullable Response getResponse() throws InterruptedException, IOException {
    headersArrived.await();
    Throwable failure = throwable;
    if (failure != null) {
      throw new IOException(failure.getMessage(), failure);
    }
    return response;
  }

  private void publishHeadersOnce() {
    if (!responseSet) {
      responseSet = true;
      response = responseBuilder.build();
      headersArrived.countDown();
    }
  }

  /**
   * An input stream over the deferred body (typically a {@link java.io.PipedInputStream} connected to
   * the handler's output) whose {@link #close()} also waits for the exchange to finish and rethrows its
   * failure.
   */
  public static class BodyDeferringInputStream extends FilterInputStream {

    private final Future<Response> future;
    private final BodyDeferringAsyncHandler bdah;

    public BodyDeferringInputStream(
        Future<Response> future, BodyDeferringAsyncHandler bdah, InputStream in) {
      super(in);
      this.future = future;
      this.bdah = bdah;
    }

    /**
     * Closes the stream, then waits for the exchange to finish.
     *
     * @throws IOException if closing failed, or the exchange failed or the wait was interrupted (the
     *     interrupt flag is restored)
     */
    @Override
    public void close() throws IOException {
      super.close();
      try {
        getLastResponse();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for the exchange to finish", e);
      } catch (ExecutionException e) {
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        throw new IOException(cause.getMessage(), cause);
      }
    }

    /**
     * The status and headers, as soon as they are in; see {@link BodyDeferringAsyncHandler#getResponse()}.
     */
    public @Nullable Response getAsapResponse() throws InterruptedException, IOException {
      return bdah.getResponse();
    }

    /** Waits for the whole exchange and returns the future's result. */
    public Response getLastResponse() throws InterruptedException, ExecutionException {
      return future.get();
    }
  }
}

package org.asynchttpclient.handler;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.Response;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A handler that reports the progress of an exchange to {@link TransferListener}s: request headers and
 * body bytes sent, response headers and body bytes received, completion and failure.
 *
 * <p>The response body is kept in the resulting {@link Response} only when the handler is constructed
 * with {@code accumulateResponseBytes = true}; by default listeners see the bytes and the response has
 * an empty body, which keeps large downloads out of memory.
 *
 * <p>Listeners may be added and removed from any thread. A listener that throws is told through its own
 * {@link TransferListener#onThrowable(Throwable)} and does not disturb the exchange or other listeners.
 *
 * <pre>{@code
 * TransferCompletionHandler handler = new TransferCompletionHandler();
 * handler.addTransferListener(myListener);
 * handler.headers(requestHeaders); // reported by onRequestHeadersSent once they are written
 * client.prepareGet(url).execute(handler);
 * }</pre>
 */
public class TransferCompletionHandler extends AsyncCompletionHandlerBase {

  private static final Logger LOGGER = LoggerFactory.getLogger(TransferCompletionHandler.class);

  private final ConcurrentLinkedQueue<TransferListener> listeners = new ConcurrentLinkedQueue<>();
  private final boolean accumulateResponseBytes;
  // Set by the user before the request is sent, read on the I/O thread that writes the request.
  private volatile @Nullable HttpHeaders headers;

  /** A handler that does not keep the response body. */
  public TransferCompletionHandler() {
    this(false);
  }

  /** @param accumulateResponseBytes whether the resulting response keeps the body */
  public TransferCompletionHandler(boolean accumulateResponseBytes) {
    this.accumulateResponseBytes = accumulateResponseBytes;
  }

  public TransferCompletionHandler addTransferListener(TransferListener t) {
    listeners.offer(t);
    return this;
  }

  public TransferCompletionHandler removeTransferListener(TransferListener t) {
    listeners.remove(t);
    return this;
  }

  /** The request headers to report to {@link TransferListener#onRequestHeadersSent(HttpHeaders)}. */
  public void headers(HttpHeaders headers) {
    this.headers = headers;
  }

  @Override
  public State onHeadersReceived(HttpHeaders headers) throws Exception {
    fireOnHeadersReceived(headers);
    return super.onHeadersReceived(headers);
  }

  @Override
  public State onTrailingHeadersReceived(HttpHeaders headers) throws Exception {
    fireOnHeadersReceived(headers);
    return super.onTrailingHeadersReceived(headers);
  }

  @Override
  public State onBodyPartReceived(HttpResponseBodyPart content) throws Exception {
    State state = State.CONTINUE;
    if (accumulateResponseBytes) {
      state = super.onBodyPartReceived(content);
    }
    fireOnBytesReceived(content.getBodyPartBytes());
    return state;
  }

  @Override
  public @Nullable Response onCompleted(@Nullable Response response) throws Exception {
    fireOnEnd();
    return response;
  }

  @Override
  public State onHeadersWritten() {
    HttpHeaders sent = headers;
    if (sent != null) {
      fireOnHeadersSent(sent);
    }
    return State.CONTINUE;
  }

  @Override
  public State onContentWriteProgress(long amount, long current, long total) {
    fireOnBytesSent(amount, current, total);
    return State.CONTINUE;
  }

  @Override
  public void onThrowable(Throwable t) {
    for (TransferListener listener : listeners) {
      try {
        listener.onThrowable(t);
      } catch (RuntimeException e) {
        LOGGER.warn("TransferListener {} threw from onThrowable", listener, e);
      }
    }
  }

  private void fireOnHeadersSent(HttpHeaders sent) {
    for (TransferListener listener : listeners) {
      try {
        listener.onRequestHeadersSent(sent);
      } catch (RuntimeException e) {
        reportListenerFailure(listener, e);
      }
    }
  }

  private void fireOnHeadersReceived(HttpHeaders received) {
    for (TransferListener listener : listeners) {
      try {
        listener.onResponseHeadersReceived(received);
      } catch (RuntimeException e) {
        reportListenerFailure(listener, e);
      }
    }
  }

  private void fireOnBytesReceived(byte[] bytes) {
    for (TransferListener listener : listeners) {
      try {
        listener.onBytesReceived(bytes);
      } catch (RuntimeException e) {
        reportListenerFailure(listener, e);
      }
    }
  }

  private void fireOnBytesSent(long amount, long current, long total) {
    for (TransferListener listener : listeners) {
      try {
        listener.onBytesSent(amount, current, total);
      } catch (RuntimeException e) {
        reportListenerFailure(listener, e);
      }
    }
  }

  private void fireOnEnd() {
    for (TransferListener listener : listeners) {
      try {
        listener.onRequestResponseCompleted();
      } catch (RuntimeException e) {
        reportListenerFailure(listener, e);
      }
    }
  }

  private static void reportListenerFailure(TransferListener listener, RuntimeException e) {
    try {
      listener.onThrowable(e);
    } catch (RuntimeException again) {
      LOGGER.warn("TransferListener {} threw from onThrowable", listener, again);
    }
  }
}

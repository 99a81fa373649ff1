package org.asynchttpclient.ws;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.ArrayList;
import java.util.List;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.netty.ws.NettyWebSocket;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The handler of a WebSocket upgrade request ({@code ws://} or {@code wss://}, method GET): its
 * future completes with the open {@link NettyWebSocket} once the server answered 101 and the
 * handshake checked out, after every listener heard {@link WebSocketListener#onOpen}.
 *
 * <p>The upgrade is one exchange of the client: redirects and 401/407 challenges are followed as
 * for any request, and the request timeout (and the absolute deadline, when on) bounds it until the
 * 101; after the 101 it no longer applies. An upgrade that fails (a status other than 101, a wrong
 * {@code Sec-WebSocket-Accept}, a timeout, a cancel) fails the future and calls each listener's
 * {@link WebSocketListener#onError} once. (AHC 3.0.11 completed the future with null after a status
 * other than 101.)
 *
 * <p>The {@code ...0} methods are hooks for subclasses, called first by their final counterparts.
 */
public class WebSocketUpgradeHandler implements AsyncHandler<NettyWebSocket> {
  private static final Logger LOGGER = LoggerFactory.getLogger(WebSocketUpgradeHandler.class);
  private static final int SWITCHING_PROTOCOLS = 101;

  // immutable
  private final List<WebSocketListener> listeners;

  // any thread: set on the channel's loop before the future completes
  private volatile @Nullable NettyWebSocket webSocket;

  public WebSocketUpgradeHandler(List<WebSocketListener> listeners) {
    this.listeners = listeners;
  }

  protected void setWebSocket0(NettyWebSocket webSocket) {}

  protected void onStatusReceived0(HttpResponseStatus responseStatus) throws Exception {}

  protected void onHeadersReceived0(HttpHeaders headers) throws Exception {}

  protected void onBodyPartReceived0(HttpResponseBodyPart bodyPart) throws Exception {}

  protected void onCompleted0() throws Exception {}

  protected void onThrowable0(Throwable t) {}

  protected void onOpen0() {}

  /** CONTINUE for 101 Switching Protocols, ABORT for any other status. */
  @Override
  public final State onStatusReceived(HttpResponseStatus responseStatus) throws Exception {
    onStatusReceived0(responseStatus);
    return responseStatus.getStatusCode() == SWITCHING_PROTOCOLS ? State.CONTINUE : State.ABORT;
  }

  @Override
  public final State onHeadersReceived(HttpHeaders headers) throws Exception {
    onHeadersReceived0(headers);
    return State.CONTINUE;
  }

  @Override
  public final State onBodyPartReceived(HttpResponseBodyPart bodyPart) throws Exception {
    onBodyPartReceived0(bodyPart);
    return State.CONTINUE;
  }

  /** The open socket, or null before the upgrade succeeded (as 3.0.11 declares it). */
  // AsyncHandler<T>.onCompleted() returns a non-null T; this override is nullable, as in 3.0.11.
  @SuppressWarnings("NullAway")
  @Override
  public final @Nullable NettyWebSocket onCompleted() throws Exception {
    onCompleted0();
    return webSocket;
  }

  /** The upgrade failed: each listener hears {@link WebSocketListener#onError} once. */
  @Override
  public final void onThrowable(Throwable t) {
    try {
      onThrowable0(t);
    } catch (RuntimeException e) {
      LOGGER.warn("WebSocketUpgradeHandler.onThrowable0 threw", e);
    }
    for (WebSocketListener listener : listeners) {
      try {
        listener.onError(t);
      } catch (RuntimeException e) {
        LOGGER.warn("WebSocketListener.onError threw", e);
      }
    }
  }

  public final void setWebSocket(NettyWebSocket webSocket) {
    this.webSocket = webSocket;
    setWebSocket0(webSocket);
  }

  /**
   * The upgrade succeeded: adds every listener to the socket, tells each {@link
   * WebSocketListener#onOpen}, then lets the socket deliver the frames that arrived meanwhile.
   */
  public final void onOpen(NettyWebSocket webSocket) {
    onOpen0();
    for (WebSocketListener listener : listeners) {
      webSocket.addWebSocketListener(listener);
      try {
        listener.onOpen(webSocket);
      } catch (RuntimeException e) {
        LOGGER.warn("WebSocketListener.onOpen threw", e);
      }
    }
    webSocket.processBufferedFrames();
  }

  /** Collects the listeners of a {@link WebSocketUpgradeHandler}. Not thread-safe. */
  public static final class Builder {
    private final List<WebSocketListener> listeners = new ArrayList<>(1);

    public Builder addWebSocketListener(WebSocketListener listener) {
      listeners.add(listener);
      return this;
    }

    public Builder removeWebSocketListener(WebSocketListener listener) {
      listeners.remove(listener);
      return this;
    }

    public WebSocketUpgradeHandler build() {
      return new WebSocketUpgradeHandler(new ArrayList<>(listeners));
    }
  }
}

package org.asynchttpclient;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaders;
import java.net.InetSocketAddress;
import java.util.List;
import javax.net.ssl.SSLSession;
import org.asynchttpclient.netty.request.NettyRequest;
import org.jetbrains.annotations.Nullable;

/**
 * Receives the parts of one HTTP exchange as they arrive: status line, headers, body chunks, optional
 * trailing headers, then exactly one terminal callback ({@link #onCompleted()} or
 * {@link #onThrowable(Throwable)}).
 *
 * <p>Every callback runs on an I/O thread (the event loop of the connection, or the client's timer when a
 * timeout fires) and must not block. Returning {@link State#ABORT} from a progress callback stops the
 * exchange: the connection is closed and {@link #onCompleted()} is still called so the handler can build
 * its result from what it has.
 *
 * <p>The lifecycle hooks ({@code onHostnameResolution...}, {@code onTcpConnect...}, {@code onTls...},
 * {@code onConnection...}, {@code onRequestSend}, {@code onRetry}) are informational and do nothing by
 * default.
 *
 * @param <T> the type of the result the handler produces
 */
public interface AsyncHandler<T> {

  /** Called with the response status line. */
  State onStatusReceived(HttpResponseStatus responseStatus) throws Exception;

  /** Called with the response headers, once the status line has been accepted. */
  State onHeadersReceived(HttpHeaders headers) throws Exception;

  /**
   * Called once per final response the handler receives, after {@link #onHeadersReceived} and
   * before the first body part, with the {@link ResponseBodyControl} that suspends, resumes or
   * cancels this response's body. It is called for a response without a body too (a {@code HEAD}
   * or a {@code 204}): its end, like a body's, waits while the body is suspended. It is not called
   * for an interim {@code 1xx} response, for a response the client follows itself (a redirect, an
   * authentication challenge), nor for a WebSocket upgrade. Runs on the connection's event loop;
   * the control may be kept and used from any thread. {@link State#ABORT} stops the exchange as
   * from {@link #onHeadersReceived}.
   *
   * @param control the flow control of this response's body
   * @return {@link State#CONTINUE} to go on (the default), {@link State#ABORT} to stop
   */
  default State onResponseBodyStart(ResponseBodyControl control) throws Exception {
    return State.CONTINUE;
  }

  /**
   * Called for each chunk of the response body. The part may wrap a pooled buffer that is only valid
   * during this call: copy what you need before returning.
   */
  State onBodyPartReceived(HttpResponseBodyPart bodyPart) throws Exception;

  /** Called with the trailing headers of a chunked response, if there are any. */
  default State onTrailingHeadersReceived(HttpHeaders headers) throws Exception {
    return State.CONTINUE;
  }

  /** Terminal callback: the exchange failed (I/O error, timeout, cancel, or an exception of a callback). */
  void onThrowable(Throwable t);

  /**
   * Terminal callback: the response is complete (or a callback returned {@link State#ABORT}).
   *
   * @return the value the exchange's future completes with, possibly null
   */
  @Nullable
  T onCompleted() throws Exception;

  /** A hostname resolution is about to start. */
  default void onHostnameResolutionAttempt(String name) {}

  /** A hostname resolved to these addresses. */
  default void onHostnameResolutionSuccess(String name, List<InetSocketAddress> addresses) {}

  /** A hostname could not be resolved. */
  default void onHostnameResolutionFailure(String name, Throwable cause) {}

  /** A TCP connect to this address is about to start. */
  default void onTcpConnectAttempt(InetSocketAddress remoteAddress) {}

  /** A TCP connect succeeded. */
  default void onTcpConnectSuccess(InetSocketAddress remoteAddress, Channel connection) {}

  /** A TCP connect failed. */
  default void onTcpConnectFailure(InetSocketAddress remoteAddress, Throwable cause) {}

  /** A TLS handshake is about to start. */
  default void onTlsHandshakeAttempt() {}

  /** A TLS handshake succeeded. */
  default void onTlsHandshakeSuccess(SSLSession sslSession) {}

  /** A TLS handshake failed. */
  default void onTlsHandshakeFailure(Throwable cause) {}

  /** The client is about to look for a pooled connection. */
  default void onConnectionPoolAttempt() {}

  /** A pooled connection was taken for this exchange. */
  default void onConnectionPooled(Channel connection) {}

  /** The connection is about to be offered back to the pool. */
  default void onConnectionOffer(Channel connection) {}

  /** The request (for one hop) is about to be written. */
  default void onRequestSend(NettyRequest request) {}

  /** The exchange is being retried on a new connection. */
  default void onRetry() {}

  /** What a progress callback tells the client to do next. */
  enum State {
    /** Stop processing the response and close the connection. */
    ABORT,
    /** Keep going. */
    CONTINUE
  }
}

package org.asynchttpclient.netty.handler;

import java.net.SocketException;
import java.util.Locale;
import org.asynchttpclient.Request;

/**
 * Whether an HTTP/1.1 hop whose connection failed may be sent again, before the retry limit and
 * the body's replayability are checked ({@code BeforeResponseRetries}).
 *
 * <ul>
 *   <li>Before any response byte arrived: yes, for any method and any I/O failure, as in 3.0.11.
 *   <li>After the response started, for an idempotent method (GET, HEAD, OPTIONS, TRACE, PUT,
 *       DELETE) while no body part has reached the handler: yes.
 *   <li>Otherwise, after the response started, when the connection was lost (closed, or reset by
 *       the peer): yes by default, as in 3.0.11 and 3.0.12, whatever the method and whatever body
 *       parts the handler already got. The handler hears {@code onRetry} (a handler that cannot
 *       take back what it got throws there, which fails the exchange) and then the new response
 *       from its status on. With {@code strictMidResponseRetry}: no, since the server has already
 *       answered (replaying a POST or PATCH may perform it twice) and a handler that streamed body
 *       bytes somewhere cannot take them back. A failure of the client's own making after the
 *       response started (a malformed response, a body over {@code maxInflatedResponseBodySize})
 *       is never replayed here, as 3.0.11 only recovers from a lost connection.
 * </ul>
 */
final class MidResponseRetry {
  private MidResponseRetry() {}

  /**
   * @param connectionLost whether the failure is the connection closing or a socket error (see
   *     {@link #isConnectionLoss}), rather than one the client raised while reading
   */
  static boolean mayReplay(Request request, boolean responseStarted, boolean partDelivered, boolean strict,
      boolean connectionLost) {
    if (!responseStarted || (!partDelivered && isIdempotent(request.getMethod()))) {
      return true;
    }
    return !strict && connectionLost;
  }

  /** The native transports' socket error; named, not referenced: those transports are optional. */
  private static final String NATIVE_IO_EXCEPTION = "io.netty.channel.unix.Errors$NativeIoException";

  /** Whether {@code cause} is the transport failing (a reset, a broken pipe), as 3.0.11 recovers from. */
  static boolean isConnectionLoss(Throwable cause) {
    return cause instanceof SocketException || cause.getClass().getName().equals(NATIVE_IO_EXCEPTION);
  }

  static boolean isIdempotent(String method) {
    switch (method.toUpperCase(Locale.ROOT)) {
      case "GET":
      case "HEAD":
      case "OPTIONS":
      case "TRACE":
      case "PUT":
      case "DELETE":
        return true;
      default:
        return false;
    }
  }
}

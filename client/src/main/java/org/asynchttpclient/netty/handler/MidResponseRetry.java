package org.asynchttpclient.netty.handler;

import java.util.Locale;
import org.asynchttpclient.Request;

/**
 * Whether a hop whose connection failed (closed or reset by the server) may be sent again, before
 * the retry limit and the body's replayability are checked ({@code BeforeResponseRetries}).
 *
 * <ul>
 *   <li>Before any response byte arrived: yes, for any method, as in 3.0.11.
 *   <li>After the response started: only for an idempotent method (GET, HEAD, OPTIONS, TRACE, PUT,
 *       DELETE) and only while no body part has reached the handler. The handler then hears
 *       {@code onRetry} and the new response from its status on, as in 3.0.11, which also resets
 *       what an {@code AsyncCompletionHandler} gathered.
 * </ul>
 *
 * <p>3.0.11 also replays after the response started for any method and after body parts were
 * delivered. That is not done here, on purpose: the server has already answered, so replaying a
 * POST or PATCH may perform it twice, and a handler that streamed body bytes somewhere (a file, a
 * socket) cannot take them back. Such a failure ends the exchange instead.
 */
final class MidResponseRetry {
  private MidResponseRetry() {}

  static boolean mayReplay(Request request, boolean responseStarted, boolean partDelivered) {
    if (!responseStarted) {
      return true;
    }
    return !partDelivered && isIdempotent(request.getMethod());
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

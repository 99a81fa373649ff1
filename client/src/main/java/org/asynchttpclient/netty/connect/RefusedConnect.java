package org.asynchttpclient.netty.connect;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.FullHttpResponse;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.netty.NettyResponseStatus;
import org.asynchttpclient.netty.exchange.Attempt;

/**
 * A proxy's final answer to a CONNECT that opens no tunnel (a 403, a 502, a 407 nobody answers)
 * becomes the exchange's response, as in AHC 3.0.11: the handler hears its status, headers and
 * body, and the exchange completes with what the handler makes of it. The connection is closed,
 * never pooled: it leads to the proxy, not to the target.
 *
 * <p>Runs on the channel's loop; stateless.
 */
final class RefusedConnect {
  private RefusedConnect() {}

  /** Delivers {@code answer} (released by the caller) to {@code attempt}'s handler. */
  static void deliver(AsyncHttpClientConfig config, Attempt attempt, Channel ch, FullHttpResponse answer) {
    assert ch.eventLoop().inEventLoop() : "a CONNECT answer is delivered on its channel's loop";
    if (!attempt.claimHead()) {
      return; // a hedge lost to another attempt's head: the winner closes this one
    }
    attempt.responseStarted(answer.status().code());
    AsyncHandler<?> handler = attempt.exchange().handler();
    try {
      NettyResponseStatus status = new NettyResponseStatus(attempt.request().getUri(), answer, ch);
      // As for any response: one without headers skips onHeadersReceived, the last part always comes.
      if (handler.onStatusReceived(status) == AsyncHandler.State.ABORT
          || (!answer.headers().isEmpty()
              && handler.onHeadersReceived(answer.headers()) == AsyncHandler.State.ABORT)) {
        attempt.exchange().complete(false);
        return;
      }
      if (!answer.trailingHeaders().isEmpty()
          && handler.onTrailingHeadersReceived(answer.trailingHeaders()) == AsyncHandler.State.ABORT) {
        attempt.exchange().complete(false);
        return;
      }
      handler.onBodyPartReceived(config.getResponseBodyPartFactory().newResponseBodyPart(answer.content(), true));
    } catch (Throwable t) {
      Dialer.fail(attempt, ch, t);
      return;
    }
    attempt.exchange().complete(false);
  }
}

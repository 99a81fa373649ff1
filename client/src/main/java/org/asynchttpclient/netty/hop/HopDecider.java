package org.asynchttpclient.netty.hop;

import io.netty.handler.codec.http.HttpHeaders;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.netty.exchange.Exchange;
import org.jetbrains.annotations.Nullable;

/**
 * Decides, when a response head arrives, whether the exchange continues with another hop (a
 * redirect, an auth replay, a replay asked by a response filter) instead of delivering this
 * response to the handler. The engine then drains or closes the current connection and sends the
 * returned request as the next hop of the same exchange, under the same future, handler and
 * deadline.
 */
public interface HopDecider {

  /**
   * Runs on the channel's event loop, before the handler hears of this response.
   *
   * @return the next hop, or null to deliver this response to the handler
   * @throws Exception to fail the exchange (for example {@code MaxRedirectException})
   */
  @Nullable NextHop nextHop(Exchange<?> exchange, HttpResponseStatus status, HttpHeaders headers)
      throws Exception;

  /**
   * Asked, on the channel's event loop, once the response that led to the next hop has been read
   * to its end: whether that next hop must be written on the same connection instead of one from
   * the pool (NTLM authenticates the connection). The connection is then not offered to the pool
   * in between, so no other exchange can take it.
   */
  default boolean continuesOnSameConnection(Exchange<?> exchange) {
    return false;
  }
}

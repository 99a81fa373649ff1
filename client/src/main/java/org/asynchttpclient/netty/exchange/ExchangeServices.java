package org.asynchttpclient.netty.exchange;

import io.netty.channel.Channel;
import io.netty.util.Timer;
import io.netty.util.concurrent.Ticker;
import org.asynchttpclient.exception.ExchangeTimeoutException;

/** What an exchange needs from its client to end cleanly. */
public interface ExchangeServices {
  Timer timer();

  Ticker ticker();

  /** Whether timeouts run on the channel's event loop ({@code useEventLoopTimeouts}). */
  boolean useEventLoopTimeouts();

  /** Offers a channel whose response was fully read back to the pool. */
  void recycle(Channel channel, Exchange<?> exchange);

  void closeChannel(Channel channel);

  void releasePermit(Object partitionKey);

  /** The exchange has ended: forget it (the client fails the ones it still knows at close). */
  void unregister(Exchange<?> exchange);

  /** Observability: a timeout decided an exchange's outcome. */
  void onTimeoutFired(ExchangeTimeoutException e);
}

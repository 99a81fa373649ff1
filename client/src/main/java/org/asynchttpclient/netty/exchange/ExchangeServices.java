package org.asynchttpclient.netty.exchange;

import io.netty.channel.Channel;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.netty.hop.HopEnd;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;

/** What an exchange needs from its client to end cleanly. */
public interface ExchangeServices {
  /** Where the exchange's timeouts run, and the clock they read. */
  TimeoutScheduler timeouts();

  /** The listeners of exchange and hop events ({@link ExchangeEvents#NONE} when there are none). */
  ExchangeEvents events();

  /** Offers a channel whose response was fully read back to the pool (or closes it). */
  void recycle(Channel channel, Exchange<?> exchange);

  void closeChannel(Channel channel);

  void releasePermit(Object partitionKey);

  /**
   * Parks the permit taken for {@code partitionKey} on {@code channel}, a connection that stays
   * open without the exchange (a WebSocket): its close gives the permit back.
   */
  default void parkPermit(Channel channel, Object partitionKey) {
    releasePermit(partitionKey);
  }

  /**
   * The rooms' one door back to the hop driver: a hop of one of the client's exchanges ended, its
   * response read before another hop, or failed ({@link HopEnd}). The driver decides what follows.
   */
  void hopEnded(HopEnd end);

  /** The exchange has ended: forget it (the client fails the ones it still knows at close). */
  void unregister(Exchange<?> exchange);

  /** Observability: a timeout decided an exchange's outcome. */
  void onTimeoutFired(ExchangeTimeoutException e);

  /**
   * Whether a timeout fails the exchange with the typed exception itself ({@code
   * typedTimeoutExceptions}) rather than a plain {@code TimeoutException} of the same message.
   */
  boolean typedTimeoutExceptions();
}

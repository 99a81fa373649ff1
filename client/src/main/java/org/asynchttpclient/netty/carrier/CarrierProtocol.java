package org.asynchttpclient.netty.carrier;

import io.netty.channel.Channel;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.jetbrains.annotations.Nullable;

/**
 * Where a hop's carrier comes from and where it goes when the hop or the exchange is done, for
 * one protocol: {@link Http1Carriers} (a TCP connection of its own, pooled between exchanges) and
 * the HTTP/2 registry (a stream of a shared connection). {@link Carriers} asks them in order; a
 * third protocol is a third implementation, and the hop loop does not change.
 *
 * <p>Threads: any; each method says where it runs.
 */
public interface CarrierProtocol {

  /**
   * Gives the hop a carrier of this protocol, or starts getting one (a wait, a connect), and
   * from then on the hop is this protocol's: it writes the request when the carrier is ready.
   * Returns false when this protocol does not carry the hop, and the next one is asked. Any
   * thread.
   */
  boolean acquire(Attempt attempt);

  /** Whether {@code carrier} is one of this protocol's. */
  boolean owns(Channel carrier);

  /**
   * Hands back the carrier of an exchange that completed with a reusable connection: pooled with
   * the exchange's permit, or ended. Any thread.
   */
  void recycle(Channel carrier, Exchange<?> ex);

  /**
   * Whether {@code carrier}, whose response allowed keep-alive, may carry another request: the
   * next hop of its exchange (an NTLM round) or, pooled, another exchange's.
   */
  boolean reusable(Channel carrier);

  /**
   * Pools the {@link #reusable} carrier of hop {@code done}, which the exchange continues from
   * with {@code next} (a redirect, or a challenge answered on another connection), with the
   * exchange's {@code permit} parked on it, unless pooling it would keep a permit from {@code
   * next}. Returns whether it did; if not, the caller ends the carrier and releases the permit.
   * On the carrier's loop.
   */
  boolean poolAfterHop(Channel carrier, Attempt done, @Nullable Object permit, Request next);
}

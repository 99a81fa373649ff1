package org.asynchttpclient.netty.carrier;

import io.netty.channel.Channel;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.jetbrains.annotations.Nullable;

/**
 * Getting and handing back hops' carriers, whatever their protocol: each {@link CarrierProtocol}
 * is asked in order (HTTP/2 before HTTP/1.1, which carries any hop and owns any carrier no other
 * protocol claims), so the hop loop never asks what a channel is.
 *
 * <p>Threads: any; immutable.
 */
public final class Carriers {
  // immutable
  /** An array, not a list: asked on every hop, and iterating a list allocates its iterator. */
  private final CarrierProtocol[] protocols;
  private final Http1Carriers http1;

  /** {@code first} is asked before {@code http1}, the protocol of last resort. */
  public Carriers(CarrierProtocol first, Http1Carriers http1) {
    this.protocols = new CarrierProtocol[] {first, http1};
    this.http1 = http1;
  }

  /** Gives the hop a carrier, or starts getting one, from the first protocol that carries it. */
  public void acquire(Attempt attempt) {
    for (CarrierProtocol p : protocols) {
      if (p.acquire(attempt)) {
        return;
      }
    }
  }

  /** The protocol {@code carrier} belongs to. */
  public CarrierProtocol of(Channel carrier) {
    for (CarrierProtocol p : protocols) {
      if (p.owns(carrier)) {
        return p;
      }
    }
    return http1;
  }

  /** See {@link CarrierProtocol#reusable}. */
  public boolean reusable(Channel carrier) {
    return of(carrier).reusable(carrier);
  }

  /** Hands back the carrier of an exchange that completed with a reusable connection. */
  public void recycle(Channel carrier, Exchange<?> ex) {
    of(carrier).recycle(carrier, ex);
  }

  /**
   * Hands back the carrier of hop {@code done}, which the exchange continues from with {@code
   * next}: pooled with {@code permit} when {@code reuse} and its protocol pools it, else ended and
   * the permit released. On the carrier's loop.
   */
  public void afterHop(Channel carrier, Attempt done, @Nullable Object permit, boolean reuse, Request next) {
    if (!reuse || !of(carrier).poolAfterHop(carrier, done, permit, next)) {
      ChannelClosing.close(carrier);
      http1.releasePermit(permit);
    }
  }

  /** Gives a connection permit back; null (none held) is allowed. */
  public void releasePermit(@Nullable Object permit) {
    http1.releasePermit(permit);
  }
}

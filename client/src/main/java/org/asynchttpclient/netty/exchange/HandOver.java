package org.asynchttpclient.netty.exchange;

import io.netty.channel.Channel;
import org.jetbrains.annotations.Nullable;

/**
 * Completing an exchange by handing its connection over to another protocol (a WebSocket's 101),
 * for the outcome's winner: the attempt's timeouts stop (the request timeout does not apply to
 * what follows), its carrier is taken without being pooled or closed and keeps the permit until
 * it closes (as in 3.0.11), and the hand-over runs, which now owns the channel; if it throws, the
 * channel is closed and its failure returned.
 *
 * <p>Threads: the channel's event loop; stateless.
 */
final class HandOver {
  private HandOver() {}

  /** Returns null when the hand-over ran, else what it threw. */
  static @Nullable Throwable run(
      @Nullable Attempt attempt, @Nullable Object permit, Runnable handover, ExchangeServices services) {
    Channel handedOver = null;
    if (attempt != null) {
      attempt.timeouts().cancel();
      handedOver = attempt.takeCarrier(); // null if the outcome's winner took it already
      attempt.wire().release();
    }
    if (permit != null && handedOver != null) {
      services.parkPermit(handedOver, permit);
    } else if (permit != null) {
      services.releasePermit(permit);
    }
    try {
      handover.run();
      return null;
    } catch (Throwable t) {
      if (handedOver != null) {
        services.closeChannel(handedOver);
      }
      return t;
    }
  }
}

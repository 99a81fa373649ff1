package org.asynchttpclient.netty.exchange;

import org.asynchttpclient.events.ExchangeListener;
import org.jetbrains.annotations.Nullable;

/**
 * The per-exchange and per-hop values listeners attach: an array with one slot per registered
 * listener, made on the first attach, so a client without listeners never allocates one.
 */
final class Attachments {
  private Attachments() {}

  static @Nullable Object get(
      @Nullable Object[] slots, ExchangeEvents events, ExchangeListener listener) {
    int i = events.indexOf(listener);
    return slots == null || i < 0 ? null : slots[i];
  }

  /** Returns the slots to keep (the same array, or a new one on the first attach). */
  static @Nullable Object[] set(
      @Nullable Object[] slots,
      ExchangeEvents events,
      ExchangeListener listener,
      @Nullable Object value) {
    int i = events.indexOf(listener);
    if (i < 0) {
      throw new IllegalArgumentException(
          "listener " + listener + " is not registered with this client (expected one of its"
              + " ExchangeListeners)");
    }
    Object[] kept = slots != null ? slots : new Object[events.size()];
    kept[i] = value;
    return kept;
  }
}

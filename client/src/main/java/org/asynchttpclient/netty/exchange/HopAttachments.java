package org.asynchttpclient.netty.exchange;

import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.events.HopView;
import org.jetbrains.annotations.Nullable;

/**
 * The per-hop values listeners keep on a hop ({@link HopView#getAttachment}), one slot per
 * registered listener ({@link Attachments}).
 *
 * <p>Threads: written by listeners, one event at a time; read by the next event's listener.
 */
abstract class HopAttachments implements HopView {
  // written by listeners, one event at a time
  private volatile @Nullable Object[] attachments;

  /** The client's listeners, which index the slots. */
  abstract ExchangeEvents events();

  @Override
  public @Nullable Object getAttachment(ExchangeListener listener) {
    return Attachments.get(attachments, events(), listener);
  }

  @Override
  public void setAttachment(ExchangeListener listener, @Nullable Object value) {
    attachments = Attachments.set(attachments, events(), listener, value);
  }
}

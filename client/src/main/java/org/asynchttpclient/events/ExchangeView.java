package org.asynchttpclient.events;

import org.asynchttpclient.Request;
import org.jetbrains.annotations.Nullable;

/**
 * What an {@link ExchangeListener} may read of one exchange (one user request, all its hops). The
 * same object is passed to every event of the exchange, so a listener can keep per-exchange state
 * in {@link #setAttachment}.
 *
 * <p>Threads: any; values may change between events (the current hop's request).
 */
public interface ExchangeView {

  /** The request as submitted (after request filters). */
  Request originalRequest();

  /** The request of the current hop. */
  Request request();

  /** Ticker time (System.nanoTime scale) at which the exchange was submitted. */
  long startNanos();

  /** Whether the request timeout bounds the whole exchange rather than each hop. */
  boolean hasAbsoluteDeadline();

  /** What is left of the exchange's budget now, in nanos; -1 without an absolute deadline. */
  long remainingNanos();

  /** The value {@code listener} attached to this exchange, or null. */
  @Nullable Object getAttachment(ExchangeListener listener);

  /** Attaches a value for {@code listener} (one per listener) to this exchange. */
  void setAttachment(ExchangeListener listener, @Nullable Object value);
}

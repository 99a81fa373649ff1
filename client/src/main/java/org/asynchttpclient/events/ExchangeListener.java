package org.asynchttpclient.events;

import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.jetbrains.annotations.Nullable;

/**
 * Hears what the client does with each exchange and each of its hops: the hook that metrics and
 * tracing modules are built on. Register one with {@code
 * DefaultAsyncHttpClientConfig.Builder#addExchangeListener}; with none registered the client
 * does no work and allocates nothing for events.
 *
 * <p>Order, for one exchange: {@link #exchangeStarted}; then for each hop {@link #hopStarted},
 * {@link #connectionAcquired}, {@link #tlsHandshakeDone} (new TLS connections only), {@link
 * #requestWritten}, {@link #responseStarted}, {@link #hopEnded}, each as far as the hop got; a
 * {@link #timeoutFired} when a timeout decided the outcome, just before the last {@link
 * #hopEnded}; finally {@link #exchangeEnded}, exactly once, before the handler hears the outcome.
 * A hedged hop adds {@link #hedgeSent} per hedge, then {@link #hedgeWon} (when a hedge won) and
 * {@link #hedgeCancelled} per loser.
 *
 * <p>Threads: each event is delivered on the thread where it happens (an I/O thread, the timer's
 * thread with timer-mode timeouts, the caller's thread for {@link #exchangeStarted}); events of
 * one exchange never overlap. Listeners must be quick and must not block. An exception thrown by
 * a listener is logged and otherwise ignored.
 */
public interface ExchangeListener {

  /** An exchange was submitted. */
  default void exchangeStarted(ExchangeView exchange) {}

  /** A hop is about to be sent; its wire headers may still be changed here. */
  default void hopStarted(HopView hop) {}

  /** The hop has its connection: {@code pooled} if it was idle in the pool, else new. */
  default void connectionAcquired(HopView hop, boolean pooled) {}

  /** The TLS handshake of the hop's new connection succeeded. */
  default void tlsHandshakeDone(HopView hop) {}

  /** The last byte of the hop's request was written. */
  default void requestWritten(HopView hop) {}

  /** The first byte of the hop's final response arrived: its status line and headers. */
  default void responseStarted(HopView hop, int statusCode) {}

  /**
   * The hop ended: with its response read ({@code failure} null; the status is in {@link
   * HopView#statusCode()}), or failed. A hop followed by another (redirect, auth, retry) ends
   * before the next one starts.
   */
  default void hopEnded(HopView hop, @Nullable Throwable failure) {}

  /**
   * A hedge of a hop was sent: {@code hedge} (kind {@link HopKind#HEDGE}, the hop's number) goes
   * out beside the hop's first attempt, its response head not having come within the hedge delay.
   * Its events follow as any hop's, and may interleave with the other attempt's, on another thread.
   */
  default void hedgeSent(HopView hedge) {}

  /** {@code hedge}'s response head came first: it carries the hop from now on. */
  default void hedgeWon(HopView hedge) {}

  /**
   * {@code loser}, an attempt of a hedged hop (the first one or a hedge), was cancelled because
   * another one's response head came first: its stream was reset, or its connection closed. No
   * {@link #hopEnded} follows for it.
   */
  default void hedgeCancelled(HopView loser) {}

  /** A timeout decided the exchange's outcome, on this hop; lateness and phase are in it. */
  default void timeoutFired(HopView hop, ExchangeTimeoutException timeout) {}

  /** The exchange ended with {@code outcome}; {@code failure} is null for COMPLETED. */
  default void exchangeEnded(
      ExchangeView exchange, ExchangeOutcome outcome, @Nullable Throwable failure) {}
}

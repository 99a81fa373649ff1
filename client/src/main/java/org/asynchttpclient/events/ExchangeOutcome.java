package org.asynchttpclient.events;

/** How an exchange ended; exactly one per exchange. */
public enum ExchangeOutcome {
  /** A response was delivered to the handler to its end (or the handler chose to stop reading). */
  COMPLETED,
  /** An I/O error, a refused request, or an exception from a handler or filter. */
  FAILED,
  /** A request or read timeout expired (the failure is an {@code ExchangeTimeoutException}). */
  TIMED_OUT,
  /** Cancelled by the caller, from the future or its CompletableFuture view. */
  CANCELLED
}

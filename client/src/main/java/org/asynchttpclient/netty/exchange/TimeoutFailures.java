package org.asynchttpclient.netty.exchange;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.exception.ExchangeTimeoutException.Phase;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * What a timeout of an exchange says (T1): the typed exception, with the kind, the budget, the
 * hop, what it was doing, where it was talking to and how late the expiry ran, which listeners
 * always receive; and what the caller gets, by default a plain {@link TimeoutException} of the same
 * message (3.0.11's class), the typed one with {@code typedTimeoutExceptions}.
 *
 * <p>Threads: any; stateless.
 */
final class TimeoutFailures {
  private TimeoutFailures() {}

  /**
   * The typed description of a timeout of {@code attempt} (null when none began), or of a hop that
   * was never sent ({@code beforeSend}: its budget was spent first), {@code named} being the hop
   * whose request names the target while no address is connected. It records its stack only when
   * it is also what the caller gets ({@code typed}); else only listeners see it, and the plain
   * exception of {@link #forCaller} carries the stack.
   */
  static ExchangeTimeoutException describe(
      @Nullable Attempt attempt,
      @Nullable Attempt named,
      ExchangeTimeoutException.Kind kind,
      long budgetNanos,
      long elapsedNanos,
      long lateNanos,
      boolean beforeSend,
      boolean typed) {
    return ExchangeTimeoutException.builder(kind)
        .budgetMillis(TimeUnit.NANOSECONDS.toMillis(budgetNanos))
        .elapsedMillis(TimeUnit.NANOSECONDS.toMillis(elapsedNanos))
        .hop(attempt == null ? 0 : attempt.number())
        .phase(attempt == null ? Phase.WAITING_FOR_CONNECTION : attempt.phase())
        .remoteAddress(attempt == null ? null : attempt.remoteAddress())
        .addressesTried(attempt == null ? List.of() : attempt.addressesTried())
        .target(named == null ? "unknown:0" : hostAndPort(named.request().getUri()))
        .beforeSend(beforeSend)
        .lateNanos(Math.max(0, lateNanos))
        .stackTrace(typed)
        .build();
  }

  /** What the handler and the future hear: exactly {@link TimeoutException} unless typed. */
  static Throwable forCaller(ExchangeTimeoutException e, boolean typed) {
    return typed ? e : new TimeoutException(e.getMessage());
  }

  static String hostAndPort(Uri uri) {
    return uri.getHost() + ':' + uri.getExplicitPort();
  }
}

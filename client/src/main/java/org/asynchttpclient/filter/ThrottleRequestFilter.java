package org.asynchttpclient.filter;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.exception.FilterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A request filter that bounds how many exchanges are in flight at once. Each request takes a permit,
 * waiting up to {@code maxWait} milliseconds for one; the permit is given back exactly once when the
 * exchange's handler gets its terminal callback (see {@link ReleasePermitOnComplete}).
 *
 * <p>The wait happens on the thread that calls {@code execute}: with a long {@code maxWait} that call
 * blocks. Request filters run once per exchange, when it is submitted: a redirect, a retry or an auth
 * replay continues the same exchange under the permit it already holds.
 */
public class ThrottleRequestFilter implements RequestFilter {

  private static final Logger LOGGER = LoggerFactory.getLogger(ThrottleRequestFilter.class);

  private final Semaphore available;
  private final int maxConnections;
  private final int maxWait;

  /** Waits without practical bound ({@link Integer#MAX_VALUE} ms) for a permit. */
  public ThrottleRequestFilter(int maxConnections) {
    this(maxConnections, Integer.MAX_VALUE);
  }

  /** Waits up to {@code maxWait} ms for one of {@code maxConnections} permits. */
  public ThrottleRequestFilter(int maxConnections, int maxWait) {
    this(maxConnections, maxWait, false);
  }

  /**
   * Any values are accepted, as in 3.0.11: with {@code maxConnections} zero (or less) no permit
   * ever exists, so every request waits {@code maxWait} ms and then fails with a {@link
   * FilterException}; a {@code maxWait} of zero or less does not wait at all.
   *
   * @param maxConnections how many exchanges may be in flight at once
   * @param maxWait how long to wait for a permit, in milliseconds
   * @param fair whether waiting requests get permits in arrival order
   */
  public ThrottleRequestFilter(int maxConnections, int maxWait, boolean fair) {
    this.maxConnections = maxConnections;
    this.maxWait = maxWait;
    this.available = new Semaphore(maxConnections, fair);
  }

  /**
   * Takes a permit and returns a context whose handler gives it back when the exchange ends.
   *
   * @throws FilterException if no permit became free within {@code maxWait} ms, or the wait was
   *     interrupted (the interrupt flag is restored)
   */
  @Override
  public <T> FilterContext<T> filter(FilterContext<T> ctx) throws FilterException {
    LOGGER.debug("Throttling: {} of {} permits free", available.availablePermits(), maxConnections);
    boolean acquired;
    try {
      acquired = available.tryAcquire(maxWait, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FilterException(
          "Interrupted while waiting for one of "
              + maxConnections
              + " permits for request "
              + ctx.getRequest(),
          e);
    }
    if (!acquired) {
      throw new FilterException(
          "No slot available: all "
              + maxConnections
              + " permits in use after waiting "
              + maxWait
              + " ms, for request "
              + ctx.getRequest()
              + " with AsyncHandler "
              + ctx.getAsyncHandler());
    }
    try {
      return new FilterContext.FilterContextBuilder<>(ctx)
          .asyncHandler(ReleasePermitOnComplete.wrap(ctx.getAsyncHandler(), available))
          .build();
    } catch (RuntimeException e) {
      // No handler will ever give this permit back.
      available.release();
      throw e;
    }
  }
}

package org.asynchttpclient.netty.timeout;

import java.time.Duration;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Request;
import org.jetbrains.annotations.Nullable;

/**
 * The one place that decides what a configured timeout means, as AHC 3.0.11 reads its values.
 *
 * <p>Every timeout inside the engine is a length in nanoseconds or {@link #NONE}; nothing else
 * spells "no timeout". How the configured {@link Duration}s map onto that:
 *
 * <ul>
 *   <li>request timeout: the request's own value unless null or zero, else the client's; negative
 *       means none; zero (only reachable through the client's value) expires at once;
 *   <li>read timeout: chosen the same way; zero or negative means none, and so does a read timeout
 *       at least as long as the request timeout, which could never fire first;
 *   <li>connection-pool durations (idle timeout, TTL, cleaner period): null or negative count as 0,
 *       which the pool reads as "not limited".
 * </ul>
 */
public final class TimeoutValues {
  /** No timeout: never armed. */
  public static final long NONE = -1;

  private TimeoutValues() {}

  public static boolean isNone(long nanos) {
    return nanos < 0;
  }

  /** The request timeout of one hop of {@code request}, in nanos, or {@link #NONE}. */
  public static long requestTimeoutNanos(Request request, AsyncHttpClientConfig config) {
    Duration d = chosen(request.getRequestTimeout(), config.getRequestTimeout());
    return d == null || d.isNegative() ? NONE : d.toNanos();
  }

  /** The read timeout of one hop of {@code request}, in nanos, or {@link #NONE}. */
  public static long readTimeoutNanos(Request request, AsyncHttpClientConfig config) {
    Duration d = chosen(request.getReadTimeout(), config.getReadTimeout());
    if (d == null || d.isNegative() || d.isZero()) {
      return NONE;
    }
    long read = d.toNanos();
    long total = requestTimeoutNanos(request, config);
    return !isNone(total) && read >= total ? NONE : read;
  }

  /** A pool duration in nanos: null or negative is 0, "not limited". */
  public static long poolNanos(@Nullable Duration d) {
    return d == null || d.isNegative() ? 0 : d.toNanos();
  }

  private static @Nullable Duration chosen(@Nullable Duration perRequest, @Nullable Duration client) {
    return perRequest == null || perRequest.isZero() ? client : perRequest;
  }
}

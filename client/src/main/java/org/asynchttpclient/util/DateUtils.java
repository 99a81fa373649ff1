package org.asynchttpclient.util;

/** Wall-clock time for coarse uses (cookie ages, log lines); never for timeouts. */
public final class DateUtils {

  private DateUtils() {}

  /**
   * The wall-clock time in milliseconds ({@link System#currentTimeMillis()}). It may jump when the
   * system clock is set, so timeouts in this client never use it; they read a monotonic ticker.
   */
  public static long unpreciseMillisTime() {
    return System.currentTimeMillis();
  }
}

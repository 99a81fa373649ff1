package org.asynchttpclient.util;

/** Helpers for throwables that are created once and thrown many times. */
public final class ThrowableUtil {

  private ThrowableUtil() {}

  /**
   * Replaces the stack trace of {@code t} with a single frame naming {@code clazz} and {@code
   * method}, and returns {@code t}. For shared exception instances, whose real stack trace would
   * describe only the first thrower and mislead every later reader.
   *
   * @param <T> the throwable type
   * @param t the throwable to change
   * @param clazz the class to name in the frame
   * @param method the method to name in the frame
   * @return {@code t}
   */
  public static <T extends Throwable> T unknownStackTrace(T t, Class<?> clazz, String method) {
    t.setStackTrace(new StackTraceElement[] {new StackTraceElement(clazz.getName(), method, null, -1)});
    return t;
  }
}

package org.asynchttpclient.util;

import java.io.Closeable;
import java.io.IOException;
import java.util.Collection;
import java.util.Map;
import org.jetbrains.annotations.Contract;
import org.jetbrains.annotations.Nullable;

/** Null-tolerant emptiness checks, defaults and quiet closing. */
public final class MiscUtils {

  private MiscUtils() {}

  @Contract(value = "null -> false", pure = true)
  public static boolean isNonEmpty(@Nullable String string) {
    return !isEmpty(string);
  }

  @Contract(value = "null -> true", pure = true)
  public static boolean isEmpty(@Nullable String string) {
    return string == null || string.isEmpty();
  }

  @Contract(value = "null -> false", pure = true)
  public static boolean isNonEmpty(@Nullable Object @Nullable [] array) {
    return array != null && array.length != 0;
  }

  @Contract(value = "null -> false", pure = true)
  public static boolean isNonEmpty(byte @Nullable [] array) {
    return array != null && array.length != 0;
  }

  @Contract("null -> false")
  public static boolean isNonEmpty(@Nullable Collection<?> collection) {
    return collection != null && !collection.isEmpty();
  }

  @Contract("null -> false")
  public static boolean isNonEmpty(@Nullable Map<?, ?> map) {
    return map != null && !map.isEmpty();
  }

  /** {@code value}, or {@code def} when it is null. */
  public static <T> T withDefault(@Nullable T value, T def) {
    return value == null ? def : value;
  }

  /** Closes {@code closeable} if it is not null; an {@link IOException} from it is dropped. */
  public static void closeSilently(@Nullable Closeable closeable) {
    if (closeable != null) {
      try {
        closeable.close();
      } catch (IOException ignored) {
        // Closing is best effort: the caller has nothing left to do with the resource.
      }
    }
  }

  /**
   * The innermost cause of {@code t} (the end of its {@code getCause()} chain), or {@code t} itself
   * when it has none. A chain that loops back on itself ends at the last throwable before the loop.
   */
  public static Throwable getCause(Throwable t) {
    Throwable current = t;
    // Floyd's cycle check: a cause chain may loop, and a loop must not hang the caller.
    Throwable slow = t;
    boolean advanceSlow = false;
    while (true) {
      Throwable cause = current.getCause();
      if (cause == null || cause == current || cause == slow) {
        return current;
      }
      current = cause;
      if (advanceSlow) {
        Throwable next = slow.getCause();
        slow = next != null ? next : slow;
      }
      advanceSlow = !advanceSlow;
    }
  }
}

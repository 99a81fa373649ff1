package org.asynchttpclient.util;

/**
 * One reusable {@link StringBuilder} per thread, for building short-lived strings without
 * allocating a builder each time.
 */
public class StringBuilderPool {

  /** The pool the client's own helpers use. */
  public static final StringBuilderPool DEFAULT = new StringBuilderPool();

  private final ThreadLocal<StringBuilder> pool = ThreadLocal.withInitial(() -> new StringBuilder(512));

  /**
   * This thread's builder, emptied. The same instance is returned by the next call on this thread,
   * so it must be turned into a string before then, and never appended to itself.
   *
   * @return the calling thread's empty builder
   */
  public StringBuilder stringBuilder() {
    StringBuilder sb = pool.get();
    sb.setLength(0);
    return sb;
  }
}

package io.github.ahcdeadline.bench;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;

/**
 * Sets ahc-deadline's own configuration flags by reflection, so the same compiled driver classes
 * run against AsyncHttpClient 3.0.11 (which lacks them) and against builds of ahc-deadline that do
 * not have them yet. A setter that is absent is skipped and reported, never an error.
 */
public final class ClientFlags {
  /** Arms request and read timeouts on the channel's event loop instead of the hashed wheel. */
  public static final String USE_EVENT_LOOP_TIMEOUTS = "setUseEventLoopTimeouts";

  /** One request-timeout budget for the whole exchange, across redirects and retries. */
  public static final String USE_ABSOLUTE_REQUEST_DEADLINE = "setUseAbsoluteRequestDeadline";

  private ClientFlags() {}

  /**
   * Calls {@code builder.<setter>(value)} if the builder has such a {@code boolean} setter.
   *
   * @return true if the setter exists and was called, false if this client has no such setter
   */
  public static boolean set(DefaultAsyncHttpClientConfig.Builder builder, String setter, boolean value) {
    Method method;
    try {
      method = builder.getClass().getMethod(setter, boolean.class);
    } catch (NoSuchMethodException e) {
      return false;
    }
    try {
      method.invoke(builder, value);
      return true;
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(setter + ": public setter not accessible", e);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IllegalStateException(setter + "(" + value + ") failed", cause);
    }
  }

  /** How long an unanswered connect attempt waits before the next address starts (Happy Eyeballs). */
  public static final String CONNECTION_ATTEMPT_DELAY = "setConnectionAttemptDelay";

  /**
   * Calls {@code builder.<setter>(value)} if the builder has such a {@code Duration} setter.
   *
   * @return true if the setter exists and was called, false if this client has no such setter
   */
  public static boolean set(
      DefaultAsyncHttpClientConfig.Builder builder, String setter, java.time.Duration value) {
    Method method;
    try {
      method = builder.getClass().getMethod(setter, java.time.Duration.class);
    } catch (NoSuchMethodException e) {
      return false;
    }
    try {
      method.invoke(builder, value);
      return true;
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException(setter + "(" + value + ") failed", e);
    }
  }

  /** True if this client's config builder has {@code setter(boolean)}. */
  public static boolean isSupported(String setter) {
    try {
      DefaultAsyncHttpClientConfig.Builder.class.getMethod(setter, boolean.class);
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }
}

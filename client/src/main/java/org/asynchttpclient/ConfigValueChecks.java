package org.asynchttpclient;

import java.time.Duration;
import org.jetbrains.annotations.Nullable;

/**
 * Range checks of the builder's setters. Each failure names the option, the value refused and what
 * was expected, for example {@code readTimeout: PT-0.005S (expected >= 0, or -1 ms for none)}.
 */
final class ConfigValueChecks {

  /** The duration that stands for "no timeout" where an option allows it. */
  static final Duration NONE = Duration.ofMillis(-1);

  private ConfigValueChecks() {}

  static int atLeast(String name, int value, int min) {
    if (value < min) {
      throw refused(name, value, ">= " + min);
    }
    return value;
  }

  static int positive(String name, int value) {
    if (value <= 0) {
      throw refused(name, value, "> 0");
    }
    return value;
  }

  static long positive(String name, long value) {
    if (value <= 0) {
      throw refused(name, value, "> 0");
    }
    return value;
  }

  static int positiveOr(String name, int value, int special, String specialMeaning) {
    if (value <= 0 && value != special) {
      throw refused(name, value, "> 0, or " + special + " for " + specialMeaning);
    }
    return value;
  }

  static long positiveOr(String name, long value, long special, String specialMeaning) {
    if (value <= 0 && value != special) {
      throw refused(name, value, "> 0, or " + special + " for " + specialMeaning);
    }
    return value;
  }

  static int between(String name, int value, int min, int max) {
    if (value < min || value > max) {
      throw refused(name, value, "between " + min + " and " + max);
    }
    return value;
  }

  static Duration nonNegative(String name, Duration value) {
    checkNotNull(name, value);
    if (value.isNegative()) {
      throw refused(name, value, ">= 0");
    }
    return value;
  }

  static Duration positive(String name, Duration value) {
    checkNotNull(name, value);
    if (value.isNegative() || value.isZero()) {
      throw refused(name, value, "> 0");
    }
    return value;
  }

  /** Accepts zero and more, or exactly -1 ms meaning "none". */
  static Duration nonNegativeOrNone(String name, Duration value) {
    checkNotNull(name, value);
    if (value.isNegative() && !value.equals(NONE)) {
      throw refused(name, value, ">= 0, or -1 ms for none");
    }
    return value;
  }

  static <T> T checkNotNull(String name, @Nullable T value) {
    if (value == null) {
      throw new NullPointerException(name + ": null (expected a value)");
    }
    return value;
  }

  private static IllegalArgumentException refused(String name, Object value, String expected) {
    return new IllegalArgumentException(name + ": " + value + " (expected " + expected + ")");
  }
}

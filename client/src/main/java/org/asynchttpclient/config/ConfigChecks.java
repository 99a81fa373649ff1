package org.asynchttpclient.config;

import java.time.Duration;
import java.util.function.Predicate;
import org.asynchttpclient.config.ConfigOption.Check;
import org.asynchttpclient.util.HttpSyntaxChecks;

/**
 * The range checks of {@link ConfigTable}'s rows. A refusal names the option, the value and what
 * was expected, for example {@code readTimeout: PT-0.005S (expected >= 0, or -1 ms for none)};
 * a missing value is a {@link NullPointerException} unless the check says what null means.
 */
final class ConfigChecks {

  /** The duration that stands for "no timeout" where an option allows it. */
  static final Duration NONE = Duration.ofMillis(-1);

  private ConfigChecks() {}

  /** Any value but null. */
  static <T> Check<T> present() {
    return (option, value) -> option.required(value);
  }

  /**
   * As {@code check}, but null is refused with an {@link IllegalArgumentException} (not the usual
   * NullPointerException), where AHC refuses it so; {@code expected} says what is.
   */
  static <T> Check<T> presentArgument(Check<T> check, String expected) {
    return (option, value) -> {
      if (value == null) {
        throw option.refusedNull(expected);
      }
      return check.accept(option, value);
    };
  }

  /** Any value, null included. */
  static <T> Check<T> nullable() {
    return (option, value) -> value;
  }

  /** A value that {@code accepts}; {@code expected} says which, for the error message. */
  static <T> Check<T> accepting(Predicate<T> accepts, String expected) {
    return (option, value) -> {
      T present = option.required(value);
      if (!accepts.test(present)) {
        throw option.refused(present, expected);
      }
      return present;
    };
  }

  /** As {@code check}, but null stands for the option's default, read now. */
  static <T> Check<T> nullMeansDefault(Check<T> check) {
    return (option, value) -> value == null ? option.defaultValue() : check.accept(option, value);
  }

  /** Any value; null stands for {@code fixed}. */
  static <T> Check<T> nullMeans(T fixed) {
    return (option, value) -> value == null ? fixed : value;
  }

  static Check<Integer> atLeast(int min) {
    return accepting(value -> value >= min, ">= " + min);
  }

  static Check<Integer> between(int min, int max) {
    return accepting(value -> value >= min && value <= max, "between " + min + " and " + max);
  }

  static Check<Integer> positive() {
    return accepting(value -> value > 0, "> 0");
  }

  static Check<Long> positiveLong() {
    return accepting(value -> value > 0, "> 0");
  }

  /** More than 0, or {@code special}, which means {@code meaning}. */
  static Check<Integer> positiveOr(int special, String meaning) {
    return accepting(value -> value > 0 || value == special,
        "> 0, or " + special + " for " + meaning);
  }

  /** More than 0, or {@code special}, which means {@code meaning}. */
  static Check<Long> positiveOr(long special, String meaning) {
    return accepting(value -> value > 0 || value == special,
        "> 0, or " + special + " for " + meaning);
  }

  /** A fraction, between 0 and 1. */
  static Check<Double> fraction() {
    return accepting(value -> value >= 0 && value <= 1, "between 0 and 1");
  }

  /** A percentile strictly between 0 and 100, or 0 for off. */
  static Check<Double> percentileOrOff() {
    return accepting(value -> value >= 0 && value < 100, ">= 0 and < 100 (0 for off)");
  }

  static Check<Duration> nonNegative() {
    return accepting(value -> !value.isNegative(), ">= 0");
  }

  static Check<Duration> positiveDuration() {
    return accepting(value -> !value.isNegative() && !value.isZero(), "> 0");
  }

  /** Zero and more, or exactly -1 ms meaning "none". */
  static Check<Duration> nonNegativeOrNone() {
    return accepting(value -> !value.isNegative() || value.equals(NONE),
        ">= 0, or -1 ms for none");
  }

  /** A header name (an HTTP token); null or empty for none. */
  static Check<String> headerNameOrNone() {
    Check<String> token = accepting(HttpSyntaxChecks::isToken, "an HTTP header name, a token");
    return (option, value) -> value == null || value.isEmpty() ? null : token.accept(option, value);
  }
}

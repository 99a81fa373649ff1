package org.asynchttpclient.config;

import java.util.function.Function;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.config.AsyncHttpClientConfigHelper.Config;
import org.jetbrains.annotations.Nullable;

/**
 * One row of {@link ConfigTable}: an option's name, how its default is read from the properties,
 * which values the builder accepts, and how a copy reads the value from any config.
 *
 * <p>Rows are made only by {@link ConfigTable}; each knows its position there, which is where
 * {@link ConfigValues} keeps its value.
 *
 * @param <T> the value's type, boxed ({@code Integer} for an {@code int} option)
 */
public final class ConfigOption<T> {

  /** Reads an option's value from the properties, under its full key. */
  @FunctionalInterface
  interface Parser<T> {
    @Nullable T parse(Config config, String key);
  }

  /** What a builder setter stores for a value it is given, or the exception refusing it. */
  @FunctionalInterface
  interface Check<T> {
    @Nullable T accept(ConfigOption<T> option, @Nullable T value);
  }

  // Immutable.
  final int index;
  private final String name;
  private final String label;
  private final Parser<T> parser;
  private final Check<T> check;
  private final Function<AsyncHttpClientConfig, T> reader;

  /**
   * {@code label} names the option in error messages: the builder setter's spelling, which for a
   * few options of AHC 3.0.11 differs from the property's ({@code hashedWheelTickDuration}).
   */
  ConfigOption(int index, String name, String label, Parser<T> parser, Check<T> check,
      Function<AsyncHttpClientConfig, T> reader) {
    this.index = index;
    this.name = name;
    this.label = label;
    this.parser = parser;
    this.check = check;
    this.reader = reader;
  }

  /** The property name without its root, for example {@code readTimeout}. */
  public String name() {
    return name;
  }

  /** The full property key, for example {@code org.asynchttpclient.readTimeout}. */
  public String key() {
    return AsyncHttpClientConfigDefaults.ASYNC_CLIENT_CONFIG_ROOT + name;
  }

  /**
   * The default now: the system property, else {@code ahc.properties}, else {@code
   * ahc-default.properties}; parsed, not range-checked (as in AHC 3.0.11).
   */
  @SuppressWarnings("NullAway") // Null only for the options whose getter is @Nullable.
  public T defaultValue() {
    return parser.parse(AsyncHttpClientConfigHelper.getAsyncHttpClientConfig(), key());
  }

  /** What the builder stores for {@code value}; refuses a value out of range or a missing one. */
  @Nullable T checked(@Nullable T value) {
    return check.accept(this, value);
  }

  /** The value {@code config} holds, read through its getter. */
  @Nullable T valueIn(AsyncHttpClientConfig config) {
    return reader.apply(config);
  }

  /** The value itself, for a non-nullable option: {@code null} is refused. */
  T required(@Nullable T value) {
    if (value == null) {
      throw new NullPointerException(label + ": null (expected a value)");
    }
    return value;
  }

  /** The exception refusing null where a value is expected: {@code http2PingInterval: null (expected ...)}. */
  IllegalArgumentException refusedNull(String expected) {
    return new IllegalArgumentException(label + ": null (expected " + expected + ")");
  }

  /** The exception refusing {@code value}: {@code readTimeout: PT-0.005S (expected >= 0)}. */
  IllegalArgumentException refused(Object value, String expected) {
    String shown = value instanceof String ? "\"" + value + "\"" : String.valueOf(value);
    return new IllegalArgumentException(label + ": " + shown + " (expected " + expected + ")");
  }

  @Override
  public String toString() {
    return name;
  }
}

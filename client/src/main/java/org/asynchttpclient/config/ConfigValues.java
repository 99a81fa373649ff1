package org.asynchttpclient.config;

import org.asynchttpclient.AsyncHttpClientConfig;
import org.jetbrains.annotations.Nullable;

/**
 * A value for every row of {@link ConfigTable}: what a {@code DefaultAsyncHttpClientConfig} and its
 * builder hold for the property-backed options. Because it is filled row by row, a builder's
 * defaults and its copy of another config cannot leave an option out.
 *
 * <p>Arrays are copied in and out, so no caller shares one with another.
 *
 * <p>Not thread-safe; a config publishes a copy that nobody writes again.
 */
public final class ConfigValues {

  // Indexed by ConfigOption.index; an element is null where the option allows it.
  private final Object[] values;

  private ConfigValues(Object[] values) {
    this.values = values;
  }

  /** Every option's default, read from the properties now. */
  public static ConfigValues defaults() {
    ConfigValues defaults = new ConfigValues(new Object[ConfigTable.ALL.size()]);
    for (ConfigOption<?> option : ConfigTable.ALL) {
      defaults.values[option.index] = detached(option.defaultValue());
    }
    return defaults;
  }

  /** Every option's value in {@code config}, read through its getters, without checking them. */
  public static ConfigValues copyOf(AsyncHttpClientConfig config) {
    ConfigValues copy = new ConfigValues(new Object[ConfigTable.ALL.size()]);
    for (ConfigOption<?> option : ConfigTable.ALL) {
      copy.values[option.index] = detached(option.valueIn(config));
    }
    return copy;
  }

  /** An independent copy. */
  public ConfigValues copy() {
    ConfigValues copy = new ConfigValues(values.clone());
    for (int i = 0; i < values.length; i++) {
      copy.values[i] = detached(values[i]);
    }
    return copy;
  }

  /** The value of {@code option}; null only for an option whose getter is {@code @Nullable}. */
  @SuppressWarnings({"NullAway", "unchecked"}) // set() stored a T (or the null its check allows).
  public <T> T get(ConfigOption<T> option) {
    return (T) detached(values[option.index]);
  }

  /**
   * Sets {@code option} to what its check makes of {@code value}: out-of-range values are refused
   * with an {@link IllegalArgumentException}, null with a {@link NullPointerException} unless the
   * option says what null means. A refused value leaves the previous one.
   */
  public <T> void set(ConfigOption<T> option, @Nullable T value) {
    values[option.index] = detached(option.checked(value));
  }

  private static @Nullable Object detached(@Nullable Object value) {
    return value instanceof String[] ? ((String[]) value).clone() : value;
  }
}

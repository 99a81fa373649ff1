package org.asynchttpclient;

import org.jetbrains.annotations.Nullable;

/**
 * The null check of the builder's object-valued options. The options of
 * {@link org.asynchttpclient.config.ConfigTable} are checked by their rows.
 */
final class ConfigValueChecks {

  private ConfigValueChecks() {}

  static <T> T checkNotNull(String name, @Nullable T value) {
    if (value == null) {
      throw new NullPointerException(name + ": null (expected a value)");
    }
    return value;
  }
}

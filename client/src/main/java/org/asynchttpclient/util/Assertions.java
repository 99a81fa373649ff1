package org.asynchttpclient.util;

import org.jetbrains.annotations.Contract;
import org.jetbrains.annotations.Nullable;

/** Argument checks with messages that name the argument. */
public final class Assertions {

  private Assertions() {}

  /**
   * Returns {@code value} when it is neither null nor empty.
   *
   * @param value the value to check
   * @param name the argument's name, used in the message
   * @throws NullPointerException when {@code value} is null
   * @throws IllegalArgumentException when {@code value} is empty
   */
  @Contract(value = "null, _ -> fail", pure = true)
  public static String assertNotEmpty(@Nullable String value, String name) {
    if (value == null) {
      throw new NullPointerException(name + ": null (expected a non-empty string)");
    }
    if (value.isEmpty()) {
      throw new IllegalArgumentException(name + ": '' (expected a non-empty string)");
    }
    return value;
  }
}

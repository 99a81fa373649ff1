package org.asynchttpclient;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jetbrains.annotations.Nullable;

/** A query or form parameter: a name and an optional value, both unencoded. Immutable. */
public class Param {

  private final String name;
  private final @Nullable String value;

  /**
   * @param name the parameter name
   * @param value the value, or null for a parameter that has a name only ({@code ?flag})
   */
  public Param(String name, @Nullable String value) {
    this.name = name;
    this.value = value;
  }

  /**
   * Flattens a multi-valued map into parameters, keeping the map's iteration order and the order of the
   * values of each name.
   *
   * @return the parameters, or null when {@code map} is null (as AHC 3.0.11 does)
   */
  public static @Nullable List<Param> map2ParamList(Map<String, List<String>> map) {
    if (map == null) {
      return null;
    }
    List<Param> params = new ArrayList<>(map.size());
    for (Map.Entry<String, List<String>> entry : map.entrySet()) {
      List<String> values = entry.getValue();
      if (values == null) {
        continue;
      }
      for (String value : values) {
        params.add(new Param(entry.getKey(), value));
      }
    }
    return params;
  }

  public String getName() {
    return name;
  }

  public @Nullable String getValue() {
    return value;
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, value);
  }

  @Override
  public boolean equals(Object obj) {
    if (this == obj) {
      return true;
    }
    if (!(obj instanceof Param)) {
      return false;
    }
    Param other = (Param) obj;
    return name.equals(other.name) && Objects.equals(value, other.value);
  }
}

package org.asynchttpclient;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.asynchttpclient.config.AsyncHttpClientConfigDefaults;
import org.jetbrains.annotations.Nullable;

/**
 * Finds, by reflection, the pieces that together make each configuration option: the key in
 * {@code ahc-default.properties}, the constant and {@code defaultX()} of
 * {@link AsyncHttpClientConfigDefaults}, the getter of {@link AsyncHttpClientConfig} and the setter of
 * {@link DefaultAsyncHttpClientConfig.Builder}. The irregular names below are AHC 3.0.11's and are
 * part of its public API.
 */
final class ConfigOptions {

  static final String ROOT = AsyncHttpClientConfigDefaults.ASYNC_CLIENT_CONFIG_ROOT;

  /** Keys in the defaults file that no option reads (none did in 3.0.11 either). */
  static final Set<String> KEYS_WITHOUT_OPTION = Set.of("removeQueryParamOnRedirect");

  /**
   * Former names kept as deprecated aliases of an option (constant, {@code defaultX()}, getter and
   * setter), without a key of their own in the defaults file: the alias's property is read only
   * when set by the user. Alias to option.
   */
  static final Map<String, String> DEPRECATED_ALIASES =
      Map.of("maxInflatedResponseBodySize", "maxDecompressedResponseSize");

  /** Options that have no getter: they choose how build() makes the proxy selector. */
  static final Set<String> WITHOUT_GETTER = Set.of("useProxySelector", "useProxyProperties");

  static final Map<String, String> IRREGULAR_GETTERS =
      Map.of("expiredCookieEvictionDelay", "expiredCookieEvictionDelay");

  static final Map<String, String> IRREGULAR_SETTERS = Map.of(
      "enableWebSocketCompression", "setEnablewebSocketCompression",
      "hashedWheelTimerTickDuration", "setHashedWheelTickDuration",
      "hashedWheelTimerSize", "setHashedWheelSize");

  private ConfigOptions() {}

  /** One option: its property name (without the root) and the methods found for it. */
  static final class Option {
    final String name;
    final Method defaultMethod;
    final @Nullable Method getter;
    final Method setter;

    Option(String name, Method defaultMethod, @Nullable Method getter, Method setter) {
      this.name = name;
      this.defaultMethod = defaultMethod;
      this.getter = getter;
      this.setter = setter;
    }

    Object defaultValue() {
      return invokeStatic(defaultMethod);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static Properties defaultsFile() {
    Properties props = new Properties();
    try (InputStream in = AsyncHttpClientConfigDefaults.class.getResourceAsStream("ahc-default.properties")) {
      assertNotNull(in, "ahc-default.properties beside AsyncHttpClientConfigDefaults");
      props.load(in);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return props;
  }

  /** Option names (without the root) of the defaults file, sorted. */
  static Set<String> fileOptionNames() {
    Set<String> names = new TreeSet<>();
    for (String key : defaultsFile().stringPropertyNames()) {
      if (!key.startsWith(ROOT)) {
        throw new AssertionError(key + ": does not start with " + ROOT);
      }
      names.add(key.substring(ROOT.length()));
    }
    return names;
  }

  /** Values of the public String constants of AsyncHttpClientConfigDefaults naming an option. */
  static Set<String> constantValues() {
    Set<String> values = new TreeSet<>();
    for (var field : AsyncHttpClientConfigDefaults.class.getFields()) {
      if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class
          && !field.getName().equals("ASYNC_CLIENT_CONFIG_ROOT") && !field.getName().equals("AHC_VERSION")) {
        try {
          values.add((String) field.get(null));
        } catch (IllegalAccessException e) {
          throw new AssertionError(e);
        }
      }
    }
    return values;
  }

  /** Names (without "default") of the public static defaultX() methods. */
  static Set<String> defaultMethodNames() {
    Set<String> names = new TreeSet<>();
    for (Method m : AsyncHttpClientConfigDefaults.class.getMethods()) {
      if (Modifier.isStatic(m.getModifiers()) && m.getName().startsWith("default")
          && m.getParameterCount() == 0) {
        names.add(decapitalize(m.getName().substring("default".length())));
      }
    }
    return names;
  }

  static @Nullable Method defaultMethod(String name) {
    return find(AsyncHttpClientConfigDefaults.class, "default" + capitalize(name), 0);
  }

  static @Nullable Method getter(String name) {
    String irregular = IRREGULAR_GETTERS.get(name);
    if (irregular != null) {
      return find(AsyncHttpClientConfig.class, irregular, 0);
    }
    Method get = find(AsyncHttpClientConfig.class, "get" + capitalize(name), 0);
    return get != null ? get : find(AsyncHttpClientConfig.class, "is" + capitalize(name), 0);
  }

  static @Nullable Method setter(String name) {
    String setterName = IRREGULAR_SETTERS.getOrDefault(name, "set" + capitalize(name));
    return find(DefaultAsyncHttpClientConfig.Builder.class, setterName, 1);
  }

  /**
   * A builder with defaults, except a keep-alive strategy and no cookie store: build() would
   * otherwise make the default ones, whose classes are implemented elsewhere.
   */
  static DefaultAsyncHttpClientConfig.Builder builder() {
    return new DefaultAsyncHttpClientConfig.Builder()
        .setKeepAliveStrategy((address, request, httpRequest, httpResponse) -> true)
        .setCookieStore(null);
  }

  /** Every option of the defaults file, with all its methods present (asserted). */
  static List<Option> all() {
    List<Option> options = new ArrayList<>();
    for (String name : fileOptionNames()) {
      if (KEYS_WITHOUT_OPTION.contains(name)) {
        continue;
      }
      Method def = defaultMethod(name);
      Method setter = setter(name);
      assertNotNull(def, name + ": defaultX()");
      assertNotNull(setter, name + ": Builder setter");
      options.add(new Option(name, def, WITHOUT_GETTER.contains(name) ? null : getter(name), setter));
    }
    return options;
  }

  /** A value of the option's type that differs from {@code current} and every setter accepts. */
  static Object otherValidValue(Class<?> type, @Nullable Object current) {
    if (type == boolean.class || type == Boolean.class) {
      return !(Boolean) Objects.requireNonNull(current);
    }
    if (type == int.class || type == Integer.class) {
      int value = current == null ? 0 : ((Number) current).intValue();
      return value > 0 ? value * 2 : 7;
    }
    if (type == long.class || type == Long.class) {
      long value = current == null ? 0 : ((Number) current).longValue();
      return value > 0 ? value * 2 : 7L;
    }
    if (type == double.class || type == Double.class) {
      // Halved: inside every double option's range (a fraction, a percentile below 100).
      double value = current == null ? 0 : ((Number) current).doubleValue();
      return value > 0 ? value / 2 : 0.5;
    }
    if (type == Duration.class) {
      Duration value = (Duration) Objects.requireNonNull(current);
      return value.isNegative() || value.isZero() ? Duration.ofSeconds(3) : value.multipliedBy(2);
    }
    if (type == String.class) {
      return current + "-other";
    }
    if (type == String[].class) {
      return new String[] {"TLSv1.2", "Other"};
    }
    if (type.isEnum()) {
      // The next constant: for a two-constant enum, the other one.
      Object[] constants = type.getEnumConstants();
      int at = Arrays.asList(constants).indexOf(current);
      return constants[(at + 1) % constants.length];
    }
    throw new AssertionError("no test value for " + type);
  }

  /** {@code value} written as a property value. */
  static String asProperty(Object value) {
    if (value instanceof String[]) {
      return String.join(", ", (String[]) value);
    }
    return String.valueOf(value);
  }

  /** Equality that compares arrays by content and numbers by value (int default, long getter). */
  static boolean sameValue(@Nullable Object a, @Nullable Object b) {
    if (a instanceof Object[] && b instanceof Object[]) {
      return Arrays.equals((Object[]) a, (Object[]) b);
    }
    if (a instanceof Double || b instanceof Double) {
      return a instanceof Number && b instanceof Number
          && ((Number) a).doubleValue() == ((Number) b).doubleValue();
    }
    if (a instanceof Number && b instanceof Number) {
      return ((Number) a).longValue() == ((Number) b).longValue();
    }
    return Objects.equals(a, b);
  }

  static String describe(@Nullable Object value) {
    return value instanceof Object[] ? Arrays.toString((Object[]) value) : String.valueOf(value);
  }

  static Object invokeStatic(Method method) {
    return invoke(method, null);
  }

  static Object invoke(Method method, @Nullable Object target, Object... args) {
    try {
      return method.invoke(target, args);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(method + " failed", e.getCause() != null ? e.getCause() : e);
    }
  }

  static String capitalize(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }

  static String decapitalize(String name) {
    return Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }

  private static @Nullable Method find(Class<?> type, String name, int parameterCount) {
    for (Method m : type.getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == parameterCount) {
        return m;
      }
    }
    return null;
  }
}

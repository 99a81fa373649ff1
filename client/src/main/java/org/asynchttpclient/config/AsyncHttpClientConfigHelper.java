package org.asynchttpclient.config;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import org.jetbrains.annotations.Nullable;

/**
 * Gives access to the process-wide {@link Config} from which {@link AsyncHttpClientConfigDefaults}
 * reads every default.
 *
 * <p>The {@link Config} is created on first use and kept; {@link #reloadProperties()} re-reads its
 * files. System properties are never cached: a change is seen by the next read.
 */
public final class AsyncHttpClientConfigHelper {

  // Any thread; published once, replaced never (reload() mutates the instance in place).
  private static volatile @Nullable Config config;

  private AsyncHttpClientConfigHelper() {}

  /** The shared {@link Config}, created from the classpath on first call. */
  public static Config getAsyncHttpClientConfig() {
    Config current = config;
    if (current == null) {
      synchronized (AsyncHttpClientConfigHelper.class) {
        current = config;
        if (current == null) {
          current = new Config();
          config = current;
        }
      }
    }
    return current;
  }

  /**
   * Re-reads {@code ahc-default.properties} and {@code ahc.properties}, so that an edited or newly
   * added file takes effect. Configs already built keep their values.
   */
  public static void reloadProperties() {
    Config current = config;
    if (current != null) {
      current.reload();
    }
  }

  /**
   * Typed access to AHC's properties, looked up in this order: the system property of the same name,
   * then {@value #CUSTOM_AHC_PROPERTIES}, then {@value #DEFAULT_AHC_PROPERTIES}.
   *
   * <p>Both files are read as classpath resources beside this class, that is under
   * {@code org/asynchttpclient/config/} (where AHC 3.0.11 reads them); the custom file is optional.
   * File contents are kept until {@link #reload()}; system properties are read on every call.
   *
   * <p>Durations accept ISO-8601 ({@code PT30S}, {@code -PT0.001S}) and, for properties files written
   * for AHC 2.x, a plain integer taken as milliseconds ({@code 30000}). Booleans follow
   * {@link Boolean#parseBoolean(String)} as in AHC 3.0.11: anything but {@code true} (any case) is
   * false. Lists are comma-separated; a blank value means none ({@code null}).
   */
  public static class Config {

    public static final String DEFAULT_AHC_PROPERTIES = "ahc-default.properties";
    public static final String CUSTOM_AHC_PROPERTIES = "ahc.properties";

    private static final Pattern MILLISECONDS = Pattern.compile("-?\\d+");

    /** Opens a resource by its name, or returns null when there is none. */
    @FunctionalInterface
    interface ResourceOpener {
      @Nullable InputStream open(String name) throws IOException;
    }

    private final ResourceOpener opener;
    // Any thread: immutable, replaced whole by reload() (a record of both, so a reader never sees
    // the values of one load with the keys of another).
    private volatile Loaded loaded;

    /** The merged values of both files, and the keys {@code ahc.properties} sets. */
    private static final class Loaded {
      final Map<String, String> values;
      final Set<String> customKeys;

      Loaded(Map<String, String> values, Set<String> customKeys) {
        this.values = values;
        this.customKeys = customKeys;
      }
    }

    /** Reads the properties files from the classpath. */
    public Config() {
      this(Config.class::getResourceAsStream);
    }

    /** For tests: reads the files through {@code opener}. */
    Config(ResourceOpener opener) {
      this.opener = opener;
      this.loaded = loadFiles();
    }

    /** Re-reads both properties files. */
    public void reload() {
      loaded = loadFiles();
    }

    private Loaded loadFiles() {
      Properties defaults = load(DEFAULT_AHC_PROPERTIES, true);
      Properties custom = load(CUSTOM_AHC_PROPERTIES, false);
      Map<String, String> merged = new HashMap<>();
      for (String name : defaults.stringPropertyNames()) {
        merged.put(name, defaults.getProperty(name));
      }
      for (String name : custom.stringPropertyNames()) {
        merged.put(name, custom.getProperty(name));
      }
      return new Loaded(Map.copyOf(merged), Set.copyOf(custom.stringPropertyNames()));
    }

    private Properties load(String file, boolean required) {
      Properties props = new Properties();
      try (InputStream in = opener.open(file)) {
        if (in != null) {
          props.load(in);
        } else if (required) {
          throw new IllegalStateException(
              file + ": not found on the classpath beside " + Config.class.getName());
        }
      } catch (IOException e) {
        throw new IllegalStateException(file + ": cannot be read", e);
      }
      return props;
    }

    /** The raw value of {@code key}, or null when neither a system property nor a file sets it. */
    public @Nullable String getString(String key) {
      String fromSystem = System.getProperty(key);
      return fromSystem != null ? fromSystem : loaded.values.get(key);
    }

    /**
     * Whether {@code key} is set by a system property or by {@code ahc.properties}, rather than
     * only by the shipped defaults.
     */
    boolean isSetByUser(String key) {
      return System.getProperty(key) != null || loaded.customKeys.contains(key);
    }

    /**
     * The comma-separated values of {@code key}, trimmed, empty entries dropped; null when the
     * value is missing or blank.
     */
    public @Nullable String[] getStringArray(String key) {
      String raw = getString(key);
      if (raw == null || raw.isBlank()) {
        return null;
      }
      List<String> values = new ArrayList<>();
      for (String part : raw.split(",", -1)) {
        String trimmed = part.trim();
        if (!trimmed.isEmpty()) {
          values.add(trimmed);
        }
      }
      return values.isEmpty() ? null : values.toArray(new String[0]);
    }

    /** The value of {@code key} as an int; refuses a missing or malformed value. */
    public int getInt(String key) {
      String raw = required(key, "an integer");
      try {
        return Integer.parseInt(raw);
      } catch (NumberFormatException e) {
        throw invalid(key, raw, "an integer", e);
      }
    }

    /** The value of {@code key} as a long; refuses a missing or malformed value. */
    double getDouble(String key) {
      String raw = required(key, "a number");
      try {
        double value = Double.parseDouble(raw);
        if (Double.isNaN(value) || Double.isInfinite(value)) {
          throw new NumberFormatException("not a finite number: " + raw);
        }
        return value;
      } catch (NumberFormatException e) {
        throw invalid(key, raw, "a number", e);
      }
    }

    long getLong(String key) {
      String raw = required(key, "an integer");
      try {
        return Long.parseLong(raw);
      } catch (NumberFormatException e) {
        throw invalid(key, raw, "an integer", e);
      }
    }

    /** The value of {@code key} as a boolean: true only for {@code true}, ignoring case. */
    public boolean getBoolean(String key) {
      String raw = getString(key);
      return raw != null && Boolean.parseBoolean(raw.trim());
    }

    /**
     * The value of {@code key} as a duration: ISO-8601, or a plain integer read as milliseconds.
     * Refuses a missing or malformed value.
     */
    public Duration getDuration(String key) {
      String expected = "an ISO-8601 duration such as PT30S, or milliseconds";
      String raw = required(key, expected);
      if (MILLISECONDS.matcher(raw).matches()) {
        try {
          return Duration.ofMillis(Long.parseLong(raw));
        } catch (NumberFormatException e) {
          throw invalid(key, raw, expected, e);
        }
      }
      try {
        return Duration.parse(raw);
      } catch (DateTimeParseException e) {
        throw invalid(key, raw, expected, e);
      }
    }

    private String required(String key, String expected) {
      String raw = getString(key);
      if (raw == null) {
        throw new IllegalArgumentException(key + ": not set (expected " + expected + ")");
      }
      return raw.trim();
    }

    private static IllegalArgumentException invalid(
        String key, String raw, String expected, RuntimeException cause) {
      return new IllegalArgumentException(
          key + ": '" + raw + "' (expected " + expected + ")", cause);
    }
  }
}

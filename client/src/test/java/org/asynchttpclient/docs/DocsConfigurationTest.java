package org.asynchttpclient.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asynchttpclient.config.AsyncHttpClientConfigDefaults;
import org.asynchttpclient.config.ConfigOption;
import org.asynchttpclient.config.ConfigTable;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md agrees with the option table: every option of {@link ConfigTable} has a
 * row with its exact property key and the default of {@code ahc-default.properties}, and no row
 * names a key the client does not have. A row is a table line that starts with the key in
 * backticks, then the default: {@code | `org.asynchttpclient.readTimeout` | `PT1M` | ...}; an
 * empty default is written {@code (empty)}.
 */
class DocsConfigurationTest {
  static final String PAGE = "docs/configuration.md";
  private static final Pattern ROW =
      Pattern.compile("^\\|\\s*`(org\\.asynchttpclient\\.[A-Za-z0-9]+)`\\s*\\|\\s*([^|]*?)\\s*\\|");

  @Test
  void everyOptionHasARowWithItsKeyAndDefault() {
    Map<String, String> rows = rows(RepoFiles.read(RepoFiles.root().resolve(PAGE)));
    Properties defaults = defaultsFile();
    List<String> problems = new ArrayList<>();
    for (ConfigOption<?> option : ConfigTable.ALL) {
      String key = option.key();
      String raw = defaults.getProperty(key);
      if (raw == null) {
        problems.add(key + ": not in ahc-default.properties (ConfigSurfaceAgreementTest says more)");
        continue;
      }
      String expected = defaultCell(raw);
      String listed = rows.get(key);
      if (listed == null) {
        problems.add(PAGE + " has no row for " + key + ": add this line to the table of its"
            + " subject (since: 3.0.14 when AsyncHttpClient 3.0.14 has the key, else ahc-deadline)\n"
            + "| `" + key + "` | " + expected + " | ahc-deadline | <what it does; what 0, -1 or"
            + " empty mean> |");
      } else if (!listed.equals(expected)) {
        problems.add(PAGE + ": the row of " + key + " gives the default " + listed
            + " where ahc-default.properties has " + expected + ": write " + expected);
      }
    }
    assertEquals(List.of(), problems, String.join("\n", problems));
  }

  @Test
  void noRowNamesAKeyTheClientDoesNotHave() {
    Set<String> known = new TreeSet<>(defaultsFile().stringPropertyNames());
    for (ConfigOption<?> option : ConfigTable.ALL) {
      known.add(option.key());
    }
    List<String> unknown = new ArrayList<>();
    for (String key : rows(RepoFiles.read(RepoFiles.root().resolve(PAGE))).keySet()) {
      if (!known.contains(key)) {
        unknown.add(PAGE + " lists " + key + ", which is neither an option of ConfigTable nor a"
            + " key of ahc-default.properties: remove its row (or fix its spelling)");
      }
    }
    assertEquals(List.of(), unknown, String.join("\n", unknown));
  }

  @Test
  void theRowsAreRecognised() {
    Map<String, String> rows =
        rows("| `org.asynchttpclient.readTimeout` | `PT1M` | 3.0.11 | silence |\n"
            + "| `org.asynchttpclient.deadlinePropagationHeader` | (empty) | x | y |\n"
            + "text naming `org.asynchttpclient.readTimeout` outside a row\n");
    assertEquals(Map.of("org.asynchttpclient.readTimeout", "`PT1M`",
        "org.asynchttpclient.deadlinePropagationHeader", "(empty)"), rows);
    assertEquals("(empty)", defaultCell(""));
    assertEquals("`TLSv1.3, TLSv1.2`", defaultCell("TLSv1.3, TLSv1.2"));
  }

  /** Key to default cell of every option row of {@code page}; a key listed twice fails. */
  static Map<String, String> rows(String page) {
    Map<String, String> rows = new LinkedHashMap<>();
    for (String line : page.split("\n", -1)) {
      Matcher m = ROW.matcher(line);
      if (m.find()) {
        String previous = rows.put(m.group(1), m.group(2));
        assertFalse(previous != null, PAGE + " lists " + m.group(1) + " twice: keep one row");
      }
    }
    return rows;
  }

  static String defaultCell(String raw) {
    return raw.isEmpty() ? "(empty)" : "`" + raw + "`";
  }

  /** The client's own defaults file, not what system properties or ahc.properties make of it. */
  static Properties defaultsFile() {
    Properties props = new Properties();
    try (InputStream in =
        AsyncHttpClientConfigDefaults.class.getResourceAsStream("ahc-default.properties")) {
      assertNotNull(in, "ahc-default.properties beside AsyncHttpClientConfigDefaults");
      props.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return props;
  }
}

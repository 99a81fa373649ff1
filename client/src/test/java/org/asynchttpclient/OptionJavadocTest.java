package org.asynchttpclient;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asynchttpclient.ConfigOptions.Option;
import org.junit.jupiter.api.Test;

/**
 * The javadoc of every option's getter (on {@link AsyncHttpClientConfig}) and builder setter (on
 * {@link DefaultAsyncHttpClientConfig.Builder}) says what the option does, then its default and its
 * property key in one sentence: {@code Default {@code PT1M}; property {@code
 * org.asynchttpclient.readTimeout}.} (an empty default: {@code Default: none (empty)}). Read from
 * the sources, so a new option's missing line fails here with the line to add.
 */
class OptionJavadocTest {
  private static final Path SOURCES = Paths.get("src/main/java/org/asynchttpclient");

  @Test
  void everyGetterAndSetterSaysWhatItDoesItsDefaultAndItsKey() throws IOException {
    String getters = read("AsyncHttpClientConfig.java");
    String builder = read("DefaultAsyncHttpClientConfig.java");
    builder = builder.substring(builder.indexOf("public static class Builder"));
    Properties defaults = ConfigOptions.defaultsFile();
    List<String> problems = new ArrayList<>();
    for (Option option : ConfigOptions.all()) {
      String fact = fact(option.name, defaults.getProperty(ConfigOptions.ROOT + option.name));
      if (option.getter != null) {
        check(problems, "AsyncHttpClientConfig." + option.getter.getName() + "()", fact,
            javadoc(getters, "\\b" + option.getter.getName() + "\\(\\)\\s*[;{]"));
      }
      check(problems, "DefaultAsyncHttpClientConfig.Builder." + option.setter.getName(), fact,
          javadoc(builder, "public Builder " + option.setter.getName() + "\\("));
    }
    assertEquals(List.of(), problems, String.join("\n", problems));
  }

  @Test
  void theJavadocBeforeADeclarationIsFound() {
    String source = "  /**\n   * Reads it.\n   *\n   * <p>Default {@code 5};\n   * property x.\n   */\n"
        + "  @Nullable\n  int getIt();\n  int other();\n";
    assertEquals("Reads it. <p>Default {@code 5}; property x.", javadoc(source, "getIt\\(\\)"));
    assertEquals("", javadoc(source, "other\\(\\)"));
  }

  private static void check(List<String> problems, String method, String fact, String doc) {
    if (!doc.contains(fact)) {
      problems.add(method + ": its javadoc lacks \"" + fact + "\"; end it with a paragraph:"
          + " <p>" + fact);
    } else if (doc.indexOf(fact) == 0 || doc.substring(0, doc.indexOf(fact)).trim().equals("<p>")) {
      problems.add(method + ": its javadoc gives the default and key but not what it does");
    }
  }

  static String fact(String name, String raw) {
    String value = raw.isEmpty() ? "Default: none (empty)" : "Default {@code " + raw + "}";
    return value + "; property {@code " + ConfigOptions.ROOT + name + "}.";
  }

  /** The text of the javadoc just before the first match of {@code declaration}, one line. */
  static String javadoc(String source, String declaration) {
    Matcher m = Pattern.compile(declaration).matcher(source);
    if (!m.find()) {
      return "";
    }
    String before = source.substring(0, m.start());
    // Skip back over annotations and modifiers on the declaration's own lines.
    int end = before.lastIndexOf("*/");
    int start = end < 0 ? -1 : before.lastIndexOf("/**", end);
    if (start < 0 || !before.substring(end + 2).matches("(?s)\\s*(@[A-Za-z.]+(\\([^)]*\\))?\\s*)*[^;{}/]*")) {
      return "";
    }
    String text = before.substring(start + 3, end);
    return text.replaceAll("(?m)^\\s*\\*\\s?", " ").replaceAll("\\s+", " ").trim();
  }

  private static String read(String file) throws IOException {
    return new String(Files.readAllBytes(SOURCES.resolve(file)), StandardCharsets.UTF_8);
  }
}

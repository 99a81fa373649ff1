package org.asynchttpclient.config;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The README's configuration table names every key of ahc-default.properties with its default. */
class ReadmeConfigTableTest {
  @Test
  void everyPropertyKeyIsInTheReadmeWithItsDefault() throws Exception {
    Path readme = Paths.get("..", "README.md");
    String text = new String(Files.readAllBytes(readme), StandardCharsets.UTF_8);
    Properties defaults = new Properties();
    try (InputStream in =
        getClass().getResourceAsStream("/org/asynchttpclient/config/ahc-default.properties")) {
      defaults.load(in);
    }
    List<String> missing = new ArrayList<>();
    for (String key : defaults.stringPropertyNames()) {
      String row = "| `" + key + "` | `" + defaults.getProperty(key) + "` |";
      String emptyRow = "| `" + key + "` | ";
      if (!text.contains(row) && !(defaults.getProperty(key).isEmpty() && text.contains(emptyRow))) {
        missing.add(key + "=" + defaults.getProperty(key));
      }
    }
    assertTrue(missing.isEmpty(), "README config table lacks or disagrees on: " + missing);
  }
}

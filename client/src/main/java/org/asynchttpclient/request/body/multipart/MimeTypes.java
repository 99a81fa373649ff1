package org.asynchttpclient.request.body.multipart;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.jetbrains.annotations.Nullable;

/**
 * Guesses a content type from a file name's extension with the table 3.0.11 uses (the resource
 * {@code mime.types} next to this class), else {@code application/octet-stream}. The JDK's own
 * table is not consulted, as in 3.0.11, so a part gets the same type on every JVM.
 */
final class MimeTypes {

  static final String DEFAULT_CONTENT_TYPE = "application/octet-stream";

  /** Lower-case extension to content type. */
  private static final Map<String, String> BY_EXTENSION = load("mime.types");

  private MimeTypes() {}

  private static Map<String, String> load(String resource) {
    Map<String, String> table = new HashMap<>();
    try (InputStream in = MimeTypes.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("resource " + resource + " missing next to " + MimeTypes.class.getName());
      }
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.ISO_8859_1));
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        String entry = line.trim();
        if (entry.isEmpty() || entry.charAt(0) == '#') {
          continue;
        }
        String[] fields = entry.split("\\s+", -1);
        for (int i = 1; i < fields.length; i++) {
          table.put(fields[i].toLowerCase(Locale.ROOT), fields[0]);
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot read resource " + resource, e);
    }
    return Collections.unmodifiableMap(table);
  }

  /**
   * Returns the content type guessed for {@code fileName} from what follows its last {@code .}
   * (ignoring case); {@value #DEFAULT_CONTENT_TYPE} when there is no extension or the table lacks it.
   *
   * @param fileName a file name, possibly with a path, or null
   * @return the content type; never null
   */
  static String getContentType(@Nullable String fileName) {
    if (fileName == null) {
      return DEFAULT_CONTENT_TYPE;
    }
    int dot = fileName.lastIndexOf('.');
    if (dot < 0 || dot == fileName.length() - 1) {
      return DEFAULT_CONTENT_TYPE;
    }
    String type = BY_EXTENSION.get(fileName.substring(dot + 1).toLowerCase(Locale.ROOT));
    return type != null ? type : DEFAULT_CONTENT_TYPE;
  }
}

package org.asynchttpclient.request.body.multipart;

import java.net.FileNameMap;
import java.net.URLConnection;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.jetbrains.annotations.Nullable;

/**
 * Guesses a content type from a file name: first from a small built-in table of common extensions
 * (so the common cases do not depend on the JDK's table), then from the JDK's
 * {@link URLConnection#getFileNameMap()}, else {@code application/octet-stream}.
 */
final class MimeTypes {

  static final String DEFAULT_CONTENT_TYPE = "application/octet-stream";

  private static final Map<String, String> BY_EXTENSION = buildTable();

  private MimeTypes() {}

  private static Map<String, String> buildTable() {
    Map<String, String> table = new HashMap<>();
    put(table, "text/plain", "txt", "text", "log", "conf", "properties");
    put(table, "text/html", "html", "htm");
    put(table, "text/css", "css");
    put(table, "text/csv", "csv");
    put(table, "text/markdown", "md");
    put(table, "application/javascript", "js", "mjs");
    put(table, "application/json", "json");
    put(table, "application/xml", "xml", "xsl");
    put(table, "application/pdf", "pdf");
    put(table, "application/zip", "zip");
    put(table, "application/gzip", "gz", "tgz");
    put(table, "application/x-tar", "tar");
    put(table, "application/java-archive", "jar");
    put(table, "application/octet-stream", "bin", "exe", "dll", "so", "class");
    put(table, "application/msword", "doc");
    put(
        table,
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "docx");
    put(table, "application/vnd.ms-excel", "xls");
    put(table, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx");
    put(table, "image/png", "png");
    put(table, "image/jpeg", "jpg", "jpeg", "jpe");
    put(table, "image/gif", "gif");
    put(table, "image/bmp", "bmp");
    put(table, "image/webp", "webp");
    put(table, "image/svg+xml", "svg", "svgz");
    put(table, "image/tiff", "tif", "tiff");
    put(table, "image/x-icon", "ico");
    put(table, "audio/mpeg", "mp3");
    put(table, "audio/ogg", "ogg", "oga");
    put(table, "audio/x-wav", "wav");
    put(table, "video/mp4", "mp4", "m4v");
    put(table, "video/mpeg", "mpeg", "mpg");
    put(table, "video/webm", "webm");
    return table;
  }

  private static void put(Map<String, String> table, String type, String... extensions) {
    for (String extension : extensions) {
      table.put(extension, type);
    }
  }

  /**
   * Returns the content type guessed for {@code fileName}.
   *
   * @param fileName a file name, possibly with a path, or null
   * @return the content type; never null
   */
  static String getContentType(@Nullable String fileName) {
    if (fileName == null || fileName.isEmpty()) {
      return DEFAULT_CONTENT_TYPE;
    }
    int dot = fileName.lastIndexOf('.');
    if (dot >= 0 && dot < fileName.length() - 1) {
      String known = BY_EXTENSION.get(fileName.substring(dot + 1).toLowerCase(Locale.ROOT));
      if (known != null) {
        return known;
      }
    }
    FileNameMap jdkTable = URLConnection.getFileNameMap();
    String guessed = jdkTable.getContentTypeFor(fileName);
    return guessed != null ? guessed : DEFAULT_CONTENT_TYPE;
  }
}

package org.asynchttpclient.util;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import org.jetbrains.annotations.Nullable;

/** Reads the {@code charset} parameter of a Content-Type value. */
public final class ContentTypeCharset {

  private ContentTypeCharset() {}

  /**
   * The charset named by {@code contentType}'s {@code charset} parameter, or null when it names none or one
   * this JVM does not support (the caller then falls back to its default).
   */
  public static @Nullable Charset extract(String contentType) {
    int i = contentType.indexOf(';');
    while (i >= 0) {
      int start = i + 1;
      int end = contentType.indexOf(';', start);
      String param = (end < 0 ? contentType.substring(start) : contentType.substring(start, end)).trim();
      int eq = param.indexOf('=');
      if (eq > 0 && param.substring(0, eq).trim().equalsIgnoreCase("charset")) {
        String name = param.substring(eq + 1).trim();
        if (name.length() >= 2 && name.charAt(0) == '"' && name.charAt(name.length() - 1) == '"') {
          name = name.substring(1, name.length() - 1);
        }
        return forNameOrNull(name);
      }
      i = end;
    }
    return null;
  }

  private static @Nullable Charset forNameOrNull(String name) {
    if (name.isEmpty()) {
      return null;
    }
    try {
      return Charset.forName(name);
    } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
      return null;
    }
  }
}

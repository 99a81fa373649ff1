package org.asynchttpclient.docs;

import java.util.ArrayList;
import java.util.List;

/** The comments of a Java source file, each with the line it starts on. */
final class JavaComments {
  private JavaComments() {}

  static List<Comment> of(String source) {
    List<Comment> comments = new ArrayList<>();
    int line = 1;
    int i = 0;
    int n = source.length();
    while (i < n) {
      char c = source.charAt(i);
      char next = i + 1 < n ? source.charAt(i + 1) : '\0';
      if (c == '\n') {
        line++;
        i++;
      } else if (c == '/' && next == '/') {
        int end = source.indexOf('\n', i);
        end = end < 0 ? n : end;
        comments.add(new Comment(line, source.substring(i + 2, end)));
        i = end;
      } else if (c == '/' && next == '*') {
        int end = source.indexOf("*/", i + 2);
        end = end < 0 ? n : end;
        String text = source.substring(i + 2, end);
        comments.add(new Comment(line, text));
        line += count(text, '\n');
        i = Math.min(n, end + 2);
      } else if (c == '"' || c == '\'') {
        int end = endOfLiteral(source, i);
        line += count(source.substring(i, end), '\n');
        i = end;
      } else {
        i++;
      }
    }
    return comments;
  }

  /** The index just past the string, text block or character literal that starts at {@code start}. */
  private static int endOfLiteral(String source, int start) {
    char quote = source.charAt(start);
    if (quote == '"' && source.startsWith("\"\"\"", start)) {
      int end = source.indexOf("\"\"\"", start + 3);
      return end < 0 ? source.length() : end + 3;
    }
    int i = start + 1;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == '\\') {
        i += 2;
      } else if (c == quote || c == '\n') {
        return i + 1;
      } else {
        i++;
      }
    }
    return i;
  }

  private static int count(String text, char c) {
    int count = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == c) {
        count++;
      }
    }
    return count;
  }
}

package io.github.ahcdeadline.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Just enough of a JSON reader for the lines the OpenTelemetry agent's {@code logging-otlp}
 * exporter prints (OTLP/JSON): objects become {@link Map}s, arrays {@link List}s, strings {@link
 * String}s, numbers {@link Double}s, {@code true}/{@code false} {@link Boolean}s and {@code null}
 * {@link #NULL}. Rejects what it does not understand with the offset where it stopped.
 */
final class OtlpJson {
  /** The value of a JSON {@code null}. */
  static final Object NULL = new Object();

  // confined to the parsing thread
  private final String text;
  private int pos;

  private OtlpJson(String text, int start) {
    this.text = text;
    this.pos = start;
  }

  /** The JSON value that starts at {@code start} in {@code text}; text after it is ignored. */
  static Object parse(String text, int start) {
    return new OtlpJson(text, start).value();
  }

  private Object value() {
    skipSpaces();
    char c = peek();
    switch (c) {
      case '{':
        return object();
      case '[':
        return array();
      case '"':
        return string();
      case 't':
        return literal("true", Boolean.TRUE);
      case 'f':
        return literal("false", Boolean.FALSE);
      case 'n':
        return literal("null", NULL);
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return number();
        }
        throw error("a JSON value");
    }
  }

  private Map<String, Object> object() {
    Map<String, Object> map = new LinkedHashMap<>();
    pos++;
    skipSpaces();
    if (peek() == '}') {
      pos++;
      return map;
    }
    while (true) {
      skipSpaces();
      String key = string();
      skipSpaces();
      expect(':');
      map.put(key, value());
      skipSpaces();
      if (peek() == ',') {
        pos++;
      } else {
        expect('}');
        return map;
      }
    }
  }

  private List<Object> array() {
    List<Object> list = new ArrayList<>();
    pos++;
    skipSpaces();
    if (peek() == ']') {
      pos++;
      return list;
    }
    while (true) {
      list.add(value());
      skipSpaces();
      if (peek() == ',') {
        pos++;
      } else {
        expect(']');
        return list;
      }
    }
  }

  private String string() {
    expect('"');
    StringBuilder sb = new StringBuilder();
    while (true) {
      char c = next();
      if (c == '"') {
        return sb.toString();
      }
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      char escaped = next();
      switch (escaped) {
        case 'n':
          sb.append('\n');
          break;
        case 't':
          sb.append('\t');
          break;
        case 'r':
          sb.append('\r');
          break;
        case 'b':
          sb.append('\b');
          break;
        case 'f':
          sb.append('\f');
          break;
        case 'u':
          if (pos + 4 > text.length()) {
            throw error("four hex digits");
          }
          sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
          pos += 4;
          break;
        default:
          sb.append(escaped); // \" \\ \/
      }
    }
  }

  private Double number() {
    int start = pos;
    while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
      pos++;
    }
    return Double.valueOf(text.substring(start, pos));
  }

  private Object literal(String word, Object value) {
    if (!text.startsWith(word, pos)) {
      throw error(word);
    }
    pos += word.length();
    return value;
  }

  private void skipSpaces() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private char peek() {
    if (pos >= text.length()) {
      throw error("more input");
    }
    return text.charAt(pos);
  }

  private char next() {
    char c = peek();
    pos++;
    return c;
  }

  private void expect(char c) {
    if (next() != c) {
      pos--;
      throw error("'" + c + "'");
    }
  }

  private IllegalArgumentException error(String expected) {
    String near = text.substring(pos, Math.min(text.length(), pos + 20));
    return new IllegalArgumentException(
        "JSON at offset " + pos + ": '" + near + "' (expected " + expected + ")");
  }
}

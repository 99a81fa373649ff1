package io.github.ahcdeadline.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with columns separated by {@code " | "} and padded to the widest cell, as
 * printed by the runners. Not thread-safe: build and render it on one thread.
 */
public final class TextTable {
  private final String[] header;
  private final List<String[]> rows = new ArrayList<>();

  /** A table with these column titles. */
  public TextTable(String... header) {
    if (header.length == 0) {
      throw new IllegalArgumentException("header: 0 columns (expected >= 1)");
    }
    this.header = header.clone();
  }

  /** Appends a row; it must have exactly one cell per column. */
  public TextTable row(String... cells) {
    if (cells.length != header.length) {
      throw new IllegalArgumentException(
          "cells: " + cells.length + " (expected " + header.length + ", one per column)");
    }
    rows.add(cells.clone());
    return this;
  }

  /** The rendered table: header, a dashed rule, then the rows, each line ending in a newline. */
  public String render() {
    int[] widths = new int[header.length];
    for (int c = 0; c < header.length; c++) {
      widths[c] = header[c].length();
      for (String[] row : rows) {
        widths[c] = Math.max(widths[c], row[c].length());
      }
    }
    StringBuilder out = new StringBuilder();
    line(out, header, widths);
    StringBuilder rule = new StringBuilder();
    for (int c = 0; c < widths.length; c++) {
      if (c > 0) {
        rule.append("-|-");
      }
      rule.append("-".repeat(widths[c]));
    }
    out.append(rule).append('\n');
    for (String[] row : rows) {
      line(out, row, widths);
    }
    return out.toString();
  }

  private static void line(StringBuilder out, String[] cells, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < cells.length; c++) {
      if (c > 0) {
        line.append(" | ");
      }
      // Text columns (the first) read better left-aligned, numbers right-aligned.
      String padding = " ".repeat(widths[c] - cells[c].length());
      if (c == 0) {
        line.append(cells[c]).append(padding);
      } else {
        line.append(padding).append(cells[c]);
      }
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }

  @Override
  public String toString() {
    return render();
  }
}

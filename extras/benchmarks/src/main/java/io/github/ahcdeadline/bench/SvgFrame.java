package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What the hand-written SVG plots ({@link LagSvg}, {@link LatenessCdfSvg}) share: the document's
 * head and title, a log10 axis in ms with its decade grid, text escaping, and writing the file.
 *
 * <p>Stateless apart from {@link LogAxis}, which is immutable.
 */
final class SvgFrame {
  /** Where every log axis starts: lags below it (negative ones too) are drawn at its start. */
  static final double AXIS_MIN_MS = 0.01;

  private SvgFrame() {}

  /** Opens the document: the svg element, a white background and the bold title at the top left. */
  static void open(StringBuilder svg, int width, int height, String title) {
    svg.append(
        format(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"12\">\n",
            width, height, width, height));
    svg.append(format("<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, height));
    svg.append(
        format(
            "<text x=\"10\" y=\"22\" font-size=\"14\" font-weight=\"bold\">%s</text>\n",
            escape(title)));
  }

  /** Writes {@code document} to {@code file}, creating parent directories. */
  static void write(Path file, String document) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.write(file, document.getBytes(StandardCharsets.UTF_8));
  }

  /** Escapes the characters that are special in SVG text and attribute values. */
  static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  /** {@link String#format} in the root locale, so a decimal point is always a point. */
  static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }

  /** Maps ms to x on a log10 axis from {@link #AXIS_MIN_MS} to the decade at or above a maximum. */
  static final class LogAxis {
    final int left;
    private final int width;
    private final int minDecade;
    private final int maxDecade;

    /** An axis from {@code left} over {@code width} px, up to the decade at or above {@code maxMs}. */
    LogAxis(int left, int width, double maxMs) {
      this.left = left;
      this.width = width;
      this.minDecade = (int) Math.floor(Math.log10(AXIS_MIN_MS));
      this.maxDecade =
          Math.max(minDecade + 1, (int) Math.ceil(Math.log10(Math.max(1, maxMs))));
    }

    /** The x of {@code millis}: clamped to the axis at both ends. */
    double x(double millis) {
      double clamped = Math.max(Math.pow(10, minDecade), millis);
      double fraction = (Math.log10(clamped) - minDecade) / (maxDecade - minDecade);
      return left + Math.min(1.0, fraction) * width;
    }

    /** A grey vertical line per decade from {@code top} to {@code bottom}, labelled below it. */
    void decades(StringBuilder svg, int top, int bottom) {
      for (int decade = minDecade; decade <= maxDecade; decade++) {
        double x = x(Math.pow(10, decade));
        svg.append(
            format(
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n",
                x, top, x, bottom));
        svg.append(
            format(
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
                x, bottom + 16, escape(decadeLabel(decade))));
      }
    }

    private static String decadeLabel(int decade) {
      if (decade >= 0) {
        return String.valueOf((long) Math.pow(10, decade));
      }
      return format("%." + -decade + "f", Math.pow(10, decade));
    }
  }
}

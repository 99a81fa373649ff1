package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Draws lag distributions as a hand-written SVG: one horizontal row per series on a log10 axis in
 * ms. Each row shows the range min..max as a thin line, p25..p75 as a box, p50 as a dark tick and
 * p99 as a red tick, with the figures printed at the right. Lags below the axis start (including
 * negative ones) are drawn at the axis start.
 *
 * <p>Not thread-safe: build and write it on one thread.
 */
public final class LagSvg {
  private static final double AXIS_MIN_MS = 0.01;
  /** Width of one character of the 12 px monospace font, generously rounded up. */
  private static final double CHAR_WIDTH = 7.5;

  private static final int MIN_LEFT = 120;
  private static final int PLOT_WIDTH = 560;
  private static final int RIGHT_TEXT = 300;
  private static final int TOP = 50;
  private static final int ROW_HEIGHT = 26;
  private static final int BOTTOM = 50;

  private final String title;
  private final List<String> labels = new ArrayList<>();
  private final List<LagStats> stats = new ArrayList<>();

  /** An empty plot with this title. */
  public LagSvg(String title) {
    this.title = title;
  }

  /** Adds a row; an empty sample is drawn as a label with "no data". */
  public LagSvg add(String label, LagStats lagStats) {
    labels.add(label);
    stats.add(lagStats);
    return this;
  }

  /** Number of rows added so far. */
  public int size() {
    return labels.size();
  }

  /** Writes {@link #render()} to {@code file}, creating parent directories. */
  public void write(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.write(file, render().getBytes(StandardCharsets.UTF_8));
  }

  /** The SVG document. */
  public String render() {
    double axisMaxMs = 1;
    for (LagStats s : stats) {
      if (s.count() > 0) {
        axisMaxMs = Math.max(axisMaxMs, s.maxMillis());
      }
    }
    int minDecade = (int) Math.floor(Math.log10(AXIS_MIN_MS));
    int maxDecade = (int) Math.ceil(Math.log10(axisMaxMs));
    int longest = 0;
    for (String label : labels) {
      longest = Math.max(longest, label.length());
    }
    int left = Math.max(MIN_LEFT, (int) Math.ceil(longest * CHAR_WIDTH) + 20);
    Axis axis = new Axis(left, minDecade, maxDecade);

    int width = left + PLOT_WIDTH + RIGHT_TEXT;
    int height = TOP + ROW_HEIGHT * Math.max(1, labels.size()) + BOTTOM;
    StringBuilder svg = new StringBuilder();
    svg.append(
        format(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"12\">\n",
            width, height, width, height));
    svg.append(format("<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, height));
    svg.append(
        format(
            "<text x=\"%d\" y=\"22\" font-size=\"14\" font-weight=\"bold\">%s</text>\n",
            10, escape(title)));
    int plotBottom = TOP + ROW_HEIGHT * Math.max(1, labels.size());
    for (int decade = minDecade; decade <= maxDecade; decade++) {
      double x = axis.x(Math.pow(10, decade));
      svg.append(
          format(
              "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n",
              x, TOP - 6, x, plotBottom));
      svg.append(
          format(
              "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
              x, plotBottom + 16, escape(decadeLabel(decade))));
    }
    svg.append(
        format(
            "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">lag (ms, log scale):"
                + " line min..max, box p25..p75, dark tick p50, red tick p99</text>\n",
            left + PLOT_WIDTH / 2, plotBottom + 36));
    for (int i = 0; i < labels.size(); i++) {
      row(svg, axis, i, labels.get(i), stats.get(i));
    }
    svg.append("</svg>\n");
    return svg.toString();
  }

  private static void row(StringBuilder svg, Axis axis, int index, String label, LagStats s) {
    int mid = TOP + ROW_HEIGHT * index + ROW_HEIGHT / 2;
    int left = axis.left;
    svg.append(
        format(
            "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
            left - 10, mid + 4, escape(label)));
    if (s.count() == 0) {
      svg.append(format("<text x=\"%d\" y=\"%d\">no data</text>\n", left + 4, mid + 4));
      return;
    }
    double xMin = axis.x(s.minMillis());
    double xMax = axis.x(s.maxMillis());
    double x25 = axis.x(s.percentileMillis(25));
    double x50 = axis.x(s.percentileMillis(50));
    double x75 = axis.x(s.percentileMillis(75));
    double x99 = axis.x(s.percentileMillis(99));
    svg.append(
        format(
            "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888\"/>\n",
            xMin, mid, xMax, mid));
    svg.append(
        format(
            "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#9ecae1\""
                + " stroke=\"#3182bd\"/>\n",
            x25, mid - 7, Math.max(1.0, x75 - x25), 14));
    svg.append(
        format(
            "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#08306b\""
                + " stroke-width=\"2\"/>\n",
            x50, mid - 9, x50, mid + 9));
    svg.append(
        format(
            "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#d62728\""
                + " stroke-width=\"2\"/>\n",
            x99, mid - 9, x99, mid + 9));
    svg.append(
        format(
            "<text x=\"%d\" y=\"%d\">p50 %s  p99 %s  max %s (n=%d)</text>\n",
            left + PLOT_WIDTH + 12,
            mid + 4,
            LagStats.ms(s.percentileMillis(50)),
            LagStats.ms(s.percentileMillis(99)),
            LagStats.ms(s.maxMillis()),
            s.count()));
  }

  private static String decadeLabel(int decade) {
    if (decade >= 0) {
      return String.valueOf((long) Math.pow(10, decade));
    }
    return format("%." + -decade + "f", Math.pow(10, decade));
  }

  /** Escapes the characters that are special in SVG text and attribute values. */
  static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  private static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }

  /** Maps a lag in ms to an x coordinate on the log axis. */
  private static final class Axis {
    final int left;
    private final double logMin;
    private final double logMax;

    Axis(int left, int minDecade, int maxDecade) {
      this.left = left;
      this.logMin = minDecade;
      this.logMax = Math.max(maxDecade, minDecade + 1);
    }

    double x(double millis) {
      double clamped = Math.max(Math.pow(10, logMin), millis);
      double fraction = (Math.log10(clamped) - logMin) / (logMax - logMin);
      return left + Math.min(1.0, fraction) * PLOT_WIDTH;
    }
  }
}

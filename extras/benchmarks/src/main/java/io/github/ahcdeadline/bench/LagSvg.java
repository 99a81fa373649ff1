package io.github.ahcdeadline.bench;

import static io.github.ahcdeadline.bench.SvgFrame.escape;
import static io.github.ahcdeadline.bench.SvgFrame.format;

import io.github.ahcdeadline.bench.SvgFrame.LogAxis;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws lag distributions as a hand-written SVG: one horizontal row per series on a log10 axis in
 * ms. Each row shows the range min..max as a thin line, p25..p75 as a box, p50 as a dark tick and
 * p99 as a red tick, with the figures printed at the right. Lags below the axis start (including
 * negative ones) are drawn at the axis start.
 *
 * <p>Not thread-safe: build and write it on one thread.
 */
public final class LagSvg {
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
    SvgFrame.write(file, render());
  }

  /** The SVG document. */
  public String render() {
    double axisMaxMs = 1;
    for (LagStats s : stats) {
      if (s.count() > 0) {
        axisMaxMs = Math.max(axisMaxMs, s.maxMillis());
      }
    }
    int longest = 0;
    for (String label : labels) {
      longest = Math.max(longest, label.length());
    }
    int left = Math.max(MIN_LEFT, (int) Math.ceil(longest * CHAR_WIDTH) + 20);
    LogAxis axis = new LogAxis(left, PLOT_WIDTH, axisMaxMs);

    int width = left + PLOT_WIDTH + RIGHT_TEXT;
    int height = TOP + ROW_HEIGHT * Math.max(1, labels.size()) + BOTTOM;
    StringBuilder svg = new StringBuilder();
    SvgFrame.open(svg, width, height, title);
    int plotBottom = TOP + ROW_HEIGHT * Math.max(1, labels.size());
    axis.decades(svg, TOP - 6, plotBottom);
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

  private static void row(StringBuilder svg, LogAxis axis, int index, String label, LagStats s) {
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
}

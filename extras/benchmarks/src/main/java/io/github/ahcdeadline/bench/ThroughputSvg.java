package io.github.ahcdeadline.bench;

import static io.github.ahcdeadline.bench.SvgFrame.escape;
import static io.github.ahcdeadline.bench.SvgFrame.format;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws requests per second as a hand-written SVG bar chart: one horizontal bar per client on a
 * linear axis from 0, the figure and its ratio to the first bar (the reference) printed at the
 * bar's end. Highlighted bars (ahc-deadline) are blue, the others grey; a client that produced no
 * figure gets its label and "no data".
 *
 * <p>Not thread-safe: build and write it on one thread.
 */
public final class ThroughputSvg {
  /** Width of one character of the 12 px monospace font, generously rounded up. */
  private static final double CHAR_WIDTH = 7.5;

  private static final int MIN_LEFT = 120;
  private static final int PLOT_WIDTH = 480;
  private static final int RIGHT_TEXT = 220;
  private static final int TOP = 58;
  private static final int ROW_HEIGHT = 28;
  private static final int BOTTOM = 40;
  private static final int MAX_TICKS = 6;

  private final String title;
  private final String subtitle;
  private final List<String> labels = new ArrayList<>();
  // requests per second; NaN for no figure
  private final List<Double> rates = new ArrayList<>();
  private final List<Boolean> highlighted = new ArrayList<>();

  /** An empty chart; the subtitle (one line) says what was measured and how. */
  public ThroughputSvg(String title, String subtitle) {
    this.title = title;
    this.subtitle = subtitle;
  }

  /**
   * Adds a bar; the first one added is the reference the others' ratios divide by.
   *
   * @param requestsPerSecond the client's rate, NaN for a client that produced none
   */
  public ThroughputSvg add(String label, double requestsPerSecond, boolean highlight) {
    if (requestsPerSecond < 0) {
      throw new IllegalArgumentException(
          "requestsPerSecond: " + requestsPerSecond + " (expected >= 0, or NaN for none)");
    }
    labels.add(label);
    rates.add(requestsPerSecond);
    highlighted.add(highlight);
    return this;
  }

  /** Number of bars added so far. */
  public int size() {
    return labels.size();
  }

  /** Writes {@link #render()} to {@code file}, creating parent directories. */
  public void write(Path file) throws IOException {
    SvgFrame.write(file, render());
  }

  /** The SVG document. */
  public String render() {
    double max = 0;
    for (double rate : rates) {
      if (!Double.isNaN(rate)) {
        max = Math.max(max, rate);
      }
    }
    double step = tickStep(max);
    double axisMax = Math.max(step, Math.ceil(max / step) * step);
    int longest = 0;
    for (String label : labels) {
      longest = Math.max(longest, label.length());
    }
    int left = Math.max(MIN_LEFT, (int) Math.ceil(longest * CHAR_WIDTH) + 20);
    int rows = Math.max(1, labels.size());
    int plotBottom = TOP + ROW_HEIGHT * rows;
    int width = left + PLOT_WIDTH + RIGHT_TEXT;
    int height = plotBottom + BOTTOM;
    StringBuilder svg = new StringBuilder();
    SvgFrame.open(svg, width, height, title);
    svg.append(format("<text x=\"10\" y=\"40\" fill=\"#555\">%s</text>\n", escape(subtitle)));
    for (double tick = 0; tick <= axisMax + step / 2; tick += step) {
      double x = left + tick / axisMax * PLOT_WIDTH;
      svg.append(
          format(
              "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n",
              x, TOP - 6, x, plotBottom));
      svg.append(
          format(
              "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.0f</text>\n",
              x, plotBottom + 16, tick));
    }
    svg.append(
        format(
            "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">requests per second</text>\n",
            left + PLOT_WIDTH / 2, plotBottom + 34));
    double reference = rates.isEmpty() ? Double.NaN : rates.get(0);
    for (int i = 0; i < labels.size(); i++) {
      int mid = TOP + ROW_HEIGHT * i + ROW_HEIGHT / 2;
      svg.append(
          format(
              "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
              left - 10, mid + 4, escape(labels.get(i))));
      double rate = rates.get(i);
      if (Double.isNaN(rate)) {
        svg.append(format("<text x=\"%d\" y=\"%d\">no data</text>\n", left + 4, mid + 4));
        continue;
      }
      double barWidth = rate / axisMax * PLOT_WIDTH;
      svg.append(
          format(
              "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n",
              left, mid - 9, barWidth, 18, highlighted.get(i) ? "#3182bd" : "#9e9e9e"));
      String ratio =
          i == 0 || Double.isNaN(reference) || reference <= 0
              ? ""
              : format(" (%.2fx)", rate / reference);
      svg.append(
          format(
              "<text x=\"%.1f\" y=\"%d\">%.0f%s</text>\n",
              left + barWidth + 6, mid + 4, rate, ratio));
    }
    svg.append("</svg>\n");
    return svg.toString();
  }

  /** A round step (1, 2 or 5 times a power of ten) that cuts 0..max into at most a few ticks. */
  static double tickStep(double max) {
    if (!(max > 0)) {
      return 1;
    }
    double magnitude = Math.pow(10, Math.floor(Math.log10(max)));
    for (double factor : new double[] {0.1, 0.2, 0.5, 1, 2, 5}) {
      double step = factor * magnitude;
      if (max / step <= MAX_TICKS - 1) {
        return step;
      }
    }
    return 10 * magnitude;
  }
}

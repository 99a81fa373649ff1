package io.github.ahcdeadline.bench;

import static io.github.ahcdeadline.bench.SvgFrame.escape;
import static io.github.ahcdeadline.bench.SvgFrame.format;

import io.github.ahcdeadline.bench.SvgFrame.LogAxis;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.core.instrument.distribution.HistogramSnapshot;
import io.micrometer.core.instrument.distribution.ValueAtPercentile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Draws Micrometer timer distributions as a hand-written SVG: for each series, the share of samples
 * at or below each histogram bucket (cumulative bucket counts / count) as a step line on a log10
 * axis in ms, with the timer's client-side percentiles marked on it and listed below the plot.
 * Values below the axis start are drawn at the axis start.
 *
 * <p>Not thread-safe: build and write it on one thread.
 */
public final class LatenessCdfSvg {
  private static final String[] COLORS = {"#d62728", "#1f77b4", "#2ca02c", "#9467bd"};

  private static final int LEFT = 70;
  private static final int PLOT_WIDTH = 620;
  private static final int PLOT_HEIGHT = 300;
  private static final int RIGHT = 30;
  private static final int TOP = 78;
  private static final int AXIS_TEXT = 70;
  private static final int LEGEND_ROW = 18;

  private final String title;
  private final String[] subtitle;
  private final List<String> labels = new ArrayList<>();
  private final List<HistogramSnapshot> snapshots = new ArrayList<>();

  /** An empty plot; the subtitle (two lines at most) says where and how the figures were taken. */
  public LatenessCdfSvg(String title, String... subtitle) {
    if (subtitle.length > 2) {
      throw new IllegalArgumentException(
          "subtitle: " + subtitle.length + " lines (expected at most 2)");
    }
    this.title = title;
    this.subtitle = subtitle.clone();
  }

  /** Adds a series: a timer's snapshot, with cumulative bucket counts to draw. */
  public LatenessCdfSvg add(String label, HistogramSnapshot snapshot) {
    labels.add(label);
    snapshots.add(snapshot);
    return this;
  }

  /** Writes {@link #render()} to {@code file}, creating parent directories. */
  public void write(Path file) throws IOException {
    SvgFrame.write(file, render());
  }

  /** The SVG document. */
  public String render() {
    double axisMaxMs = 1;
    for (HistogramSnapshot s : snapshots) {
      axisMaxMs = Math.max(axisMaxMs, s.max(TimeUnit.MILLISECONDS));
    }
    LogAxis axis = new LogAxis(LEFT, PLOT_WIDTH, axisMaxMs);
    int plotBottom = TOP + PLOT_HEIGHT;
    int width = LEFT + PLOT_WIDTH + RIGHT;
    int height = plotBottom + AXIS_TEXT + LEGEND_ROW * (labels.size() + 1);
    StringBuilder svg = new StringBuilder();
    SvgFrame.open(svg, width, height, title);
    for (int i = 0; i < subtitle.length; i++) {
      svg.append(format("<text x=\"10\" y=\"%d\">%s</text>\n", 42 + 16 * i, escape(subtitle[i])));
    }
    grid(svg, axis, plotBottom);
    for (int i = 0; i < labels.size(); i++) {
      String color = COLORS[i % COLORS.length];
      series(svg, snapshots.get(i), color, axis);
      legend(svg, i, plotBottom + AXIS_TEXT + LEGEND_ROW * i, color);
    }
    svg.append("</svg>\n");
    return svg.toString();
  }

  private static void grid(StringBuilder svg, LogAxis axis, int plotBottom) {
    axis.decades(svg, TOP, plotBottom);
    for (int percent = 0; percent <= 100; percent += 25) {
      double y = y(percent / 100.0);
      svg.append(
          format(
              "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
              LEFT, y, LEFT + PLOT_WIDTH, y));
      svg.append(
          format(
              "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>\n",
              LEFT - 6, y + 4, percent));
    }
    svg.append(
        format(
            "<text x=\"%d\" y=\"%d\">x: lateness = when the timeout fired - its deadline (ms,"
                + " log scale)</text>\n",
            LEFT - 40, plotBottom + 34));
    svg.append(
        format(
            "<text x=\"%d\" y=\"%d\">y: share of timeouts at or below x; dots: the timer's"
                + " p50, p90, p99, p99.9</text>\n",
            LEFT - 40, plotBottom + 50));
  }

  private static void series(
      StringBuilder svg, HistogramSnapshot s, String color, LogAxis axis) {
    if (s.count() == 0) {
      return;
    }
    StringBuilder points = new StringBuilder();
    double previousY = y(0);
    points.append(format("%.1f,%.1f", axis.x(SvgFrame.AXIS_MIN_MS), previousY));
    for (CountAtBucket bucket : s.histogramCounts()) {
      double bx = axis.x(bucket.bucket(TimeUnit.MILLISECONDS));
      double by = y(Math.min(1.0, bucket.count() / s.count()));
      // A step: the share rises at the bucket's upper bound.
      points.append(format(" %.1f,%.1f %.1f,%.1f", bx, previousY, bx, by));
      previousY = by;
      if (bucket.count() >= s.count()) {
        break;
      }
    }
    svg.append(
        format(
            "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>\n",
            color, points));
    for (ValueAtPercentile p : s.percentileValues()) {
      svg.append(
          format(
              "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>\n",
              axis.x(p.value(TimeUnit.MILLISECONDS)), y(p.percentile()), color));
    }
  }

  private void legend(StringBuilder svg, int index, int y, String color) {
    HistogramSnapshot s = snapshots.get(index);
    StringBuilder figures = new StringBuilder();
    for (ValueAtPercentile p : s.percentileValues()) {
      figures.append(
          format(
              "p%s %s  ",
              percentLabel(p.percentile()), LagStats.ms(p.value(TimeUnit.MILLISECONDS))));
    }
    figures.append(format("max %s (n=%d)", LagStats.ms(s.max(TimeUnit.MILLISECONDS)), s.count()));
    svg.append(
        format(
            "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"4\" fill=\"%s\"/>\n",
            LEFT - 60, y - 5, color));
    svg.append(
        format(
            "<text x=\"%d\" y=\"%d\">%s: %s</text>\n",
            LEFT - 40, y, escape(labels.get(index)), escape(figures.toString())));
  }

  /** 0.5 as "50", 0.999 as "99.9". */
  static String percentLabel(double percentile) {
    String text = format("%.1f", percentile * 100);
    return text.endsWith(".0") ? text.substring(0, text.length() - 2) : text;
  }

  private static double y(double share) {
    return TOP + (1 - share) * PLOT_HEIGHT;
  }
}

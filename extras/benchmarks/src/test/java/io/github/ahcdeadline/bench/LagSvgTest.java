package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LagSvgTest {
  private static final long MS = 1_000_000L;

  @Test
  void drawsOneRowPerSeriesWithItsFigures() {
    LagSvg svg =
        new LagSvg("lags <&>")
            .add("wheel 100 ms", LagStats.of(new long[] {99 * MS, 100 * MS}))
            .add("loop", LagStats.of(new long[] {MS / 10, MS / 5}))
            .add("empty", LagStats.of(new long[0]));
    String text = svg.render();
    assertTrue(text.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""), text);
    assertTrue(text.endsWith("</svg>\n"));
    assertTrue(text.contains("lags &lt;&amp;&gt;"), "title escaped");
    assertEquals(2, count(text, "<rect x="), "one box per non-empty series");
    assertTrue(text.contains("p50 99.0  p99 100.0  max 100.0 (n=2)"), text);
    assertTrue(text.contains(">no data<"));
    // Axis from 0.01 ms to 100 ms: decade lines 0.01, 0.1, 1, 10, 100.
    assertEquals(5, count(text, "stroke=\"#ddd\""));
    assertTrue(StandardCharsets.US_ASCII.newEncoder().canEncode(text), "ASCII only");
  }

  @Test
  void largerLagIsFurtherRight() {
    String text =
        new LagSvg("t")
            .add("a", LagStats.of(new long[] {MS}))
            .add("b", LagStats.of(new long[] {10 * MS}))
            .render();
    Matcher boxes = Pattern.compile("<rect x=\"([0-9.]+)\"").matcher(text);
    assertTrue(boxes.find());
    double first = Double.parseDouble(boxes.group(1));
    assertTrue(boxes.find());
    double second = Double.parseDouble(boxes.group(1));
    assertTrue(second > first + 100, first + " vs " + second);
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }
}

package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.core.instrument.distribution.HistogramSnapshot;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asynchttpclient.extras.micrometer.AsyncHttpClientMetrics;
import org.junit.jupiter.api.Test;

class LatenessCdfSvgTest {

  /** A lateness timer as MicrometerLateness configures it, with {@code millis} recorded. */
  private static HistogramSnapshot snapshot(double... millis) {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    registry.config().meterFilter(MicrometerLateness.fineLatenessBuckets());
    Timer timer = Timer.builder(AsyncHttpClientMetrics.TIMEOUT_LATENESS).register(registry);
    for (double ms : millis) {
      timer.record((long) (ms * 1_000_000), TimeUnit.NANOSECONDS);
    }
    return timer.takeSnapshot();
  }

  @Test
  void theFilterKeepsTheWholeDistributionInCumulativeBuckets() {
    HistogramSnapshot s = snapshot(0.05, 0.5, 5, 50);
    CountAtBucket[] buckets = s.histogramCounts();
    assertEquals(121, buckets.length, "20 per decade from 10 us to 10 s");
    assertEquals(0.01, buckets[0].bucket(TimeUnit.MILLISECONDS), 1e-9);
    assertEquals(4.0, buckets[buckets.length - 1].count(), "cumulative: the last holds all");
    assertEquals(4, s.percentileValues().length);
    assertEquals(0.5, s.percentileValues()[0].value(TimeUnit.MILLISECONDS), 0.01, "p50: 2nd of 4");
  }

  @Test
  void drawsOneStepLinePerSeriesWithItsPercentiles() {
    String text =
        new LatenessCdfSvg("lateness <&>", "2 CPUs")
            .add("timer", snapshot(60, 70, 80, 90))
            .add("event-loop", snapshot(0.1, 0.2, 0.3, 3))
            .render();
    assertTrue(text.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""), text);
    assertTrue(text.endsWith("</svg>\n"));
    assertTrue(text.contains("lateness &lt;&amp;&gt;"), "title escaped");
    assertEquals(2, count(text, "<polyline"));
    assertEquals(8, count(text, "<circle"), "four percentiles per series");
    assertTrue(text.contains("timer: p50 "), text);
    assertTrue(text.contains("max 90.0 (n=4)"), text);
    assertTrue(StandardCharsets.US_ASCII.newEncoder().canEncode(text), "ASCII only");
  }

  @Test
  void laterTimeoutsReachTheTopFurtherRight() {
    String text =
        new LatenessCdfSvg("t", "s")
            .add("late", snapshot(50, 50))
            .add("early", snapshot(0.5, 0.5))
            .render();
    Matcher lines = Pattern.compile("points=\"([^\"]+)\"").matcher(text);
    assertTrue(lines.find());
    double late = lastX(lines.group(1));
    assertTrue(lines.find());
    double early = lastX(lines.group(1));
    assertTrue(late > early + 100, late + " vs " + early);
  }

  private static double lastX(String points) {
    String last = points.substring(points.lastIndexOf(' ') + 1);
    return Double.parseDouble(last.substring(0, last.indexOf(',')));
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }
}

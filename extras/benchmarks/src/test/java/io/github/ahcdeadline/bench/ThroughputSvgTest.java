package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ThroughputSvgTest {
  @Test
  void barsAreProportionalOnARoundAxisWithTheRatioToTheFirst() {
    String svg =
        new ThroughputSvg("Requests per second", "keep-alive GET, 32 in flight & NIO")
            .add("AHC 3.0.14 (nio)", 1000, false)
            .add("ahc-deadline (nio)", 1500, true)
            .add("AHC <3.0.11>", Double.NaN, false)
            .render();
    // axis 0..1500 in steps of 500 over 480 px
    assertTrue(svg.contains("width=\"320.0\" height=\"18\" fill=\"#9e9e9e\""), svg);
    assertTrue(svg.contains("width=\"480.0\" height=\"18\" fill=\"#3182bd\""), svg);
    assertTrue(svg.contains(">1000</text>"), svg);
    assertTrue(svg.contains(">1500 (1.50x)</text>"), svg);
    assertTrue(svg.contains(">AHC &lt;3.0.11&gt;</text>"), svg);
    assertTrue(svg.contains(">no data</text>"), svg);
    assertTrue(svg.contains("32 in flight &amp; NIO"), svg);
    assertTrue(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""), svg);
    assertTrue(svg.endsWith("</svg>\n"), svg);
  }

  @Test
  void tickStepCutsTheAxisIntoAFewRoundSteps() {
    assertEquals(500, ThroughputSvg.tickStep(1500), 1e-9);
    assertEquals(5000, ThroughputSvg.tickStep(12345), 1e-9);
    assertEquals(200, ThroughputSvg.tickStep(1000), 1e-9);
    assertEquals(1, ThroughputSvg.tickStep(0), 1e-9);
  }

  @Test
  void aNegativeRateIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new ThroughputSvg("t", "s").add("x", -1, false));
    assertEquals("requestsPerSecond: -1.0 (expected >= 0, or NaN for none)", e.getMessage());
  }
}

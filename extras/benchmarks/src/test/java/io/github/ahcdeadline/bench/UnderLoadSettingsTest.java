package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class UnderLoadSettingsTest {
  @Test
  void childGetsBackWhatTheRunnerParsed() {
    UnderLoadSettings runner =
        UnderLoadSettings.parse(
            new String[] {
              "--rate", "2000", "--deadlines", "20,500", "--warmup", "1.5", "--measure", "3",
              "--timeout-rate", "100", "--stock", "4", "--settle", "0.25", "--in-flight", "8"
            });
    UnderLoadSettings child = UnderLoadSettings.parse(runner.toArgs().toArray(new String[0]));
    assertEquals(2000, child.loadRate);
    assertArrayEquals(new long[] {20, 500}, child.deadlinesMillis);
    assertEquals(1500, child.warmupMillis);
    assertEquals(3000, child.measureMillis);
    assertEquals(250, child.settleMillis);
    assertEquals(100, child.timeoutRate);
    assertEquals(4, child.stock);
    assertEquals(8, child.inFlight);
    assertEquals(runner.toArgs(), child.toArgs());
  }

  @Test
  void defaultsAreTheTargetsShape() {
    UnderLoadSettings s = new UnderLoadSettings();
    assertEquals(5000, s.loadRate);
    assertEquals(200, s.timeoutRate);
    assertArrayEquals(new long[] {20, 1000}, s.deadlinesMillis);
    assertEquals(10_000, s.warmupMillis);
    assertEquals(20_000, s.measureMillis);
    assertEquals(
        List.of("--rate", "5000", "--in-flight", "32", "--timeout-rate", "200", "--deadlines",
            "20,1000", "--warmup", "10", "--measure", "20", "--settle", "2", "--stock", "16"),
        s.toArgs());
  }

  @Test
  void rejectsUnknownOptionsAndValuesOutOfRange() {
    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class,
            () -> UnderLoadSettings.parse(new String[] {"--count", "5"}));
    assertEquals(
        "option: --count (expected one of the UnderLoadSettings options, with a value)",
        unknown.getMessage());
    IllegalArgumentException rate =
        assertThrows(
            IllegalArgumentException.class,
            () -> UnderLoadSettings.parse(new String[] {"--timeout-rate", "1"}));
    assertEquals("--timeout-rate: 1 (expected >= 2)", rate.getMessage());
    IllegalArgumentException warmup =
        assertThrows(
            IllegalArgumentException.class,
            () -> UnderLoadSettings.parse(new String[] {"--warmup", "-1"}));
    assertEquals("--warmup: -1 s (expected 0 to 86400)", warmup.getMessage());
  }
}

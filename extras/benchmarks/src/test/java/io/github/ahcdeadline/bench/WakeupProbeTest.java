package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WakeupProbeTest {
  /** Records only inside a window, never a negative lateness, and stops by itself. */
  @Test
  void recordsTheLatenessOfEachWakeUpOfAWindow() throws Exception {
    WakeupProbe probe = new WakeupProbe();
    probe.start();
    try {
      assertEquals(0, probe.closeWindow().length, "nothing before a window opens");
      probe.openWindow();
      long[] lateness = new long[0];
      long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      // a few parks of 20 ms; bounded by giveUp on a stalled machine
      while (lateness.length == 0 && System.nanoTime() < giveUp) {
        TimeUnit.MILLISECONDS.sleep(5 * WakeupProbe.PARK_MILLIS);
        long[] w = probe.closeWindow();
        probe.openWindow();
        lateness = w;
      }
      assertTrue(lateness.length > 0, "the probe woke at least once in 100 ms windows");
      for (long l : lateness) {
        assertTrue(l >= 0, "woke before it was due: " + l + " ns");
      }
    } finally {
      probe.stop();
    }
  }
}

package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The window's longest collector pause: only pauses inside an open window, concurrent work not. */
class GcPausesTest {
  @Test
  void theLongestPauseOfTheWindowOnly() {
    GcPauses pauses = new GcPauses();
    assertEquals(-1, pauses.closeWindow(), "never opened");
    pauses.pause(50);
    pauses.openWindow();
    assertEquals(0, pauses.closeWindow(), "a window without a pause; the one before it does not count");
    pauses.openWindow();
    pauses.pause(7);
    pauses.pause(12);
    pauses.pause(3);
    assertEquals(12, pauses.closeWindow());
    pauses.pause(40);
    pauses.openWindow();
    assertEquals(0, pauses.closeWindow(), "a pause between windows counts in neither");
  }

  @Test
  void concurrentCollectorsAreNotPauses() {
    assertFalse(GcPauses.isConcurrent("G1 Young Generation"));
    assertFalse(GcPauses.isConcurrent("G1 Old Generation"));
    assertTrue(GcPauses.isConcurrent("G1 Concurrent GC"));
    assertTrue(GcPauses.isConcurrent("ZGC Cycles"));
    assertTrue(GcPauses.isConcurrent("Shenandoah Cycles"));
  }

  @Test
  void aCollectionInTheWindowIsHeardFromTheCollector() throws InterruptedException {
    GcPauses pauses = new GcPauses();
    pauses.install();
    try {
      pauses.openWindow();
      System.gc(); // a full collection: a pause of a stop-the-world collector
      // notifications arrive on another thread, shortly after the collection
      for (int i = 0; i < 250 && pauses.heard() == 0; i++) {
        Thread.sleep(20);
      }
      assertTrue(pauses.heard() >= 1, "no collection heard within 5 s of System.gc()");
      assertTrue(pauses.closeWindow() >= 0, "the window saw it");
    } finally {
      pauses.uninstall();
    }
  }
}

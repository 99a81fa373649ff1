package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PrimedStockTest {
  @Test
  void keepsTargetPrimedOrPrimingAndHandsOutOldestFirst() {
    PrimedStock stock = new PrimedStock(3);
    assertEquals(3, stock.toPrime());
    stock.priming();
    stock.priming();
    stock.priming();
    assertEquals(0, stock.toPrime(), "three primers in flight");
    assertNull(stock.take(), "nothing primed yet");
    stock.primed("a");
    stock.primed("b");
    assertEquals(0, stock.toPrime(), "two ready, one priming");
    assertEquals("a", stock.take());
    assertEquals(1, stock.toPrime(), "one taken: one more to prime");
    stock.failed();
    assertEquals(2, stock.toPrime(), "a failed primer is replaced");
    assertEquals(1, stock.failures());
    assertEquals("b", stock.take());
    assertNull(stock.take());
    assertEquals(3, stock.toPrime());
  }

  @Test
  void rejectsEmptyTarget() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new PrimedStock(0));
    assertEquals("target: 0 (expected >= 1)", e.getMessage());
  }
}

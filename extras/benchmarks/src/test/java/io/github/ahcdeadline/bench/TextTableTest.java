package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TextTableTest {
  @Test
  void padsColumnsLeftForTextRightForNumbers() {
    String rendered =
        new TextTable("instrument", "deadline", "p99")
            .row("NIO", "20 ms", "0.7")
            .row("HashedWheelTimer tick 100 ms", "1000 ms", "99.5")
            .render();
    String expected =
        "instrument                   | deadline |  p99\n"
            + "-----------------------------|----------|-----\n"
            + "NIO                          |    20 ms |  0.7\n"
            + "HashedWheelTimer tick 100 ms |  1000 ms | 99.5\n";
    assertEquals(expected, rendered);
  }

  @Test
  void rejectsRowOfWrongWidth() {
    TextTable table = new TextTable("a", "b");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> table.row("only one"));
    assertEquals("cells: 1 (expected 2, one per column)", e.getMessage());
  }
}

package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CpuPinningTest {
  @Test
  void rangesAreWrittenAsTasksetReadsThem() {
    assertEquals("0", CpuPinning.range(0, 0));
    assertEquals("1-3", CpuPinning.range(1, 3));
  }

  @Test
  void oneCpuIsNotSplit() {
    CpuPinning plan = CpuPinning.serverAndClients(1);
    assertEquals(List.of(), plan.childPrefix());
    assertEquals("not pinned (one CPU)", plan.describe());
  }
}

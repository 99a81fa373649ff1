package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TimeoutsUnderLoadTest {
  @Test
  void theNativeJarsOptionTakesTrueOrFalseOnly() {
    assertTrue(TimeoutsUnderLoad.parseFlag("--native-jars", "true"));
    assertFalse(TimeoutsUnderLoad.parseFlag("--native-jars", "false"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TimeoutsUnderLoad.parseFlag("--native-jars", "yes"));
    assertEquals("--native-jars: yes (expected true or false)", e.getMessage());
  }
}

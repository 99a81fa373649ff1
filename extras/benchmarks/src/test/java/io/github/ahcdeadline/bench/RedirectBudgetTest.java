package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The redirect chain's child output, read back; the chain itself runs in the demo. */
class RedirectBudgetTest {
  @Test
  void outcomeLinesRoundTripWithTheResultToTheEndOfTheLine() throws IOException {
    RedirectBudget.Outcome timeout =
        new RedirectBudget.Outcome(RedirectBudget.Variant.ABSOLUTE_EVENT_LOOP, true, 603,
            "TimeoutException: Request timeout to 127.0.0.1:1 after 600 ms");
    RedirectBudget.Outcome missing =
        new RedirectBudget.Outcome(RedirectBudget.Variant.ABSOLUTE, false, -1, "-");
    List<RedirectBudget.Outcome> parsed =
        RedirectBudget.Outcome.parseAll(List.of("a line of the client's", timeout.line(),
            missing.line()));
    assertEquals(2, parsed.size());
    assertEquals(RedirectBudget.Variant.ABSOLUTE_EVENT_LOOP, parsed.get(0).variant);
    assertTrue(parsed.get(0).ran);
    assertEquals(603, parsed.get(0).elapsedMillis);
    assertEquals("TimeoutException: Request timeout to 127.0.0.1:1 after 600 ms",
        parsed.get(0).result);
    assertFalse(parsed.get(1).ran);
  }

  @Test
  void anOutputWithoutOutcomesIsAnError() {
    IOException e =
        assertThrows(IOException.class, () -> RedirectBudget.Outcome.parseAll(List.of("hello")));
    assertEquals("no OUTCOME line in the child's output: [hello]", e.getMessage());
  }

  @Test
  void thisBuildHasEverySettingTheVariantsNeed() {
    for (RedirectBudget.Variant v : RedirectBudget.Variant.values()) {
      assertTrue(v.supported(), v.id());
      assertEquals(v, RedirectBudget.Variant.parse(v.id()));
    }
  }
}

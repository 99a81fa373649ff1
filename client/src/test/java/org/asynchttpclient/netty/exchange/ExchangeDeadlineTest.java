package org.asynchttpclient.netty.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.netty.exchange.ExchangeOutcomeTest.CountingHandler;
import org.asynchttpclient.netty.exchange.ExchangeOutcomeTest.CountingServices;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.junit.jupiter.api.Test;

/** The budget arithmetic of one exchange across hops, against a mock clock. */
class ExchangeDeadlineTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  private static Exchange<String> exchange(CountingServices s, boolean absolute, long budgetMs) {
    return new Exchange<>(
        s, ExchangeOutcomeTest.fakeRequest(), new CountingHandler(), absolute, budgetMs * MS);
  }

  @Test
  void absoluteDeadlineGivesTheSecondHopOnlyWhatIsLeft() {
    CountingServices s = new CountingServices();
    long start = s.ticker.nanoTime();
    Exchange<String> ex = exchange(s, true, 600);
    assertTrue(ex.armHopTimeout(400 * MS, null));
    assertEquals(start + 400 * MS, ex.timeouts().requestDeadlineNanos(), "hop 1: its own 400 ms");
    s.ticker.advance(400, TimeUnit.MILLISECONDS);
    ex.newHop(ExchangeOutcomeTest.fakeRequest());
    assertTrue(ex.armHopTimeout(400 * MS, null));
    assertEquals(start + 600 * MS, ex.timeouts().requestDeadlineNanos(), "hop 2: the 200 ms left");
    ex.cancel(true);
  }

  @Test
  void withoutAbsoluteDeadlineEveryHopRestartsTheBudget() {
    CountingServices s = new CountingServices();
    long start = s.ticker.nanoTime();
    Exchange<String> ex = exchange(s, false, 600);
    assertTrue(ex.armHopTimeout(400 * MS, null));
    s.ticker.advance(400, TimeUnit.MILLISECONDS);
    ex.newHop(ExchangeOutcomeTest.fakeRequest());
    assertTrue(ex.armHopTimeout(400 * MS, null));
    assertEquals(start + 800 * MS, ex.timeouts().requestDeadlineNanos());
    s.ticker.advance(300, TimeUnit.MILLISECONDS);
    assertTrue(ex.checkBudget(), "no exchange budget without the absolute deadline");
    ex.cancel(true);
  }

  @Test
  void aHopWhoseBudgetIsSpentIsNeverArmedAndFailsWithATimeout() throws Exception {
    CountingServices s = new CountingServices();
    Exchange<String> ex = exchange(s, true, 600);
    assertTrue(ex.armHopTimeout(400 * MS, null));
    s.ticker.advance(601, TimeUnit.MILLISECONDS);
    ex.newHop(ExchangeOutcomeTest.fakeRequest());
    assertFalse(ex.checkBudget());
    assertFalse(ex.armHopTimeout(400 * MS, null));
    ExecutionException e = assertThrows(ExecutionException.class, ex::get);
    ExchangeTimeoutException te = assertInstanceOf(ExchangeTimeoutException.class, e.getCause());
    assertEquals(ExchangeTimeoutException.Kind.REQUEST, te.getKind());
    assertEquals(600, te.getBudgetMillis());
    assertEquals(601, te.getElapsedMillis());
    assertEquals(1, te.getHop());
    assertEquals(1 * MS, te.getLateNanos());
    assertEquals(-1, ex.timeouts().requestDeadlineNanos(), "nothing left armed");
  }

  @Test
  void aSingleHopIsNotShortened() {
    CountingServices s = new CountingServices();
    long start = s.ticker.nanoTime();
    Exchange<String> ex = exchange(s, true, 600);
    assertTrue(ex.armHopTimeout(600 * MS, null));
    assertEquals(start + 600 * MS, ex.timeouts().requestDeadlineNanos());
    ex.cancel(true);
  }

  @Test
  void aZeroRequestTimeoutExpiresAtOnce() {
    CountingServices s = new CountingServices();
    Exchange<String> ex = exchange(s, false, 0);
    assertFalse(ex.armHopTimeout(0, null));
    assertTrue(ex.isDone());
  }

  @Test
  void noTimeoutMeansNothingArmedAndNoBudget() {
    CountingServices s = new CountingServices();
    Exchange<String> ex = new Exchange<>(
        s, ExchangeOutcomeTest.fakeRequest(), new CountingHandler(), true, -1);
    assertTrue(ex.armHopTimeout(-1, null));
    assertEquals(-1, ex.timeouts().requestDeadlineNanos());
    s.ticker.advance(1, TimeUnit.DAYS);
    assertTrue(ex.checkBudget());
    ex.cancel(true);
  }
}

package org.asynchttpclient.netty.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.Test;

/** The budget arithmetic of one exchange across hops, against a mock clock. */
class ExchangeDeadlineTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  /** What each test's exchange reports to: a fresh count per test. */
  private final CountingServices s = new CountingServices();

  private static Exchange<Response> exchange(CountingServices s, boolean absolute, long budgetMs) {
    return new Exchange<>(
        s, CountingServices.fakeRequest(), new RecordingHandler(), absolute, budgetMs * MS);
  }

  /** Ends the current attempt as a hop continuation does and starts the next one. */
  private static Attempt nextHop(Exchange<?> ex, long requestTimeoutMs) {
    Attempt current = ex.current();
    if (current != null) {
      assertTrue(current.end());
      current.timeouts().cancel();
    }
    return CountingServices.begin(ex, requestTimeoutMs * MS);
  }

  @Test
  void absoluteDeadlineGivesTheSecondHopOnlyWhatIsLeft() {
    long start = s.timer.ticker().nanoTime();
    Exchange<Response> ex = exchange(s, true, 600);
    Attempt first = nextHop(ex, 400);
    assertTrue(first.armRequestTimeout(null));
    assertEquals(start + 400 * MS, first.timeouts().request().deadlineNanos(), "hop 1: its own 400 ms");
    s.timer.clock().advance(400, TimeUnit.MILLISECONDS);
    Attempt second = nextHop(ex, 400);
    assertTrue(second.armRequestTimeout(null));
    assertEquals(start + 600 * MS, second.timeouts().request().deadlineNanos(), "hop 2: the 200 ms left");
    ex.cancel(true);
  }

  @Test
  void withoutAbsoluteDeadlineEveryHopRestartsTheBudget() {
    long start = s.timer.ticker().nanoTime();
    Exchange<Response> ex = exchange(s, false, 600);
    assertTrue(nextHop(ex, 400).armRequestTimeout(null));
    s.timer.clock().advance(400, TimeUnit.MILLISECONDS);
    Attempt second = nextHop(ex, 400);
    assertTrue(second.armRequestTimeout(null));
    assertEquals(start + 800 * MS, second.timeouts().request().deadlineNanos());
    s.timer.clock().advance(300, TimeUnit.MILLISECONDS);
    assertTrue(ex.checkBudget(), "no exchange budget without the absolute deadline");
    ex.cancel(true);
  }

  /**
   * What happens between execute and the arming (building the request, the pool, a hand-over to
   * a loop) is part of the caller's wait: the first hop's timeout counts from the submit, a later
   * hop's from when that hop began, never from when its timeout was armed.
   */
  @Test
  void aHopTimeoutCountsFromTheSubmitOrTheHopStartNotFromItsArming() {
    long submit = s.timer.ticker().nanoTime();
    Exchange<Response> ex = exchange(s, false, 20);
    s.timer.clock().advance(3, TimeUnit.MILLISECONDS);
    Attempt first = nextHop(ex, 20);
    assertEquals(submit, first.startNanos(), "hop 1 starts at the submit, with no clock read of its own");
    s.timer.clock().advance(2, TimeUnit.MILLISECONDS);
    assertTrue(first.armRequestTimeout(null));
    assertEquals(submit + 20 * MS, first.timeouts().request().deadlineNanos(), "hop 1: from the submit");
    s.timer.clock().advance(10, TimeUnit.MILLISECONDS);
    long secondBegan = s.timer.ticker().nanoTime();
    Attempt second = nextHop(ex, 20);
    assertEquals(secondBegan, second.startNanos(), "hop 2 starts when it begins");
    s.timer.clock().advance(4, TimeUnit.MILLISECONDS);
    assertTrue(second.armRequestTimeout(null));
    assertEquals(secondBegan + 20 * MS, second.timeouts().request().deadlineNanos(), "hop 2: from its start");
    ex.cancel(true);
  }

  @Test
  void aHopWhoseBudgetIsSpentIsNeverArmedAndFailsWithATimeout() throws Exception {
    Exchange<Response> ex = exchange(s, true, 600);
    assertTrue(nextHop(ex, 400).armRequestTimeout(null));
    s.timer.clock().advance(601, TimeUnit.MILLISECONDS);
    Attempt second = nextHop(ex, 400);
    assertFalse(ex.checkBudget());
    assertFalse(second.armRequestTimeout(null));
    ExecutionException e = assertThrows(ExecutionException.class, ex::get);
    ExchangeTimeoutException te = assertInstanceOf(ExchangeTimeoutException.class, e.getCause());
    assertEquals(ExchangeTimeoutException.Kind.REQUEST, te.getKind());
    assertEquals(600, te.getBudgetMillis());
    assertEquals(601, te.getElapsedMillis());
    assertEquals(1, te.getHop());
    assertEquals(1 * MS, te.getLateNanos());
    assertFalse(second.timeouts().request().isArmed(), "nothing left armed");
    assertEquals(0, s.timer.pendingCount(), "nothing left on the timer");
  }

  @Test
  void aSingleHopIsNotShortened() {
    long start = s.timer.ticker().nanoTime();
    Exchange<Response> ex = exchange(s, true, 600);
    Attempt a = nextHop(ex, 600);
    assertTrue(a.armRequestTimeout(null));
    assertEquals(start + 600 * MS, a.timeouts().request().deadlineNanos());
    ex.cancel(true);
  }

  @Test
  void aZeroRequestTimeoutExpiresAtOnce() {
    Exchange<Response> ex = exchange(s, false, 0);
    assertFalse(nextHop(ex, 0).armRequestTimeout(null));
    assertTrue(ex.isDone());
  }

  @Test
  void noTimeoutMeansNothingArmedAndNoBudget() {
    Exchange<Response> ex =
        new Exchange<>(s, CountingServices.fakeRequest(), new RecordingHandler(), true, -1);
    Attempt a = CountingServices.begin(ex, -1);
    assertTrue(a.armRequestTimeout(null));
    assertFalse(a.timeouts().request().isArmed());
    assertEquals(0, s.timer.pendingCount());
    s.timer.advance(java.time.Duration.ofDays(1));
    assertTrue(ex.checkBudget());
    ex.cancel(true);
  }

  @Test
  void theDeadlineArithmeticSaturatesAndReportsTheRightBudget() {
    ExchangeDeadline absolute = new ExchangeDeadline(1_000, true, 600 * MS);
    assertEquals(1_000 + 600 * MS, absolute.hopDeadline(1_000, 700 * MS), "the exchange's is sooner");
    assertEquals(600 * MS, absolute.reportedBudget(absolute.hopDeadline(1_000, 700 * MS), 700 * MS));
    assertEquals(1_000 + 100 * MS, absolute.hopDeadline(1_000, 100 * MS), "the hop's is sooner");
    assertEquals(100 * MS, absolute.reportedBudget(1_000 + 100 * MS, 100 * MS));
    ExchangeDeadline none = new ExchangeDeadline(Long.MAX_VALUE - 10, false, 600 * MS);
    assertEquals(ExchangeDeadline.NEVER, none.hopDeadline(Long.MAX_VALUE - 10, 600 * MS), "saturates");
    assertFalse(none.spentAt(Long.MAX_VALUE));
    assertTrue(absolute.spentAt(1_000 + 600 * MS));
    assertFalse(absolute.spentAt(1_000 + 600 * MS - 1));
  }
}

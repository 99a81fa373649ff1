package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pacer's schedule and its split between pooled and new connections, on a made-up clock. */
class TimeoutPlanTest {
  private static final long START = 1_000_000_000L;
  private static final long MS = 1_000_000L;

  /** Records what the plan sends; primers complete at once when {@code primeAtOnce}. */
  private static final class RecordingSink implements TimeoutPlan.Sink {
    final PrimedStock stock;
    final boolean primeAtOnce;
    final List<String> sent = new ArrayList<>();
    int primers;

    RecordingSink(PrimedStock stock, boolean primeAtOnce) {
      this.stock = stock;
      this.primeAtOnce = primeAtOnce;
    }

    @Override
    public void sendPooled(Object partitionKey) {
      sent.add("P:" + partitionKey);
    }

    @Override
    public void sendNew() {
      sent.add("N");
    }

    @Override
    public void prime() {
      String key = "k" + primers++;
      if (primeAtOnce) {
        stock.primed(key);
      }
    }

    long count(char half) {
      return sent.stream().filter(s -> s.charAt(0) == half).count();
    }
  }

  @Test
  void evenSlotsArePooledOddSlotsNew() {
    assertEquals(TimeoutPlan.Half.POOLED, TimeoutPlan.halfOf(0));
    assertEquals(TimeoutPlan.Half.NEW, TimeoutPlan.halfOf(1));
    assertEquals(TimeoutPlan.Half.POOLED, TimeoutPlan.halfOf(2));
    assertEquals(TimeoutPlan.Half.NEW, TimeoutPlan.halfOf(1_000_001));
  }

  @Test
  void oneSecondAt200PerSecondSendsHalfPooledHalfNewInAlternation() {
    PrimedStock stock = new PrimedStock(4);
    RecordingSink sink = new RecordingSink(stock, true);
    TimeoutPlan plan = new TimeoutPlan(START, 200, 20);
    plan.advance(START - MS, stock, sink); // nothing due yet: primes the stock
    assertEquals(4, sink.primers);
    for (long t = START; t <= START + 1000 * MS; t += MS) {
      plan.advance(t, stock, sink);
    }
    // slots 0..200 are due by start + 1 s: 101 even (pooled), 100 odd (new)
    assertEquals(201, sink.sent.size());
    assertEquals(101, sink.count('P'));
    assertEquals(100, sink.count('N'));
    assertEquals(101, plan.sentPooled());
    assertEquals(100, plan.sentNew());
    for (int i = 0; i < sink.sent.size(); i++) {
      assertEquals(i % 2 == 0 ? 'P' : 'N', sink.sent.get(i).charAt(0), "request " + i);
    }
    // each pooled request takes a primed key, oldest first, and one primer replaces it
    assertEquals("P:k0", sink.sent.get(0));
    assertEquals("P:k1", sink.sent.get(2));
    assertEquals(4 + 101, sink.primers);
    assertEquals(0, plan.dropped());
    assertEquals(0, plan.waitedPooled());
  }

  @Test
  void slotsAreDueAtStartPlusSlotOverRate() {
    TimeoutPlan plan = new TimeoutPlan(START, 200, 20);
    assertEquals(START, plan.dueNanos(0));
    assertEquals(START + 5 * MS, plan.dueNanos(1));
    assertEquals(START + 1000 * MS, plan.dueNanos(200));
    PrimedStock stock = new PrimedStock(1);
    RecordingSink sink = new RecordingSink(stock, true);
    plan.advance(START - MS, stock, sink);
    assertEquals(0, sink.sent.size(), "nothing is due before the start");
    plan.advance(START + 4 * MS, stock, sink);
    assertEquals(1, sink.sent.size(), "only slot 0 is due before 5 ms");
    assertEquals(START + 5 * MS, plan.nextDueNanos());
    plan.advance(START + 5 * MS, stock, sink);
    assertEquals(2, sink.sent.size(), "slot 1 is due at 5 ms exactly");
  }

  @Test
  void pooledSlotWithoutPrimedConnectionWaitsWhileNewSlotsGoOn() {
    PrimedStock stock = new PrimedStock(2);
    RecordingSink sink = new RecordingSink(stock, false);
    TimeoutPlan plan = new TimeoutPlan(START, 200, 20);
    plan.advance(START + 10 * MS, stock, sink); // slots 0, 1, 2
    assertEquals(List.of("N"), sink.sent, "no primer has completed: only the new slot went");
    assertEquals(2, plan.waitingPooled());
    assertEquals(2, sink.primers, "the stock was primed once, not again while priming");
    stock.primed("k0");
    plan.advance(START + 11 * MS, stock, sink);
    assertEquals(List.of("N", "P:k0"), sink.sent, "a waiting pooled slot goes first");
    assertEquals(1, plan.waitingPooled());
    assertEquals(2, plan.waitedPooled());
    assertEquals(3, sink.primers, "the taken partition is replaced");
  }

  @Test
  void stalledPacerCatchesUpByTheBacklogAndDropsTheRest() {
    PrimedStock stock = new PrimedStock(50);
    RecordingSink sink = new RecordingSink(stock, true);
    TimeoutPlan plan = new TimeoutPlan(START, 200, 20);
    plan.advance(START - MS, stock, sink);
    plan.advance(START, stock, sink);
    assertEquals(1, sink.sent.size());
    // a 1 s stall: slots 1..200 are due at once; the plan sends the last 20 and drops 180
    plan.advance(START + 1000 * MS, stock, sink);
    assertEquals(21, sink.sent.size());
    assertEquals(180, plan.dropped());
    assertEquals(201, plan.sentPooled() + plan.sentNew() + plan.dropped());
  }

  @Test
  void pooledSlotsWaitAtMostTheBacklog() {
    PrimedStock stock = new PrimedStock(1);
    RecordingSink sink = new RecordingSink(stock, false);
    TimeoutPlan plan = new TimeoutPlan(START, 1000, 3);
    for (long t = START; t <= START + 20 * MS; t += MS) {
      plan.advance(t, stock, sink);
    }
    // 21 slots: 10 new sent, 11 pooled of which 3 wait and 8 are dropped
    assertEquals(10, plan.sentNew());
    assertEquals(3, plan.waitingPooled());
    assertEquals(8, plan.dropped());
    assertTrue(sink.sent.stream().allMatch("N"::equals));
  }

  @Test
  void rejectsRateAndBacklogOutOfRange() {
    IllegalArgumentException rate =
        assertThrows(IllegalArgumentException.class, () -> new TimeoutPlan(START, 0, 20));
    assertEquals("ratePerSecond: 0 (expected 1 to 1000000000)", rate.getMessage());
    IllegalArgumentException backlog =
        assertThrows(IllegalArgumentException.class, () -> new TimeoutPlan(START, 200, 0));
    assertEquals("maxBacklog: 0 (expected >= 1)", backlog.getMessage());
  }
}

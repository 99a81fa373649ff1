package org.asynchttpclient.netty.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.Test;

/** The client's list of exchanges in flight: add, remove and drain from any threads. */
class InFlightExchangesTest {
  private final CountingServices s = new CountingServices();

  private Exchange<Response> exchange() {
    return new Exchange<>(s, CountingServices.fakeRequest(), new RecordingHandler(), false, -1);
  }

  @Test
  void removingFromTheMiddleTheHeadAndTheTailKeepsTheRest() {
    InFlightExchanges list = new InFlightExchanges();
    List<Exchange<Response>> five = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      five.add(exchange());
      list.add(five.get(i));
    }
    list.remove(five.get(2));
    list.remove(five.get(4)); // the first added: the tail
    list.remove(five.get(0)); // the last added: the head
    list.remove(five.get(0)); // again: nothing
    assertEquals(2, list.size());
    assertEquals(Set.of(five.get(1), five.get(3)), new HashSet<>(list.drain()));
    assertEquals(0, list.size());
    assertEquals(List.of(), list.drain());
  }

  @Test
  void aDrainedExchangeRemovedLaterIsNotFoundAgain() {
    InFlightExchanges list = new InFlightExchanges();
    Exchange<Response> ex = exchange();
    list.add(ex);
    assertEquals(List.of(ex), list.drain());
    list.remove(ex); // as its failure does, after close drained it
    assertEquals(0, list.size());
  }

  @Test
  void addedOnSomeThreadsRemovedOnOthersLeavesExactlyTheOnesNotRemoved() throws Exception {
    InFlightExchanges list = new InFlightExchanges();
    int threads = 4;
    int perThread = 2_000;
    List<List<Exchange<Response>>> added = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      List<Exchange<Response>> mine = new ArrayList<>();
      for (int i = 0; i < perThread; i++) {
        mine.add(exchange());
      }
      added.add(mine);
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads * 2);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        List<Exchange<Response>> mine = added.get(t);
        done.add(pool.submit(() -> {
          start.await();
          mine.forEach(list::add);
          return null;
        }));
      }
      start.countDown();
      for (Future<?> f : done) {
        f.get(10, TimeUnit.SECONDS);
      }
      // Each list removed by another thread than the one that added it, all at once; every
      // other exchange stays.
      done.clear();
      CountDownLatch again = new CountDownLatch(1);
      for (int t = 0; t < threads; t++) {
        List<Exchange<Response>> theirs = added.get((t + 1) % threads);
        done.add(pool.submit(() -> {
          again.await();
          for (int i = 0; i < theirs.size(); i += 2) {
            list.remove(theirs.get(i));
          }
          return null;
        }));
      }
      again.countDown();
      for (Future<?> f : done) {
        f.get(10, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    Set<Exchange<?>> left = new HashSet<>(list.drain());
    assertEquals(threads * perThread / 2, left.size());
    for (List<Exchange<Response>> mine : added) {
      for (int i = 0; i < mine.size(); i++) {
        assertEquals(i % 2 == 1, left.contains(mine.get(i)), "exchange " + i);
      }
    }
    assertTrue(list.drain().isEmpty());
  }
}

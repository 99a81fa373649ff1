package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.HandlerTestFixtures;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.CountingServices;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The single compare-and-set that decides an exchange's outcome, without any network. */
class ExchangeOutcomeTest {
  /** What each test's exchanges report to, and the handler of its first exchange: fresh per test. */
  private final CountingServices services = new CountingServices();
  private final RecordingHandler handler = new RecordingHandler();

  static Exchange<Response> exchange(CountingServices services, RecordingHandler handler) {
    return new Exchange<>(services, CountingServices.fakeRequest(), handler, false, -1);
  }

  @Test
  void completeWinsAndRecyclesTheChannelThenLateTimeoutIsNoOp() throws Exception {
    Exchange<Response> ex = exchange(services, handler);
    EmbeddedChannel ch = new EmbeddedChannel();
    Attempt a = CountingServices.begin(ex, -1);
    a.attachPermit("k");
    assertTrue(a.attachCarrier(ch));
    handler.onStatusReceived(HandlerTestFixtures.status(200, "OK"));
    assertTrue(ex.complete(true));
    a.onExpired(ExchangeTimeoutException.Kind.REQUEST, 1, 0, 1);
    assertFalse(ex.cancel(true));
    assertEquals(200, ex.get().getStatusCode(), "the future's value is the handler's");
    assertEquals(1, services.recycled.get());
    assertEquals(0, services.closed.get());
    assertEquals(1, services.released.get());
    assertEquals(0, services.timeouts.get());
    assertEquals(1, handler.terminals());
  }

  @Test
  void timeoutClosesChannelAndReleasesPermitBeforeTheFailureIsVisible() throws Exception {
    Exchange<Response> ex = exchange(services, handler);
    EmbeddedChannel ch = new EmbeddedChannel();
    Attempt a = CountingServices.begin(ex, TimeUnit.MILLISECONDS.toNanos(20));
    a.attachPermit("k");
    a.attachCarrier(ch);
    assertTrue(a.armRequestTimeout(null));
    AtomicInteger releasedWhenVisible = new AtomicInteger(-1);
    CompletableFuture<Response> view = ex.toCompletableFuture();
    view.whenComplete((v, t) -> releasedWhenVisible.set(services.released.get()));
    // The timer runs the expiry 5 ms after its deadline.
    services.timer.clock().advance(25, TimeUnit.MILLISECONDS);
    services.timer.runDue();
    ExecutionException e = assertThrows(ExecutionException.class, ex::get);
    ExchangeTimeoutException te = assertInstanceOf(ExchangeTimeoutException.class, e.getCause());
    assertEquals(20, te.getBudgetMillis());
    assertEquals(25, te.getElapsedMillis());
    assertEquals(TimeUnit.MILLISECONDS.toNanos(5), te.getLateNanos());
    assertEquals(0, te.getHop());
    assertFalse(ch.isOpen());
    assertEquals(1, releasedWhenVisible.get());
    assertEquals(1, handler.terminals());
    assertInstanceOf(TimeoutException.class, handler.failure());
  }

  @Test
  void completableFutureViewAbortsTheExchange() {
    Exchange<Response> ex = exchange(services, handler);
    EmbeddedChannel ch = new EmbeddedChannel();
    Attempt first = CountingServices.begin(ex, -1);
    first.attachPermit("k");
    first.attachCarrier(ch);
    assertTrue(ex.toCompletableFuture().completeExceptionally(new IllegalStateException("stop")));
    assertTrue(ex.isDone());
    assertFalse(ch.isOpen());
    assertEquals(1, services.released.get());

    Exchange<Response> ex2 = exchange(services, new RecordingHandler());
    EmbeddedChannel ch2 = new EmbeddedChannel();
    CountingServices.begin(ex2, -1).attachCarrier(ch2);
    assertTrue(ex2.toCompletableFuture().cancel(true));
    assertTrue(ex2.isCancelled());
    assertFalse(ch2.isOpen());
    assertThrows(CancellationException.class, ex2::get);
  }

  @Test
  void orTimeoutOnTheViewStopsTheExchange() throws Exception {
    Exchange<Response> ex = exchange(services, handler);
    EmbeddedChannel ch = new EmbeddedChannel();
    CountingServices.begin(ex, -1).attachCarrier(ch);
    CompletableFuture<Response> dependent = ex.toCompletableFuture().orTimeout(20, TimeUnit.MILLISECONDS);
    ExecutionException e =
        Await.failed(dependent, 5);
    assertInstanceOf(TimeoutException.class, e.getCause());
    assertTrue(ex.isDone());
    assertFalse(ch.isOpen());
    assertEquals(1, handler.terminals());
  }

  @Test
  void channelAttachedAfterTheEndIsClosed() {
    Exchange<Response> ex = exchange(services, new RecordingHandler());
    Attempt a = CountingServices.begin(ex, -1);
    ex.cancel(true);
    EmbeddedChannel ch = new EmbeddedChannel();
    assertFalse(a.attachCarrier(ch));
    assertFalse(ch.isOpen());
    assertFalse(a.attachPermit("k"));
    assertEquals(1, services.released.get(), "a permit that arrives late goes straight back");
  }

  @Test
  void raceOfResponseTimeoutAndCancelHasExactlyOneWinner() throws Exception {
    int n = 2000;
    RecordingHandler[] handlers = new RecordingHandler[n];
    @SuppressWarnings("unchecked")
    Exchange<Response>[] exchanges = new Exchange[n];
    Attempt[] attempts = new Attempt[n];
    for (int i = 0; i < n; i++) {
      handlers[i] = new RecordingHandler();
      exchanges[i] = exchange(services, handlers[i]);
      attempts[i] = CountingServices.begin(exchanges[i], -1);
      attempts[i].attachPermit("k");
      attempts[i].attachCarrier(new EmbeddedChannel());
    }
    CountDownLatch go = new CountDownLatch(1);
    Thread[] racers = {
      new Thread(() -> run(go, () -> { for (Exchange<Response> e : exchanges) e.complete(true); })),
      new Thread(
          () ->
              run(go, () -> {
                for (Attempt a : attempts) {
                  a.onExpired(ExchangeTimeoutException.Kind.REQUEST, 1, 0, 1);
                }
              })),
      new Thread(() -> run(go, () -> { for (Exchange<Response> e : exchanges) e.cancel(true); })),
    };
    for (Thread t : racers) {
      t.start();
    }
    go.countDown();
    for (Thread t : racers) {
      t.join(10_000);
    }
    for (int i = 0; i < n; i++) {
      assertTrue(exchanges[i].isDone());
      assertEquals(1, handlers[i].terminals(), "exchange " + i + " terminal callbacks");
    }
    assertEquals(n, services.released.get(), "each permit released exactly once");
    assertEquals(n, services.recycled.get() + services.closed.get(), "each channel handled once");
    assertEquals(n, services.unregistered.get());
  }

  @ParameterizedTest
  @EnumSource(ExchangeTimeoutException.Kind.class)
  void anExpiryOfAnAttemptThatAlreadyEndedEndsNothing(ExchangeTimeoutException.Kind kind) {
    Exchange<Response> ex = exchange(services, handler);
    Attempt hop0 = CountingServices.begin(ex, -1);
    assertTrue(hop0.end(), "the hop continues: hop 0 ends");
    Attempt hop1 = CountingServices.begin(ex, -1);
    hop1.attachCarrier(new EmbeddedChannel());
    hop0.onExpired(kind, 1, 0, 1);
    assertFalse(ex.isDone(), "hop 0's expiry ended the exchange during hop 1");
    assertEquals(0, services.timeouts.get());
    assertEquals(0, handler.terminals());
    assertTrue(ex.complete(true));
    assertEquals(1, handler.terminals());
  }

  @Test
  void aTimeoutThatWonItsAttemptStopsTheHopFromContinuing() {
    Exchange<Response> ex = exchange(services, new RecordingHandler());
    Attempt hop0 = CountingServices.begin(ex, -1);
    EmbeddedChannel ch = new EmbeddedChannel();
    hop0.attachCarrier(ch);
    hop0.onExpired(ExchangeTimeoutException.Kind.READ, 1, 0, 1);
    assertFalse(hop0.end(), "the continuation must lose once the timeout ended the attempt");
    assertTrue(ex.isDone());
    assertFalse(ch.isOpen(), "the winner closes the carrier");
    assertEquals(null, hop0.takeCarrier(), "nobody else gets the carrier");
  }

  private static void run(CountDownLatch go, Runnable r) {
    try {
      go.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    r.run();
  }
}

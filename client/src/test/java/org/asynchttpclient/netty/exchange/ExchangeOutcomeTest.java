package org.asynchttpclient.netty.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timer;
import io.netty.util.concurrent.MockTicker;
import io.netty.util.concurrent.Ticker;
import java.lang.reflect.Proxy;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Request;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The single compare-and-set that decides an exchange's outcome, without any network. */
class ExchangeOutcomeTest {
  private static final HashedWheelTimer TIMER = new HashedWheelTimer();

  @AfterAll
  static void stop() {
    TIMER.stop();
  }

  static final class CountingServices implements ExchangeServices {
    final MockTicker ticker = Ticker.newMockTicker();
    final AtomicInteger recycled = new AtomicInteger();
    final AtomicInteger closed = new AtomicInteger();
    final AtomicInteger released = new AtomicInteger();
    final AtomicInteger unregistered = new AtomicInteger();
    final AtomicInteger timeouts = new AtomicInteger();

    @Override
    public Timer timer() {
      return TIMER;
    }

    @Override
    public Ticker ticker() {
      return ticker;
    }

    @Override
    public boolean useEventLoopTimeouts() {
      return false;
    }

    @Override
    public void recycle(Channel channel, Exchange<?> exchange) {
      recycled.incrementAndGet();
    }

    @Override
    public void closeChannel(Channel channel) {
      closed.incrementAndGet();
      channel.close();
    }

    @Override
    public void releasePermit(Object partitionKey) {
      released.incrementAndGet();
    }

    @Override
    public void unregister(Exchange<?> exchange) {
      unregistered.incrementAndGet();
    }

    @Override
    public void onTimeoutFired(ExchangeTimeoutException e) {
      timeouts.incrementAndGet();
    }
  }

  static final class CountingHandler implements AsyncHandler<String> {
    final AtomicInteger terminal = new AtomicInteger();
    final AtomicInteger completed = new AtomicInteger();
    volatile Throwable failure;

    @Override
    public State onStatusReceived(HttpResponseStatus responseStatus) {
      return State.CONTINUE;
    }

    @Override
    public State onHeadersReceived(HttpHeaders headers) {
      return State.CONTINUE;
    }

    @Override
    public State onBodyPartReceived(HttpResponseBodyPart bodyPart) {
      return State.CONTINUE;
    }

    @Override
    public void onThrowable(Throwable t) {
      failure = t;
      terminal.incrementAndGet();
    }

    @Override
    public String onCompleted() {
      completed.incrementAndGet();
      terminal.incrementAndGet();
      return "done";
    }
  }

  static Request fakeRequest() {
    return (Request)
        Proxy.newProxyInstance(
            Request.class.getClassLoader(),
            new Class<?>[] {Request.class},
            (proxy, method, args) -> method.getName().equals("toString") ? "fake" : null);
  }

  @Test
  void completeWinsAndRecyclesTheChannelThenLateTimeoutIsNoOp() throws Exception {
    CountingServices services = new CountingServices();
    CountingHandler handler = new CountingHandler();
    Exchange<String> ex = new Exchange<>(services, fakeRequest(), handler);
    ex.attachPermit("k");
    EmbeddedChannel ch = new EmbeddedChannel();
    assertTrue(ex.attachChannel(ch));
    assertTrue(ex.complete(true));
    ex.onTimeout(ExchangeTimeoutException.Kind.REQUEST, 1, 0);
    assertFalse(ex.cancel(true));
    assertEquals("done", ex.get());
    assertEquals(1, services.recycled.get());
    assertEquals(0, services.closed.get());
    assertEquals(1, services.released.get());
    assertEquals(0, services.timeouts.get());
    assertEquals(1, handler.terminal.get());
  }

  @Test
  void timeoutClosesChannelAndReleasesPermitBeforeTheFailureIsVisible() throws Exception {
    CountingServices services = new CountingServices();
    CountingHandler handler = new CountingHandler();
    Exchange<String> ex = new Exchange<>(services, fakeRequest(), handler);
    ex.attachPermit("k");
    EmbeddedChannel ch = new EmbeddedChannel();
    ex.attachChannel(ch);
    AtomicInteger releasedWhenVisible = new AtomicInteger(-1);
    CompletableFuture<String> view = ex.toCompletableFuture();
    view.whenComplete((v, t) -> releasedWhenVisible.set(services.released.get()));
    services.ticker.advance(25, TimeUnit.MILLISECONDS);
    ex.onTimeout(
        ExchangeTimeoutException.Kind.REQUEST, TimeUnit.MILLISECONDS.toNanos(20),
        TimeUnit.MILLISECONDS.toNanos(20));
    ExecutionException e = assertThrows(ExecutionException.class, ex::get);
    ExchangeTimeoutException te = assertInstanceOf(ExchangeTimeoutException.class, e.getCause());
    assertEquals(20, te.getBudgetMillis());
    assertEquals(25, te.getElapsedMillis());
    assertEquals(TimeUnit.MILLISECONDS.toNanos(5), te.getLateNanos());
    assertEquals(0, te.getHop());
    assertFalse(ch.isOpen());
    assertEquals(1, releasedWhenVisible.get());
    assertEquals(1, handler.terminal.get());
    assertInstanceOf(TimeoutException.class, handler.failure);
  }

  @Test
  void completableFutureViewAbortsTheExchange() {
    CountingServices services = new CountingServices();
    CountingHandler handler = new CountingHandler();
    Exchange<String> ex = new Exchange<>(services, fakeRequest(), handler);
    EmbeddedChannel ch = new EmbeddedChannel();
    ex.attachPermit("k");
    ex.attachChannel(ch);
    assertTrue(ex.toCompletableFuture().completeExceptionally(new IllegalStateException("stop")));
    assertTrue(ex.isDone());
    assertFalse(ch.isOpen());
    assertEquals(1, services.released.get());

    Exchange<String> ex2 = new Exchange<>(services, fakeRequest(), new CountingHandler());
    EmbeddedChannel ch2 = new EmbeddedChannel();
    ex2.attachChannel(ch2);
    assertTrue(ex2.toCompletableFuture().cancel(true));
    assertTrue(ex2.isCancelled());
    assertFalse(ch2.isOpen());
    assertThrows(CancellationException.class, ex2::get);
  }

  @Test
  void orTimeoutOnTheViewStopsTheExchange() throws Exception {
    CountingServices services = new CountingServices();
    CountingHandler handler = new CountingHandler();
    Exchange<String> ex = new Exchange<>(services, fakeRequest(), handler);
    EmbeddedChannel ch = new EmbeddedChannel();
    ex.attachChannel(ch);
    CompletableFuture<String> dependent = ex.toCompletableFuture().orTimeout(20, TimeUnit.MILLISECONDS);
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> dependent.get(5, TimeUnit.SECONDS));
    assertInstanceOf(TimeoutException.class, e.getCause());
    assertTrue(ex.isDone());
    assertFalse(ch.isOpen());
    assertEquals(1, handler.terminal.get());
  }

  @Test
  void channelAttachedAfterTheEndIsClosed() {
    CountingServices services = new CountingServices();
    Exchange<String> ex = new Exchange<>(services, fakeRequest(), new CountingHandler());
    ex.cancel(true);
    EmbeddedChannel ch = new EmbeddedChannel();
    assertFalse(ex.attachChannel(ch));
    assertFalse(ch.isOpen());
    assertFalse(ex.attachPermit("k"));
    assertEquals(1, services.released.get(), "a permit that arrives late goes straight back");
  }

  @Test
  void raceOfResponseTimeoutAndCancelHasExactlyOneWinner() throws Exception {
    CountingServices services = new CountingServices();
    int n = 2000;
    CountingHandler[] handlers = new CountingHandler[n];
    @SuppressWarnings("unchecked")
    Exchange<String>[] exchanges = new Exchange[n];
    for (int i = 0; i < n; i++) {
      handlers[i] = new CountingHandler();
      exchanges[i] = new Exchange<>(services, fakeRequest(), handlers[i]);
      exchanges[i].attachPermit("k");
      exchanges[i].attachChannel(new EmbeddedChannel());
    }
    CountDownLatch go = new CountDownLatch(1);
    Thread[] racers = {
      new Thread(() -> run(go, () -> { for (Exchange<String> e : exchanges) e.complete(true); })),
      new Thread(
          () ->
              run(go, () -> {
                for (Exchange<String> e : exchanges) {
                  e.onTimeout(ExchangeTimeoutException.Kind.REQUEST, 1, 0);
                }
              })),
      new Thread(() -> run(go, () -> { for (Exchange<String> e : exchanges) e.cancel(true); })),
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
      assertEquals(1, handlers[i].terminal.get(), "exchange " + i + " terminal callbacks");
    }
    assertEquals(n, services.released.get(), "each permit released exactly once");
    assertEquals(n, services.recycled.get() + services.closed.get(), "each channel handled once");
    assertEquals(n, services.unregistered.get());
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

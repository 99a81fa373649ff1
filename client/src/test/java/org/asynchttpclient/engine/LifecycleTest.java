package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.DefaultNameResolver;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.ClientThreads;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.Test;

/** Closing a client: in-flight work, later requests, re-entrancy, callbacks and threads. */
class LifecycleTest extends HelloFixture {
  private static boolean mentionsClosed(Throwable t) {
    return t.getMessage() != null && t.getMessage().toLowerCase(Locale.ROOT).contains("closed");
  }

  @Test
  void closeFailsEveryInFlightRequestAtOnce() throws Exception {
    DefaultAsyncHttpClient c = ClientFixture.client();
    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      futures.add(c.prepareGet(server.url("/never")).execute());
    }
    server.awaitReceived(50);
    long closing = System.nanoTime();
    c.close();
    for (ListenableFuture<Response> f : futures) {
      long left = TimeUnit.SECONDS.toNanos(2) - (System.nanoTime() - closing);
      ExecutionException e =
          assertThrows(ExecutionException.class, () -> f.get(Math.max(1, left), TimeUnit.NANOSECONDS));
      assertInstanceOf(IOException.class, e.getCause());
      assertTrue(mentionsClosed(e.getCause()), e.getCause().getMessage());
    }
    server.awaitClosed(50);
  }

  @Test
  void closeDoesNotWaitForTheLoopsQuietPeriod() throws Exception {
    // A quiet period (3.0.11's default is 2 s, 15 s at most) well above the bound below, so a busy
    // machine cannot blur the two. 3.0.11's close() returns at once and so does this one; the
    // in-flight request still fails before close() returns.
    ClientThreads threads = new ClientThreads();
    DefaultAsyncHttpClient c =
        threads.start(
            ClientFixture.config()
                .setShutdownQuietPeriod(Duration.ofSeconds(5))
                .setShutdownTimeout(Duration.ofSeconds(15)));
    ListenableFuture<Response> inFlight = c.prepareGet(server.url("/never")).execute();
    server.awaitReceived(1);
    long start = System.nanoTime();
    c.close();
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertTrue(millis < 2500, "close() took " + millis + " ms (the quiet period is 5000 ms)");
    assertTrue(inFlight.isDone(), "the in-flight request failed before close() returned");
    // The loops still wait out their quiet period after close() returned, then end.
    threads.assertAllEnded(Duration.ofSeconds(20));
  }

  @Test
  void closeFailsRequestsWaitingForAPermit() throws Exception {
    DefaultAsyncHttpClient c =
        ClientFixture.client(
            ClientFixture.config().setMaxConnections(1).setAcquireFreeChannelTimeout(10_000));
    ListenableFuture<Response> running = c.prepareGet(server.url("/never")).execute();
    server.awaitReceived(1);
    ListenableFuture<Response> waiting = c.prepareGet(server.url("/hello")).execute();
    assertFalse(waiting.isDone());
    c.close();
    for (ListenableFuture<Response> f : List.of(running, waiting)) {
      ExecutionException e = Await.failed(f, 2);
      assertInstanceOf(IOException.class, e.getCause());
    }
    assertEquals(1, server.received().size(), "the waiting request never reached the server");
  }

  /**
   * A request that times out in the default mode runs its failure callback on the client's own
   * timer, whose thread the user's factory made (as in 3.0.12).
   */
  private Thread timerThreadOf(DefaultAsyncHttpClient c, ClientThreads threads) throws Exception {
    RecordingHandler h = new RecordingHandler();
    ListenableFuture<Response> f =
        c.prepareGet(server.url("/never")).setRequestTimeout(Duration.ofMillis(50)).execute(h);
    Thread timer = h.awaitEnd(Duration.ofSeconds(5)).endedOn();
    assertEquals(TimeoutException.class, h.failure().getClass());
    assertTrue(f.isDone());
    assertNotNull(timer);
    assertTrue(threads.isTimer(timer), timer + " is not the client's timer thread made by its factory");
    assertFalse(threads.isIo(timer), timer + " is an I/O thread");
    return timer;
  }

  @Test
  void requestAfterCloseFailsClearlyAndStartsNoThread() throws Exception {
    ClientThreads threads = new ClientThreads();
    DefaultAsyncHttpClient c = threads.start(ClientFixture.config());
    assertEquals("hi", c.prepareGet(server.url("/hello")).execute().get(10, TimeUnit.SECONDS).getResponseBody());
    Thread timer = timerThreadOf(c, threads);
    c.close();
    assertTrue(c.isClosed());
    threads.assertAllEnded(Duration.ofSeconds(5));
    int ioThreads = threads.io().size();
    int accepted = server.acceptedCount();
    RecordingHandler h = new RecordingHandler();
    ListenableFuture<Response> f = c.prepareGet(server.url("/hello")).execute(h);
    assertTrue(f.isDone());
    ExecutionException e = Await.failed(f, 1);
    assertTrue(mentionsClosed(e.getCause()), e.getCause().getMessage());
    assertEquals(List.of("throwable"), h.names());
    assertEquals(ioThreads, threads.io().size(), "an I/O thread was started after close()");
    assertFalse(timer.isAlive(), "the timer runs again");
    threads.assertAllEnded(Duration.ZERO);
    assertEquals(accepted, server.acceptedCount(), "the request after close() connected");
  }

  /** Counts its close() calls; resolves with the JDK. */
  private static final class ClosingCountedGroup extends AddressResolverGroup<InetSocketAddress> {
    final AtomicInteger closes = new AtomicInteger();

    @Override
    protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
      return new DefaultNameResolver(executor).asAddressResolver();
    }

    @Override
    public void close() {
      closes.incrementAndGet();
      super.close();
    }
  }

  /**
   * As in 3.0.12, the client owns the addressResolverGroup it is given and closes it on close(),
   * whether its event loops are its own or the user's.
   */
  @Test
  void closeClosesTheAddressResolverGroup() throws Exception {
    ClosingCountedGroup resolvers = new ClosingCountedGroup();
    DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setAddressResolverGroup(resolvers));
    assertEquals("hi", c.prepareGet(server.url("/hello")).execute().get(10, TimeUnit.SECONDS).getResponseBody());
    assertEquals(0, resolvers.closes.get(), "addressResolverGroup closed while the client runs");
    c.close();
    c.close();
    assertEquals(1, resolvers.closes.get(), "addressResolverGroup.close() calls after client.close(); expected 1");

    EventLoopGroup loops = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      ClosingCountedGroup shared = new ClosingCountedGroup();
      DefaultAsyncHttpClient d =
          ClientFixture.client(ClientFixture.config().setEventLoopGroup(loops).setAddressResolverGroup(shared));
      d.close();
      assertEquals(1, shared.closes.get(), "addressResolverGroup.close() calls with the user's loops; expected 1");
      assertFalse(loops.isShuttingDown(), "client.close() must leave a user's loops running");
    } finally {
      loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  @Test
  void closeIsIdempotent() throws Exception {
    DefaultAsyncHttpClient c = ClientFixture.client();
    c.prepareGet(server.url("/hello")).execute().get(10, TimeUnit.SECONDS);
    c.close();
    c.close();
    assertTrue(c.isClosed());
    server.awaitClosed(1);
    assertEquals(1, server.closedCount());
  }

  @Test
  void closeFromACompletionCallbackDoesNotDeadlock() throws Exception {
    ClientThreads threads = new ClientThreads();
    DefaultAsyncHttpClient c = threads.start(ClientFixture.config());
    CountDownLatch closedInside = new CountDownLatch(1);
    AtomicReference<Thread> closer = new AtomicReference<>();
    AtomicBoolean onChannelLoop = new AtomicBoolean();
    RecordingHandler h =
        new RecordingHandler() {
          @Override
          public Response onCompleted() {
            closer.set(Thread.currentThread());
            // Asked here: a loop that has shut down no longer knows its thread.
            Channel ch = channel();
            onChannelLoop.set(ch != null && ch.eventLoop().inEventLoop());
            c.close();
            closedInside.countDown();
            return super.onCompleted();
          }
        };
    ListenableFuture<Response> f = c.prepareGet(server.url("/hello")).execute(h);
    assertTrue(closedInside.await(5, TimeUnit.SECONDS), "close() inside onCompleted did not return");
    assertEquals(200, f.get(5, TimeUnit.SECONDS).getStatusCode());
    assertNotNull(closer.get());
    assertTrue(onChannelLoop.get(), "callback ran on " + closer.get() + ", not the loop of " + h.channel());
    assertTrue(threads.isIo(closer.get()), "callback ran on " + closer.get());
    assertTrue(c.isClosed());
    threads.assertAllEnded(Duration.ofSeconds(5));
  }

  @Test
  void closeFromAListenerDoesNotDeadlock() throws Exception {
    DefaultAsyncHttpClient c = ClientFixture.client();
    CountDownLatch closedInside = new CountDownLatch(1);
    ListenableFuture<Response> f = c.prepareGet(server.url("/hello")).execute();
    ListenableFuture<Response> unused = f.addListener(
        () -> {
          c.close();
          closedInside.countDown();
        },
        null);
    assertTrue(closedInside.await(5, TimeUnit.SECONDS));
    assertEquals("hi", f.get(1, TimeUnit.SECONDS).getResponseBody());
  }

  @Test
  void noCallbackRunsAfterCloseReturns() throws Exception {
    server.route(
        "/trickle",
        (ctx, req) -> {
          TestServer.send(ctx, TestServer.chunkedHead());
          // A chunk every 10 ms, for ever (until the connection closes).
          Runnable[] tick = new Runnable[1];
          tick[0] =
              () -> {
                if (ctx.channel().isActive()) {
                  TestServer.send(
                      ctx,
                      new io.netty.handler.codec.http.DefaultHttpContent(
                          io.netty.buffer.Unpooled.copiedBuffer(new byte[] {'x'})));
                  TestServer.later(ctx, 10, tick[0]);
                }
              };
          TestServer.later(ctx, 0, tick[0]);
        });
    DefaultAsyncHttpClient c = ClientFixture.client();
    AtomicLong lastCallback = new AtomicLong();
    CountDownLatch late = new CountDownLatch(1);
    AtomicLong closeReturned = new AtomicLong(Long.MAX_VALUE);
    List<RecordingHandler> handlers = new ArrayList<>();
    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      String path = i % 2 == 0 ? "/never" : "/trickle";
      RecordingHandler h =
          new RecordingHandler() {
            private void mark() {
              long now = System.nanoTime();
              lastCallback.accumulateAndGet(now, Math::max);
              if (now > closeReturned.get()) {
                late.countDown();
              }
            }

            @Override
            public State onBodyPartReceived(HttpResponseBodyPart part) {
              mark();
              return super.onBodyPartReceived(part);
            }

            @Override
            public void onThrowable(Throwable t) {
              mark();
              super.onThrowable(t);
            }

            @Override
            public Response onCompleted() {
              mark();
              return super.onCompleted();
            }
          };
      handlers.add(h);
      futures.add(c.prepareGet(server.url(path)).setRequestTimeout(Duration.ofMillis(400)).execute(h));
    }
    server.awaitReceived(20);
    c.close();
    closeReturned.set(System.nanoTime());
    for (RecordingHandler h : handlers) {
      assertEquals(1, h.terminals(), "terminal callbacks of a handler when close() returned");
    }
    for (ListenableFuture<Response> f : futures) {
      assertTrue(f.isDone(), "a future was still pending when close() returned");
    }
    // Past the request timeout and many chunk intervals: nothing may be delivered any more.
    assertFalse(late.await(600, TimeUnit.MILLISECONDS), "a callback ran after close() returned");
    assertTrue(lastCallback.get() <= closeReturned.get());
  }

  @Test
  void clientThreadsAreGoneAfterClose() throws Exception {
    ClientThreads threads = new ClientThreads();
    DefaultAsyncHttpClient c = threads.start(ClientFixture.config().setIoThreadsCount(2));
    for (int i = 0; i < 4; i++) {
      c.prepareGet(server.url("/hello")).execute().get(10, TimeUnit.SECONDS);
    }
    Thread timer = timerThreadOf(c, threads);
    assertFalse(threads.io().isEmpty(), "the client's I/O threads should exist while it runs");
    for (Thread t : threads.all()) {
      assertTrue(t.isAlive(), t + " ended while the client runs");
    }
    c.close();
    threads.assertAllEnded(Duration.ofSeconds(5));
    assertFalse(timer.isAlive());
  }

  @Test
  void closeFromATimeoutCallbackOnTheTimerThread() throws Exception {
    closeFromATimeoutCallback(false);
  }

  @Test
  void closeFromATimeoutCallbackOnTheEventLoop() throws Exception {
    closeFromATimeoutCallback(true);
  }

  /**
   * Closes the client from the failure callback of a request timeout: on the client's own timer
   * (a thread of its factory, not an I/O thread), or with event-loop timeouts on the loop
   * of the exchange's channel.
   */
  private void closeFromATimeoutCallback(boolean eventLoopTimeouts) throws Exception {
    ClientThreads threads = new ClientThreads();
    DefaultAsyncHttpClient c =
        threads.start(ClientFixture.config().setUseEventLoopTimeouts(eventLoopTimeouts));
    AtomicReference<Throwable> closeFailure = new AtomicReference<>();
    AtomicReference<Thread> callbackThread = new AtomicReference<>();
    AtomicBoolean firedOnChannelLoop = new AtomicBoolean();
    CountDownLatch closedInside = new CountDownLatch(1);
    RecordingHandler h =
        new RecordingHandler() {
          @Override
          public void onThrowable(Throwable t) {
            callbackThread.set(Thread.currentThread());
            // Asked here: a loop that has shut down no longer knows its thread.
            Channel ch = connected().getNow(null);
            firedOnChannelLoop.set(ch != null && ch.eventLoop().inEventLoop());
            try {
              c.close();
            } catch (Throwable e) {
              closeFailure.set(e);
            }
            closedInside.countDown();
            super.onThrowable(t);
          }
        };
    // A budget the connect easily fits in, so the timeout has moved onto the channel's loop.
    ListenableFuture<Response> f =
        c.prepareGet(server.url("/never")).setRequestTimeout(Duration.ofSeconds(1)).execute(h);
    Channel channel = h.connected().get(5, TimeUnit.SECONDS);
    assertTrue(closedInside.await(5, TimeUnit.SECONDS));
    ExecutionException e = Await.failed(f, 1);
    assertEquals(TimeoutException.class, e.getCause().getClass());
    assertTrue(e.getCause().getMessage().startsWith("Request timeout to "), e.getCause().getMessage());
    Thread fired = callbackThread.get();
    if (eventLoopTimeouts) {
      assertTrue(firedOnChannelLoop.get(), "fired on " + fired + ", not the loop of " + channel);
      assertTrue(threads.isIo(fired), "fired on " + fired);
    } else {
      assertTrue(threads.isTimer(fired), "fired on " + fired + ", not the client's timer");
      assertFalse(threads.isIo(fired), "fired on the I/O thread " + fired);
    }
    assertEquals(null, closeFailure.get(), "close() threw from the timeout callback");
    assertTrue(c.isClosed());
    // Every thread of the client ends, the timer's included.
    threads.assertAllEnded(Duration.ofSeconds(5));
  }
}

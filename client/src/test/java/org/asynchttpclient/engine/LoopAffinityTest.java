package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.concurrent.EventExecutor;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.TooManyConnectionsException;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A request issued on one of the client's own loops (from a response callback, the common async
 * pattern) stays on that loop: its new connection is opened there, and a pooled connection of that
 * loop is written there, as that loop's next task (after its current I/O batch, not inside the
 * caller's own {@code execute} frame); its handler never hears its outcome inside that frame either.
 * From any other thread the load decides (LoopPlacementFlowTest).
 */
class LoopAffinityTest extends HelloFixture {
  @BeforeEach
  void start() throws Exception {
    server.route("/ok", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok"));
  }

  /** Records the channel the request was written on, new or pooled. */
  private static class ChannelRecorder extends AsyncCompletionHandlerBase {
    final CompletableFuture<Channel> connected = new CompletableFuture<>();

    @Override
    public void onTcpConnectSuccess(InetSocketAddress remote, Channel connection) {
      connected.complete(connection);
    }

    @Override
    public void onConnectionPooled(Channel connection) {
      connected.complete(connection);
    }
  }

  /**
   * Without keep-alive every request opens a connection. Each one is issued from the previous
   * one's completion callback; each new connection is on the loop that issued it. The chain starts
   * on the group's last loop: a request that lost its loop would go to the first one, where a
   * light load from any other thread goes.
   */
  @Test
  void aConnectionOpenedFromALoopIsOpenedOnThatLoop() throws Exception {
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    EventLoop last = null;
    for (EventExecutor e : group) {
      last = (EventLoop) e;
    }
    assertNotNull(last);
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(ClientFixture.config().setEventLoopGroup(group).setKeepAlive(false))) {
      int chain = 10;
      List<EventLoop> issuedOn = new ArrayList<>();
      List<Channel> openedOn = new ArrayList<>();
      CompletableFuture<Void> done = new CompletableFuture<>();
      AtomicReference<Runnable> next = new AtomicReference<>();
      next.set(
          () -> {
            ChannelRecorder h =
                new ChannelRecorder() {
                  @Override
                  public Response onCompleted(Response response) throws Exception {
                    openedOn.add(connected.getNow(null));
                    if (openedOn.size() == chain) {
                      done.complete(null);
                    } else {
                      issuedOn.add(connected.getNow(null).eventLoop());
                      next.get().run();
                    }
                    return super.onCompleted(response);
                  }

                  @Override
                  public void onThrowable(Throwable t) {
                    done.completeExceptionally(t);
                  }
                };
            c.prepareGet(server.url("/ok")).execute(h);
          });
      last.execute(next.get()); // the first from the last loop's thread
      done.get(20, TimeUnit.SECONDS);
      assertEquals(chain, server.acceptedCount(), "one connection per request");
      assertSame(last, openedOn.get(0).eventLoop(), "the first request left the loop that issued it");
      for (int i = 1; i < chain; i++) {
        assertSame(
            issuedOn.get(i - 1),
            openedOn.get(i).eventLoop(),
            "request " + i + " was issued on one loop and connected on another");
      }
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  /**
   * Two idle connections, one per loop. A request issued on a loop, from a callback, takes that
   * loop's connection even when the other one is the most recently pooled, and is written on that
   * loop once {@code execute} has returned: the pooled-connection event comes from a later task of
   * the same loop thread.
   */
  @Test
  void aRequestIssuedOnALoopTakesThatLoopsIdleConnectionAndWritesAfterExecuteReturns()
      throws Exception {
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(ClientFixture.config().setEventLoopGroup(group))) {
      // Two requests in flight at once: two connections, on the two loops. From this thread both
      // would go to the first loop (a light load stays on one loop), so the second is issued on
      // the other loop, where it stays.
      EventLoop otherLoop = null;
      for (EventExecutor e : group) {
        otherLoop = (EventLoop) e;
      }
      assertNotNull(otherLoop);
      ChannelRecorder first = new ChannelRecorder();
      ChannelRecorder second = new ChannelRecorder();
      CountDownLatch both = new CountDownLatch(2);
      List<ChannelHandlerContext> held = new ArrayList<>();
      server.route(
          "/hold",
          (ctx, req) -> {
            synchronized (held) {
              held.add(ctx);
            }
            both.countDown();
          });
      CompletableFuture<Response> f1 = c.prepareGet(server.url("/hold")).execute(first).toCompletableFuture();
      CompletableFuture<Response> f2 =
          otherLoop
              .submit(() -> c.prepareGet(server.url("/hold")).execute(second).toCompletableFuture())
              .get(5, TimeUnit.SECONDS);
      assertTrue(both.await(10, TimeUnit.SECONDS));
      Channel a = first.connected.get(5, TimeUnit.SECONDS);
      Channel b = second.connected.get(5, TimeUnit.SECONDS);
      assertTrue(a.eventLoop() != b.eventLoop(), "both connections on one loop");
      // Answer a first, then b: b is the most recently pooled; a's loop issues the next request.
      synchronized (held) {
        TestServer.respond(held.get(indexOf(held, a)), true, HttpResponseStatus.OK, "1");
      }
      f1.get(5, TimeUnit.SECONDS);
      synchronized (held) {
        TestServer.respond(held.get(indexOf(held, b)), true, HttpResponseStatus.OK, "2");
      }
      f2.get(5, TimeUnit.SECONDS);

      AtomicBoolean insideExecute = new AtomicBoolean();
      AtomicBoolean pooledInsideExecute = new AtomicBoolean(true);
      CompletableFuture<Thread> callerThread = new CompletableFuture<>();
      CompletableFuture<Thread> pooledThread = new CompletableFuture<>();
      CompletableFuture<Channel> used = new CompletableFuture<>();
      CompletableFuture<Response> nextDone = new CompletableFuture<>();
      a.eventLoop()
          .execute(
              () -> {
                callerThread.complete(Thread.currentThread());
                insideExecute.set(true);
                c.prepareGet(server.url("/ok"))
                    .execute(
                        new AsyncCompletionHandlerBase() {
                          @Override
                          public void onConnectionPooled(Channel connection) {
                            pooledInsideExecute.set(insideExecute.get());
                            pooledThread.complete(Thread.currentThread());
                            used.complete(connection);
                          }

                          @Override
                          public Response onCompleted(Response response) throws Exception {
                            nextDone.complete(response);
                            return response;
                          }

                          @Override
                          public void onThrowable(Throwable t) {
                            nextDone.completeExceptionally(t);
                          }
                        });
                insideExecute.set(false);
              });
      assertEquals(200, nextDone.get(5, TimeUnit.SECONDS).getStatusCode());
      assertSame(a, used.get(5, TimeUnit.SECONDS), "took the other loop's connection");
      assertFalse(pooledInsideExecute.get(), "the pooled write ran inside the caller's execute");
      assertSame(
          callerThread.get(5, TimeUnit.SECONDS),
          pooledThread.get(5, TimeUnit.SECONDS),
          "the pooled write ran on another thread than the loop that issued it");
      assertEquals(2, server.acceptedCount());
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  private static int indexOf(List<ChannelHandlerContext> held, Channel clientSide) {
    for (int i = 0; i < held.size(); i++) {
      // The server's channel's remote address is the client channel's local address.
      if (held.get(i).channel().remoteAddress().equals(clientSide.localAddress())) {
        return i;
      }
    }
    throw new AssertionError("no held request from " + clientSide);
  }

  /**
   * A first hop refused at once (the only connection is busy and no wait is allowed) decides the
   * outcome inside {@code execute}; issued on a loop, the handler still hears it only after
   * {@code execute} returned, and the returned future fails with it.
   */
  @Test
  void anOutcomeDecidedInsideExecuteOnALoopReachesTheHandlerAfterExecuteReturns() throws Exception {
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(ClientFixture.config().setMaxConnections(1).setIoThreadsCount(1))) {
      AtomicBoolean executeReturned = new AtomicBoolean();
      CompletableFuture<Boolean> heardAfterReturn = new CompletableFuture<>();
      AtomicReference<Throwable> failure = new AtomicReference<>();
      AtomicReference<CompletableFuture<Response>> inner = new AtomicReference<>();
      c.prepareGet(server.url("/never"))
          .execute(
              new AsyncCompletionHandlerBase() {
                @Override
                public State onHeadersWritten() {
                  // On the client's loop, while the one permitted connection is busy.
                  CompletableFuture<Response> f =
                      c.prepareGet(server.url("/ok"))
                          .execute(
                              new AsyncCompletionHandlerBase() {
                                @Override
                                public void onThrowable(Throwable t) {
                                  failure.set(t);
                                  heardAfterReturn.complete(executeReturned.get());
                                }
                              })
                          .toCompletableFuture();
                  executeReturned.set(true);
                  inner.set(f);
                  return State.CONTINUE;
                }
              });
      assertTrue(heardAfterReturn.get(5, TimeUnit.SECONDS), "onThrowable ran inside execute");
      assertInstanceOf(TooManyConnectionsException.class, failure.get());
      CompletableFuture<Response> f = inner.get();
      assertNotNull(f);
      ExecutionException e = Await.failed(f, 5);
      assertSame(failure.get(), e.getCause(), "the future failed with another exception");
    }
  }
}

package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringSocketChannel;
import io.netty.util.HashedWheelTimer;
import io.netty.util.NettyRuntime;
import io.netty.util.Timeout;
import io.netty.util.concurrent.EventExecutor;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.netty.channel.Transport;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.ClientThreads;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.Test;

/** Which threads, loops and timers a client uses, and which of them it leaves running. */
class ThreadsTest extends HelloFixture {
  /** Records the thread that ran onStatusReceived and the channel of the exchange. */
  private static final class ThreadRecorder extends RecordingHandler {
    volatile Thread statusThread;

    @Override
    public State onStatusReceived(HttpResponseStatus responseStatus) {
      statusThread = Thread.currentThread();
      return super.onStatusReceived(responseStatus);
    }
  }

  private ThreadRecorder hello(DefaultAsyncHttpClient c) throws Exception {
    ThreadRecorder h = new ThreadRecorder();
    assertEquals(200, c.prepareGet(server.url("/hello")).execute(h).get(10, TimeUnit.SECONDS).getStatusCode());
    assertNotNull(h.statusThread);
    return h;
  }

  private static int loops(EventLoopGroup group) {
    int n = 0;
    for (EventExecutor ignored : group) {
      n++;
    }
    return n;
  }

  private static boolean runsIn(EventLoopGroup group, Thread t) {
    for (EventExecutor e : group) {
      if (e.inEventLoop(t)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void ioThreadsCountAndPoolNameAreUsed() throws Exception {
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(
            ClientFixture.config().setIoThreadsCount(3).setThreadPoolName("threads-test-pool"))) {
      assertEquals(3, loops(c.getEventLoopGroup()));
      ThreadRecorder h = hello(c);
      assertTrue(h.statusThread.getName().startsWith("threads-test-pool"), h.statusThread.getName());
      assertTrue(runsIn(c.getEventLoopGroup(), h.statusThread));
      assertTrue(h.channel().eventLoop().inEventLoop(h.statusThread));
    }
  }

  /** 3.0.11's layout: one loop per processor, and the getter says so. */
  @Test
  void byDefaultThereIsOneLoopPerProcessor() throws Exception {
    DefaultAsyncHttpClientConfig.Builder defaults = ClientFixture.config();
    int processors = Runtime.getRuntime().availableProcessors();
    assertEquals(processors, defaults.build().getIoThreadsCount());
    try (DefaultAsyncHttpClient c = ClientFixture.client(defaults)) {
      assertEquals(processors, loops(c.getEventLoopGroup()));
    }
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setIoThreadsCount(-1))) {
      assertEquals(processors, loops(c.getEventLoopGroup()), "-1 set on the builder");
    }
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setIoThreadsCount(0))) {
      assertEquals(NettyRuntime.availableProcessors() * 2, loops(c.getEventLoopGroup()), "0: Netty's default");
    }
  }

  /** A thread factory that adds every thread it makes to {@code made}. */
  private static ThreadFactory recording(Set<Thread> made) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, "factory-made-" + n.incrementAndGet());
      t.setDaemon(true);
      made.add(t);
      return t;
    };
  }

  @Test
  void threadFactoryIsUsed() throws Exception {
    Set<Thread> made = ConcurrentHashMap.newKeySet();
    ThreadFactory factory = recording(made);
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(ClientFixture.config().setIoThreadsCount(1).setThreadFactory(factory))) {
      ThreadRecorder h = hello(c);
      assertTrue(made.contains(h.statusThread), h.statusThread.getName());
    }
  }

  /** The thread that heard a request's timeout in the default (timer) mode: the timer's. */
  private Thread expiryThread(DefaultAsyncHttpClient c) throws Exception {
    RecordingHandler h = new RecordingHandler();
    ListenableFuture<Response> f =
        c.prepareGet(server.url("/never")).setRequestTimeout(Duration.ofMillis(100)).execute(h);
    ExecutionException e = Await.failed(f, 10);
    assertInstanceOf(TimeoutException.class, e.getCause());
    Thread t = h.awaitEnd(Duration.ofSeconds(5)).endedOn();
    assertNotNull(t);
    return t;
  }

  /**
   * As in 3.0.12, the threads a client makes itself are not daemons: an application that forgets
   * to close its client keeps running, as it did with AHC. The I/O threads are named after
   * threadPoolName, the timer's after threadPoolName + "-timer".
   */
  @Test
  void ownLoopAndTimerThreadsAreNotDaemons() throws Exception {
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(ClientFixture.config().setThreadPoolName("daemon-test-pool"))) {
      Thread io = hello(c).statusThread;
      assertTrue(runsIn(c.getEventLoopGroup(), io), io + " is not one of the client's loops");
      assertTrue(io.getName().startsWith("daemon-test-pool-"), "I/O thread name " + io.getName());
      assertFalse(io.isDaemon(), "I/O thread " + io.getName() + " is a daemon; expected non-daemon");
      Thread timer = expiryThread(c);
      assertTrue(timer.getName().startsWith("daemon-test-pool-timer-"), "timer thread name " + timer.getName());
      assertFalse(timer.isDaemon(), "timer thread " + timer.getName() + " is a daemon; expected non-daemon");
    }
  }

  /** As in 3.0.12, a user's thread factory makes the client's timer thread too. */
  @Test
  void threadFactoryAlsoMakesTheTimerThread() throws Exception {
    Set<Thread> made = ConcurrentHashMap.newKeySet();
    ThreadFactory factory = recording(made);
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(ClientFixture.config().setIoThreadsCount(1).setThreadFactory(factory))) {
      Thread timer = expiryThread(c);
      assertFalse(runsIn(c.getEventLoopGroup(), timer), timer + " is an I/O thread, not the timer's");
      assertTrue(
          made.contains(timer),
          "the request timeout fired on " + timer + ", which the user's thread factory did not make");
    }
  }

  @Test
  void userEventLoopGroupIsUsedAndNotShutDown() throws Exception {
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    try {
      checkUserGroup(group);
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  // NioEventLoopGroup is deprecated in Netty 4.2 but still what many 3.0.11 users pass.
  @SuppressWarnings("deprecation")
  @Test
  void deprecatedNioEventLoopGroupIsUsedAndNotShutDown() throws Exception {
    EventLoopGroup group = new NioEventLoopGroup(2);
    try {
      checkUserGroup(group);
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  private void checkUserGroup(EventLoopGroup group) throws Exception {
    for (int round = 0; round < 2; round++) {
      DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setEventLoopGroup(group));
      ThreadRecorder h;
      try {
        assertSame(group, c.getEventLoopGroup());
        h = hello(c);
      } finally {
        c.close();
      }
      assertTrue(runsIn(group, h.statusThread), h.statusThread.getName());
      assertInstanceOf(NioSocketChannel.class, h.channel());
      assertFalse(group.isShuttingDown(), "client.close() must leave a user's group running");
    }
  }

  @Test
  void userTimerIsUsedAndNotStopped() throws Exception {
    List<Thread> timerThreads = new CopyOnWriteArrayList<>();
    HashedWheelTimer timer = ClientThreads.timer("threads-test-timer", 10, timerThreads::add);
    try {
      try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setNettyTimer(timer))) {
        ListenableFuture<Response> f =
            c.prepareGet(server.url("/never"))
                .setRequestTimeout(Duration.ofMillis(200))
                .execute(new RecordingHandler());
        assertTrue(timer.pendingTimeouts() >= 1, "the request timeout is armed on the user's timer");
        ExecutionException e = Await.failed(f, 10);
        assertInstanceOf(TimeoutException.class, e.getCause());
        assertEquals(1, timerThreads.size());
      }
      // Still running after close: it accepts and fires new timeouts.
      java.util.concurrent.CountDownLatch fired = new java.util.concurrent.CountDownLatch(1);
      Timeout t = timer.newTimeout(x -> fired.countDown(), 10, TimeUnit.MILLISECONDS);
      assertTrue(fired.await(5, TimeUnit.SECONDS));
      assertTrue(t.isExpired());
    } finally {
      timer.stop();
    }
  }

  @Test
  void expiryIsDeliveredOnTheUsersTimerThread() throws Exception {
    List<Thread> timerThreads = new CopyOnWriteArrayList<>();
    HashedWheelTimer timer = ClientThreads.timer("threads-test-timer", 10, timerThreads::add);
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setNettyTimer(timer))) {
      List<Thread> failedOn = new CopyOnWriteArrayList<>();
      ListenableFuture<Response> f =
          c.prepareGet(server.url("/never"))
              .setRequestTimeout(Duration.ofMillis(150))
              .execute(
                  new RecordingHandler() {
                    @Override
                    public void onThrowable(Throwable t) {
                      failedOn.add(Thread.currentThread());
                      super.onThrowable(t);
                    }
                  });
      Await.failed(f, 10);
      assertEquals(1, failedOn.size());
      assertSame(timerThreads.get(0), failedOn.get(0));
    } finally {
      timer.stop();
    }
  }

  @Test
  void nativeTransportIsUsedWhenAvailable() throws Exception {
    boolean uring = IoUring.isAvailable();
    boolean epoll = Epoll.isAvailable();
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setUseNativeTransport(true))) {
      Channel ch = hello(c).channel();
      Class<?> expected =
          uring ? IoUringSocketChannel.class : epoll ? EpollSocketChannel.class : NioSocketChannel.class;
      assertEquals(expected, ch.getClass(), "io_uring " + uring + ", epoll " + epoll);
    }
    if (epoll) {
      try (DefaultAsyncHttpClient c =
          ClientFixture.client(
              ClientFixture.config().setUseNativeTransport(true).setUseOnlyEpollNativeTransport(true))) {
        assertEquals(EpollSocketChannel.class, hello(c).channel().getClass());
      }
    }
    // Not set (3.0.12's default): a native transport is detected, epoll first, then io_uring.
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setUseNativeTransport(false))) {
      Class<?> expected =
          epoll ? EpollSocketChannel.class : uring ? IoUringSocketChannel.class : NioSocketChannel.class;
      assertEquals(expected, hello(c).channel().getClass(), "io_uring " + uring + ", epoll " + epoll);
    }
  }

  @Test
  void transportSelectionFollows3012() {
    boolean uring = IoUring.isAvailable();
    boolean epoll = Epoll.isAvailable();
    String detected = epoll ? "epoll" : uring ? "io_uring" : "nio";
    assertEquals(detected, Transport.select(false, false).name(), "not set: epoll, then io_uring, then NIO");
    assertEquals(detected, Transport.select(false, true).name(), "onlyEpoll means nothing without useNative");
    String forced = uring ? "io_uring" : epoll ? "epoll" : "nio";
    assertEquals(forced, Transport.select(true, false).name(), "forced: io_uring, then epoll, else NIO");
    assertEquals(epoll ? "epoll" : "nio", Transport.select(true, true).name(), "only epoll, else NIO (no throw)");
  }

  @Test
  void userGroupWithNativeTransportGetsTheMatchingChannel() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(Epoll.isAvailable(), "epoll not available here");
    EventLoopGroup group =
        new MultiThreadIoEventLoopGroup(1, io.netty.channel.epoll.EpollIoHandler.newFactory());
    try {
      DefaultAsyncHttpClientConfig.Builder b = ClientFixture.config().setEventLoopGroup(group);
      try (DefaultAsyncHttpClient c = ClientFixture.client(b)) {
        assertEquals(EpollSocketChannel.class, hello(c).channel().getClass());
      }
      assertFalse(group.isShuttingDown());
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }
}

package org.asynchttpclient.testing;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * What every loopback test server shares: one daemon event-loop thread, a socket listening on
 * 127.0.0.1 and an ephemeral port, the connections it accepted and how many of them closed, and an
 * {@link Await.Signal} that each accept and close (and {@link #signal()}) wakes, so that a test
 * waits for server-side events with {@link #await} instead of polling. Closing it closes the
 * listening socket, then every accepted connection, then the loop.
 *
 * <p>A subclass sets up everything its connections use first, and calls {@link #listen} last in
 * its constructor: the bind hands the loop what was set before it.
 */
public abstract class LoopbackServer implements AutoCloseable {
  // immutable
  private final EventLoopGroup group;

  // written once by listen(), from the subclass's constructor; read by the test thread
  private Channel listening;
  private ServerBootstrap bootstrap;

  // any thread
  /** Listeners added by {@link #alsoListenOn}, on other loopback addresses and the same port. */
  private final List<Channel> extraListeners = new CopyOnWriteArrayList<>();

  // any thread
  private final List<Channel> accepted = new CopyOnWriteArrayList<>();
  private final AtomicInteger closed = new AtomicInteger();
  private final Await.Signal changes = new Await.Signal();

  protected LoopbackServer(String threadName) {
    group =
        new MultiThreadIoEventLoopGroup(
            1, new DefaultThreadFactory(threadName, true), NioIoHandler.newFactory());
  }

  /**
   * Binds 127.0.0.1 on an ephemeral port. On the loop, each accepted connection is first
   * {@link #configure configured}, then counted (so {@code init} sees it in {@link
   * #acceptedCount()}), then set up by {@code init}.
   */
  protected final void listen(Consumer<SocketChannel> init) throws InterruptedException {
    bootstrap =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    configure(ch);
                    accepted.add(ch);
                    ch.closeFuture()
                        .addListener(
                            f -> {
                              closed.incrementAndGet();
                              signal();
                            });
                    init.accept(ch);
                    signal();
                  }
                });
    listening = bootstrap.bind("127.0.0.1", 0).sync().channel();
  }

  /**
   * Listens on {@code ip} too (another 127.0.0.x: Linux routes all of 127/8 to loopback), on the
   * same port, so a host resolving to several addresses reaches this one server through each.
   * A connection's {@code localAddress()} tells which address it came in on.
   */
  public void alsoListenOn(String ip) throws InterruptedException {
    extraListeners.add(bootstrap.bind(ip, port()).sync().channel());
  }

  /**
   * Sets options on an accepted connection before it is counted: a test that sees it accepted and
   * changes them must not be undone by this.
   */
  protected void configure(SocketChannel ch) {}

  public int port() {
    return ((InetSocketAddress) listening.localAddress()).getPort();
  }

  public String url(String path) {
    return "http://127.0.0.1:" + port() + path;
  }

  public int acceptedCount() {
    return accepted.size();
  }

  public int closedCount() {
    return closed.get();
  }

  /** Connections accepted and not closed yet. */
  public int openCount() {
    return accepted.size() - closed.get();
  }

  public List<Channel> acceptedChannels() {
    return accepted;
  }

  /** Wakes {@link #await}; call it from handlers after changing what a test waits for. */
  public void signal() {
    changes.signal();
  }

  /** Waits up to {@code timeout} for {@code condition}; says whether it became true. */
  public boolean await(BooleanSupplier condition, Duration timeout) throws InterruptedException {
    return changes.await(condition, timeout);
  }

  /** Waits up to {@code timeout} for {@code count} connections to have been accepted. */
  public boolean awaitAccepted(int count, Duration timeout) throws InterruptedException {
    return await(() -> accepted.size() >= count, timeout);
  }

  /** Waits up to {@code timeout} for at most {@code max} connections to be open; returns the count. */
  public int awaitOpenAtMost(int max, Duration timeout) throws InterruptedException {
    await(() -> openCount() <= max, timeout);
    return openCount();
  }

  /** Waits (up to 5 s) until at least {@code n} connections closed; fails the test otherwise. */
  public void awaitClosed(int n) throws InterruptedException {
    if (!await(() -> closed.get() >= n, Duration.ofSeconds(5))) {
      throw new AssertionError("server saw " + closed.get() + " connection(s) close, expected " + n);
    }
  }

  @Override
  public void close() {
    listening.close().syncUninterruptibly();
    for (Channel extra : extraListeners) {
      extra.close().syncUninterruptibly();
    }
    for (Channel ch : accepted) {
      ch.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
    }
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}

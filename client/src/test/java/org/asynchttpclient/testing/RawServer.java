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
 * A loopback server on 127.0.0.1 whose pipeline is whatever the test puts in it: for protocol
 * steps {@link TestServer} hides (its aggregator answers {@code Expect: 100-continue} itself), for
 * a server that accepts TCP and never speaks, and the like. Counts accepted and closed
 * connections; {@link #signal()} wakes {@link #await} after a change the test's handlers made.
 */
public final class RawServer implements AutoCloseable {
  private final EventLoopGroup group;
  private final Channel server;
  private final List<Channel> accepted = new CopyOnWriteArrayList<>();
  private final AtomicInteger closed = new AtomicInteger();
  private final Object changes = new Object();

  /** @param init adds the handlers of each accepted connection (it may add none) */
  public RawServer(Consumer<Channel> init) throws InterruptedException {
    group =
        new MultiThreadIoEventLoopGroup(
            1, new DefaultThreadFactory("raw-server", true), NioIoHandler.newFactory());
    server =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
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
                })
            .bind("127.0.0.1", 0)
            .sync()
            .channel();
  }

  public int port() {
    return ((InetSocketAddress) server.localAddress()).getPort();
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

  public List<Channel> acceptedChannels() {
    return accepted;
  }

  /** Wakes {@link #await}; call it from handlers after changing what a test waits for. */
  public void signal() {
    synchronized (changes) {
      changes.notifyAll();
    }
  }

  /** Waits up to {@code timeout} for {@code condition}; says whether it became true. */
  public boolean await(BooleanSupplier condition, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (changes) {
      while (!condition.getAsBoolean()) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(changes, left);
      }
      return true;
    }
  }

  @Override
  public void close() {
    server.close().syncUninterruptibly();
    for (Channel ch : accepted) {
      ch.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
    }
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}

package io.github.ahcdeadline.bench;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringSocketChannel;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The ceiling for the client timeout benchmark: the same burst of fresh connections to a route
 * that never answers, done with Netty alone. Each request connects, writes a GET, and has a task
 * scheduled on its channel's event loop for submit + timeout that records the time and closes the
 * channel. No HTTP client logic runs, so the lags show what the machine and the event loop allow
 * for this burst; a client in event-loop mode cannot do better.
 *
 * <p>Usage: {@code RawTimeoutMain URL COUNT TIMEOUT_MS nio|epoll|io_uring LAGS_FILE [BURSTS]}. Runs
 * {@link ClientTimeoutRun#DEFAULT_WARMUP_BURSTS} warm-up bursts, then BURSTS (default 1) measured
 * ones; writes their lags like {@link ClientTimeoutMain} and prints {@code RESULT timeouts=N
 * others=N firstOther=TEXT}. The event loop group has Netty's default size, as the client's has.
 */
public final class RawTimeoutMain {
  private static final long EXTRA_WAIT_MS = 60_000;
  private static final ChannelHandler DISCARD = new Discard();

  private final InetSocketAddress address;
  private final byte[] request;
  private final List<EventLoop> loops = new ArrayList<>();
  private final List<Bootstrap> bootstraps = new ArrayList<>();

  private RawTimeoutMain(URI uri, MultiThreadIoEventLoopGroup group, Class<? extends SocketChannel> type) {
    this.address = new InetSocketAddress(uri.getHost(), uri.getPort());
    this.request =
        ("GET " + uri.getRawPath() + " HTTP/1.1\r\nHost: " + uri.getHost() + ':' + uri.getPort()
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    for (EventExecutor executor : group) {
      EventLoop loop = (EventLoop) executor;
      loops.add(loop);
      bootstraps.add(
          new Bootstrap()
              .group(loop)
              .channel(type)
              .option(ChannelOption.TCP_NODELAY, true)
              .handler(DISCARD));
    }
  }

  /** Drops whatever arrives (nothing, from {@code /never}). */
  @ChannelHandler.Sharable
  private static final class Discard extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ReferenceCountUtil.release(msg);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 5 || args.length > 6) {
      throw new IllegalArgumentException(
          "arguments: " + args.length + " (expected URL COUNT TIMEOUT_MS TRANSPORT LAGS_FILE [BURSTS])");
    }
    URI uri = URI.create(args[0]);
    int count = Integer.parseInt(args[1]);
    long timeoutMillis = Long.parseLong(args[2]);
    int bursts = args.length > 5 ? Integer.parseInt(args[5]) : 1;
    IoHandlerFactory factory;
    Class<? extends SocketChannel> type;
    switch (args[3]) {
      case "nio":
        factory = NioIoHandler.newFactory();
        type = NioSocketChannel.class;
        break;
      case "epoll":
        factory = EpollIoHandler.newFactory();
        type = EpollSocketChannel.class;
        break;
      case "io_uring":
        factory = IoUringIoHandler.newFactory();
        type = IoUringSocketChannel.class;
        break;
      default:
        throw new IllegalArgumentException(
            "transport: " + args[3] + " (expected nio, epoll or io_uring)");
    }
    MultiThreadIoEventLoopGroup group =
        new MultiThreadIoEventLoopGroup(0, new DefaultThreadFactory("raw-timeout", true), factory);
    try {
      RawTimeoutMain raw = new RawTimeoutMain(uri, group, type);
      ClientTimeoutRun.Outcome outcome =
          ClientTimeoutRun.warmUpThenMeasure(() -> raw.burst(count, timeoutMillis), bursts);
      ClientTimeoutMain.writeLags(Paths.get(args[4]), outcome.timeoutLagsNanos());
      System.out.println(
          "RESULT timeouts="
              + outcome.timeoutLagsNanos().length
              + " others="
              + outcome.others()
              + " firstOther="
              + outcome.firstOther().replace('\n', ' '));
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  private ClientTimeoutRun.Outcome burst(int count, long timeoutMillis)
      throws InterruptedException {
    long timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    long[] submitted = new long[count];
    long[] heard = new long[count];
    AtomicInteger others = new AtomicInteger();
    AtomicReference<String> firstOther = new AtomicReference<>("");
    CountDownLatch done = new CountDownLatch(count);
    for (int i = 0; i < count; i++) {
      int index = i;
      submitted[i] = System.nanoTime();
      EventLoop loop = loops.get(i % loops.size());
      ChannelFuture connect = bootstraps.get(i % loops.size()).connect(address);
      Channel ch = connect.channel();
      long deadline = submitted[i] + timeoutNanos;
      loop.schedule(
          () -> {
            heard[index] = System.nanoTime();
            ch.close();
            done.countDown();
          },
          deadline - System.nanoTime(),
          TimeUnit.NANOSECONDS);
      connect.addListener(
          (ChannelFutureListener)
              f -> {
                if (f.isSuccess()) {
                  f.channel().writeAndFlush(Unpooled.wrappedBuffer(request));
                  return;
                }
                // A connect still running when its timeout closed the channel is no other outcome.
                if (heard[index] == 0 && others.getAndIncrement() == 0) {
                  firstOther.set("connect failed: " + f.cause());
                }
              });
    }
    if (!done.await(timeoutMillis + EXTRA_WAIT_MS, TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException(done.getCount() + " of " + count + " timeouts never ran");
    }
    long[] lags = new long[count];
    for (int i = 0; i < count; i++) {
      lags[i] = heard[i] - (submitted[i] + timeoutNanos);
    }
    return new ClientTimeoutRun.Outcome(lags, others.get(), firstOther.get(), true);
  }
}

package org.asynchttpclient.reliability;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback TCP server (127.0.0.1, ephemeral port) that speaks no HTTP of its own: a {@link
 * Responder} sees each request head (request line and headers, up to the blank line; a request
 * body is ignored) and writes whatever bytes it likes, verbatim, or nothing, or resets. It counts
 * accepted and currently open connections; {@link #awaitOpenAtMost} waits on a monitor for the
 * open count to drop, so tests can prove the client closed its side.
 *
 * <p>With {@link #readNothing()} the server accepts connections and never reads from them, so a
 * client writing a large body fills the socket buffers and meets backpressure.
 */
final class RawServer implements AutoCloseable {

  /** Answers one request head; runs on the server's event loop. */
  interface Responder {
    void onRequest(Channel channel, String head) throws Exception;
  }

  private static final int MAX_HEAD = 64 * 1024;

  private final EventLoopGroup group;
  private final Channel server;
  private final Responder responder;
  private final List<Channel> accepted = new CopyOnWriteArrayList<>();
  private final AtomicInteger requests = new AtomicInteger();
  private final Object openLock = new Object();
  // guarded by openLock
  private int open;
  private volatile boolean readNothing;

  RawServer(Responder responder) throws InterruptedException {
    this.responder = responder;
    this.group =
        new MultiThreadIoEventLoopGroup(
            1, new DefaultThreadFactory("raw-server", true), NioIoHandler.newFactory());
    this.server =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    // Configured before it is published: a test that sees the connection
                    // accepted and turns reading back on must not be undone by this.
                    if (readNothing) {
                      ch.config().setAutoRead(false);
                      ch.config().setOption(ChannelOption.SO_RCVBUF, 4096);
                    }
                    accepted.add(ch);
                    synchronized (openLock) {
                      open++;
                      openLock.notifyAll();
                    }
                    ch.closeFuture()
                        .addListener(
                            f -> {
                              synchronized (openLock) {
                                open--;
                                openLock.notifyAll();
                              }
                            });
                    ch.pipeline().addLast(new HeadReader());
                  }
                })
            .bind("127.0.0.1", 0)
            .sync()
            .channel();
  }

  /** A server that never answers anything: not a request, not a TLS handshake. */
  static RawServer silent() throws InterruptedException {
    return new RawServer((ch, head) -> {});
  }

  /** A server that answers every request with {@code response}, verbatim, then keeps the line. */
  static RawServer answering(String response) throws InterruptedException {
    return new RawServer((ch, head) -> write(ch, response));
  }

  /** From now on, accepted connections are never read (for backpressure on the client's writes). */
  RawServer readNothing() {
    this.readNothing = true;
    return this;
  }

  private final class HeadReader extends ChannelInboundHandlerAdapter {
    private final StringBuilder head = new StringBuilder();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
      ByteBuf buf = (ByteBuf) msg;
      try {
        head.append(buf.toString(StandardCharsets.ISO_8859_1));
      } finally {
        buf.release();
      }
      int end;
      while ((end = head.indexOf("\r\n\r\n")) >= 0) {
        String one = head.substring(0, end + 2);
        head.delete(0, end + 4);
        requests.incrementAndGet();
        responder.onRequest(ctx.channel(), one);
      }
      if (head.length() > MAX_HEAD) {
        head.setLength(0); // not HTTP (a TLS hello, a body): forget it, keep the line open
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  /** Writes {@code text} (ISO-8859-1) verbatim and flushes. */
  static void write(Channel ch, String text) {
    ch.writeAndFlush(Unpooled.copiedBuffer(text, StandardCharsets.ISO_8859_1));
  }

  /** Writes {@code bytes} verbatim and flushes. */
  static void write(Channel ch, byte[] bytes) {
    ch.writeAndFlush(Unpooled.wrappedBuffer(bytes));
  }

  /** Writes {@code text} verbatim, then closes the connection (FIN). */
  static void writeAndClose(Channel ch, String text) {
    ch.writeAndFlush(Unpooled.copiedBuffer(text, StandardCharsets.ISO_8859_1))
        .addListener(ChannelFutureListener.CLOSE);
  }

  /** Closes with SO_LINGER 0: the peer sees a reset (RST), not an orderly close. */
  static void reset(Channel ch) {
    ch.config().setOption(ChannelOption.SO_LINGER, 0);
    ch.close();
  }

  /** The path of a request head's request line, without the query. */
  static String path(String head) {
    int sp1 = head.indexOf(' ');
    int sp2 = head.indexOf(' ', sp1 + 1);
    String target = head.substring(sp1 + 1, sp2 < 0 ? head.indexOf('\r') : sp2);
    int q = target.indexOf('?');
    return q < 0 ? target : target.substring(0, q);
  }

  int port() {
    return ((InetSocketAddress) server.localAddress()).getPort();
  }

  String url(String path) {
    return "http://127.0.0.1:" + port() + path;
  }

  int acceptedCount() {
    return accepted.size();
  }

  int requestCount() {
    return requests.get();
  }

  int openCount() {
    synchronized (openLock) {
      return open;
    }
  }

  List<Channel> acceptedChannels() {
    return accepted;
  }

  /**
   * Waits up to {@code millis} for at most {@code max} connections to be open; returns the open
   * count at the end of the wait.
   */
  int awaitOpenAtMost(int max, long millis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    synchronized (openLock) {
      while (open > max) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
          break;
        }
        openLock.wait(left);
      }
      return open;
    }
  }

  /** Waits up to {@code millis} for {@code count} connections to have been accepted. */
  boolean awaitAccepted(int count, long millis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    synchronized (openLock) {
      while (accepted.size() < count) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
          return false;
        }
        openLock.wait(left);
      }
      return true;
    }
  }

  @Override
  public void close() {
    server.close().syncUninterruptibly();
    for (Channel ch : accepted) {
      ch.close();
    }
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}

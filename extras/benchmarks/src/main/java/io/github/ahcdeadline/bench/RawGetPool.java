package io.github.ahcdeadline.bench;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.jetbrains.annotations.Nullable;

/**
 * The least a Netty client does for a GET that an application thread starts: keep-alive NIO
 * connections, each carrying one request at a time, taken from and given back to a queue of idle
 * ones. {@link #start} is a {@link ClosedLoop.AsyncCall}: it takes an idle connection and writes
 * the pre-encoded GET from the calling thread, which Netty hands to the connection's loop as a task
 * (as the AsyncHttpClient API clients' writes from a caller's thread are). The response is only
 * parsed; its end gives the connection back and completes the call on the loop. No pool keys,
 * futures, timeouts, headers objects or retries: what is left is what any event-loop client pays.
 */
final class RawGetPool implements AutoCloseable {
  private final EventLoopGroup group;
  private final List<Channel> channels;
  private final Queue<OneGetAtATime> idle = new ConcurrentLinkedQueue<>();
  private final ByteBuf request;
  private final AtomicLong lost = new AtomicLong();
  private volatile boolean closing;

  private RawGetPool(EventLoopGroup group, List<Channel> channels, ByteBuf request) {
    this.group = group;
    this.channels = channels;
    this.request = request;
  }

  /**
   * Opens {@code connections} keep-alive connections to {@code uri} (http, host and port) on
   * {@code ioThreads} NIO loops, all idle; closes what it opened if one connect fails.
   */
  static RawGetPool open(URI uri, int connections, int ioThreads)
      throws IOException, InterruptedException {
    if (connections < 1) {
      throw new IllegalArgumentException("connections: " + connections + " (expected >= 1)");
    }
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(ioThreads, NioIoHandler.newFactory());
    List<Channel> channels = new ArrayList<>(connections);
    RawGetPool pool = new RawGetPool(group, channels, RawNettyThroughputMain.encodedGet(uri));
    Bootstrap bootstrap =
        RawNettyThroughputMain.rawHttpBootstrap(group, ch -> pool.new OneGetAtATime(ch));
    InetSocketAddress address = new InetSocketAddress(uri.getHost(), uri.getPort());
    try {
      for (int i = 0; i < connections; i++) {
        ChannelFuture connect = bootstrap.connect(address).await();
        if (!connect.isSuccess()) {
          throw new IOException(
              "connect to " + address + ": " + connect.cause() + " (connection " + (i + 1) + " of "
                  + connections + ")", connect.cause());
        }
        channels.add(connect.channel());
        pool.idle.add(connect.channel().pipeline().get(OneGetAtATime.class));
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      pool.close();
      throw e;
    }
    return pool;
  }

  /**
   * Starts one GET on an idle connection; {@code done} gets null after a 200, the failure
   * otherwise, on the connection's loop. At most as many calls may be in flight as connections.
   */
  void start(Consumer<Throwable> done) {
    OneGetAtATime handler = idle.poll();
    if (handler == null) {
      throw new IllegalStateException(
          "no idle connection (" + channels.size() + " open; expected at most that many calls in"
              + " flight, or a connection was lost)");
    }
    // A plain field is enough: the write below reaches the loop through its task queue, which
    // publishes the field to the loop thread that completes the call.
    handler.done = done;
    Channel channel = handler.channel;
    // Void promise: a failed write surfaces in exceptionCaught, which fails the call. (On a
    // connection closed meanwhile it surfaces nowhere; lostConnections() has counted that one.)
    ChannelFuture unused = channel.writeAndFlush(request.duplicate(), channel.voidPromise());
  }

  /**
   * Connections that closed before {@link #close()} without failing a call in flight: the loopback
   * server never closes one, so each is an error the calls themselves may not report (a GET
   * written to a connection already closed fails silently on its void promise).
   */
  long lostConnections() {
    return lost.get();
  }

  /** Closes the connections (a call still in flight fails) and stops the loops. */
  @Override
  public void close() {
    closing = true;
    for (Channel channel : channels) {
      channel.close().syncUninterruptibly();
    }
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /** Completes its connection's one call in flight; runs on that connection's loop. */
  private final class OneGetAtATime extends SimpleChannelInboundHandler<HttpObject> {
    final Channel channel;
    // the call in flight on this connection, null while idle
    @Nullable Consumer<Throwable> done;
    // a status other than 200 seen in the current response, null if none
    @Nullable String badStatus;
    // a call failed on this connection, which then counts as that call's error, not as lost
    boolean failedACall;

    OneGetAtATime(Channel channel) {
      this.channel = channel;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
      if (msg instanceof HttpResponse && ((HttpResponse) msg).status().code() != 200) {
        badStatus = "HTTP " + ((HttpResponse) msg).status();
      }
      if (msg instanceof LastHttpContent) {
        Consumer<Throwable> call = done;
        String status = badStatus;
        done = null;
        badStatus = null;
        // Back in the queue before the call completes: the pacer may start the next call at once.
        idle.add(this);
        if (call != null) {
          call.accept(status == null ? null : new IOException(status + " (expected 200 OK)"));
        }
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      fail(cause);
      ChannelFuture unused = ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      idle.remove(this);
      fail(new IOException("connection closed with a GET in flight (expected a response)"));
      if (!closing && !failedACall) {
        lost.incrementAndGet();
      }
      ctx.fireChannelInactive();
    }

    private void fail(Throwable cause) {
      Consumer<Throwable> call = done;
      done = null;
      if (call != null) {
        failedACall = true;
        call.accept(cause);
      }
    }
  }
}

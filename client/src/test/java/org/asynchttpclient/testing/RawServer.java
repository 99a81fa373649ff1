package org.asynchttpclient.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.jetbrains.annotations.Nullable;

/**
 * A loopback TCP server (127.0.0.1, ephemeral port) that speaks no HTTP of its own, for what
 * {@link TestServer} hides or cannot do (its aggregator answers {@code Expect: 100-continue}
 * itself; it always answers well-formed HTTP). Two ways to make one:
 *
 * <ul>
 *   <li>{@link #withPipeline}: the test puts whatever handlers it likes on each accepted
 *       connection, or none (a server that accepts TCP and never reads or speaks);
 *   <li>{@link #withResponder} (and {@link #silent()}, {@link #answering}): a {@link Responder}
 *       sees each request head (request line and headers, up to the blank line; a request body is
 *       ignored) and writes whatever bytes it likes, verbatim, or nothing, or resets.
 * </ul>
 *
 * It counts accepted, closed and open connections ({@link LoopbackServer}) and request heads; a
 * head arriving wakes {@link #await} too, so tests can prove the client connected, wrote or closed
 * its side without polling.
 *
 * <p>With {@link #readNothing()} the server accepts connections and never reads from them, so a
 * client writing a large body fills the socket buffers and meets backpressure.
 */
public final class RawServer extends LoopbackServer {
  /** Answers one request head; runs on the server's event loop. */
  public interface Responder {
    void onRequest(Channel channel, String head) throws Exception;
  }

  private static final int MAX_HEAD = 64 * 1024;

  // any thread
  private final AtomicInteger requests = new AtomicInteger();
  private volatile boolean readNothing;

  /** Exactly one of {@code init} and {@code responder} is given. */
  private RawServer(@Nullable Consumer<Channel> init, @Nullable Responder responder)
      throws InterruptedException {
    super("raw-server");
    listen(
        ch -> {
          if (responder != null) {
            ch.pipeline().addLast(new HeadReader(responder));
          } else if (init != null) {
            init.accept(ch);
          }
        });
  }

  @Override
  protected void configure(SocketChannel ch) {
    if (readNothing) {
      ch.config().setAutoRead(false);
      ch.config().setOption(ChannelOption.SO_RCVBUF, 4096);
    }
  }

  /** A server whose connections get the handlers {@code init} adds (it may add none). */
  public static RawServer withPipeline(Consumer<Channel> init) throws InterruptedException {
    return new RawServer(init, null);
  }

  /** A server that hands each request head to {@code responder}. */
  public static RawServer withResponder(Responder responder) throws InterruptedException {
    return new RawServer(null, responder);
  }

  /** A server that reads request heads and never answers anything: not a request, not a TLS hello. */
  public static RawServer silent() throws InterruptedException {
    return withResponder((ch, head) -> {});
  }

  /** A server that answers every request with {@code response}, verbatim, then keeps the line. */
  public static RawServer answering(String response) throws InterruptedException {
    return withResponder((ch, head) -> write(ch, response));
  }

  /** From now on, accepted connections are never read (for backpressure on the client's writes). */
  public RawServer readNothing() {
    this.readNothing = true;
    return this;
  }

  private final class HeadReader extends ChannelInboundHandlerAdapter {
    private final Responder responder;
    private final StringBuilder head = new StringBuilder();

    HeadReader(Responder responder) {
      this.responder = responder;
    }

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
        signal();
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

  // ---- writing, for responders and tests

  /** Writes {@code text} (ISO-8859-1) verbatim and flushes. */
  public static void write(Channel ch, String text) {
    ch.writeAndFlush(Unpooled.copiedBuffer(text, StandardCharsets.ISO_8859_1));
  }

  /** Writes {@code bytes} verbatim and flushes. */
  public static void write(Channel ch, byte[] bytes) {
    ch.writeAndFlush(Unpooled.wrappedBuffer(bytes));
  }

  /** Writes {@code text} verbatim, then closes the connection (FIN). */
  public static void writeAndClose(Channel ch, String text) {
    ch.writeAndFlush(Unpooled.copiedBuffer(text, StandardCharsets.ISO_8859_1))
        .addListener(ChannelFutureListener.CLOSE);
  }

  /** Closes with SO_LINGER 0: the peer sees a reset (RST), not an orderly close. */
  public static void reset(Channel ch) {
    ch.config().setOption(ChannelOption.SO_LINGER, 0);
    ch.close();
  }

  /** The path of a request head's request line, without the query. */
  public static String path(String head) {
    int sp1 = head.indexOf(' ');
    int sp2 = head.indexOf(' ', sp1 + 1);
    String target = head.substring(sp1 + 1, sp2 < 0 ? head.indexOf('\r') : sp2);
    int q = target.indexOf('?');
    return q < 0 ? target : target.substring(0, q);
  }

  // ---- what the test reads

  /** Request heads seen (servers made by {@link #withResponder} and its shorthands only). */
  public int requestCount() {
    return requests.get();
  }
}

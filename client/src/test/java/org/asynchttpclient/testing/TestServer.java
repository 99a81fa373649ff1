package org.asynchttpclient.testing;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.ssl.SslContext;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A loopback HTTP/1.1 server for tests, on 127.0.0.1 and an ephemeral port. Routes map a path to
 * a {@link Route} that answers (or, on purpose, does not). It counts accepted and closed
 * connections and keeps every request it received, so tests can assert what reached the server.
 */
public final class TestServer extends LoopbackServer {
  /** Answers one request; may write nothing (a stalled server) or close the channel. */
  public interface Route {
    void handle(ChannelHandlerContext ctx, FullHttpRequest request) throws Exception;
  }

  /** A request as the server saw it. */
  public static final class Received {
    public final String method;
    public final String uri;
    public final HttpHeaders headers;
    public final String body;
    public final byte[] bytes;
    public final Channel channel;

    Received(FullHttpRequest r, HttpHeaders wireHeaders, Channel channel) {
      this.method = r.method().name();
      this.uri = r.uri();
      this.headers = wireHeaders;
      this.body = r.content().toString(StandardCharsets.UTF_8);
      this.bytes = ByteBufUtil.getBytes(r.content());
      this.channel = channel;
    }
  }

  private final Map<String, Route> routes = new ConcurrentHashMap<>();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private volatile Consumer<Channel> onAccept = ch -> {};

  public TestServer() throws InterruptedException {
    super("test-server");
    listen(
        ch -> {
          onAccept.accept(ch);
          HeadRecorder heads = new HeadRecorder();
          ch.pipeline()
              .addLast(new HttpServerCodec())
              .addLast(heads)
              .addLast(new HttpObjectAggregator(16 * 1024 * 1024))
              .addLast(new Dispatcher(heads));
        });
  }

  /**
   * Keeps the request heads as they came off the wire: the aggregator rewrites framing headers
   * (Transfer-Encoding becomes Content-Length) and drops {@code Expect}.
   */
  private static final class HeadRecorder extends ChannelInboundHandlerAdapter {
    final ArrayDeque<HttpHeaders> heads = new ArrayDeque<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof HttpRequest) {
        heads.addLast(((HttpRequest) msg).headers().copy());
      }
      ctx.fireChannelRead(msg);
    }
  }

  private final class Dispatcher extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final HeadRecorder heads;

    Dispatcher(HeadRecorder heads) {
      this.heads = heads;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request)
        throws Exception {
      HttpHeaders wire = heads.heads.pollFirst();
      received.add(new Received(request, wire != null ? wire : request.headers().copy(), ctx.channel()));
      signal();
      String path = request.uri();
      int q = path.indexOf('?');
      if (q >= 0) {
        path = path.substring(0, q);
      }
      Route route = routes.get(path);
      if (route == null) {
        respond(ctx, request, HttpResponseStatus.NOT_FOUND, "no route " + path);
      } else {
        route.handle(ctx, request);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      close(ctx);
    }
  }

  /**
   * A route that answers the first request with {@code first} and every later one with
   * {@code then}: the fail-once routes of the replay, retry and filter tests.
   */
  public static Route onceThen(Route first, Route then) {
    AtomicBoolean used = new AtomicBoolean();
    return (ctx, req) -> (used.compareAndSet(false, true) ? first : then).handle(ctx, req);
  }

  public TestServer route(String path, Route route) {
    routes.put(path, route);
    return this;
  }

  /** Speaks TLS with {@code context} on every connection accepted from now on. */
  public TestServer tls(SslContext context) {
    return onAccept(ch -> ch.pipeline().addLast(context.newHandler(ch.alloc())));
  }

  /** Runs for every accepted connection, before the HTTP handlers are added. */
  public TestServer onAccept(Consumer<Channel> action) {
    this.onAccept = action;
    return this;
  }

  public List<Received> received() {
    return received;
  }

  /** Waits (up to 5 s) until at least {@code n} requests arrived; fails the test otherwise. */
  public void awaitReceived(int n) throws InterruptedException {
    if (!await(() -> received.size() >= n, Duration.ofSeconds(5))) {
      throw new AssertionError("server received " + received.size() + " request(s), expected " + n);
    }
  }

  /**
   * Writes a keep-alive-aware response with a text body, Content-Length and the extra headers
   * given as name, value, name, value...
   */
  public static void respond(
      ChannelHandlerContext ctx,
      FullHttpRequest request,
      HttpResponseStatus status,
      String body,
      String... headerNamesAndValues) {
    if (headerNamesAndValues.length % 2 != 0) {
      throw new IllegalArgumentException(
          "headerNamesAndValues: " + headerNamesAndValues.length + " strings (expected pairs)");
    }
    FullHttpResponse res = textResponse(status, body);
    for (int i = 0; i < headerNamesAndValues.length; i += 2) {
      res.headers().add(headerNamesAndValues[i], headerNamesAndValues[i + 1]);
    }
    finish(ctx, HttpUtil.isKeepAlive(request), res);
  }

  /** As above, for answers written after the request itself was released. */
  public static void respond(
      ChannelHandlerContext ctx, boolean keepAlive, HttpResponseStatus status, String body) {
    finish(ctx, keepAlive, textResponse(status, body));
  }

  /** A 200 response of {@code version} with no body ({@code Content-Length: 0}). */
  public static FullHttpResponse emptyOk(HttpVersion version) {
    FullHttpResponse res = new DefaultFullHttpResponse(version, HttpResponseStatus.OK);
    HttpUtil.setContentLength(res, 0);
    return res;
  }

  /** The head of a 200 response whose body follows in chunks, for routes that write it piecemeal. */
  public static HttpResponse chunkedHead() {
    HttpResponse res = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    res.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
    return res;
  }

  private static FullHttpResponse textResponse(HttpResponseStatus status, String body) {
    FullHttpResponse res =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, status, Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
    res.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=UTF-8");
    return res;
  }

  private static void finish(ChannelHandlerContext ctx, boolean keepAlive, FullHttpResponse res) {
    HttpUtil.setContentLength(res, res.content().readableBytes());
    HttpUtil.setKeepAlive(res, keepAlive);
    if (keepAlive) {
      send(ctx, res);
    } else {
      sendAndClose(ctx, res);
    }
  }

  // Helpers for routes. A failed write closes the connection: a test server has nobody to tell,
  // and the client then sees the failure.

  /** Writes {@code msg} without flushing. */
  public static void queue(ChannelHandlerContext ctx, Object msg) {
    ctx.write(msg).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
  }

  /** Writes and flushes {@code msg}. */
  public static void send(ChannelHandlerContext ctx, Object msg) {
    ctx.writeAndFlush(msg).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
  }

  /** Writes and flushes {@code msg}, then closes the connection. */
  public static void sendAndClose(ChannelHandlerContext ctx, Object msg) {
    ctx.writeAndFlush(msg).addListener(ChannelFutureListener.CLOSE);
  }

  /** Closes the connection. */
  public static void close(ChannelHandlerContext ctx) {
    ChannelFuture unused = ctx.close();
  }

  /** Runs {@code task} on the connection's loop after {@code millis}; a task that throws closes it. */
  public static void later(ChannelHandlerContext ctx, long millis, Runnable task) {
    ctx.executor()
        .schedule(task, millis, TimeUnit.MILLISECONDS)
        .addListener(
            f -> {
              if (!f.isSuccess() && !f.isCancelled()) {
                close(ctx);
              }
            });
  }
}

package org.asynchttpclient.testing;

import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshaker;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshakerFactory;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketServerExtensionHandler;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketServerExtensionHandshaker;
import io.netty.handler.codec.http.websocketx.extensions.compression.DeflateFrameServerExtensionHandshaker;
import io.netty.handler.codec.http.websocketx.extensions.compression.WebSocketServerCompressionHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * A loopback WebSocket server on Netty's server handshaker, on a {@link RawServer}: paths map to a
 * {@link Behaviour} (after the upgrade) or to a plain {@link TestServer.Route} (redirects,
 * challenges, upgrades never answered). It records every upgrade request's headers and every frame
 * it receives as a line ({@code text:<payload>}, {@code binary:<length>}, {@code ping:<payload>},
 * {@code pong}, {@code close:<code>:<reason>}), and the reserved bits of each data frame as it
 * came off the wire ({@code rsv:<bits>}, before any inflation).
 */
public final class WsTestServer implements AutoCloseable {

  /** What the server does on an upgraded connection; a frame is released after onFrame. */
  public interface Behaviour {
    default void onOpen(Channel channel) {}

    void onFrame(Channel channel, WebSocketFrame frame);
  }

  /**
   * Echoes data frames as they came (type, fragment flag, payload), answers a Ping with a Pong, and
   * a Close with the same code before closing the connection.
   */
  public static final Behaviour ECHO = (ch, frame) -> {
    if (frame instanceof CloseWebSocketFrame) {
      CloseWebSocketFrame close = (CloseWebSocketFrame) frame;
      ch.writeAndFlush(new CloseWebSocketFrame(close.statusCode(), ""))
          .addListener(ChannelFutureListener.CLOSE);
    } else if (frame instanceof PingWebSocketFrame) {
      ch.writeAndFlush(new PongWebSocketFrame(frame.content().retain()));
    } else if (!(frame instanceof PongWebSocketFrame)) {
      ch.writeAndFlush(frame.retainedDuplicate());
    }
  };

  private final RawServer raw;
  // A new extension handler for each connection, or null when the server accepts no extension.
  private final Supplier<ChannelHandler> extensions;
  private final SslContext tls;
  private final Map<String, Behaviour> sockets = new ConcurrentHashMap<>();
  private final Map<String, TestServer.Route> plain = new ConcurrentHashMap<>();
  private final Map<String, String> guards = new ConcurrentHashMap<>();
  private final List<HttpHeaders> requests = new CopyOnWriteArrayList<>();
  private final List<String> received = new CopyOnWriteArrayList<>();

  /**
   * @param compression whether the server accepts compression, through Netty's compression handler:
   *     permessage-deflate, else deflate-frame or x-webkit-deflate-frame, the first the client offers
   */
  public WsTestServer(boolean compression) throws InterruptedException {
    this(compression, null);
  }

  /** A server that speaks TLS ({@code wss}) with {@code tls}, or clear text when null. */
  public WsTestServer(boolean compression, SslContext tls) throws InterruptedException {
    this(compression ? () -> new WebSocketServerCompressionHandler(1 << 20) : null, tls);
  }

  private WsTestServer(Supplier<ChannelHandler> extensions, SslContext tls) throws InterruptedException {
    this.extensions = extensions;
    this.tls = tls;
    this.raw = RawServer.withPipeline(this::init);
  }

  /**
   * A clear-text server whose only extension is the per-frame deflate draft under {@code name}
   * ({@code deflate-frame} or {@code x-webkit-deflate-frame}): it ignores permessage-deflate and the
   * other name, as a server that predates RFC 7692 would.
   */
  public static WsTestServer deflateFrameOnly(String name) throws InterruptedException {
    return new WsTestServer(() -> {
      // Netty's handshaker accepts both names; the filter keeps the server to the one asked for.
      WebSocketServerExtensionHandshaker deflateFrame = new DeflateFrameServerExtensionHandshaker(6, 1 << 20);
      return new WebSocketServerExtensionHandler(
          offer -> name.equals(offer.name()) ? deflateFrame.handshakeExtension(offer) : null);
    }, null);
  }

  private void init(Channel ch) {
    ChannelPipeline p = ch.pipeline();
    if (tls != null) {
      p.addLast("tls", tls.newHandler(ch.alloc()));
    }
    p.addLast("codec", new HttpServerCodec());
    p.addLast("aggregator", new HttpObjectAggregator(1 << 16));
    if (extensions != null) {
      p.addLast("compression", extensions.get());
    }
    p.addLast("router", new Router());
  }

  public WsTestServer socket(String path, Behaviour behaviour) {
    sockets.put(path, behaviour);
    return this;
  }

  /**
   * A socket route behind Basic authentication: an upgrade without {@code Authorization: expected}
   * is answered 401 with a Basic challenge.
   */
  public WsTestServer guarded(String path, String expected, Behaviour behaviour) {
    guards.put(path, expected);
    return socket(path, behaviour);
  }

  public WsTestServer http(String path, TestServer.Route route) {
    plain.put(path, route);
    return this;
  }

  public String url(String path) {
    return (tls != null ? "wss" : "ws") + "://127.0.0.1:" + raw.port() + path;
  }

  public int port() {
    return raw.port();
  }

  public RawServer raw() {
    return raw;
  }

  /** The heads of the requests received, in order. */
  public List<HttpHeaders> requests() {
    return requests;
  }

  /** The frames received, as lines, in order. */
  public List<String> received() {
    return received;
  }

  /** Waits up to 5 s for a received frame line equal to {@code line}; fails the test otherwise. */
  public void awaitReceived(String line) throws InterruptedException {
    if (!raw.await(() -> received.contains(line), Duration.ofSeconds(5))) {
      throw new AssertionError("server did not receive " + line + "; received " + received);
    }
  }

  private void record(String line) {
    received.add(line);
    raw.signal();
  }

  private final class Router extends SimpleChannelInboundHandler<FullHttpRequest> {
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) throws Exception {
      requests.add(req.headers().copy());
      raw.signal();
      String path = req.uri();
      int q = path.indexOf('?');
      if (q >= 0) {
        path = path.substring(0, q);
      }
      TestServer.Route route = plain.get(path);
      Behaviour behaviour = sockets.get(path);
      if (route != null) {
        route.handle(ctx, req);
      } else if (guards.containsKey(path)
          && !guards.get(path).equals(req.headers().get(HttpHeaderNames.AUTHORIZATION))) {
        TestServer.respond(ctx, req, HttpResponseStatus.UNAUTHORIZED, "who are you",
            "WWW-Authenticate", "Basic realm=\"ws\"");
      } else if (behaviour != null && req.headers().contains(HttpHeaderNames.UPGRADE)) {
        upgrade(ctx.channel(), req, behaviour);
      } else {
        TestServer.respond(ctx, req, HttpResponseStatus.NOT_FOUND, "no route " + path);
      }
    }

    private void upgrade(Channel ch, FullHttpRequest req, Behaviour behaviour) {
      WebSocketServerHandshaker handshaker =
          new WebSocketServerHandshakerFactory("ws://127.0.0.1/", null, true, 1 << 20)
              .newHandshaker(req);
      ch.pipeline().addLast("frames", new Frames(behaviour));
      ChannelFuture done = handshaker.handshake(ch, req);
      ch.pipeline().addAfter("wsdecoder", "rsv-recorder", new RsvRecorder());
      done.addListener(f -> {
        if (f.isSuccess()) {
          behaviour.onOpen(ch);
        } else {
          ch.close();
        }
      });
    }
  }

  private final class RsvRecorder extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof TextWebSocketFrame || msg instanceof BinaryWebSocketFrame) {
        record("rsv:" + ((WebSocketFrame) msg).rsv());
      }
      ctx.fireChannelRead(msg);
    }
  }

  private final class Frames extends ChannelInboundHandlerAdapter {
    private final Behaviour behaviour;

    Frames(Behaviour behaviour) {
      this.behaviour = behaviour;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof WebSocketFrame) {
          WebSocketFrame frame = (WebSocketFrame) msg;
          record(describe(frame));
          behaviour.onFrame(ctx.channel(), frame);
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      record("failure:" + cause.getClass().getSimpleName());
      ctx.close();
    }
  }

  private static String describe(WebSocketFrame frame) {
    if (frame instanceof TextWebSocketFrame) {
      return "text:" + ((TextWebSocketFrame) frame).text();
    }
    if (frame instanceof CloseWebSocketFrame) {
      CloseWebSocketFrame close = (CloseWebSocketFrame) frame;
      return "close:" + close.statusCode() + ":" + close.reasonText();
    }
    if (frame instanceof PingWebSocketFrame) {
      return "ping:" + frame.content().toString(StandardCharsets.UTF_8);
    }
    if (frame instanceof PongWebSocketFrame) {
      return "pong";
    }
    return "binary:" + ByteBufUtil.getBytes(frame.content()).length;
  }

  @Override
  public void close() {
    raw.close();
  }
}

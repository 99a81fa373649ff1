package org.asynchttpclient.testing;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2PingFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.pkitesting.X509Bundle;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback HTTP/2 server on Netty for the client's tests: TLS with a certificate made here (ALPN
 * {@code h2} then {@code http/1.1}, or only one of them), or cleartext h2c with prior knowledge.
 * Each stream is read into a {@code FullHttpRequest} and handed to the route of its path; routes
 * answer with {@link TestServer#respond} and the other helpers there (the stream's codec turns
 * the HTTP/1.1 objects into frames). It records what a test asserts on: connections, requests
 * with their stream ids, the RST_STREAM codes clients sent, the PINGs and GOAWAYs received. An
 * HTTP/1.1 connection (ALPN picked it) is answered by the same routes.
 */
public final class H2TestServer extends LoopbackServer {
  /** Answers one request; {@code ctx} is the stream's (or HTTP/1.1 connection's). */
  public interface Route {
    void handle(ChannelHandlerContext ctx, Received request) throws Exception;
  }

  /** A request as the server saw it. */
  public static final class Received {
    public final String method;
    public final String path;
    public final HttpHeaders headers;
    public final byte[] body;
    /** The stream id, or 0 over HTTP/1.1. */
    public final int streamId;
    public final Channel connection;
    public final String protocol;

    Received(FullHttpRequest req, int streamId, Channel connection, String protocol) {
      this.method = req.method().name();
      this.path = new QueryStringDecoder(req.uri()).path();
      this.headers = req.headers().copy();
      this.body = ByteBufUtil.getBytes(req.content());
      this.streamId = streamId;
      this.connection = connection;
      this.protocol = protocol;
    }

    public String bodyText() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  /** A stream the client reset, with the code it sent. */
  public static final class Reset {
    public final int streamId;
    public final long errorCode;
    public final Channel connection;

    Reset(int streamId, long errorCode, Channel connection) {
      this.streamId = streamId;
      this.errorCode = errorCode;
      this.connection = connection;
    }

    @Override
    public String toString() {
      return "stream " + streamId + " " + Http2Error.valueOf(errorCode);
    }
  }

  /** How the server is set up. */
  public static final class Options {
    boolean tls = true;
    String[] alpn = {ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1};
    boolean autoAckPing = true;
    long maxConcurrentStreams = -1;

    public Options cleartext() {
      tls = false;
      return this;
    }

    public Options alpn(String... protocols) {
      alpn = protocols;
      return this;
    }

    /** The server never answers PINGs. */
    public Options silentOnPing() {
      autoAckPing = false;
      return this;
    }

    public Options maxConcurrentStreams(long n) {
      maxConcurrentStreams = n;
      return this;
    }
  }

  private final Options options;
  private final Map<String, Route> routes = new ConcurrentHashMap<>();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final List<Reset> resets = new CopyOnWriteArrayList<>();
  private final List<Http2GoAwayFrame> goAways = new CopyOnWriteArrayList<>();
  private final AtomicInteger pings = new AtomicInteger();
  private final AtomicInteger h1Connections = new AtomicInteger();

  public H2TestServer() throws Exception {
    this(new Options());
  }

  public H2TestServer(Options options) throws Exception {
    super("h2-server");
    this.options = options;
    SslContext ssl = options.tls ? serverContext(options.alpn) : null;
    listen(
        ch -> {
          if (ssl == null) {
            addH2(ch.pipeline());
            return;
          }
          ch.pipeline().addLast(ssl.newHandler(ch.alloc()));
          ch.pipeline().addLast(new ApplicationProtocolNegotiationHandler("none") {
            @Override
            protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
              if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
                addH2(ctx.pipeline());
              } else {
                h1Connections.incrementAndGet();
                ctx.pipeline()
                    .addLast(new HttpServerCodec())
                    .addLast(new HttpObjectAggregator(16 * 1024 * 1024))
                    .addLast(new Dispatcher(0, protocol));
              }
            }
          });
        });
  }

  /** The certificate the TLS servers present: {@link Certificates#localhost()}. */
  public static X509Bundle certificate() throws Exception {
    return Certificates.localhost();
  }

  private static SslContext serverContext(String[] alpn) throws Exception {
    return SslContextBuilder.forServer(certificate().toKeyManagerFactory())
        .applicationProtocolConfig(
            new ApplicationProtocolConfig(
                ApplicationProtocolConfig.Protocol.ALPN,
                ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                alpn))
        .build();
  }

  private void addH2(ChannelPipeline p) {
    Http2Settings settings = Http2Settings.defaultSettings();
    if (options.maxConcurrentStreams >= 0) {
      settings.maxConcurrentStreams(options.maxConcurrentStreams);
    }
    Http2FrameCodec codec =
        Http2FrameCodecBuilder.forServer()
            .initialSettings(settings)
            .autoAckPingFrame(options.autoAckPing)
            // A bad peer: sends header lists larger than the client's SETTINGS allow.
            .encoderIgnoreMaxHeaderListSize(true)
            .build();
    Channel connection = p.channel();
    p.addLast("h2-codec", codec);
    p.addLast(
        new Http2MultiplexHandler(
            new ChannelInitializer<Http2StreamChannel>() {
              @Override
              protected void initChannel(Http2StreamChannel stream) {
                stream.pipeline()
                    .addLast(new ResetRecorder(connection))
                    .addLast(new Http2StreamFrameToHttpObjectCodec(true))
                    .addLast(new HttpObjectAggregator(16 * 1024 * 1024))
                    .addLast(new Dispatcher(stream.stream().id(), "h2"));
              }
            }));
    p.addLast(new ConnectionFrames());
  }

  /** Records RST_STREAM frames from the client (delivered to the stream as a user event). */
  private final class ResetRecorder extends ChannelInboundHandlerAdapter {
    private final Channel connection;

    ResetRecorder(Channel connection) {
      this.connection = connection;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
      if (evt instanceof Http2ResetFrame) {
        Http2ResetFrame reset = (Http2ResetFrame) evt;
        resets.add(new Reset(((Http2StreamChannel) ctx.channel()).stream().id(), reset.errorCode(), connection));
        signal();
      }
      super.userEventTriggered(ctx, evt);
    }
  }

  /** Records the connection-level frames the client sent. */
  private final class ConnectionFrames extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof Http2PingFrame && !((Http2PingFrame) msg).ack()) {
        pings.incrementAndGet();
        signal();
      } else if (msg instanceof Http2GoAwayFrame) {
        goAways.add((Http2GoAwayFrame) ((Http2GoAwayFrame) msg).retainedDuplicate());
        signal();
      }
      ReferenceCountUtil.release(msg);
    }
  }

  private final class Dispatcher extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final int streamId;
    private final String protocol;

    Dispatcher(int streamId, String protocol) {
      this.streamId = streamId;
      this.protocol = protocol;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) throws Exception {
      Channel connection = ctx.channel().parent() != null ? ctx.channel().parent() : ctx.channel();
      Received r = new Received(req, streamId, connection, protocol);
      received.add(r);
      signal();
      Route route = routes.get(r.path);
      if (route == null) {
        TestServer.respond(ctx, true, HttpResponseStatus.NOT_FOUND, "no route " + r.path);
        return;
      }
      route.handle(ctx, r);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  public H2TestServer route(String path, Route route) {
    routes.put(path, route);
    return this;
  }

  @Override
  public String url(String path) {
    return (options.tls ? "https" : "http") + "://127.0.0.1:" + port() + path;
  }

  /** The connections accepted, HTTP/2 or not. */
  public List<Channel> connections() {
    return acceptedChannels();
  }

  /** Connections on which ALPN picked HTTP/1.1. */
  public int http1Connections() {
    return h1Connections.get();
  }

  public List<Received> received() {
    return received;
  }

  public List<Reset> resets() {
    return resets;
  }

  public List<Http2GoAwayFrame> goAways() {
    return goAways;
  }

  public int pings() {
    return pings.get();
  }

  /**
   * Sends GOAWAY on {@code connection} saying that streams above {@code lastStreamId} were not
   * processed; they are closed on the server too.
   */
  public static void goAway(Channel connection, int lastStreamId) {
    connection.eventLoop().execute(() -> {
      Http2FrameCodec codec = connection.pipeline().get(Http2FrameCodec.class);
      ChannelHandlerContext ctx = connection.pipeline().context(codec);
      codec.goAway(ctx, lastStreamId, Http2Error.NO_ERROR.code(), Unpooled.EMPTY_BUFFER, ctx.newPromise());
      ctx.flush();
    });
  }

  @Override
  public void close() {
    super.close();
    for (Http2GoAwayFrame g : goAways) {
      ReferenceCountUtil.release(g);
    }
  }
}

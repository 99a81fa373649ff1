package org.asynchttpclient.netty.h2;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.DefaultHttp2LocalFlowController;
import io.netty.handler.codec.http2.DefaultHttp2RemoteFlowController;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.handler.codec.http2.UniformStreamByteDistributor;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslHandler;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a connected channel whose ALPN picked {@code h2} (or an h2c prior-knowledge channel) from
 * the HTTP/1.1 pipeline into an HTTP/2 connection: {@code [ssl] -> h2-codec -> h2-connection ->
 * h2-multiplex}. Every {@code http2*} option of the config takes effect here: the SETTINGS the
 * client sends (initial window, max frame size, HPACK table size, max header list size, push off),
 * the connection-level window (raised to the initial window when larger than the protocol's
 * 65535, and refilled as data arrives: see {@link #refillingConnection}), header validation, and
 * the PING liveness.
 *
 * <p>Threads: the channel's event loop.
 */
final class H2Pipeline {
  private static final Logger LOGGER = LoggerFactory.getLogger(H2Pipeline.class);

  /** Handler names of the HTTP/1.1 pipeline that an HTTP/2 connection does not use. */
  private static final String[] HTTP1_HANDLERS = {
    "transfer-coding-check", "inflater", "inflated-limit", "chunked-writer", "ahc-handler"
  };

  /** RST_STREAM frames a server may send per window before the client ends the connection. */
  private static final int MAX_RESETS_PER_WINDOW = 200;
  /** Flushes of one loop turn coalesced at most, so a long turn still writes as it goes. */
  private static final int MAX_FLUSHES_COALESCED = 256;

  private static final int RESET_WINDOW_SECONDS = 30;

  private H2Pipeline() {}

  /** Whether the origin's TLS (the tunnel's, else the connection's) picked {@code h2}. */
  static boolean negotiatedH2(Channel ch) {
    ChannelPipeline p = ch.pipeline();
    ChannelHandler tls = p.get("ssl-tunnel");
    if (tls == null) {
      tls = p.get("ssl");
    }
    return tls instanceof SslHandler
        && ApplicationProtocolNames.HTTP_2.equals(((SslHandler) tls).applicationProtocol());
  }

  static boolean isTls(Channel ch) {
    return ch.pipeline().get(SslHandler.class) != null;
  }

  /** Installs the HTTP/2 handlers for {@code connection}; must run on its loop. */
  static void install(
      AsyncHttpClientConfig config, H2Connection connection, TimeoutScheduler scheduler) {
    Channel ch = connection.channel;
    assert ch.eventLoop().inEventLoop() : "install must run on the connection's loop";
    Http2Settings settings =
        new Http2Settings()
            .initialWindowSize(config.getHttp2InitialWindowSize())
            .maxFrameSize(config.getHttp2MaxFrameSize())
            .headerTableSize(config.getHttp2HeaderTableSize())
            .maxHeaderListSize(config.getHttp2MaxHeaderListSize())
            .pushEnabled(false);
    Http2FrameCodec codec =
        new ClientCodecBuilder(refillingConnection())
            .initialSettings(settings)
            .validateHeaders(config.isValidateResponseHeaders())
            // Netty limits a flood of RST_STREAM frames only on servers by default; a server
            // resetting streams without end is a bad peer for a client too (connection error
            // ENHANCE_YOUR_CALM, each open stream fails naming it). Netty's other limits apply
            // to clients as they are: consecutive empty DATA frames, queued control-frame acks.
            .decoderEnforceMaxRstFramesPerWindow(MAX_RESETS_PER_WINDOW, RESET_WINDOW_SECONDS)
            .build();
    codec.connection().addListener(H2ConnectionCause.fromGoAwaySent(ch));
    connection.codec = codec.connection();
    codec.connection().addListener(
        new Http2ConnectionAdapter() {
          @Override
          public void onStreamClosed(Http2Stream stream) {
            connection.codecClosedStream();
          }
        });
    long pingNanos = config.getHttp2PingInterval().toNanos();
    H2Liveness liveness = pingNanos > 0 ? new H2Liveness(ch, scheduler, pingNanos) : null;
    ChannelPipeline p = ch.pipeline();
    // In the HTTP/1.1 codec's place: in front of it, so that the preface the HTTP/2 codec writes
    // as it is added does not pass through the HTTP/1.1 encoder (which would refuse it).
    if (p.get("http") != null) {
      p.addBefore("http", "h2-codec", codec);
      p.remove("http");
    } else {
      p.addLast("h2-codec", codec);
    }
    for (String name : HTTP1_HANDLERS) {
      if (p.get(name) != null) {
        p.remove(name);
      }
    }
    // The connection handler sees a GOAWAY before the multiplexer tells the streams of it, so
    // that the streams it left unprocessed are replayed on another connection, never on this one.
    p.addAfter("h2-codec", "h2-connection", new H2ConnectionHandler(connection, liveness));
    p.addAfter("h2-connection", "h2-multiplex", new Http2MultiplexHandler(RefusePushedStreams.INSTANCE));
    // Each stream's flush reaches the connection: without this, every request of a busy connection
    // became its own TLS record and write system call (0.94 writes per request against 3.0.11's
    // 0.05 in Compare --h2). Flushes of one loop turn are coalesced into one, at the cost of a
    // task hop for a flush outside a read; a pending flush goes out before the channel closes.
    p.addBefore("h2-codec", "h2-flush", new FlushConsolidationHandler(MAX_FLUSHES_COALESCED, true));
    raiseConnectionWindow(codec.connection(), config.getHttp2InitialWindowSize());
    if (liveness != null) {
      liveness.start();
    }
  }

  /**
   * The client side of a new connection whose connection-level window is refilled as DATA arrives,
   * while each stream's window is refilled only as its stream channel reads (Netty's {@code
   * autoRefillConnectionWindow}). A stream whose body the handler suspended stops reading, so its
   * own window runs out and the server stops sending on it; with the default controller its unread
   * bytes would count against the connection's window too, and once they filled it every other
   * stream of the connection would stall behind it. What a connection buffers is thus bounded by
   * the streams' windows ({@code http2InitialWindowSize} each), not by one shared window; a stream
   * that reads as it receives (every stream but a suspended one) returns its window as before.
   */
  private static Http2Connection refillingConnection() {
    Http2Connection connection = new DefaultHttp2Connection(false);
    connection.local().flowController(
        new DefaultHttp2LocalFlowController(
            connection, DefaultHttp2LocalFlowController.DEFAULT_WINDOW_UPDATE_RATIO, true));
    // Request bodies share the connection's send window in turn, a quantum each, instead of by
    // the priority tree Netty's default distributor keeps: this client sends no priorities (RFC
    // 9113 deprecates them), and that tree costs a state object and a priority queue per stream,
    // about 200 bytes per request.
    connection.remote().flowController(
        new DefaultHttp2RemoteFlowController(connection, new UniformStreamByteDistributor(connection)));
    return connection;
  }

  /**
   * {@link Http2FrameCodecBuilder#forClient()} on a connection made here: the builder takes one
   * only through its protected setter. As {@code forClient()} does, no graceful-shutdown wait.
   */
  private static final class ClientCodecBuilder extends Http2FrameCodecBuilder {
    ClientCodecBuilder(Http2Connection connection) {
      connection(connection);
      gracefulShutdownTimeoutMillis(0);
    }
  }

  private static void raiseConnectionWindow(Http2Connection connection, int window) {
    int delta = window - Http2CodecUtil.DEFAULT_WINDOW_SIZE;
    if (delta <= 0) {
      return;
    }
    try {
      connection.local().flowController().incrementWindowSize(connection.connectionStream(), delta);
    } catch (Http2Exception e) {
      LOGGER.debug("Could not raise the connection window by {}", delta, e);
    }
  }

  /** Push is disabled in the client's SETTINGS, so a server stream is a protocol breach: refused. */
  @ChannelHandler.Sharable
  private static final class RefusePushedStreams extends ChannelInboundHandlerAdapter {
    static final RefusePushedStreams INSTANCE = new RefusePushedStreams();

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      ctx.close();
    }
  }
}

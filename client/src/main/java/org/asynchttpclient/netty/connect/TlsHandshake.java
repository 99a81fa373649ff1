package org.asynchttpclient.netty.connect;

import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.ssl.SslHandler;
import java.net.ConnectException;
import java.util.function.Consumer;
import javax.net.ssl.SSLEngine;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.SslEngineFactory;
import org.asynchttpclient.exception.ExchangeTimeoutException.Phase;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.request.HopRequests;
import org.asynchttpclient.uri.Uri;

/**
 * Starts TLS on a connected channel and hands it on once the handshake succeeded: with the target
 * for {@code https}, with an HTTPS proxy, or with the target inside a CONNECT tunnel (TLS inside
 * TLS when the proxy itself is HTTPS). The handshake is bounded by {@code handshakeTimeout} and,
 * like everything before the request is written, by the attempt's request timeout. A failed
 * handshake fails the exchange with a {@link ConnectException} caused by the TLS error.
 *
 * <p>Threads: runs on the channel's loop (connect listeners). Holds only configuration.
 */
final class TlsHandshake {
  // immutable
  private final AsyncHttpClientConfig config;
  private final SslEngineFactory sslEngineFactory;

  TlsHandshake(AsyncHttpClientConfig config, SslEngineFactory sslEngineFactory) {
    this.config = config;
    this.sslEngineFactory = sslEngineFactory;
  }

  /**
   * TLS with the hop's origin {@code target}, reached directly or through SOCKS, when it is {@code
   * https} or {@code wss}; any other target's channel goes to {@code onReady} as it is. The peer,
   * whose name goes out in SNI and must match the certificate, is the request's virtual host when
   * it has one ({@code host} or {@code host:port}; without a port, the target scheme's default),
   * else the target: as in 3.0.11 and 3.0.12, so a request to an address with the virtual host of
   * its name is checked against that name.
   */
  void secureOrigin(Attempt attempt, Uri target, Channel ch, Consumer<Channel> onReady) {
    String virtualHost = attempt.request().getVirtualHost();
    if (virtualHost == null || !target.isSecured()) {
      secureTarget(attempt, target, ch, onReady);
      return;
    }
    VirtualHostPeer peer;
    try {
      peer = VirtualHostPeer.parse(virtualHost, target.getSchemeDefaultPort());
    } catch (IllegalArgumentException e) {
      Dialer.fail(attempt, ch, e);
      return;
    }
    secure(attempt, peer.host, peer.port, http2For(attempt, target), ch, onReady);
  }

  /**
   * TLS with {@code target} itself when it is {@code https} or {@code wss}, else {@code onReady} at
   * once. Inside a CONNECT tunnel the peer is the target whatever the virtual host (3.0.11 and
   * 3.0.12 do the same; the proxy was asked for the target).
   */
  void secureTarget(Attempt attempt, Uri target, Channel ch, Consumer<Channel> onReady) {
    if (target.isSecured()) {
      secure(attempt, target.getHost(), target.getExplicitPort(), http2For(attempt, target), ch, onReady);
    } else {
      onReady.accept(ch);
    }
  }

  /**
   * ALPN offers {@code h2} ({@code http2Enabled}) except to a WebSocket target: its upgrade is an
   * HTTP/1.1 exchange (WebSocket over HTTP/2, RFC 8441, is not spoken), and a server that supports
   * h2 would otherwise pick it and never answer the upgrade with a 101. Nor to a hop whose login
   * authenticates the connection (NTLM, SPNEGO, Kerberos: {@link
   * HopRequests#authenticatesConnection}).
   */
  private boolean http2For(Attempt attempt, Uri target) {
    return config.isHttp2Enabled()
        && !target.isWebSocket()
        && !HopRequests.authenticatesConnection(attempt.request(), attempt.proxy(), config.getRealm());
  }

  /** A virtual host as a TLS peer: {@code host}, {@code host:port}, {@code [v6]} or {@code [v6]:port}. */
  static final class VirtualHostPeer {
    final String host;
    final int port;

    private VirtualHostPeer(String host, int port) {
      this.host = host;
      this.port = port;
    }

    static VirtualHostPeer parse(String virtualHost, int defaultPort) {
      String host = virtualHost;
      String port = null;
      if (virtualHost.startsWith("[")) {
        int close = virtualHost.indexOf(']');
        if (close < 0) {
          throw invalid(virtualHost);
        }
        host = virtualHost.substring(1, close);
        if (close + 1 < virtualHost.length()) {
          if (virtualHost.charAt(close + 1) != ':') {
            throw invalid(virtualHost);
          }
          port = virtualHost.substring(close + 2);
        }
      } else {
        int colon = virtualHost.indexOf(':');
        if (colon >= 0) {
          host = virtualHost.substring(0, colon);
          port = virtualHost.substring(colon + 1);
        }
      }
      if (host.isEmpty()) {
        throw invalid(virtualHost);
      }
      if (port == null) {
        return new VirtualHostPeer(host, defaultPort);
      }
      int p;
      try {
        p = Integer.parseInt(port);
      } catch (NumberFormatException e) {
        throw invalid(virtualHost);
      }
      if (p < 1 || p > 65535) {
        throw invalid(virtualHost);
      }
      return new VirtualHostPeer(host, p);
    }

    private static IllegalArgumentException invalid(String virtualHost) {
      return new IllegalArgumentException(
          "virtualHost: " + virtualHost + " (expected host, host:port, [v6] or [v6]:port, port 1..65535)");
    }
  }

  /**
   * TLS with {@code peerHost}; {@code http2Allowed} lets ALPN offer {@code h2}: for an origin only,
   * never for the TLS to an HTTPS proxy, which is spoken to in HTTP/1.1.
   */
  void secure(
      Attempt attempt,
      String peerHost,
      int peerPort,
      boolean http2Allowed,
      Channel ch,
      Consumer<Channel> onReady) {
    AsyncHandler<?> handler = attempt.handler();
    attempt.phase(Phase.TLS_HANDSHAKE);
    SslHandler ssl;
    try {
      SSLEngine engine = sslEngineFactory.newSslEngine(config, peerHost, peerPort, http2Allowed);
      ssl = new SslHandler(engine);
    } catch (RuntimeException e) {
      Dialer.fail(attempt, ch, e);
      return;
    }
    if (config.getHandshakeTimeout() > 0) {
      ssl.setHandshakeTimeoutMillis(config.getHandshakeTimeout());
    }
    ChannelPipeline p = ch.pipeline();
    if (p.get("ssl") != null) {
      p.addAfter("ssl", "ssl-tunnel", ssl); // TLS to the target inside TLS to the proxy
    } else if (p.get("socks") != null) {
      p.addAfter("socks", "ssl", ssl);
    } else {
      p.addFirst("ssl", ssl);
    }
    handler.onTlsHandshakeAttempt();
    ssl.handshakeFuture()
        .addListener(
            f -> {
              if (attempt.isOver()) {
                // Ended during the handshake: no more hooks for this handler.
                ChannelClosing.close(ch);
                return;
              }
              if (f.isSuccess()) {
                handler.onTlsHandshakeSuccess(ssl.engine().getSession());
                attempt.tlsHandshakeDone();
                onReady.accept(ch);
              } else {
                handler.onTlsHandshakeFailure(f.cause());
                Dialer.fail(attempt, ch, handshakeFailure(attempt, f.cause()));
              }
            });
  }

  /**
   * The exchange's failure for a refused handshake: a {@link ConnectException} whose cause is the
   * TLS exception (an {@code SSLHandshakeException} for a refused certificate), so the TLS error is
   * {@code getCause()} of the connect failure, as in 3.0.11.
   */
  static ConnectException handshakeFailure(Attempt attempt, Throwable cause) {
    String message = cause.getMessage();
    ConnectException e =
        new ConnectException(
            message != null ? message : attempt.request().getUri().getBaseUrl());
    e.initCause(cause);
    return e;
  }
}

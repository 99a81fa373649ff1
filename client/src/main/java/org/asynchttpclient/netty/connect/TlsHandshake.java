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

  /** TLS with an origin: ALPN may offer {@code h2} ({@code http2Enabled}). */
  void secure(Attempt attempt, String peerHost, int peerPort, Channel ch, Consumer<Channel> onReady) {
    secure(attempt, peerHost, peerPort, config.isHttp2Enabled(), ch, onReady);
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
    AsyncHandler<?> handler = attempt.exchange().handler();
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

package org.asynchttpclient.netty.connect;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpClientCodec;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.SslEngineFactory;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.request.NettyRequestFactory;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyType;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Opens a new connection for an attempt and hands it on, on its own event loop, once it may carry
 * the request:
 *
 * <ul>
 *   <li>direct: resolve and connect ({@link Dialer}), then TLS for {@code https} ({@link
 *       TlsHandshake});
 *   <li>HTTP proxy: connect to the proxy (over TLS for an {@link ProxyType#HTTPS} proxy); for an
 *       {@code https} or {@code wss} target open a CONNECT tunnel ({@link ConnectTunnel}), then TLS
 *       with the target through it; a {@code ws} target is tunnelled too (as in AHC 3.0.11), in
 *       clear text;
 *   <li>SOCKS 4/5: {@link SocksConnect}.
 * </ul>
 *
 * Failures fail the attempt's exchange. Thread-safe: holds only configuration.
 */
public final class Connector {
  // immutable
  private final Dialer dialer;
  private final TlsHandshake tls;
  private final ConnectTunnel tunnel;
  private final SocksConnect socks;
  private final AddressPinning pinning;

  public Connector(
      AsyncHttpClientConfig config,
      Bootstrap bootstrap,
      SslEngineFactory sslEngineFactory,
      TimeoutScheduler scheduler,
      NettyRequestFactory requestFactory,
      Supplier<HttpClientCodec> codecs) {
    this.dialer = new Dialer(config, bootstrap, scheduler);
    this.tls = new TlsHandshake(config, sslEngineFactory);
    this.tunnel = new ConnectTunnel(config, requestFactory, codecs, tls);
    this.socks = new SocksConnect(config, dialer, tls);
    this.pinning = new AddressPinning(config.getLoadBalance(), dialer);
  }

  /**
   * Under {@code LoadBalance.ROUND_ROBIN}, resolves the hop's host and pins the hop to one of its
   * addresses before it looks for a carrier, then runs {@code then}; returns false, having done
   * nothing, for a hop that is not pinned (another mode, a proxy, a fixed address, a literal IP).
   * {@code previous}: the exchange's hop before this one, or null. See {@link AddressPinning}.
   */
  public boolean pinAddress(Attempt attempt, @Nullable Attempt previous, Consumer<Attempt> then) {
    return pinning.pin(attempt, previous, then);
  }

  /**
   * Connects for {@code attempt} to its request's target, through its proxy when it has one, and
   * calls {@code onReady} on the channel's event loop once the channel may be written.
   */
  public void connect(Attempt attempt, Consumer<Channel> onReady) {
    Uri target = attempt.request().getUri();
    ProxyServer proxy = attempt.proxy();
    if (proxy == null) {
      dialer.dial(
          attempt,
          target.getHost(),
          target.getExplicitPort(),
          ch -> secureIfNeeded(attempt, target, ch, onReady));
    } else if (proxy.getProxyType().isSocks()) {
      socks.connect(attempt, target, proxy, onReady);
    } else {
      viaHttpProxy(attempt, target, proxy, onReady, null);
    }
  }

  /** {@code round}: the handshake round a CONNECT continues on this new connection, or null. */
  private void viaHttpProxy(
      Attempt attempt,
      Uri target,
      ProxyServer proxy,
      Consumer<Channel> onReady,
      @Nullable TunnelHandshakeRound round) {
    boolean tlsToProxy = proxy.getProxyType() == ProxyType.HTTPS;
    int port = tlsToProxy ? proxy.getSecuredPort() : proxy.getPort();
    Consumer<Channel> afterProxy =
        ch -> {
          if (target.isSecured() || target.isWebSocket()) {
            tunnel.open(attempt, target, proxy, ch, onReady, this::viaHttpProxy, round);
          } else {
            onReady.accept(ch);
          }
        };
    dialer.resolveAndDial(
        attempt,
        proxy.getHost(),
        port,
        ch -> {
          if (tlsToProxy) {
            tls.secure(attempt, proxy.getHost(), port, false, ch, afterProxy);
          } else {
            afterProxy.accept(ch);
          }
        });
  }

  private void secureIfNeeded(
      Attempt attempt, Uri target, Channel ch, Consumer<Channel> onReady) {
    if (target.isSecured()) {
      tls.secureOrigin(attempt, target, ch, onReady);
    } else {
      onReady.accept(ch);
    }
  }
}

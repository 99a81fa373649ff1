package org.asynchttpclient.netty.connect;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpClientCodec;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.SslEngineFactory;
import org.asynchttpclient.netty.channel.LoopPlacement;
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
 *   <li>HTTP proxy ({@link ConnectTunnel}): connect to the proxy (over TLS for an {@link
 *       ProxyType#HTTPS} proxy); for an {@code https} or {@code wss} target open a CONNECT tunnel,
 *       then TLS with the target through it; a {@code ws} target is tunnelled too (as in AHC
 *       3.0.11), in clear text;
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
      Supplier<HttpClientCodec> codecs,
      LoopPlacement placement) {
    this.dialer = new Dialer(config, bootstrap, scheduler, placement);
    this.tls = new TlsHandshake(config, sslEngineFactory);
    this.tunnel = new ConnectTunnel(config, requestFactory, codecs, dialer, tls);
    this.socks = new SocksConnect(config, dialer, tls);
    this.pinning = new AddressPinning(config.getLoadBalance(), dialer);
  }

  /**
   * Under {@code LoadBalance.ROUND_ROBIN}, pins the hop to one address of its host before it looks
   * for a carrier, then runs {@code then}; see {@link AddressPinning#pin}.
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
          ch -> tls.secureOrigin(attempt, target, ch, onReady));
    } else if (proxy.getProxyType().isSocks()) {
      socks.connect(attempt, target, proxy, onReady);
    } else {
      tunnel.viaProxy(attempt, target, proxy, onReady, null);
    }
  }
}

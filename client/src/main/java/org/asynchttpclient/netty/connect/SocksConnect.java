package org.asynchttpclient.netty.connect;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.proxy.Socks4ProxyHandler;
import io.netty.handler.proxy.Socks5ProxyHandler;
import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Realm;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyType;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Connects through a SOCKS 4 or 5 proxy: Netty's proxy handler, first in the pipeline of a channel
 * from a clone of the client's bootstrap, negotiates with the proxy; then TLS with the target for
 * {@code https}. As in AHC 3.0.11, the target's name is resolved here (the request's fixed address
 * if it has one, else the configured resolver group or the request's name resolver, with the
 * handler hearing the resolution events), then the proxy's; the proxy is asked for the target's
 * first address, for SOCKS 4 its first IPv4 address (SOCKS 4 carries no other kind, and a name only
 * with the 4a extension, which 3.0.11 does not send and plain SOCKS 4 servers refuse). A name that
 * only the proxy can resolve therefore fails with an UnknownHostException. Both resolutions run
 * inside the request timeout (or the exchange's deadline), armed before them. The proxy is dialled
 * at its first address, as in 3.0.11, unless {@code connectionAttemptDelay} is positive and it
 * has several: then they race ({@link ConnectRace}), each attempt with a SOCKS handler of its own,
 * and the negotiation runs on the winner only.
 *
 * <p>Threads: called from any thread; listeners run on the channel's loop.
 */
final class SocksConnect {
  // immutable
  private final AsyncHttpClientConfig config;
  private final Dialer dialer;
  private final TlsHandshake tls;

  SocksConnect(AsyncHttpClientConfig config, Dialer dialer, TlsHandshake tls) {
    this.config = config;
    this.dialer = dialer;
    this.tls = tls;
  }

  void connect(Attempt attempt, Uri target, ProxyServer proxy, Consumer<Channel> onReady) {
    String host = target.getHost();
    dialer.resolveTarget(attempt, host, target.getExplicitPort(), addresses -> {
      InetSocketAddress destination = destination(proxy, addresses);
      if (destination == null) {
        attempt.fail(new UnknownHostException("SOCKS4 proxy " + proxy.getHost()
            + ": no IPv4 address for " + host + " (resolved to " + addresses
            + "; SOCKS4 carries IPv4 addresses only)"));
        return;
      }
      dialer.resolveProxy(attempt, proxy, proxyAddresses -> {
        if (dialer.races(proxyAddresses.size())) {
          race(attempt, target, proxy, proxyAddresses, destination, onReady);
        } else {
          dial(attempt, target, proxy, proxyAddresses.get(0), destination, onReady);
        }
      });
    });
  }

  /** Happy Eyeballs to the proxy's addresses, each attempt with its own SOCKS handler. */
  private void race(Attempt attempt, Uri target, ProxyServer proxy,
      List<InetSocketAddress> proxyAddresses, InetSocketAddress destination,
      Consumer<Channel> onReady) {
    dialer.race(
        attempt,
        dialer.onCallerLoop(attempt),
        proxyAddresses,
        onLoop -> new ConnectRace.Dial() {
          @Override
          public Bootstrap bootstrapFor(InetSocketAddress proxyAddress) {
            return withSocks(onLoop, newSocksHandler(proxy, proxyAddress));
          }

          @Override
          public SocketAddress remoteFor(InetSocketAddress proxyAddress) {
            return destination;
          }
        },
        null,
        ch -> {
          ProxyHandler socks = ch.pipeline().get(ProxyHandler.class);
          if (socks == null) {
            Dialer.fail(attempt, ch, new IllegalStateException(
                "SOCKS connection " + ch + " has no proxy handler (expected the race's own)"));
            return;
          }
          afterNegotiation(attempt, target, socks, ch, onReady);
        });
  }

  private void dial(Attempt attempt, Uri target, ProxyServer proxy, InetSocketAddress proxyAddress,
      InetSocketAddress destination, Consumer<Channel> onReady) {
    ProxyHandler socks = newSocksHandler(proxy, proxyAddress);
    dialer.dialAddresses(
        attempt,
        withSocks(dialer.bootstrap(), socks),
        Collections.singletonList(destination),
        0,
        null,
        ch -> afterNegotiation(attempt, target, socks, ch, onReady));
  }

  /** Once {@code socks} negotiated on {@code ch}: TLS with the target for https, then onReady. */
  private void afterNegotiation(
      Attempt attempt, Uri target, ProxyHandler socks, Channel ch, Consumer<Channel> onReady) {
    socks
        .connectFuture()
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                Dialer.fail(attempt, ch, f.cause());
              } else {
                tls.secureOrigin(attempt, target, ch, onReady);
              }
            });
  }

  /** The address the proxy is asked to connect to, or null when SOCKS4 has none it can carry. */
  static @Nullable InetSocketAddress destination(ProxyServer proxy, List<InetSocketAddress> resolved) {
    if (proxy.getProxyType() != ProxyType.SOCKS_V4) {
      return resolved.get(0);
    }
    for (InetSocketAddress a : resolved) {
      if (a.getAddress() instanceof Inet4Address) {
        return a;
      }
    }
    return null;
  }

  private static Bootstrap withSocks(Bootstrap bootstrap, ProxyHandler socks) {
    ChannelHandler base = bootstrap.config().handler();
    Bootstrap b = bootstrap.clone();
    b.handler(
        new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            if (base != null) {
              ch.pipeline().addLast(base);
            }
            ch.pipeline().addFirst("socks", socks);
          }
        });
    return b;
  }

  /** A SOCKS handler for the proxy at {@code address}, its handshake bounded by connectTimeout. */
  private ProxyHandler newSocksHandler(ProxyServer proxy, InetSocketAddress address) {
    Realm realm = proxy.getRealm();
    ProxyHandler socks;
    if (proxy.getProxyType() == ProxyType.SOCKS_V4) {
      socks = realm != null
          ? new Socks4ProxyHandler(address, realm.getPrincipal())
          : new Socks4ProxyHandler(address);
    } else {
      socks = realm != null
          ? new Socks5ProxyHandler(address, realm.getPrincipal(), realm.getPassword())
          : new Socks5ProxyHandler(address);
    }
    long connectMillis = config.getConnectTimeout().toMillis();
    if (connectMillis > 0) {
      socks.setConnectTimeoutMillis(connectMillis);
    }
    return socks;
  }
}

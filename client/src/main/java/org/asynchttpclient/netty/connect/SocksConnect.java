package org.asynchttpclient.netty.connect;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.proxy.Socks4ProxyHandler;
import io.netty.handler.proxy.Socks5ProxyHandler;
import java.net.InetSocketAddress;
import java.util.Collections;
import java.util.function.Consumer;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Realm;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyType;
import org.asynchttpclient.uri.Uri;

/**
 * Connects through a SOCKS 4 or 5 proxy: Netty's proxy handler, first in the pipeline of a channel
 * from a clone of the client's bootstrap, negotiates with the proxy; then TLS with the target for
 * {@code https}. The target's name is resolved here, by the bootstrap's resolver group, before the
 * negotiation (AHC 3.0.11 resolved it locally too), so a name that only the proxy can resolve
 * fails with UnknownHostException.
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
    dialer.resolveProxy(
        attempt,
        proxy,
        proxyAddress -> {
          ProxyHandler socks = newSocksHandler(proxy, proxyAddress);
          long connectMillis = config.getConnectTimeout().toMillis();
          if (connectMillis > 0) {
            socks.setConnectTimeoutMillis(connectMillis);
          }
          InetSocketAddress unresolvedTarget =
              InetSocketAddress.createUnresolved(target.getHost(), target.getExplicitPort());
          dialer.dialAddresses(
              attempt,
              withSocks(dialer.bootstrap(), socks),
              Collections.singletonList(unresolvedTarget),
              0,
              ch ->
                  socks
                      .connectFuture()
                      .addListener(
                          f -> {
                            if (!f.isSuccess()) {
                              Dialer.fail(attempt, ch, f.cause());
                            } else if (target.isSecured()) {
                              tls.secure(
                                  attempt, target.getHost(), target.getExplicitPort(), ch, onReady);
                            } else {
                              onReady.accept(ch);
                            }
                          }));
        });
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

  private static ProxyHandler newSocksHandler(ProxyServer proxy, InetSocketAddress address) {
    Realm realm = proxy.getRealm();
    if (proxy.getProxyType() == ProxyType.SOCKS_V4) {
      return realm != null
          ? new Socks4ProxyHandler(address, realm.getPrincipal())
          : new Socks4ProxyHandler(address);
    }
    return realm != null
        ? new Socks5ProxyHandler(address, realm.getPrincipal(), realm.getPassword())
        : new Socks5ProxyHandler(address);
  }
}

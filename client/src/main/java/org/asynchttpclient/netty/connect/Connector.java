package org.asynchttpclient.netty.connect;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.proxy.Socks4ProxyHandler;
import io.netty.handler.proxy.Socks5ProxyHandler;
import io.netty.handler.ssl.SslHandler;
import io.netty.resolver.NameResolver;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import io.netty.util.concurrent.Ticker;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.net.ssl.SSLEngine;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Realm;
import org.asynchttpclient.SslEngineFactory;
import org.asynchttpclient.netty.channel.DefaultChannelPool;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.hop.ChallengeAnswers;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.netty.request.NettyRequestFactory;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyType;
import org.asynchttpclient.resolver.RequestHostnameResolver;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Opens a new connection for an exchange's hop and hands it on, on its own event loop, once it
 * may carry the request:
 *
 * <ul>
 *   <li>direct: resolve the host (the request's {@link NameResolver}), try each address in turn
 *       within the connect timeout, then TLS for {@code https};
 *   <li>HTTP proxy: connect to the proxy (over TLS for an {@link ProxyType#HTTPS} proxy); for an
 *       {@code https} target open a CONNECT tunnel, then TLS with the target through it;
 *   <li>SOCKS 4/5: Netty's proxy handler negotiates with the proxy. The target's name is resolved
 *       here, by the bootstrap's resolver group, before the negotiation (AHC 3.0.11 resolved it
 *       locally too), so a name that only the proxy can resolve fails with UnknownHostException.
 * </ul>
 *
 * The channel is published to the exchange as soon as its connect starts, so a cancel or
 * timeout during the handshakes closes it.
 */
public final class Connector {
  private final AsyncHttpClientConfig config;
  private final Bootstrap bootstrap;
  private final SslEngineFactory sslEngineFactory;
  private final Ticker ticker;
  private final NettyRequestFactory requestFactory;
  private final Supplier<HttpClientCodec> codecs;

  public Connector(
      AsyncHttpClientConfig config,
      Bootstrap bootstrap,
      SslEngineFactory sslEngineFactory,
      Ticker ticker,
      NettyRequestFactory requestFactory,
      Supplier<HttpClientCodec> codecs) {
    this.config = config;
    this.bootstrap = bootstrap;
    this.sslEngineFactory = sslEngineFactory;
    this.ticker = ticker;
    this.requestFactory = requestFactory;
    this.codecs = codecs;
  }

  /**
   * Connects for the exchange's current hop to {@code target}, through {@code proxy} when not
   * null, and calls {@code onReady} on the channel's event loop once it may be written. Failures
   * fail the exchange.
   */
  public void connect(
      Exchange<?> ex, Uri target, @Nullable ProxyServer proxy, Consumer<Channel> onReady) {
    if (proxy == null) {
      InetAddress fixed = ex.request().getAddress();
      Consumer<Channel> secure = ch -> secureIfNeeded(ex, target, ch, onReady);
      if (fixed != null) {
        connectTo(
            ex,
            bootstrap,
            Collections.singletonList(new InetSocketAddress(fixed, target.getExplicitPort())),
            0,
            secure);
      } else {
        resolveAndConnect(ex, target.getHost(), target.getExplicitPort(), secure);
      }
    } else if (proxy.getProxyType().isSocks()) {
      connectViaSocks(ex, target, proxy, onReady);
    } else {
      boolean tlsToProxy = proxy.getProxyType() == ProxyType.HTTPS;
      int port = tlsToProxy ? proxy.getSecuredPort() : proxy.getPort();
      Consumer<Channel> afterProxy =
          ch -> {
            if (target.isSecured()) {
              tunnel(ex, target, proxy, ch, onReady);
            } else {
              onReady.accept(ch);
            }
          };
      resolveAndConnect(
          ex,
          proxy.getHost(),
          port,
          ch -> {
            if (tlsToProxy) {
              handshake(ex, proxy.getHost(), port, ch, afterProxy);
            } else {
              afterProxy.accept(ch);
            }
          });
    }
  }

  private void resolveAndConnect(
      Exchange<?> ex, String host, int port, Consumer<Channel> onConnected) {
    InetSocketAddress unresolved = InetSocketAddress.createUnresolved(host, port);
    if (config.getAddressResolverGroup() != null) {
      // The bootstrap resolves with the configured group, on the new channel's own loop.
      connectTo(ex, bootstrap, Collections.singletonList(unresolved), 0, onConnected);
      return;
    }
    NameResolver<InetAddress> resolver = ex.request().getNameResolver();
    Future<List<InetSocketAddress>> resolved =
        RequestHostnameResolver.INSTANCE.resolve(resolver, unresolved, ex.handler());
    resolved.addListener(
        f -> {
          if (ex.isDone()) {
            return;
          }
          if (!f.isSuccess()) {
            ex.fail(f.cause());
            return;
          }
          @SuppressWarnings("unchecked")
          List<InetSocketAddress> addresses = (List<InetSocketAddress>) f.getNow();
          if (addresses == null || addresses.isEmpty()) {
            ex.fail(new ConnectException("No address for " + host + " (expected at least one)"));
            return;
          }
          connectTo(ex, bootstrap, addresses, 0, onConnected);
        });
  }

  private void connectTo(
      Exchange<?> ex,
      Bootstrap b,
      List<InetSocketAddress> addresses,
      int index,
      Consumer<Channel> onConnected) {
    if (ex.isDone()) {
      return;
    }
    InetSocketAddress address = addresses.get(index);
    AsyncHandler<?> handler = ex.handler();
    handler.onTcpConnectAttempt(address);
    InetAddress local = ex.request().getLocalAddress();
    ChannelFuture cf =
        local != null ? b.connect(address, new InetSocketAddress(local, 0)) : b.connect(address);
    if (!ex.connecting(cf.channel())) {
      return;
    }
    cf.addListener(
        (ChannelFuture f) -> {
          Channel ch = f.channel();
          if (ex.isDone()) {
            // Ended while connecting: the handler already heard its last callback.
            ch.close();
            return;
          }
          if (!f.isSuccess()) {
            handler.onTcpConnectFailure(address, f.cause());
            if (index + 1 < addresses.size()) {
              connectTo(ex, b, addresses, index + 1, onConnected);
            } else {
              ConnectException e =
                  new ConnectException(
                      "Connection to " + address + " failed: " + f.cause().getMessage());
              e.initCause(f.cause());
              ex.fail(e);
            }
            return;
          }
          ch.attr(DefaultChannelPool.CREATED_AT).set(ticker.nanoTime());
          handler.onTcpConnectSuccess(address, ch);
          // Published now so that a cancel or timeout during the handshakes closes the channel.
          if (!ex.attachChannel(ch)) {
            return;
          }
          onConnected.accept(ch);
        });
  }

  private void secureIfNeeded(Exchange<?> ex, Uri target, Channel ch, Consumer<Channel> onReady) {
    if (target.isSecured()) {
      handshake(ex, target.getHost(), target.getExplicitPort(), ch, onReady);
    } else {
      onReady.accept(ch);
    }
  }

  private void handshake(
      Exchange<?> ex, String peerHost, int peerPort, Channel ch, Consumer<Channel> onReady) {
    AsyncHandler<?> handler = ex.handler();
    SslHandler ssl;
    try {
      SSLEngine engine = sslEngineFactory.newSslEngine(config, peerHost, peerPort);
      ssl = new SslHandler(engine);
    } catch (RuntimeException e) {
      ch.close();
      ex.fail(e);
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
              if (ex.isDone()) {
                // Ended during the handshake: no more hooks for this handler.
                ch.close();
                return;
              }
              if (f.isSuccess()) {
                handler.onTlsHandshakeSuccess(ssl.engine().getSession());
                onReady.accept(ch);
              } else {
                handler.onTlsHandshakeFailure(f.cause());
                ch.close();
                ex.fail(f.cause());
              }
            });
  }

  /** Sends CONNECT through an HTTP proxy and, on a 2xx answer, starts TLS with the target. */
  private void tunnel(
      Exchange<?> ex, Uri target, ProxyServer proxy, Channel ch, Consumer<Channel> onReady) {
    NettyRequest connect;
    try {
      connect = requestFactory.newNettyRequest(ex.request(), true, proxy, null, proxy.getRealm());
    } catch (RuntimeException e) {
      ch.close();
      ex.fail(e);
      return;
    }
    boolean sentCredentials =
        connect.getHttpRequest().headers().contains(HttpHeaderNames.PROXY_AUTHORIZATION);
    Promise<HttpResponse> answered = ch.eventLoop().newPromise();
    ch.pipeline().addBefore("ahc-handler", TunnelHandler.NAME, new TunnelHandler(answered));
    ch.writeAndFlush(connect.getHttpRequest())
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                answered.tryFailure(f.cause());
              }
            });
    answered.addListener(
        f -> {
          if (!f.isSuccess()) {
            ch.close();
            ex.fail(f.cause());
            return;
          }
          HttpResponse head = (HttpResponse) f.getNow();
          int status = head.status().code();
          ProxyServer withCredentials =
              status == 407 && !sentCredentials ? answeredProxy(proxy, head.headers(), target) : null;
          if (withCredentials != null) {
            // One more CONNECT, on a fresh connection since the proxy may close this one after its
            // 407. It carries Proxy-Authorization, so a second 407 ends the exchange below: the
            // credentials were refused and there is no loop.
            ch.close();
            connect(ex, target, withCredentials, onReady);
            return;
          }
          if (status < 200 || status >= 300) {
            ch.close();
            ex.fail(
                new IOException(
                    "Proxy "
                        + proxy.getHost()
                        + " refused CONNECT to "
                        + target.getHost()
                        + ":"
                        + target.getExplicitPort()
                        + " with status "
                        + status
                        + " (expected 2xx)"));
            return;
          }
          ChannelPipeline p = ch.pipeline();
          p.remove(TunnelHandler.NAME);
          // The codec stopped parsing after the CONNECT answer: a fresh one speaks through the tunnel.
          p.replace("http", "http", codecs.get());
          handshake(ex, target.getHost(), target.getExplicitPort(), ch, onReady);
        });
  }

  /**
   * The proxy with a realm that answers the CONNECT's 407 (Basic made preemptive, or Digest from the
   * challenge over {@code CONNECT host:port}), or null when its realm answers none of the challenges:
   * the 407 then fails the exchange.
   */
  private static @Nullable ProxyServer answeredProxy(ProxyServer proxy, HttpHeaders headers, Uri target) {
    Realm realm = proxy.getRealm();
    if (realm == null) {
      return null;
    }
    Realm answer =
        ChallengeAnswers.answer(
            realm,
            headers.getAll(HttpHeaderNames.PROXY_AUTHENTICATE),
            target,
            "CONNECT",
            null,
            false,
            true);
    return answer == null ? null : ChallengeAnswers.withRealm(proxy, answer);
  }

  private void connectViaSocks(
      Exchange<?> ex, Uri target, ProxyServer proxy, Consumer<Channel> onReady) {
    resolveProxyThen(
        ex,
        proxy,
        proxyAddress -> {
          ProxyHandler socks = newSocksHandler(proxy, proxyAddress);
          long connectMillis = config.getConnectTimeout().toMillis();
          if (connectMillis > 0) {
            socks.setConnectTimeoutMillis(connectMillis);
          }
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
          InetSocketAddress unresolvedTarget =
              InetSocketAddress.createUnresolved(target.getHost(), target.getExplicitPort());
          connectTo(
              ex,
              b,
              Collections.singletonList(unresolvedTarget),
              0,
              ch ->
                  socks
                      .connectFuture()
                      .addListener(
                          f -> {
                            if (f.isSuccess()) {
                              secureIfNeeded(ex, target, ch, onReady);
                            } else {
                              ch.close();
                              ex.fail(f.cause());
                            }
                          }));
        });
  }

  private void resolveProxyThen(
      Exchange<?> ex, ProxyServer proxy, Consumer<InetSocketAddress> then) {
    InetSocketAddress unresolved =
        InetSocketAddress.createUnresolved(proxy.getHost(), proxy.getPort());
    RequestHostnameResolver.INSTANCE
        .resolve(ex.request().getNameResolver(), unresolved, ex.handler())
        .addListener(
            f -> {
              if (ex.isDone()) {
                return;
              }
              @SuppressWarnings("unchecked")
              List<InetSocketAddress> addresses = (List<InetSocketAddress>) f.getNow();
              if (!f.isSuccess() || addresses == null || addresses.isEmpty()) {
                ex.fail(
                    f.cause() != null
                        ? f.cause()
                        : new ConnectException("No address for proxy " + proxy.getHost()));
                return;
              }
              then.accept(addresses.get(0));
            });
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

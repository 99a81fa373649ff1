package org.asynchttpclient.netty.connect;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.ssl.SslHandler;
import io.netty.resolver.NameResolver;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Ticker;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import javax.net.ssl.SSLEngine;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Request;
import org.asynchttpclient.SslEngineFactory;
import org.asynchttpclient.netty.channel.DefaultChannelPool;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.resolver.RequestHostnameResolver;
import org.asynchttpclient.uri.Uri;

/**
 * Opens a new connection for an exchange's hop: resolves the host (with the request's {@link
 * NameResolver}), tries each address in turn within the connect timeout, and for {@code https}
 * adds TLS and waits for the handshake. The channel is handed on only once it is ready to carry
 * the request, on its own event loop.
 */
public final class Connector {
  private final AsyncHttpClientConfig config;
  private final Bootstrap bootstrap;
  private final SslEngineFactory sslEngineFactory;
  private final Ticker ticker;

  public Connector(
      AsyncHttpClientConfig config,
      Bootstrap bootstrap,
      SslEngineFactory sslEngineFactory,
      Ticker ticker) {
    this.config = config;
    this.bootstrap = bootstrap;
    this.sslEngineFactory = sslEngineFactory;
    this.ticker = ticker;
  }

  /**
   * Connects to {@code target} for the exchange's current hop and calls {@code onReady} on the
   * channel's event loop once it may be written. Failures fail the exchange.
   */
  public void connect(Exchange<?> ex, Uri target, Consumer<Channel> onReady) {
    Request request = ex.request();
    int port = target.getExplicitPort();
    InetAddress fixed = request.getAddress();
    if (fixed != null) {
      connectTo(ex, target, Collections.singletonList(new InetSocketAddress(fixed, port)), 0, onReady);
      return;
    }
    InetSocketAddress unresolved = InetSocketAddress.createUnresolved(target.getHost(), port);
    if (config.getAddressResolverGroup() != null) {
      // The bootstrap resolves with the configured group, on the new channel's own loop.
      connectTo(ex, target, Collections.singletonList(unresolved), 0, onReady);
      return;
    }
    NameResolver<InetAddress> resolver = request.getNameResolver();
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
            ex.fail(
                new ConnectException(
                    "No address for " + target.getHost() + " (expected at least one)"));
            return;
          }
          connectTo(ex, target, addresses, 0, onReady);
        });
  }

  private void connectTo(
      Exchange<?> ex,
      Uri target,
      List<InetSocketAddress> addresses,
      int index,
      Consumer<Channel> onReady) {
    if (ex.isDone()) {
      return;
    }
    InetSocketAddress address = addresses.get(index);
    AsyncHandler<?> handler = ex.handler();
    handler.onTcpConnectAttempt(address);
    InetAddress local = ex.request().getLocalAddress();
    ChannelFuture cf =
        local != null
            ? bootstrap.connect(address, new InetSocketAddress(local, 0))
            : bootstrap.connect(address);
    cf.addListener(
        (ChannelFuture f) -> {
          Channel ch = f.channel();
          if (!f.isSuccess()) {
            handler.onTcpConnectFailure(address, f.cause());
            if (index + 1 < addresses.size()) {
              connectTo(ex, target, addresses, index + 1, onReady);
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
          // Published now so that a cancel during the TLS handshake closes the channel.
          if (!ex.attachChannel(ch)) {
            return;
          }
          if (target.isSecured()) {
            handshake(ex, target, ch, onReady);
          } else {
            onReady.accept(ch);
          }
        });
  }

  private void handshake(Exchange<?> ex, Uri target, Channel ch, Consumer<Channel> onReady) {
    AsyncHandler<?> handler = ex.handler();
    SslHandler ssl;
    try {
      SSLEngine engine =
          sslEngineFactory.newSslEngine(config, target.getHost(), target.getExplicitPort());
      ssl = new SslHandler(engine);
    } catch (RuntimeException e) {
      ch.close();
      ex.fail(e);
      return;
    }
    if (config.getHandshakeTimeout() > 0) {
      ssl.setHandshakeTimeoutMillis(config.getHandshakeTimeout());
    }
    ch.pipeline().addFirst("ssl", ssl);
    handler.onTlsHandshakeAttempt();
    ssl.handshakeFuture()
        .addListener(
            f -> {
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
}

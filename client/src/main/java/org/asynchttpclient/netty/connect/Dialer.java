package org.asynchttpclient.netty.connect;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.NameResolver;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Ticker;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.exception.ExchangeTimeoutException.Phase;
import org.asynchttpclient.netty.channel.CallerLoop;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.channel.DefaultChannelPool;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.resolver.RequestHostnameResolver;

/**
 * Resolves a host and opens a TCP connection to it for an attempt: each resolved address in turn,
 * each within the connect timeout (the bootstrap's), until one connects. The channel is published
 * to the attempt as soon as its connect starts ({@link Attempt#attachCarrier}), so a cancel or
 * timeout during the connect or any handshake after it closes the channel, and in event-loop mode
 * the request timeout moves onto that channel's loop at once.
 *
 * <p>Threads: called from any thread; the connect listeners run on the new channel's loop. Holds
 * only configuration.
 */
final class Dialer {
  // immutable
  private final AsyncHttpClientConfig config;
  private final Bootstrap bootstrap;
  private final Ticker ticker;

  Dialer(AsyncHttpClientConfig config, Bootstrap bootstrap, Ticker ticker) {
    this.config = config;
    this.bootstrap = bootstrap;
    this.ticker = ticker;
  }

  Bootstrap bootstrap() {
    return bootstrap;
  }

  /** Connects to {@code host:port}; the request's fixed address, if any, skips resolution. */
  void dial(Attempt attempt, String host, int port, Consumer<Channel> onConnected) {
    InetAddress fixed = attempt.request().getAddress();
    if (fixed != null) {
      dialAddresses(
          attempt,
          onCallerLoop(),
          Collections.singletonList(new InetSocketAddress(fixed, port)),
          0,
          onConnected);
      return;
    }
    resolveAndDial(attempt, host, port, onConnected);
  }

  /**
   * Resolves {@code host} with the configured {@code AddressResolverGroup} when there is one, else
   * with the request's name resolver, then connects to each address in turn. Either way the
   * handler hears the hostname-resolution events, as in 3.0.11.
   */
  void resolveAndDial(Attempt attempt, String host, int port, Consumer<Channel> onConnected) {
    InetSocketAddress unresolved = InetSocketAddress.createUnresolved(host, port);
    Bootstrap b = onCallerLoop(); // chosen now: the resolver's callback may run elsewhere
    resolve(attempt, unresolved, addresses -> dialAddresses(attempt, b, addresses, 0, onConnected));
  }

  /**
   * The bootstrap for a new connection: on the calling thread's loop when it is one of the
   * client's (a request issued from a response callback keeps its connection, its timeouts and its
   * callbacks on that loop), else the group's next loop, as in 3.0.11.
   */
  private Bootstrap onCallerLoop() {
    EventLoop caller = CallerLoop.in(bootstrap.config().group());
    return caller != null ? bootstrap.clone(caller) : bootstrap;
  }

  /**
   * The addresses of {@code host} for a SOCKS proxy to connect to: the request's fixed address if
   * it has one, else those the resolver gives (the handler hears the resolution events).
   */
  void resolveTarget(Attempt attempt, String host, int port, Consumer<List<InetSocketAddress>> then) {
    InetAddress fixed = attempt.request().getAddress();
    if (fixed != null) {
      then.accept(Collections.singletonList(new InetSocketAddress(fixed, port)));
      return;
    }
    resolve(attempt, InetSocketAddress.createUnresolved(host, port), then);
  }

  /** Resolves the proxy's address (its first one) for a SOCKS handler. */
  void resolveProxy(Attempt attempt, ProxyServer proxy, Consumer<InetSocketAddress> then) {
    resolve(
        attempt,
        InetSocketAddress.createUnresolved(proxy.getHost(), proxy.getPort()),
        addresses -> then.accept(addresses.get(0)));
  }

  private void resolve(
      Attempt attempt, InetSocketAddress unresolved, Consumer<List<InetSocketAddress>> then) {
    attempt.phase(Phase.RESOLVING);
    AsyncHandler<?> handler = attempt.exchange().handler();
    AddressResolverGroup<InetSocketAddress> group = config.getAddressResolverGroup();
    Future<List<InetSocketAddress>> resolved;
    if (group != null) {
      AddressResolver<InetSocketAddress> resolver;
      try {
        resolver = group.getResolver(resolverLoop());
      } catch (RuntimeException e) {
        attempt.exchange().fail(e); // the group is closed, or the loop is shutting down
        return;
      }
      resolved = RequestHostnameResolver.INSTANCE.resolve(resolver, unresolved, handler);
    } else {
      NameResolver<InetAddress> resolver = attempt.request().getNameResolver();
      resolved = RequestHostnameResolver.INSTANCE.resolve(resolver, unresolved, handler);
    }
    resolved.addListener(
        f -> {
          if (attempt.isOver()) {
            return;
          }
          if (!f.isSuccess()) {
            attempt.exchange().fail(f.cause());
            return;
          }
          @SuppressWarnings("unchecked")
          List<InetSocketAddress> addresses = (List<InetSocketAddress>) f.getNow();
          if (addresses == null || addresses.isEmpty()) {
            // RequestHostnameResolver already fails an empty answer this way; should one get here,
            // it is an unknown host (AHC 3.0.12, #2254), not a connect failure.
            attempt
                .exchange()
                .fail(
                    new UnknownHostException(
                        "No address resolved for "
                            + unresolved.getHostString()
                            + " (expected at least one)"));
            return;
          }
          then.accept(addresses);
        });
  }

  /**
   * The loop whose resolver (from the configured group) resolves for a new connection: the
   * calling thread's when it is one of the client's loops, else the next one, as 3.0.11 picks it.
   * It only runs the resolver's callbacks: no timeout is armed there (E1 concerns timeouts); the
   * connection is opened by {@link #onCallerLoop}'s choice.
   */
  private EventLoop resolverLoop() {
    EventLoopGroup group = bootstrap.config().group();
    EventLoop caller = CallerLoop.in(group);
    return caller != null ? caller : group.next();
  }

  /** Connects to {@code addresses[index]}, then to the next one if that fails. */
  void dialAddresses(
      Attempt attempt,
      Bootstrap b,
      List<InetSocketAddress> addresses,
      int index,
      Consumer<Channel> onConnected) {
    if (attempt.isOver()) {
      return;
    }
    InetSocketAddress address = addresses.get(index);
    attempt.phase(Phase.CONNECTING);
    AsyncHandler<?> handler = attempt.exchange().handler();
    handler.onTcpConnectAttempt(address);
    InetAddress local = attempt.request().getLocalAddress();
    // Registered first and connected with a promise that already has its listener: the listener
    // then runs inside the connect's completion, before the channel is active and reads. With
    // Bootstrap.connect the listener is added after the connect has started, and when the connect
    // wins that race (a loaded machine, a loopback peer) it runs as a later task, after the first
    // read: a server's first bytes (an HTTP/2 server's SETTINGS) then met a pipeline not yet set
    // up for them, and the exchange hung until its timeout.
    ChannelFuture registered = b.register();
    Channel channel = registered.channel();
    ChannelPromise cf = channel.newPromise();
    if (!attempt.attachCarrier(channel)) {
      return; // the attempt ended: attachCarrier closed the channel
    }
    cf.addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    cf.addListener(
        (ChannelFuture f) -> {
          Channel ch = f.channel();
          if (attempt.isOver()) {
            // Ended while connecting: the handler already heard its last callback.
            ChannelClosing.close(ch);
            return;
          }
          if (!f.isSuccess()) {
            handler.onTcpConnectFailure(address, f.cause());
            attempt.takeCarrier(ch);
            if (index + 1 < addresses.size()) {
              dialAddresses(attempt, b, addresses, index + 1, onConnected);
            } else {
              ConnectException e =
                  new ConnectException(
                      "Connection to " + address + " failed: " + f.cause().getMessage());
              e.initCause(f.cause());
              attempt.exchange().fail(e);
            }
            return;
          }
          ch.attr(DefaultChannelPool.CREATED_AT).set(ticker.nanoTime());
          handler.onTcpConnectSuccess(address, ch);
          attempt.connected(ch);
          onConnected.accept(ch);
        });
    registered.addListener(
        (ChannelFuture r) -> {
          if (!r.isSuccess()) {
            cf.tryFailure(r.cause());
          } else if (local != null) {
            channel.connect(address, new InetSocketAddress(local, 0), cf);
          } else {
            channel.connect(address, cf);
          }
        });
  }

  /** Closes {@code ch} and fails the attempt's exchange with {@code cause}. */
  static void fail(Attempt attempt, Channel ch, Throwable cause) {
    ChannelClosing.close(ch);
    attempt.exchange().fail(cause);
  }
}

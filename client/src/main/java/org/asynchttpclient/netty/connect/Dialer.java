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
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.exception.ExchangeTimeoutException.Phase;
import org.asynchttpclient.netty.channel.CallerLoop;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.channel.DefaultChannelPool;
import org.asynchttpclient.netty.channel.LoopPlacement;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.hop.HopEnd;
import org.asynchttpclient.netty.hop.HopFailure;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.resolver.RequestHostnameResolver;
import org.jetbrains.annotations.Nullable;

/**
 * Resolves a host and opens a TCP connection to it for an attempt, each attempt within the
 * connect timeout (the bootstrap's), until one connects:
 *
 * <ul>
 *   <li>the order: the resolver's, or the one a ROUND_ROBIN hop was pinned to ({@link
 *       AddressPinning}); with the failed-IP cooldown, addresses whose connect failed lately go
 *       to the back ({@link FailedAddressCooldown}: direct connections only, as in AHC 3.0.12);
 *   <li>one address after the other, each only after the previous one failed (AHC 3.0.11's way,
 *       and the only one for a single address); or, with a positive {@code
 *       connectionAttemptDelay} and several addresses, a race ({@link ConnectRace}).
 * </ul>
 *
 * One after the other, the channel is published to the attempt as soon as its connect starts
 * ({@link Attempt#attachCarrier}), so a cancel or timeout during the connect or any handshake
 * after it closes the channel, and in event-loop mode the request timeout moves onto that
 * channel's loop at once. A race publishes itself instead ({@link Attempt#attachRacing}).
 *
 * <p>Threads: called from any thread; the connect listeners run on the new channel's loop. Holds
 * configuration and the cooldown's table.
 */
final class Dialer {
  // immutable
  private final AsyncHttpClientConfig config;
  private final Bootstrap bootstrap;
  private final TimeoutScheduler scheduler;
  private final LoopPlacement placement;
  private final long attemptDelayNanos;
  /** Null when the cooldown is off (disabled, or a zero period). */
  private final @Nullable FailedAddressCooldown cooldown;

  Dialer(
      AsyncHttpClientConfig config,
      Bootstrap bootstrap,
      TimeoutScheduler scheduler,
      LoopPlacement placement) {
    this.config = config;
    this.placement = placement;
    this.bootstrap = bootstrap;
    this.scheduler = scheduler;
    Duration delay = config.getConnectionAttemptDelay();
    this.attemptDelayNanos = delay == null ? 0 : delay.toNanos();
    Duration period = config.getFailedIpCooldownPeriod();
    // A user's config may say enabled with a null period: then off, rather than fail to start.
    this.cooldown =
        config.isFailedIpCooldownEnabled() && period != null && !period.isZero() && !period.isNegative()
            ? new FailedAddressCooldown(period.toNanos(), scheduler.ticker())
            : null;
  }

  Bootstrap bootstrap() {
    return bootstrap;
  }

  /**
   * Connects to the target {@code host:port} directly (no proxy): the request's fixed address, if
   * any, skips resolution, as do the addresses a ROUND_ROBIN hop was pinned to.
   */
  void dial(Attempt attempt, String host, int port, Consumer<Channel> onConnected) {
    Bootstrap b = onCallerLoop(attempt); // chosen now: the resolver's callback may run elsewhere
    List<InetSocketAddress> pinned = attempt.pinnedAddresses();
    if (pinned != null) {
      connect(attempt, b, pinned, host, onConnected); // ordered when pinned
      return;
    }
    // The request's fixed address, if any, is a single address: no race, no cooldown.
    resolveTarget(
        attempt,
        host,
        port,
        addresses -> connect(attempt, b, inCooldownOrder(host, addresses), host, onConnected));
  }

  /**
   * Resolves a proxy's {@code host} and connects to its addresses (in resolver order: the
   * cooldown concerns a target's addresses, as in 3.0.12).
   */
  void resolveAndDial(Attempt attempt, String host, int port, Consumer<Channel> onConnected) {
    InetSocketAddress unresolved = InetSocketAddress.createUnresolved(host, port);
    Bootstrap b = onCallerLoop(attempt); // chosen now: the resolver's callback may run elsewhere
    resolve(attempt, unresolved, addresses -> connect(attempt, b, addresses, null, onConnected));
  }

  /** {@code addresses} with those of {@code host} in cooldown moved to the back. */
  List<InetSocketAddress> inCooldownOrder(String host, List<InetSocketAddress> addresses) {
    FailedAddressCooldown c = cooldown;
    return c == null ? addresses : c.order(host, addresses);
  }

  /**
   * Connects to {@code addresses}: a race with a positive attempt delay and several addresses,
   * else one after the other. {@code cooldownHost} names the host whose failures feed the
   * cooldown, or is null.
   */
  private void connect(
      Attempt attempt,
      Bootstrap b,
      List<InetSocketAddress> addresses,
      @Nullable String cooldownHost,
      Consumer<Channel> onConnected) {
    if (races(addresses.size())) {
      race(attempt, b, addresses, ConnectRace::direct, cooldownHost, onConnected);
    } else {
      dialAddresses(attempt, b, addresses, 0, cooldownHost, onConnected);
    }
  }

  /** Where a race reports the failed addresses of {@code host}: its cooldown, or nowhere. */
  private @Nullable Consumer<InetSocketAddress> failuresOf(@Nullable String host) {
    FailedAddressCooldown c = cooldown;
    return c == null || host == null ? null : address -> c.failed(host, address);
  }

  /** Whether connecting to {@code count} addresses is a race (a positive delay, several). */
  boolean races(int count) {
    return attemptDelayNanos > 0 && count > 1;
  }

  /**
   * Races {@code addresses}; {@code dialOn} makes each attempt's channel from the bootstrap bound
   * to the race's loop.
   */
  void race(
      Attempt attempt,
      Bootstrap b,
      List<InetSocketAddress> addresses,
      Function<Bootstrap, ConnectRace.Dial> dialOn,
      @Nullable String cooldownHost,
      Consumer<Channel> onConnected) {
    // Every attempt on one loop: the bootstrap's own when it is bound to one (the caller's),
    // else the one the group would give the first channel. It is the channels' loop, so the hop's
    // timeout and the race's timers may follow them there (E1).
    EventLoopGroup group = b.config().group();
    EventLoop loop = group.next();
    Bootstrap onLoop = group == loop ? b : b.clone(loop);
    new ConnectRace(
            attempt,
            dialOn.apply(onLoop),
            loop,
            AddressFamilies.interleave(addresses),
            attemptDelayNanos,
            scheduler,
            failuresOf(cooldownHost),
            onConnected)
        .start();
  }

  /**
   * The bootstrap for a new connection: on the loop chosen for the hop if any (a further HTTP/2
   * connection's), else on the loop {@link LoopPlacement} gives: the calling thread's when it is
   * one of the client's (a request issued from a response callback keeps its connection, its
   * timeouts and its callbacks on that loop, unless that loop carries clearly more than the
   * others), else the least loaded of the loops the load needs; with placement off, the group's
   * next loop, as in 3.0.11. The exchange is counted on that loop from here to its end.
   */
  Bootstrap onCallerLoop(Attempt attempt) {
    EventLoop chosen = attempt.dialLoop(); // a further HTTP/2 connection's: the least busy loop
    EventLoop loop =
        chosen != null ? chosen : placement.choose(CallerLoop.in(bootstrap.config().group()));
    if (loop == null) {
      return bootstrap;
    }
    placement.placed(attempt.exchange(), loop);
    return bootstrap.clone(loop);
  }

  /**
   * The addresses of the target {@code host}: the request's fixed address if it has one, else
   * those the resolver gives (the handler hears the resolution events).
   */
  void resolveTarget(Attempt attempt, String host, int port, Consumer<List<InetSocketAddress>> then) {
    InetAddress fixed = attempt.request().getAddress();
    if (fixed != null) {
      then.accept(Collections.singletonList(new InetSocketAddress(fixed, port)));
      return;
    }
    resolve(attempt, InetSocketAddress.createUnresolved(host, port), then);
  }

  /** Resolves a SOCKS proxy's addresses. */
  void resolveProxy(Attempt attempt, ProxyServer proxy, Consumer<List<InetSocketAddress>> then) {
    resolve(attempt, InetSocketAddress.createUnresolved(proxy.getHost(), proxy.getPort()), then);
  }

  private void resolve(
      Attempt attempt, InetSocketAddress unresolved, Consumer<List<InetSocketAddress>> then) {
    Future<List<InetSocketAddress>> resolved = lookUp(attempt, unresolved);
    if (resolved != null) {
      whenResolved(attempt, unresolved, resolved, then);
    }
  }

  /**
   * Starts resolving {@code unresolved}; null when it could not start (the exchange failed).
   * Either way the handler hears the hostname-resolution events, as in 3.0.11.
   */
  @Nullable Future<List<InetSocketAddress>> lookUp(Attempt attempt, InetSocketAddress unresolved) {
    attempt.phase(Phase.RESOLVING);
    AsyncHandler<?> handler = attempt.handler();
    AddressResolverGroup<InetSocketAddress> group = config.getAddressResolverGroup();
    if (group != null) {
      AddressResolver<InetSocketAddress> resolver;
      try {
        resolver = group.getResolver(resolverLoop());
      } catch (RuntimeException e) {
        attempt.fail(e); // the group is closed, or the loop is shutting down
        return null;
      }
      return RequestHostnameResolver.INSTANCE.resolve(resolver, unresolved, handler);
    }
    NameResolver<InetAddress> resolver = attempt.request().getNameResolver();
    return RequestHostnameResolver.INSTANCE.resolve(resolver, unresolved, handler);
  }

  /** Hands the addresses {@code resolved} finds to {@code then}, or fails the exchange. */
  void whenResolved(
      Attempt attempt,
      InetSocketAddress unresolved,
      Future<List<InetSocketAddress>> resolved,
      Consumer<List<InetSocketAddress>> then) {
    resolved.addListener(
        (Future<List<InetSocketAddress>> f) -> {
          if (attempt.isOver()) {
            return;
          }
          if (!f.isSuccess()) {
            attempt.fail(f.cause());
            return;
          }
          List<InetSocketAddress> addresses = f.getNow();
          if (addresses == null || addresses.isEmpty()) {
            // RequestHostnameResolver already fails an empty answer this way; should one get here,
            // it is an unknown host (AHC 3.0.12, #2254), not a connect failure.
            attempt.fail(
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

  /**
   * Connects to {@code addresses[index]}, then to the next one if that fails. {@code cooldownHost}
   * names the host whose failures feed the cooldown, or is null.
   */
  void dialAddresses(
      Attempt attempt,
      Bootstrap b,
      List<InetSocketAddress> addresses,
      int index,
      @Nullable String cooldownHost,
      Consumer<Channel> onConnected) {
    if (attempt.isOver()) {
      return;
    }
    InetSocketAddress address = addresses.get(index);
    attempt.phase(Phase.CONNECTING);
    attempt.dialing().started(addresses, index + 1);
    AsyncHandler<?> handler = attempt.handler();
    handler.onTcpConnectAttempt(address);
    ChannelFuture registered = b.register();
    if (!attempt.attachCarrier(registered.channel())) {
      return; // the attempt ended: attachCarrier closed the channel
    }
    connectOnceRegistered(
        attempt,
        registered,
        address,
        f -> {
          Channel ch = f.channel();
          if (attempt.isOver()) {
            // Ended while connecting: the handler already heard its last callback.
            ChannelClosing.close(ch);
            return;
          }
          if (!f.isSuccess()) {
            handler.onTcpConnectFailure(address, f.cause());
            FailedAddressCooldown c = cooldown;
            // One address has no order to change: nothing to remember (a race has several).
            if (c != null && cooldownHost != null && addresses.size() > 1) {
              c.failed(cooldownHost, address);
            }
            attempt.takeCarrier(ch);
            if (index + 1 < addresses.size()) {
              dialAddresses(attempt, b, addresses, index + 1, cooldownHost, onConnected);
            } else {
              connectFailed(attempt, address, f.cause());
            }
            return;
          }
          ch.attr(DefaultChannelPool.CREATED_AT).set(scheduler.ticker().nanoTime());
          handler.onTcpConnectSuccess(address, ch);
          attempt.connected(ch);
          onConnected.accept(ch);
        });
  }

  /**
   * Connects the channel {@code registered} registers to {@code remote} (from the request's local
   * address, if it has one) once registered; {@code done} hears the outcome, and a failed connect
   * closes the channel. Registered first and connected with a promise that already has its
   * listener: the listener then runs inside the connect's completion, before the channel is active
   * and reads. With Bootstrap.connect the listener is added after the connect has started, and
   * when the connect wins that race (a loaded machine, a loopback peer) it runs as a later task,
   * after the first read: a server's first bytes (an HTTP/2 server's SETTINGS) then met a pipeline
   * not yet set up for them, and the exchange hung until its timeout.
   */
  static void connectOnceRegistered(
      Attempt attempt, ChannelFuture registered, SocketAddress remote, ChannelFutureListener done) {
    Channel ch = registered.channel();
    ChannelPromise connected = ch.newPromise();
    connected.addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    connected.addListener(done);
    InetAddress local = attempt.request().getLocalAddress();
    registered.addListener(
        (ChannelFuture r) -> {
          if (!r.isSuccess()) {
            connected.tryFailure(r.cause());
          } else if (local != null) {
            ch.connect(remote, new InetSocketAddress(local, 0), connected);
          } else {
            ch.connect(remote, connected);
          }
        });
  }

  /** The failure of a connect whose last address, {@code address}, failed with {@code cause}. */
  static ConnectException connectFailure(
      @Nullable InetSocketAddress address, @Nullable Throwable cause) {
    ConnectException e =
        new ConnectException(
            "Connection to " + address + " failed: " + (cause == null ? "" : cause.getMessage()));
    if (cause != null) {
      e.initCause(cause);
    }
    return e;
  }

  /**
   * The connect to the hop's last address, {@code address}, failed with {@code cause}: the hop
   * driver decides whether the hop is retried (a refused connection is, as in 3.0.14) or the
   * exchange fails with a {@link ConnectException}.
   */
  static void connectFailed(
      Attempt attempt, @Nullable InetSocketAddress address, @Nullable Throwable cause) {
    attempt.exchange().services().hopEnded(
        HopEnd.failed(
            HopFailure.of(attempt, connectFailure(address, cause), HopFailure.Stage.CONNECT)
                .remote(address)
                .connectRefused(isRefused(cause))
                .build()));
  }

  /** Refused or unreachable, which 3.0.14 retries; a connect timeout is not. */
  private static boolean isRefused(@Nullable Throwable cause) {
    return (cause instanceof ConnectException && !(cause instanceof io.netty.channel.ConnectTimeoutException))
        || cause instanceof java.net.NoRouteToHostException;
  }

  /** Closes {@code ch} and fails the attempt's exchange with {@code cause}. */
  static void fail(Attempt attempt, Channel ch, Throwable cause) {
    ChannelClosing.close(ch);
    attempt.fail(cause);
  }
}

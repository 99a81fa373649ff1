package org.asynchttpclient.netty;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timer;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.concurrent.Ticker;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.ClientStats;
import org.asynchttpclient.HostStats;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Request;
import org.asynchttpclient.SslEngineFactory;
import org.asynchttpclient.TimeoutStats;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.events.HopKind;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.netty.channel.BoundedConnectionPermits;
import org.asynchttpclient.netty.channel.CallerLoop;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.channel.ChannelManager;
import org.asynchttpclient.netty.channel.ConnectionPermits;
import org.asynchttpclient.netty.channel.DefaultChannelPool;
import org.asynchttpclient.netty.channel.LoopPlacement;
import org.asynchttpclient.netty.channel.ParkedPermit;
import org.asynchttpclient.netty.channel.SemaphoreFactoryPermits;
import org.asynchttpclient.netty.connect.Connector;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.exchange.InFlightExchanges;
import org.asynchttpclient.netty.exchange.ExchangeEvents;
import org.asynchttpclient.netty.exchange.ExchangeServices;
import org.asynchttpclient.netty.handler.ResponseHandler;
import org.asynchttpclient.netty.hop.HopEnd;
import org.asynchttpclient.netty.request.NettyRequestFactory;
import org.asynchttpclient.netty.ssl.DefaultSslEngineFactory;
import org.asynchttpclient.netty.timeout.TickerTimer;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.asynchttpclient.netty.timeout.TimeoutValues;
import org.asynchttpclient.netty.ws.WebSocketUpgrade;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine behind {@code DefaultAsyncHttpClient}: it wires the client's parts together (loops,
 * timer, pool, permits, connector, the {@link HopDriver} that carries each exchange from hop to
 * hop), starts exchanges, keeps the statistics, and fails every exchange still in flight when the
 * client closes. The path of one request through these classes is drawn in {@code docs/engine.md}.
 *
 * <p>Threads: any thread may submit or close; see {@link HopDriver} for where each hop runs.
 */
public final class ClientEngine implements ExchangeServices {
  private static final Logger LOGGER = LoggerFactory.getLogger(ClientEngine.class);

  // immutable
  private final AsyncHttpClientConfig config;
  private final Timer timer;
  private final boolean ownTimer;
  private final TimeoutScheduler timeoutScheduler;
  private final boolean typedTimeoutExceptions;
  private final ExchangeEvents events;
  private final ChannelManager channels;
  private final ChannelPool pool;
  private final ConnectionPermits permits;
  private final SslEngineFactory sslEngineFactory;
  private final Connector connector;
  private final HopDriver hops;
  private final LoopPlacement placement;

  // any thread
  private final InFlightExchanges inFlight = new InFlightExchanges();
  // The timeouts that ended exchanges and how late each fired, for TimeoutStats: a snapshot may race
  // with records, so its fields are each exact but not necessarily from the same instant.
  private final LongAdder requestTimeouts = new LongAdder();
  private final LongAdder readTimeouts = new LongAdder();
  private final LongAdder lateNanos = new LongAdder();
  private final LongAccumulator maxLateNanos = new LongAccumulator(Math::max, 0);
  private volatile boolean closed;

  public ClientEngine(AsyncHttpClientConfig config) {
    this.config = config;
    Timer givenTimer = config.getNettyTimer();
    this.ownTimer = givenTimer == null;
    this.timer = givenTimer != null ? givenTimer : newTimer(config);
    // A test's timer may carry its own clock (see TickerTimer); otherwise the system's.
    Ticker ticker = timer instanceof TickerTimer ? ((TickerTimer) timer).ticker() : Ticker.systemTicker();
    this.timeoutScheduler = new TimeoutScheduler(timer, ticker, config.isUseEventLoopTimeouts());
    this.typedTimeoutExceptions = config.isTypedTimeoutExceptions();
    this.events =
        config.getExchangeListeners().isEmpty()
            ? ExchangeEvents.NONE
            : new ExchangeEvents(config.getExchangeListeners());
    this.channels = new ChannelManager(config, this::newResponseHandler);
    this.placement =
        config.isUseLoadAwareLoopPlacement()
            ? LoopPlacement.of(channels.eventLoopGroup())
            : LoopPlacement.off();
    ChannelPool givenPool = config.getChannelPool();
    this.pool =
        givenPool != null
            ? givenPool
            : new DefaultChannelPool(
                TimeoutValues.poolNanos(config.getPooledConnectionIdleTimeout()),
                TimeoutValues.poolNanos(config.getConnectionTtl()),
                TimeoutValues.poolNanos(config.getConnectionPoolCleanerPeriod()),
                timeoutScheduler);
    this.permits = newPermits(config, timeoutScheduler, channels.eventLoopGroup());
    SslEngineFactory givenSsl = config.getSslEngineFactory();
    this.sslEngineFactory = givenSsl != null ? givenSsl : new DefaultSslEngineFactory();
    try {
      sslEngineFactory.init(config);
    } catch (Exception e) {
      throw new IllegalStateException("Could not initialise TLS: " + e.getMessage(), e);
    }
    NettyRequestFactory requestFactory = new NettyRequestFactory(config);
    this.connector =
        new Connector(
            config, channels.bootstrap(), sslEngineFactory, timeoutScheduler, requestFactory,
            channels::newCodec, placement);
    this.hops = new HopDriver(this, config, permits, connector, requestFactory);
    placement.start(timer, ticker);
  }

  /** Each new channel's response handler; channels only exist once the constructor returned. */
  private ResponseHandler newResponseHandler() {
    return hops.newResponseHandler();
  }

  /**
   * The client's own timer. As in 3.0.12, its thread comes from the user's {@code threadFactory}
   * when there is one (the same factory as the I/O threads, so it names the thread), else from a
   * factory named {@code threadPoolName + "-timer"}; non-daemon either way, like the I/O threads.
   */
  private static Timer newTimer(AsyncHttpClientConfig config) {
    ThreadFactory threads = config.getThreadFactory();
    if (threads == null) {
      threads = new DefaultThreadFactory(config.getThreadPoolName() + "-timer");
    }
    HashedWheelTimer t =
        new HashedWheelTimer(
            threads,
            Math.max(1, config.getHashedWheelTimerTickDuration()),
            TimeUnit.MILLISECONDS,
            Math.max(1, config.getHashedWheelTimerSize()));
    t.start();
    return t;
  }

  private static ConnectionPermits newPermits(
      AsyncHttpClientConfig config, TimeoutScheduler scheduler, EventLoopGroup group) {
    if (config.getConnectionSemaphoreFactory() != null) {
      return new SemaphoreFactoryPermits(
          config.getConnectionSemaphoreFactory().newConnectionSemaphore(config), group);
    }
    if (config.getMaxConnections() <= 0 && config.getMaxConnectionsPerHost() <= 0) {
      return ConnectionPermits.UNLIMITED;
    }
    return new BoundedConnectionPermits(
        config.getMaxConnections(),
        config.getMaxConnectionsPerHost(),
        TimeUnit.MILLISECONDS.toNanos(Math.max(0, config.getAcquireFreeChannelTimeout())),
        scheduler);
  }

  // ---- submitting

  /** Starts an exchange for {@code request}; never throws, failures complete the future. */
  public <T> ListenableFuture<T> execute(Request request, AsyncHandler<T> handler) {
    Exception refused =
        closed
            ? new IOException("Client is closed: no new request can be sent")
            : WebSocketUpgrade.misuse(request, handler);
    if (refused != null) {
      handler.onThrowable(refused);
      return new ListenableFuture.CompletedFailure<>(refused);
    }
    // D1: the flag is resolved once, here, and kept on the exchange.
    Boolean perRequest = request.getUseAbsoluteRequestDeadline();
    boolean absolute = perRequest != null ? perRequest : config.isUseAbsoluteRequestDeadline();
    Exchange<T> ex =
        new Exchange<>(
            this, request, handler, absolute, TimeoutValues.requestTimeoutNanos(request, config));
    inFlight.add(ex);
    events.exchangeStarted(ex);
    if (closed) {
      ex.fail(new IOException("Client is closed: no new request can be sent"));
      return ex;
    }
    // On one of the client's loops the first hop may run inline; the exchange holds back an
    // outcome decided before this method returns (see Exchange#submitFrame). Off the loops the
    // field is left alone: the loop that takes the hop may already read it.
    EventLoop callerLoop = CallerLoop.in(channels.eventLoopGroup());
    if (callerLoop == null) {
      hops.send(ex, request, HopKind.INITIAL, false);
      return ex;
    }
    ex.submitFrame(callerLoop);
    try {
      hops.send(ex, request, HopKind.INITIAL, false);
    } finally {
      ex.submitFrame(null);
    }
    return ex;
  }

  // ---- ExchangeServices

  @Override
  public TimeoutScheduler timeouts() {
    return timeoutScheduler;
  }

  @Override
  public ExchangeEvents events() {
    return events;
  }

  @Override
  public void recycle(Channel channel, Exchange<?> ex) {
    hops.carriers().recycle(channel, ex);
  }

  @Override
  public void hopEnded(HopEnd end) {
    hops.hopEnded(end);
  }

  @Override
  public void closeChannel(Channel channel) {
    ChannelClosing.close(channel);
  }

  @Override
  public void releasePermit(Object partitionKey) {
    permits.release(partitionKey);
  }

  @Override
  public void parkPermit(Channel channel, Object partitionKey) {
    ParkedPermit.park(channel, partitionKey, permits);
  }

  @Override
  public void unregister(Exchange<?> exchange) {
    inFlight.remove(exchange);
    placement.released(exchange);
  }

  @Override
  public void onTimeoutFired(ExchangeTimeoutException e) {
    (e.getKind() == ExchangeTimeoutException.Kind.READ ? readTimeouts : requestTimeouts).increment();
    lateNanos.add(e.getLateNanos());
    maxLateNanos.accumulate(e.getLateNanos());
  }

  @Override
  public boolean typedTimeoutExceptions() {
    return typedTimeoutExceptions;
  }

  // ---- stats and lifecycle

  public Timer timer() {
    return timer;
  }

  public ChannelPool pool() {
    return pool;
  }

  public ChannelManager channels() {
    return channels;
  }

  public LoopPlacement placement() {
    return placement;
  }

  public ClientStats clientStats() {
    Map<String, Long> idle = pool.getIdleChannelCountPerHost();
    Map<String, Long> total = new HashMap<>();
    for (Channel ch : channels.openChannels()) {
      SocketAddress remote = ch.remoteAddress();
      if (remote instanceof InetSocketAddress) {
        total.merge(((InetSocketAddress) remote).getHostString(), 1L, Long::sum);
      }
    }
    Map<String, HostStats> perHost = new HashMap<>();
    for (Map.Entry<String, Long> e : total.entrySet()) {
      long idleCount = Math.min(e.getValue(), idle.getOrDefault(e.getKey(), 0L));
      perHost.put(e.getKey(), new HostStats(e.getValue() - idleCount, idleCount));
    }
    return new ClientStats(
        perHost,
        new TimeoutStats(requestTimeouts.sum(), readTimeouts.sum(), lateNanos.sum(), maxLateNanos.get()));
  }

  public boolean isClosed() {
    return closed;
  }

  /**
   * Closes the client: every exchange still in flight fails at once with an {@link IOException}
   * saying the client closed, waiters for permits fail, pooled and open channels close, the
   * configured {@code addressResolverGroup} closes (the client owns it, as in 3.0.12), the timer
   * the client created stops, and the loops it created begin their graceful shutdown, which is not
   * awaited (as in 3.0.11): close returns in milliseconds, the I/O threads end after the quiet
   * period.
   */
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    IOException cause = new IOException("Client closed while the request was in flight");
    permits.close(cause);
    for (Exchange<?> ex : inFlight.drain()) {
      ex.fail(cause);
    }
    hops.close();
    placement.stop();
    pool.destroy();
    try {
      sslEngineFactory.destroy();
    } catch (RuntimeException e) {
      LOGGER.debug("SslEngineFactory.destroy failed", e);
    }
    channels.close();
    if (!ownTimer) {
      return;
    }
    try {
      timer.stop();
    } catch (IllegalStateException fromTimerTask) {
      // close() was called from a timer task (a timeout callback, in timer mode): the wheel cannot
      // stop itself from its own thread, so another thread stops it once this task returns.
      GlobalEventExecutor.INSTANCE.execute(timer::stop);
    }
  }
}

package org.asynchttpclient.netty;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timer;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.concurrent.Ticker;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.ClientStats;
import org.asynchttpclient.HostStats;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.SslEngineFactory;
import org.asynchttpclient.TimeoutStats;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.netty.channel.BoundedConnectionPermits;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.channel.ChannelManager;
import org.asynchttpclient.netty.channel.ConnectionPermits;
import org.asynchttpclient.netty.channel.DefaultChannelPool;
import org.asynchttpclient.netty.channel.SemaphoreFactoryPermits;
import org.asynchttpclient.netty.connect.Connector;
import org.asynchttpclient.netty.connect.ProxySelection;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.exchange.ExchangeServices;
import org.asynchttpclient.netty.handler.ResponseHandler;
import org.asynchttpclient.netty.hop.FollowUpDecider;
import org.asynchttpclient.netty.hop.HopDecider;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.netty.request.NettyRequestFactory;
import org.asynchttpclient.netty.request.RequestWriter;
import org.asynchttpclient.netty.ssl.DefaultSslEngineFactory;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine behind {@code DefaultAsyncHttpClient}: it starts exchanges and carries each hop
 * through permit, pooled or new connection, and write; the response side lives in {@link
 * ResponseHandler}. It also answers the exchanges' requests to recycle or close channels and give
 * permits back, and it fails every exchange still in flight when the client closes. Whether a hop
 * that failed before its response is sent again is {@link BeforeResponseRetries}'s decision; the
 * timeout counters are {@link TimeoutCounters}.
 *
 * <p>Threads: any thread may submit; per-hop work continues on the permit's, resolver's or
 * channel's thread, and channel work always runs on the channel's event loop.
 */
public final class ClientEngine
    implements ExchangeServices, ResponseHandler.Owner, RequestWriter.FailurePolicy {
  private static final Logger LOGGER = LoggerFactory.getLogger(ClientEngine.class);

  // immutable
  private final AsyncHttpClientConfig config;
  private final Ticker ticker;
  private final Timer timer;
  private final boolean ownTimer;
  private final ChannelManager channels;
  private final ChannelPool pool;
  private final ConnectionPermits permits;
  private final SslEngineFactory sslEngineFactory;
  private final Connector connector;
  private final RequestWriter writer;
  private final NettyRequestFactory requestFactory;
  private final HopDecider hopDecider;
  private final BeforeResponseRetries retries;

  // any thread
  private final Set<Exchange<?>> inFlight = ConcurrentHashMap.newKeySet();
  private final TimeoutCounters timeouts = new TimeoutCounters();
  private volatile boolean closed;

  public ClientEngine(AsyncHttpClientConfig config) {
    this.config = config;
    this.ticker = Ticker.systemTicker();
    Timer givenTimer = config.getNettyTimer();
    if (givenTimer != null) {
      this.timer = givenTimer;
      this.ownTimer = false;
    } else {
      this.timer = newTimer(config);
      this.ownTimer = true;
    }
    this.channels = new ChannelManager(config, () -> new ResponseHandler(config, this));
    ChannelPool givenPool = config.getChannelPool();
    this.pool =
        givenPool != null
            ? givenPool
            : new DefaultChannelPool(
                nanosOrZero(config.getPooledConnectionIdleTimeout()),
                nanosOrZero(config.getConnectionTtl()),
                nanosOrZero(config.getConnectionPoolCleanerPeriod()),
                timer,
                ticker);
    this.permits = newPermits(config, timer);
    SslEngineFactory givenSsl = config.getSslEngineFactory();
    this.sslEngineFactory = givenSsl != null ? givenSsl : new DefaultSslEngineFactory();
    try {
      sslEngineFactory.init(config);
    } catch (Exception e) {
      throw new IllegalStateException("Could not initialise TLS: " + e.getMessage(), e);
    }
    this.requestFactory = new NettyRequestFactory(config);
    this.connector =
        new Connector(
            config, channels.bootstrap(), sslEngineFactory, ticker, requestFactory,
            channels::newCodec);
    this.writer = new RequestWriter(this);
    this.hopDecider = new FollowUpDecider(config);
    this.retries = new BeforeResponseRetries(config, this::replayOnFreshConnection);
  }

  private static Timer newTimer(AsyncHttpClientConfig config) {
    HashedWheelTimer t =
        new HashedWheelTimer(
            new DefaultThreadFactory(config.getThreadPoolName() + "-timer", true),
            Math.max(1, config.getHashedWheelTimerTickDuration()),
            TimeUnit.MILLISECONDS,
            Math.max(1, config.getHashedWheelTimerSize()));
    t.start();
    return t;
  }

  private static ConnectionPermits newPermits(AsyncHttpClientConfig config, Timer timer) {
    if (config.getConnectionSemaphoreFactory() != null) {
      return new SemaphoreFactoryPermits(
          config.getConnectionSemaphoreFactory().newConnectionSemaphore(config));
    }
    if (config.getMaxConnections() <= 0 && config.getMaxConnectionsPerHost() <= 0) {
      return ConnectionPermits.UNLIMITED;
    }
    return new BoundedConnectionPermits(
        config.getMaxConnections(),
        config.getMaxConnectionsPerHost(),
        TimeUnit.MILLISECONDS.toNanos(Math.max(0, config.getAcquireFreeChannelTimeout())),
        timer);
  }

  private static long nanosOrZero(@Nullable Duration d) {
    return d == null || d.isNegative() ? 0 : d.toNanos();
  }

  // ---- submitting

  /** Starts an exchange for {@code request}; never throws, failures complete the future. */
  public <T> ListenableFuture<T> execute(Request request, AsyncHandler<T> handler) {
    if (closed) {
      IOException e = new IOException("Client is closed: no new request can be sent");
      handler.onThrowable(e);
      return new ListenableFuture.CompletedFailure<>(e);
    }
    Boolean perRequest = request.getUseAbsoluteRequestDeadline();
    boolean absolute = perRequest != null ? perRequest : config.isUseAbsoluteRequestDeadline();
    Exchange<T> ex = new Exchange<>(this, request, handler, absolute, requestTimeoutNanos(request));
    inFlight.add(ex);
    if (closed) {
      ex.fail(new IOException("Client is closed: no new request can be sent"));
      return ex;
    }
    sendHop(ex, false);
    return ex;
  }

  /**
   * The request timeout of a hop: the request's own unless null or zero, else the config's.
   * Negative (-1 ms) means none, -1 here; zero expires at once, as in 3.0.11.
   */
  long requestTimeoutNanos(Request request) {
    Duration d = request.getRequestTimeout();
    if (d == null || d.isZero()) {
      d = config.getRequestTimeout();
    }
    return d == null || d.isNegative() ? -1 : d.toNanos();
  }

  /** The read timeout of a hop, chosen like the request timeout; zero or less means none. */
  long readTimeoutNanos(Request request) {
    Duration d = request.getReadTimeout();
    if (d == null || d.isZero()) {
      d = config.getReadTimeout();
    }
    long read = nanosOrZero(d);
    long total = requestTimeoutNanos(request);
    // A read timeout as long as the whole request's can never fire first.
    return total >= 0 && read >= total ? 0 : read;
  }

  /** Sends the exchange's current hop: encode, permit, channel, write. */
  void sendHop(Exchange<?> ex, boolean freshConnection) {
    if (!ex.checkBudget()) {
      return; // spent or ended: no permit, no connection, no write
    }
    Request request = ex.request();
    ProxyServer proxy = ProxySelection.select(config, request);
    // SOCKS is below HTTP: the request itself is the same as a direct one.
    ProxyServer httpProxy = proxy != null && proxy.getProxyType().isHttp() ? proxy : null;
    NettyRequest nettyRequest;
    try {
      Realm realm = request.getRealm();
      if (realm == null && !ex.credentialsDropped()) {
        realm = config.getRealm();
      }
      Realm proxyRealm = httpProxy != null ? httpProxy.getRealm() : null;
      nettyRequest = requestFactory.newNettyRequest(request, false, httpProxy, realm, proxyRealm);
      if (httpProxy != null && !request.getUri().isSecured()) {
        addProxyCustomHeaders(nettyRequest, httpProxy, request);
      }
    } catch (RuntimeException e) {
      ex.fail(e);
      return;
    }
    Uri uri = request.getUri();
    Object key = partitionKey(request, proxy);
    ex.partitionKey(key);
    permits.acquire(
        key,
        failure -> {
          if (failure != null) {
            nettyRequest.release();
            ex.fail(failure);
          } else if (ex.attachPermit(key)) {
            ex.nettyRequest(nettyRequest);
            obtainChannel(ex, key, uri, proxy, nettyRequest, freshConnection);
          } else {
            nettyRequest.release();
          }
        });
  }

  private static void addProxyCustomHeaders(
      NettyRequest nettyRequest, ProxyServer proxy, Request request) {
    java.util.function.Function<Request, HttpHeaders> custom = proxy.getCustomHeaders();
    if (custom != null) {
      HttpHeaders extra = custom.apply(request);
      if (extra != null) {
        nettyRequest.getHttpRequest().headers().add(extra);
      }
    }
  }

  private void obtainChannel(
      Exchange<?> ex,
      Object key,
      Uri uri,
      @Nullable ProxyServer proxy,
      NettyRequest request,
      boolean fresh) {
    long readTimeout = readTimeoutNanos(ex.request());
    long hopTimeout = requestTimeoutNanos(ex.request());
    if (!fresh) {
      ex.handler().onConnectionPoolAttempt();
      Channel pooled = pool.poll(key);
      if (pooled != null) {
        EventLoop loop = pooled.eventLoop();
        loop.execute(
            () -> {
              if (!pooled.isActive()) {
                connectAndWrite(ex, uri, proxy, request, hopTimeout, readTimeout);
                return;
              }
              // Attach first, then arm on the channel's own loop, then write.
              if (!ex.attachChannel(pooled) || !ex.armHopTimeout(hopTimeout, loop)) {
                return;
              }
              ex.handler().onConnectionPooled(pooled);
              writer.write(ex, pooled, request, readTimeout);
            });
        return;
      }
    }
    connectAndWrite(ex, uri, proxy, request, hopTimeout, readTimeout);
  }

  private void connectAndWrite(
      Exchange<?> ex,
      Uri uri,
      @Nullable ProxyServer proxy,
      NettyRequest request,
      long hopTimeout,
      long readTimeout) {
    // No channel yet: the timer bounds name resolution; the timeout moves onto the new
    // channel's loop once it exists, when its connect starts (event-loop mode).
    if (!ex.armHopTimeout(hopTimeout, null)) {
      return;
    }
    connector.connect(ex, uri, proxy, ch -> writer.write(ex, ch, request, readTimeout));
  }

  /** The pool partition of a hop: scheme, host, port and the proxy carrying it. */
  // 3.0.11's ChannelPoolPartitioning declares its parameters without @Nullable although a
  // virtual host and a proxy are optional; the built-in implementation accepts null.
  @SuppressWarnings("NullAway")
  private static Object partitionKey(Request request, @Nullable ProxyServer proxy) {
    return request
        .getChannelPoolPartitioning()
        .getPartitionKey(request.getUri(), request.getVirtualHost(), proxy);
  }

  private Object hopPartitionKey(Exchange<?> ex) {
    Object key = ex.partitionKey();
    return key != null ? key : partitionKey(ex.request(), ProxySelection.select(config, ex.request()));
  }

  // ---- retries before any response byte (decided by BeforeResponseRetries)

  @Override
  public boolean retryBeforeResponse(Exchange<?> ex, Throwable cause) {
    return retries.retry(ex, cause, closed);
  }

  /** Abandons the failed hop's channel and permit and sends {@code request} as a new hop. */
  private void replayOnFreshConnection(Exchange<?> ex, Request request) {
    ex.detachChannel();
    ex.releasePermit();
    ex.newHop(request);
    sendHop(ex, true);
  }

  @Override
  public @Nullable Request nextHop(
      Exchange<?> ex, org.asynchttpclient.HttpResponseStatus status, HttpHeaders headers)
      throws Exception {
    return hopDecider.nextHop(ex, status, headers);
  }

  @Override
  public void continueWithHop(Exchange<?> ex, Channel channel, boolean keepAlive, Request next) {
    assert channel.eventLoop().inEventLoop() : "continueWithHop must run on the channel's loop";
    if (ex.isDone()) {
      return;
    }
    ex.detachChannel();
    ex.timeouts().cancelReadTimeout();
    if (keepAlive && channel.isActive() && !closed) {
      if (!pool.offer(channel, hopPartitionKey(ex))) {
        channel.close();
      }
    } else {
      channel.close();
    }
    ex.releasePermit();
    ex.newHop(next);
    sendHop(ex, false);
  }

  @Override
  public void onWriteFailure(Exchange<?> ex, Channel channel, Throwable cause) {
    ResponseHandler responses = channel.pipeline().get(ResponseHandler.class);
    if (responses != null && !responses.unbindIfBound(ex)) {
      return; // the read side already reported this hop
    }
    channel.close();
    if (!(cause instanceof IOException) || !retryBeforeResponse(ex, cause)) {
      ex.fail(cause);
    }
  }

  @Override
  public void idleChannelClosed(Channel channel) {
    pool.removeAll(channel);
  }

  // ---- ExchangeServices

  @Override
  public Timer timer() {
    return timer;
  }

  @Override
  public Ticker ticker() {
    return ticker;
  }

  @Override
  public boolean useEventLoopTimeouts() {
    return config.isUseEventLoopTimeouts();
  }

  @Override
  public void recycle(Channel channel, Exchange<?> ex) {
    ex.handler().onConnectionOffer(channel);
    if (closed || !pool.offer(channel, hopPartitionKey(ex))) {
      channel.close();
    }
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
  public void unregister(Exchange<?> exchange) {
    inFlight.remove(exchange);
  }

  @Override
  public void onTimeoutFired(ExchangeTimeoutException e) {
    timeouts.record(e);
  }

  // ---- stats and lifecycle

  public ChannelPool pool() {
    return pool;
  }

  public ChannelManager channels() {
    return channels;
  }

  /** How the client's timeouts have fired so far. */
  public TimeoutStats timeoutStats() {
    return timeouts.snapshot();
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
    return new ClientStats(perHost, timeoutStats());
  }

  public boolean isClosed() {
    return closed;
  }

  /**
   * Closes the client: every exchange still in flight fails at once with an {@link IOException}
   * saying the client closed, waiters for permits fail, pooled and open channels close, then the
   * loops and timer the client created stop.
   */
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    IOException cause = new IOException("Client closed while the request was in flight");
    permits.close(cause);
    for (Exchange<?> ex : inFlight) {
      ex.fail(cause);
    }
    inFlight.clear();
    pool.destroy();
    try {
      sslEngineFactory.destroy();
    } catch (RuntimeException e) {
      LOGGER.debug("SslEngineFactory.destroy failed", e);
    }
    channels.close();
    if (ownTimer) {
      stopOwnTimer();
    }
  }

  private void stopOwnTimer() {
    try {
      timer.stop();
    } catch (IllegalStateException fromTimerTask) {
      // close() was called from a timer task (a timeout callback, in timer mode): the wheel cannot
      // stop itself from its own thread, so another thread stops it once this task returns.
      GlobalEventExecutor.INSTANCE.execute(timer::stop);
    }
  }
}

package org.asynchttpclient.netty.h2;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Request;
import org.asynchttpclient.exception.ExchangeTimeoutException.Phase;
import org.asynchttpclient.netty.carrier.CarrierProtocol;
import org.asynchttpclient.netty.carrier.Http1Carriers;
import org.asynchttpclient.netty.channel.AddressPartitionKey;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.exchange.ExchangeEvents;
import org.asynchttpclient.netty.hop.HopEnd;
import org.asynchttpclient.netty.hop.HopFailure;
import org.asynchttpclient.netty.request.RequestWriter;
import org.asynchttpclient.netty.request.HopRequests;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.asynchttpclient.netty.timeout.TimeoutValues;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * The client's HTTP/2 connections, one partition ({@link H2Partition}) per pool partition key,
 * and the stream carrier of a hop: a stream child channel of the partition's connection, whose
 * event loop is the connection's, with the same response reader and request writer as an
 * HTTP/1.1 channel behind a {@link StreamCodec}.
 *
 * <p>What is negotiated: over TLS the origin's ALPN offers {@code h2} then {@code http/1.1} when
 * {@code http2Enabled} (also through an HTTP CONNECT tunnel; the TLS to a proxy itself offers only
 * {@code http/1.1}); a cleartext hop speaks h2c with prior knowledge only with {@code
 * http2CleartextEnabled}, directly or through SOCKS. A partition whose ALPN picked
 * {@code http/1.1} is remembered as such and takes the HTTP/1.1 path from then on.
 *
 * <p>Permits: a hop that opens a connection holds a connection permit, as over HTTP/1.1, until
 * ALPN picks {@code h2}; then the permit goes back (3.0.11 does the same), and neither the
 * connection nor its streams hold one. So {@code maxConnections(PerHost)} bounds connections being
 * opened and HTTP/1.1 exchanges, not HTTP/2 streams. Under {@code LoadBalance.ROUND_ROBIN}, as in
 * 3.0.12, a connection keeps its opener's permit until it drains or closes, so {@code
 * maxConnectionsPerHost} bounds the connections to a host's addresses, and an opener that finds no
 * permit joins another address's connection ({@link #carryWithoutPermit}). A further connection
 * of a partition ({@code http2MaxConnectionsPerPartition} &gt; 1, opened under load: see {@link
 * H2Partition}) is opened only with a permit free at once, which it keeps for its life, so that
 * the limits bound the further connections in every load-balancing mode; with none free its
 * opener takes a stream of the partition's connections instead. Streams are bounded
 * per connection by {@code http2MaxConcurrentStreams} and the server's SETTINGS, and the hops
 * beyond wait (inside their request timeout or deadline) in a queue of at most {@code
 * H2WaitQueue.MAX_WAITING} (10000) per partition.
 *
 * <p>Memory: a partition leaves the map once it has no connection, no opener and no waiter and
 * no hop was routed to it for a sweep period ({@link #retireUnused}, on the timer every {@code
 * pooledConnectionIdleTimeout}, or {@value #SWEEP_WITHOUT_IDLE_TIMEOUT_SECONDS} s without one), so
 * a client keeps nothing per host it no longer talks to. What a partition knew (that its ALPN
 * said {@code http/1.1}) is forgotten with it: the next hop there negotiates again. A hop routing
 * to a partition as it is retired is routed to the key's new one (see {@link H2Partition}).
 *
 * <p>Threads: any; see {@link H2Partition} for the partition's monitor.
 */
public final class H2Registry implements H2Partition.Actions, CarrierProtocol, Http1Carriers.Takeover {

  /** The parts the registry works with; every one is required. */
  public static final class Parts {
    final AsyncHttpClientConfig config;
    final TimeoutScheduler scheduler;
    final EventLoopGroup group;
    @Nullable Supplier<? extends ChannelHandler> responseHandlers;
    @Nullable RequestWriter writer;
    @Nullable ExchangeEvents events;
    @Nullable Http1Carriers http1;

    public Parts(AsyncHttpClientConfig config, TimeoutScheduler scheduler, EventLoopGroup group) {
      this.config = config;
      this.scheduler = scheduler;
      this.group = group;
    }

    /** A new stream's response reader, the same as an HTTP/1.1 channel's. */
    public Parts responseHandlers(Supplier<? extends ChannelHandler> responseHandlers) {
      this.responseHandlers = responseHandlers;
      return this;
    }

    /** Writes a hop's request on its stream, as on an HTTP/1.1 channel. */
    public Parts writer(RequestWriter writer) {
      this.writer = writer;
      return this;
    }

    public Parts events(ExchangeEvents events) {
      this.events = events;
      return this;
    }

    /**
     * The HTTP/1.1 carriers: a hop that opens a partition's connection opens it there (a permit
     * and a connect), and a hop routed again that HTTP/2 does not carry goes there.
     */
    public Parts http1(Http1Carriers http1) {
      this.http1 = http1;
      return this;
    }
  }

  /** Where {@link #route} sent a hop. */
  public enum Route {
    /** Not an HTTP/2 hop: the HTTP/1.1 path (pool, permit, connect). */
    HTTP1,
    /** The hop opens the partition's connection: the HTTP/1.1 path's permit and connect, no pool. */
    OPEN_CONNECTION,
    /** The registry has the hop: a stream now, or a wait for one. */
    HANDLED
  }

  // immutable
  private final AsyncHttpClientConfig config;
  private final TimeoutScheduler scheduler;
  private final Http1Carriers http1;
  private final H2StreamOpener streamOpener;
  private final H2Lifetime lifetime;
  private final EventLoopGroup group;

  /** How often the sweep runs when the client has no pooledConnectionIdleTimeout. */
  static final long SWEEP_WITHOUT_IDLE_TIMEOUT_SECONDS = 60;

  // any thread
  private final ConcurrentHashMap<Object, H2Partition> partitions = new ConcurrentHashMap<>();
  private volatile boolean closed;
  private volatile @Nullable Object sweep;

  public H2Registry(Parts p) {
    this.config = p.config;
    this.group = p.group;
    this.scheduler = p.scheduler;
    this.http1 = Objects.requireNonNull(p.http1, "http1");
    this.lifetime = new H2Lifetime(config, scheduler);
    this.streamOpener =
        new H2StreamOpener(
            new StreamPipeline(config, Objects.requireNonNull(p.responseHandlers, "responseHandlers")),
            Objects.requireNonNull(p.writer, "writer"),
            Objects.requireNonNull(p.events, "events"));
    scheduleSweep(sweepPeriodNanos(config));
  }

  /**
   * The sweep's period: {@code pooledConnectionIdleTimeout} (a partition unused that long has let
   * its idle HTTP/1.1 connections go too), at least the pool cleaner's period.
   */
  static long sweepPeriodNanos(AsyncHttpClientConfig config) {
    long idle = TimeoutValues.poolNanos(config.getPooledConnectionIdleTimeout());
    long period = idle > 0 ? idle : TimeUnit.SECONDS.toNanos(SWEEP_WITHOUT_IDLE_TIMEOUT_SECONDS);
    return Math.max(period, TimeoutValues.poolNanos(config.getConnectionPoolCleanerPeriod()));
  }

  private void scheduleSweep(long periodNanos) {
    sweep =
        scheduler.onTimer(
            () -> {
              if (closed) {
                return;
              }
              retireUnused();
              scheduleSweep(periodNanos);
            },
            periodNanos);
  }

  /**
   * Takes out of the map the partitions {@link H2Partition#retireIfUnused} retires. Its cost
   * follows the partitions in the map: those with a connection, an opener or a waiter, and those
   * used since the previous sweep.
   */
  void retireUnused() {
    partitions.values().removeIf(H2Partition::retireIfUnused);
  }

  /** Partitions in the map (tests). */
  int partitionCount() {
    return partitions.size();
  }

  /** The partition mapped under {@code key} now, or null (tests). */
  @Nullable H2Partition partition(Object key) {
    return partitions.get(key);
  }

  /**
   * {@code http2MaxConnectionsPerPartition}, and no more than {@link #connectionLimit}: how many
   * connections a partition opens for load alone (see {@link H2Partition}).
   */
  static int connectionCap(AsyncHttpClientConfig config) {
    return Math.max(1, Math.min(config.getHttp2MaxConnectionsPerPartition(), connectionLimit(config)));
  }

  /**
   * {@code maxConnectionsPerHost} and {@code maxConnections} when set, else no limit: how many
   * connections a partition opens at most, when every one is at its stream limit. The first
   * connection of a partition gives its permit back (as 3.0.11 does), so the permits alone would
   * let one more connection open than they allow.
   */
  static int connectionLimit(AsyncHttpClientConfig config) {
    int limit = Integer.MAX_VALUE;
    if (config.getMaxConnectionsPerHost() > 0) {
      limit = Math.min(limit, config.getMaxConnectionsPerHost());
    }
    if (config.getMaxConnections() > 0) {
      limit = Math.min(limit, config.getMaxConnections());
    }
    return limit;
  }

  /** Whether a hop to {@code uri} through {@code proxy} may be carried by HTTP/2. */
  private boolean mayUseH2(Uri uri, @Nullable ProxyServer proxy) {
    if (!config.isHttp2Enabled() || uri.isWebSocket()) {
      return false;
    }
    boolean direct = proxy == null || proxy.getProxyType().isSocks();
    return uri.isSecured() || (direct && config.isHttp2CleartextEnabled());
  }

  /**
   * Routes the exchange's current hop. For {@link Route#HANDLED} the hop's request timeout is
   * armed here (on the connection's loop when there is one, else on the timer), so a wait for a
   * connection or a stream slot is inside it.
   */
  public Route route(Attempt attempt) {
    if (!mayUseH2(attempt.request().getUri(), attempt.proxy())
        || HopRequests.authenticatesConnection(attempt.request(), attempt.proxy(), config.getRealm())) {
      return Route.HTTP1;
    }
    Exchange<?> ex = attempt.exchange();
    Object key = attempt.partitionKey();
    H2Waiter w;
    H2Partition p;
    H2Partition.Decision d;
    do {
      p = partitions.computeIfAbsent(key, this::newPartition);
      if (p.routesHttp1()) {
        return Route.HTTP1;
      }
      // Armed before the hop is queued: a slot may be handed to it at once on another thread.
      if (!p.isOpener(ex) && !attempt.armRequestTimeout(p.waitLoop())) {
        return Route.HANDLED; // budget spent (the exchange timed out) or the hop is over
      }
      w = new H2Waiter(attempt);
      // Before the hop is queued: a slot handed to it on another thread moves the phase on.
      attempt.phase(Phase.WAITING_FOR_STREAM);
      d = p.route(w);
      if (d == H2Partition.Decision.RETIRED) {
        // The sweep took it out since the lookup: out of the map if the sweep has not removed it
        // yet, then the key's new partition (the timeout armed above is only moved, if at all).
        partitions.remove(key, p);
      }
    } while (d == H2Partition.Decision.RETIRED);
    H2Partition routed = p;
    switch (d) {
      case HTTP1:
        attempt.phase(Phase.WAITING_FOR_CONNECTION);
        return Route.HTTP1;
      case OPEN_FURTHER:
        // Not the caller's loop (a response callback's, most often the first connection's): the
        // further connection is worth opening only on a loop of its own.
        EventLoop loop = LeastBusyLoop.choose(group, routed.loops());
        if (loop != null) {
          attempt.dialing().onLoop(loop);
        }
        // fall through: opened like the first connection from here on
      case OPEN_CONNECTION:
        ex.addListener(() -> routed.openerEnded(ex), null);
        return Route.OPEN_CONNECTION;
      default:
        carry(w, d);
        return Route.HANDLED;
    }
  }

  /** A hop a partition took: a stream now, a wait, or a queue too long to wait in. */
  private void carry(H2Waiter w, H2Partition.Decision d) {
    if (d == H2Partition.Decision.STREAM) {
      openStream(w);
    } else if (d == H2Partition.Decision.QUEUE_FULL) {
      Uri uri = w.attempt.request().getUri();
      w.attempt.fail(
          new IOException(
              "HTTP/2 requests waiting for " + uri.getHost() + ":" + uri.getExplicitPort()
                  + " reached " + H2WaitQueue.MAX_WAITING + " (expected fewer waiting for a stream)"));
    }
  }

  /**
   * The opener of a round-robin partition found no connection permit: the host's connections are
   * at {@code maxConnectionsPerHost}. Rather than wait for a permit those connections hold for
   * their life, the hop multiplexes onto the connection of another address of its host (in its
   * dialing order), or waits for the one being opened there; multiplexing takes no permit (as in
   * 3.0.12). The hops waiting in its own partition are routed again. False when no
   * address of the host has a connection or an opener: the hop takes the permit path.
   */
  @Override
  public boolean carryWithoutPermit(Attempt attempt) {
    Exchange<?> ex = attempt.exchange();
    H2Partition own = partitions.get(attempt.partitionKey());
    if (own == null) {
      return false;
    }
    H2Waiter w = new H2Waiter(attempt);
    if (own.isFurtherOpener(ex)) {
      // No permit for a further connection: a stream of those there are (its request timeout was
      // armed when it was routed), never a wait for a permit nor a failure.
      attempt.phase(Phase.WAITING_FOR_STREAM);
      H2Partition.Decision d = own.furtherHadNoPermit(w);
      if (d != null) {
        carry(w, d);
        return true;
      }
    }
    if (!own.isOpener(ex)) {
      return false;
    }
    for (AddressPartitionKey key : attempt.siblingPartitions()) {
      H2Partition sibling = partitions.get(key);
      if (sibling == null || sibling == own) {
        continue;
      }
      // Armed before the hop is queued, as in route: a slot may be handed to it at once.
      if (!attempt.armRequestTimeout(sibling.waitLoop())) {
        return true; // budget spent: the exchange has ended
      }
      attempt.phase(Phase.WAITING_FOR_STREAM);
      H2Partition.Decision d = sibling.join(w);
      if (d != null) {
        own.openerJoinedSibling(ex);
        carry(w, d);
        return true;
      }
    }
    return false;
  }

  // ---- CarrierProtocol: a stream of the partition's connection

  /** A stream now, a wait for one, or this hop opens the connection; false over HTTP/1.1. */
  @Override
  public boolean acquire(Attempt attempt) {
    Route route = route(attempt);
    if (route == Route.OPEN_CONNECTION) {
      http1.openFresh(attempt);
    }
    return route != Route.HTTP1;
  }

  @Override
  public boolean owns(Channel carrier) {
    return H2Streams.isStream(carrier);
  }

  /** A stream carries one request: never reused, never pooled. */
  @Override
  public boolean reusable(Channel carrier) {
    return false;
  }

  /** The stream ends (its slot free at once); its connection, offered back, goes on. */
  @Override
  public void recycle(Channel stream, Exchange<?> ex) {
    Channel connection = stream.parent();
    if (connection != null) {
      ex.handler().onConnectionOffer(connection); // as 3.0.11 reports it
    }
    H2Streams.end(stream);
  }

  @Override
  public boolean poolAfterHop(Channel carrier, Attempt done, @Nullable Object permit, Request next) {
    return false;
  }

  /**
   * A new connection for the exchange's hop is ready (connected, past TLS). If it speaks HTTP/2 it
   * becomes its partition's connection, the hop's permit goes back and the hop waits for a stream
   * of it; returns true. Otherwise returns false and the hop writes HTTP/1.1 on the channel.
   * Runs on the channel's loop.
   */
  @Override
  public boolean takeOver(Attempt attempt, Channel ch) {
    assert ch.eventLoop().inEventLoop() : "onConnected runs on the channel's loop";
    Exchange<?> ex = attempt.exchange();
    Object key = attempt.partitionKey();
    H2Partition p = partitions.get(key);
    boolean tls = H2Pipeline.isTls(ch);
    boolean h2 = tls ? H2Pipeline.negotiatedH2(ch) : p != null && p.isOpener(ex);
    if (!h2) {
      if (p != null && tls) {
        p.negotiatedHttp1(ex);
      }
      return false;
    }
    Uri target = attempt.request().getUri();
    if (target.isWebSocket()) {
      // Our ALPN offers only http/1.1 for wss; a user's SslContext or SslEngineFactory offered h2
      // and the server took it. The upgrade cannot go as a stream (RFC 8441 is not spoken), nor as
      // HTTP/1.1 on a connection the server now reads as HTTP/2 (3.0.12 writes it anyway).
      ChannelClosing.close(ch);
      ex.fail(
          new IOException(
              "ALPN negotiated h2 for the WebSocket upgrade to "
                  + target.getBaseUrl()
                  + " (expected http/1.1: WebSocket over HTTP/2 is not supported; the SslContext"
                  + " or SslEngineFactory must not offer h2 when http2Allowed is false)"));
      return true;
    }
    if (p == null) {
      // ALPN picked h2 for a hop that did not ask (a user's SslContext offering it): speak it.
      p = partitions.computeIfAbsent(key, this::newPartition);
    }
    // The connection is shared from now on: the hop no longer owns it, nor a permit. If the
    // outcome's winner took it first, the exchange is ending and closes it: nothing to share.
    if (!attempt.takeCarrier(ch)) {
      return true;
    }
    // Round robin keeps the permit on the connection for its life (3.0.12 does), so that
    // maxConnectionsPerHost bounds the connections a host's addresses get, and so does a further
    // connection of a partition in every mode; else it goes back now (3.0.11 does).
    boolean keepsPermit = key instanceof AddressPartitionKey || p.isFurtherOpener(ex);
    Object permit = keepsPermit ? attempt.takePermit() : null;
    if (permit != null) {
      ex.services().parkPermit(ch, permit);
    } else {
      attempt.releasePermit();
    }
    H2Connection c = new H2Connection(ch, p, config.getHttp2MaxConcurrentStreams(), lifetime.createdAt(ch));
    H2Pipeline.install(config, c, scheduler);
    if (p.negotiatedH2(c, new H2Waiter(attempt))) {
      lifetime.armTtl(p, c);
    }
    return true;
  }

  // ---- H2Partition.Actions

  @Override
  public void openStream(H2Waiter w) {
    streamOpener.open(w);
  }

  /**
   * Routes the waiting hop again (it may open a connection or take the HTTP/1.1 path); its
   * request timeout keeps running from when it was first armed.
   */
  @Override
  public void resume(H2Waiter w) {
    if (!acquire(w.attempt)) {
      http1.acquire(w.attempt);
    }
  }

  /**
   * The connection {@code w} waited for went away, or its stream could not be opened ({@code
   * cause}): nothing of its request was sent, and the hop driver decides whether it is sent again.
   */
  @Override
  public void cut(H2Waiter w, IOException cause, H2Connection c) {
    Attempt attempt = w.attempt;
    attempt.exchange().services().hopEnded(
        HopEnd.failed(
            HopFailure.of(attempt, cause, HopFailure.Stage.NOT_SENT)
                .remote(c.channel.remoteAddress())
                .stream(-1, c.serverGoAwayLastStreamId, HopFailure.Unprocessed.NEVER_SENT)
                .build()));
  }

  @Override
  public void close(H2Connection c) {
    c.channel.close();
  }

  /** Forgets every partition; the connections themselves close with the client's channels. */
  public void close() {
    closed = true;
    TimeoutScheduler.cancel(sweep);
    partitions.clear();
  }

  private H2Partition newPartition(Object key) {
    return new H2Partition(this, lifetime, connectionCap(config), connectionLimit(config));
  }
}

package org.asynchttpclient.netty.carrier;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Request;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.netty.channel.AddressPartitionKey;
import org.asynchttpclient.netty.channel.CallerLoop;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.channel.ConnectionPermits;
import org.asynchttpclient.netty.channel.DefaultChannelPool;
import org.asynchttpclient.netty.channel.LoopPlacement;
import org.asynchttpclient.netty.channel.ParkedPermit;
import org.asynchttpclient.netty.connect.Connector;
import org.asynchttpclient.netty.connect.ProxySelection;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.exchange.ExchangeEvents;
import org.asynchttpclient.netty.request.HopRequests;
import org.asynchttpclient.netty.request.RequestWriter;
import org.jetbrains.annotations.Nullable;

/**
 * HTTP/1.1 carriers: a TCP connection per exchange at a time, from the pool or new, each held
 * under a connection permit (permits count open connections, idle ones included, as in 3.0.11).
 *
 * <ul>
 *   <li>pooled: an idle connection of the hop's partition, with the permit parked on it ({@link
 *       ParkedPermit}); on its loop: attach, arm the request timeout there, write (E3);
 *   <li>new: a permit (or a wait for one, or for an idle connection of the partition, inside the
 *       request timeout), the request timeout armed on the timer (it bounds resolution, connect
 *       and TLS: E2, and moves onto the channel's loop once the channel exists), the connect, then
 *       the write, unless the connection negotiated another protocol ({@link Takeover}).
 * </ul>
 *
 * Handing back: a connection whose response allowed keep-alive is pooled with the permit parked
 * on it, else closed and the permit released.
 *
 * <p>Threads: any; what runs on a channel runs on its loop. Holds no per-exchange state.
 */
public final class Http1Carriers implements CarrierProtocol {

  /** A protocol a new connection may have negotiated instead (HTTP/2 by ALPN or prior knowledge). */
  public interface Takeover {
    /**
     * The hop's new connection is ready: true if it speaks another protocol, which then carries
     * the hop; false to write HTTP/1.1 on it. On the channel's loop.
     */
    boolean takeOver(Attempt attempt, Channel connection);

    /**
     * No permit is free for the new connection the hop was to open: true if this protocol carries
     * the hop on a connection it already has, with no permit. On any thread.
     */
    default boolean carryWithoutPermit(Attempt attempt) {
      return false;
    }
  }

  // immutable
  private final AsyncHttpClientConfig config;
  private final ChannelPool pool;
  private final ConnectionPermits permits;
  private final Connector connector;
  private final RequestWriter writer;
  private final ExchangeEvents events;
  private final EventLoopGroup group;
  private final BooleanSupplier clientClosed;
  private final LoopPlacement placement;

  // written once, while the engine is wired
  private Takeover takeover = (attempt, connection) -> false;

  /** The parts the HTTP/1.1 carriers work with; every one is required. */
  public static final class Parts {
    final AsyncHttpClientConfig config;
    final ChannelPool pool;
    final ConnectionPermits permits;
    @Nullable Connector connector;
    @Nullable RequestWriter writer;
    @Nullable ExchangeEvents events;
    @Nullable EventLoopGroup group;
    @Nullable BooleanSupplier clientClosed;
    LoopPlacement placement = LoopPlacement.off();

    public Parts(AsyncHttpClientConfig config, ChannelPool pool, ConnectionPermits permits) {
      this.config = config;
      this.pool = pool;
      this.permits = permits;
    }

    public Parts connector(Connector connector) {
      this.connector = connector;
      return this;
    }

    public Parts writer(RequestWriter writer) {
      this.writer = writer;
      return this;
    }

    public Parts events(ExchangeEvents events) {
      this.events = events;
      return this;
    }

    public Parts group(EventLoopGroup group) {
      this.group = group;
      return this;
    }

    public Parts placement(LoopPlacement placement) {
      this.placement = placement;
      return this;
    }

    public Parts clientClosed(BooleanSupplier clientClosed) {
      this.clientClosed = clientClosed;
      return this;
    }
  }

  public Http1Carriers(Parts p) {
    this.config = p.config;
    this.pool = p.pool;
    this.permits = p.permits;
    this.connector = Objects.requireNonNull(p.connector, "connector");
    this.writer = Objects.requireNonNull(p.writer, "writer");
    this.events = Objects.requireNonNull(p.events, "events");
    this.group = Objects.requireNonNull(p.group, "group");
    this.clientClosed = Objects.requireNonNull(p.clientClosed, "clientClosed");
    this.placement = p.placement;
  }

  /** Lets another protocol take over new connections that negotiated it; set once, at wiring. */
  public void takeover(Takeover takeover) {
    this.takeover = takeover;
  }

  // ---- getting a carrier

  /** Every hop may go over HTTP/1.1: a pooled connection first unless the hop wants a fresh one. */
  @Override
  public boolean acquire(Attempt attempt) {
    if (attempt.freshConnection() || !takePooled(attempt, attempt.partitionKey())) {
      openWithPermit(attempt, attempt.freshConnection());
    }
    return true;
  }

  /**
   * Opens a new connection for the hop, never a pooled one: the opener of an HTTP/2 partition
   * (a pooled connection could only be HTTP/1.1).
   */
  public void openFresh(Attempt attempt) {
    openWithPermit(attempt, true);
  }

  /** A new connection needs a permit of its own (maxConnections counts open connections). */
  private void openWithPermit(Attempt attempt, boolean fresh) {
    Object key = attempt.permitKey();
    if (permits.tryAcquire(key)) {
      if (attempt.attachPermit(key)) {
        connectAndWrite(attempt);
      }
      return;
    }
    if (fresh ? takeover.carryWithoutPermit(attempt) : takePooledSibling(attempt)) {
      return;
    }
    if (attempt.isHedge()
        && attempt.dropIfHedged(new IOException("no connection permit free at once for a hedge"))) {
      return; // a hedge never waits for a permit that other requests wait for
    }
    // No permit free: waiting for one is part of the hop, so its request timeout (on the timer,
    // as there is no channel yet) bounds the wait.
    if (!attempt.armRequestTimeout(null)) {
      return;
    }
    if (config.getAcquireFreeChannelTimeout() > 0 && permits.atGlobalLimit()) {
      // Idle connections to other partitions hold the permits: closing them gives their permits to
      // the waiters. (3.0.11 waits out acquireFreeChannelTimeout beside them, then fails.) Without
      // a wait the request is refused at once, as in 3.0.11.
      pool.flushPartitions(other -> !AddressPartitionKey.baseOf(other).equals(key));
    }
    permits.acquire(key, new PermitWait(attempt, fresh));
  }

  /** A hop waiting for a permit, or for a connection of its partition to go idle. */
  private final class PermitWait implements ConnectionPermits.Callback {
    private final Attempt attempt;
    /** Must open a connection of its own (a retry, or the opener of an HTTP/2 partition). */
    private final boolean fresh;

    PermitWait(Attempt attempt, boolean fresh) {
      this.attempt = attempt;
      this.fresh = fresh;
    }

    @Override
    public void accept(@Nullable IOException failure) {
      if (failure != null) {
        attempt.fail(failure);
      } else if (attempt.attachPermit(attempt.permitKey())) {
        connectAndWrite(attempt);
      }
    }

    @Override
    public void idleConnectionOffered() {
      if (attempt.isOver()) {
        return;
      }
      if (fresh || !(takePooled(attempt, attempt.partitionKey()) || takePooledSibling(attempt))) {
        // Not for this hop, or another hop took it first: wait again.
        permits.acquire(attempt.permitKey(), this);
      }
    }
  }

  /**
   * A ROUND_ROBIN hop with no idle connection to its own address and no permit: the limit per
   * host wins over the spreading, so it takes an idle connection to another address of its host
   * (in its dialing order) rather than wait for a permit those connections hold.
   */
  private boolean takePooledSibling(Attempt attempt) {
    for (AddressPartitionKey sibling : attempt.siblingPartitions()) {
      if (takePooled(attempt, sibling)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Takes an idle pooled connection of partition {@code key}, with the permit parked on it, and
   * writes the hop on it. Returns false when the pool has none.
   */
  private boolean takePooled(Attempt attempt, Object key) {
    EventLoop preferred = placement.choose(CallerLoop.in(group));
    Channel pooled;
    if (preferred != null && pool instanceof DefaultChannelPool) {
      // Another loop's idle connection rather than a new one, unless that loop is saturated, the
      // preferred one is not, and no limit makes a new connection wait: then the new one opens on
      // the preferred loop (LoopPlacement#passOver).
      pooled =
          ((DefaultChannelPool) pool)
              .poll(key, preferred, permits == ConnectionPermits.UNLIMITED ? placement : null);
    } else {
      pooled = pool.poll(key);
    }
    if (pooled == null) {
      return false;
    }
    placement.placed(attempt.exchange(), pooled.eventLoop());
    // Without limits, pool() parks nothing: the channel's attribute map is not looked up. Its
    // loop wrote it (giving the channel back), so from this thread the lookup is a cache miss.
    Object permit = permits == ConnectionPermits.UNLIMITED ? null : ParkedPermit.take(pooled);
    if (permit != null) {
      attempt.attachPermit(permit); // back at once if the attempt or its exchange has ended
    }
    // Always a task, even from the channel's own loop, where queueing it wakes nothing: the write
    // then waits for the end of the loop's current I/O batch. A request issued from a response
    // callback (the closed async chain) is so written after the loop has read every response that
    // was ready, and the loop's requests reach the server together; written inline, each request
    // went out between two reads. Measured on loopback with 32 in flight: docs/benchmarks.md.
    pooled.eventLoop().execute(() -> writeOnPooled(attempt, pooled));
    return true;
  }

  /** Runs on the pooled channel's loop: attach first, then arm there, then write (E3). */
  private void writeOnPooled(Attempt attempt, Channel pooled) {
    assert pooled.eventLoop().inEventLoop() : "writeOnPooled must run on the pooled channel's loop";
    if (!pooled.isActive()) {
      ChannelClosing.close(pooled);
      if (attempt.holdsPermit()) {
        connectAndWrite(attempt); // under the permit the dead connection had
      } else {
        openWithPermit(attempt, true); // its close gave the permit back first
      }
      return;
    }
    if (!attempt.attachCarrier(pooled) || !attempt.armRequestTimeout(pooled.eventLoop())) {
      return;
    }
    events.connectionAcquired(attempt, true);
    attempt.handler().onConnectionPooled(pooled);
    writer.write(attempt, pooled);
  }

  /**
   * No channel yet: the timer bounds resolution, connect and TLS (E2); the timeout moves onto the
   * new channel's loop as soon as the channel exists ({@link Attempt#attachCarrier}).
   */
  private void connectAndWrite(Attempt attempt) {
    if (!attempt.armRequestTimeout(null)) {
      return;
    }
    connector.connect(
        attempt,
        ch -> {
          if (!takeover.takeOver(attempt, ch)) {
            writer.write(attempt, ch);
          }
        });
  }

  // ---- handing carriers back

  @Override
  public boolean owns(Channel carrier) {
    return true; // the protocol of last resort: any carrier no other protocol claims
  }

  @Override
  public boolean reusable(Channel carrier) {
    return carrier.isActive() && !clientClosed.getAsBoolean();
  }

  @Override
  public void recycle(Channel carrier, Exchange<?> ex) {
    ex.handler().onConnectionOffer(carrier);
    Attempt last = ex.current();
    Object permit = ex.takePermit();
    if (clientClosed.getAsBoolean() || last == null) {
      ChannelClosing.close(carrier);
      releasePermit(permit);
    } else {
      pool(carrier, AddressPartitionKey.poolKey(last.partitionKey(), carrier), permit);
    }
  }

  @Override
  public boolean poolAfterHop(Channel carrier, Attempt done, @Nullable Object permit, Request next) {
    if (blocksNextHop(done, next)) {
      return false;
    }
    pool(carrier, AddressPartitionKey.poolKey(done.partitionKey(), carrier), permit);
    return true;
  }

  /**
   * Pools an idle channel with its permit parked on it, then lets a hop waiting for that
   * partition take it; closes it (permit back) when the pool refuses it.
   */
  private void pool(Channel channel, Object partitionKey, @Nullable Object permit) {
    // Without limits there is nothing to count: no per-channel bookkeeping on the common path.
    Object parked = permits == ConnectionPermits.UNLIMITED ? null : permit;
    if (parked != null) {
      ParkedPermit.park(channel, parked, permits);
    }
    if (!pool.offer(channel, partitionKey)) {
      releasePermit(ParkedPermit.take(channel));
      ChannelClosing.close(channel);
      return;
    }
    if (parked != null) {
      permits.connectionIdle(parked); // the permit's key: the host's, whatever the partition
    }
  }

  /** Gives a permit back; null (none held) is allowed. */
  public void releasePermit(@Nullable Object permit) {
    if (permit != null) {
      permits.release(permit);
    }
  }

  /**
   * Whether pooling the finished hop's connection could keep its own next hop from a permit: with
   * connection limits, a next hop to another partition would wait for a permit that this idle
   * connection holds. Such a connection is closed instead (3.0.11 pools it, and a one-connection
   * client then fails its own redirect to another host with TooManyConnectionsException).
   */
  private boolean blocksNextHop(Attempt done, Request next) {
    if (permits == ConnectionPermits.UNLIMITED) {
      return false;
    }
    Object nextKey = HopRequests.partitionKey(next, ProxySelection.select(config, next), config.getRealm());
    return !nextKey.equals(done.permitKey());
  }
}

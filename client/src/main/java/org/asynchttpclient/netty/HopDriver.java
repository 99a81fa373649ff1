package org.asynchttpclient.netty;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.HttpHeaders;
import java.io.IOException;
import java.util.function.BooleanSupplier;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Request;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.events.HopKind;
import org.asynchttpclient.netty.channel.CallerLoop;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.channel.ConnectionPermits;
import org.asynchttpclient.netty.channel.DefaultChannelPool;
import org.asynchttpclient.netty.channel.ParkedPermit;
import org.asynchttpclient.netty.connect.Connector;
import org.asynchttpclient.netty.connect.ProxySelection;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.exchange.ExchangeEvents;
import org.asynchttpclient.netty.h2.H2Registry;
import org.asynchttpclient.netty.h2.H2Streams;
import org.asynchttpclient.netty.handler.ResponseHandler;
import org.asynchttpclient.netty.hop.HopDecider;
import org.asynchttpclient.netty.hop.NextHop;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.netty.request.RequestWriter;
import org.asynchttpclient.netty.timeout.TimeoutValues;
import org.asynchttpclient.proxy.ProxyServer;
import org.jetbrains.annotations.Nullable;

/**
 * Drives every exchange from hop to hop. Read top to bottom, one hop is:
 *
 * <ol>
 *   <li>{@link #send}: the budget check (a hop whose budget is spent is never sent), the wire
 *       request, a new {@link Attempt} published to the exchange;
 *   <li>a carrier: an idle pooled channel with the permit parked on it (on its loop: attach,
 *       arm the request timeout there, write), else a connection permit (waiting for one, or for
 *       an idle connection of the partition, inside the request timeout) and a new connection (arm
 *       on the timer, connect; the timeout moves onto the channel's loop as soon as the channel
 *       exists; then write). Permits count open connections, idle ones included, as in 3.0.11
 *       ({@link ParkedPermit});
 *   <li>the write ({@link RequestWriter}) and the response ({@link ResponseHandler}), which asks
 *       {@link #nextHop} on each response head whether a redirect, auth challenge or response
 *       filter turns it into another hop;
 *   <li>{@link #continueWithHop}: that hop's response was read to its end, so its carrier goes
 *       back to the pool (or is closed) and the next hop is sent; an NTLM round instead keeps the
 *       carrier and its permit and writes the next hop on it ({@link #sendOnSameCarrier}); or {@link
 *       #retryBeforeResponse}: the connection failed (before any response byte, or at any point of
 *       an HTTP/1.1 response unless {@code strictMidResponseRetry}), so the same request may be
 *       replayed on a fresh connection ({@link BeforeResponseRetries} decides).
 * </ol>
 *
 * The last hop ends in the exchange's own outcome (its {@code complete}, {@code fail} or a
 * timeout). A hop hands on only after it wins its attempt's {@code end()}: if a timeout of that
 * hop won first, the exchange is timing out and the hop stops where it is.
 *
 * <p>Threads: {@link #send} from any thread (the caller's, a permit releaser's, the previous
 * hop's loop); everything on a channel runs on that channel's loop. Holds no per-exchange state.
 */
final class HopDriver implements ResponseHandler.Owner, RequestWriter.FailurePolicy {
  // immutable
  private final AsyncHttpClientConfig config;
  private final ChannelPool pool;
  private final ConnectionPermits permits;
  private final Connector connector;
  private final RequestWriter writer;
  private final HopRequests hopRequests;
  private final HopDecider hopDecider;
  private final BeforeResponseRetries retries;
  private final BooleanSupplier clientClosed;
  private final ExchangeEvents events;
  private final H2Registry h2;
  private final EventLoopGroup group;

  HopDriver(ClientEngine.Parts parts) {
    this.config = parts.config;
    this.pool = parts.pool;
    this.permits = parts.permits;
    this.connector = parts.connector;
    this.hopRequests = new HopRequests(config, parts.requestFactory);
    this.hopDecider = parts.hopDecider;
    this.clientClosed = parts.clientClosed;
    this.events = parts.events;
    this.group = parts.group;
    this.writer = new RequestWriter(this, config.getDeadlinePropagationHeader());
    this.retries = new BeforeResponseRetries(config, this::replayOnFreshConnection);
    this.h2 =
        new H2Registry(config, parts.ticker, () -> new ResponseHandler(config, this), new H2Hops());
  }

  /** How the HTTP/2 registry hands hops back: the same writer, routing and retry rules. */
  private final class H2Hops implements H2Registry.Engine {
    @Override
    public void resumeHop(Attempt attempt) {
      dispatch(attempt);
    }

    @Override
    public void write(Attempt attempt, Channel stream) {
      // The stream is the hop's carrier: published first, so a cancel or timeout resets it.
      boolean openedIt = attempt.remoteAddress() != null; // the opener connected it itself
      if (attempt.attachCarrier(stream)) {
        if (!openedIt) {
          events.connectionAcquired(attempt, true);
        }
        writer.write(attempt, stream);
      }
    }

    @Override
    public boolean retryBeforeResponse(Attempt attempt, Throwable cause) {
      return HopDriver.this.retryBeforeResponse(attempt, cause);
    }
  }

  /** Forgets the HTTP/2 partitions; the client closes their connections with its channels. */
  void close() {
    h2.close();
  }

  // ---- 1. a hop: budget, wire request, attempt, permit

  /**
   * Sends {@code request} as the exchange's next hop, of {@code kind}; {@code fresh} refuses
   * pooled channels.
   */
  void send(Exchange<?> ex, Request request, HopKind kind, boolean fresh) {
    Attempt attempt = begin(ex, request, kind, fresh);
    if (attempt != null) {
      dispatch(attempt);
    }
  }

  /**
   * Builds the hop's wire request and attempt, publishes it to the exchange and checks the budget;
   * returns null when the exchange ended or its whole budget is spent (then nothing is sent: D3).
   */
  private @Nullable Attempt begin(Exchange<?> ex, Request request, HopKind kind, boolean fresh) {
    if (ex.isDone()) {
      return null;
    }
    ProxyServer proxy = ProxySelection.select(config, request);
    NettyRequest wire;
    try {
      wire = hopRequests.encode(ex, request, proxy);
    } catch (RuntimeException e) {
      ex.fail(e);
      return null;
    }
    Attempt attempt =
        ex.begin(
            Attempt.builder(ex, request, wire)
                .partitionKey(HopRequests.partitionKey(request, proxy))
                .proxy(proxy)
                .kind(kind)
                .freshConnection(fresh)
                .requestTimeoutNanos(TimeoutValues.requestTimeoutNanos(request, config))
                .readTimeoutNanos(TimeoutValues.readTimeoutNanos(request, config)));
    if (attempt == null || !ex.checkBudget()) {
      return null;
    }
    events.hopStarted(attempt);
    return attempt;
  }


  /**
   * HTTP/2 first: a stream of the partition's connection, or a wait for one (no permit), or this
   * hop opens the connection; else, and for the opener, a carrier: an idle pooled connection with
   * the permit parked on it, or a permit and a new connection. Also where a hop that waited for
   * an HTTP/2 connection goes on when it had to take another path.
   */
  private void dispatch(Attempt attempt) {
    H2Registry.Route route = h2.route(attempt);
    if (route == H2Registry.Route.HANDLED) {
      return;
    }
    // The opener of an HTTP/2 partition connects: a pooled channel could only be HTTP/1.1.
    boolean fresh = attempt.freshConnection() || route == H2Registry.Route.OPEN_CONNECTION;
    if (!fresh) {
      attempt.exchange().handler().onConnectionPoolAttempt();
      if (takePooled(attempt)) {
        return;
      }
    }
    openWithPermit(attempt, fresh);
  }

  /** A new connection needs a permit of its own (maxConnections counts open connections). */
  private void openWithPermit(Attempt attempt, boolean fresh) {
    Exchange<?> ex = attempt.exchange();
    Object key = attempt.partitionKey();
    if (permits.tryAcquire(key)) {
      if (ex.attachPermit(key)) {
        connectAndWrite(attempt);
      }
      return;
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
      pool.flushPartitions(other -> !other.equals(key));
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
      Exchange<?> ex = attempt.exchange();
      if (failure != null) {
        ex.fail(failure);
      } else if (ex.attachPermit(attempt.partitionKey())) {
        connectAndWrite(attempt);
      }
    }

    @Override
    public void idleConnectionOffered() {
      if (attempt.isOver()) {
        return;
      }
      if (fresh || !takePooled(attempt)) {
        // Not for this hop, or another hop took it first: wait again.
        permits.acquire(attempt.partitionKey(), this);
      }
    }
  }

  /**
   * Takes an idle pooled connection of the hop's partition, with the permit parked on it, and
   * writes on it. Returns false when the pool has none.
   */
  private boolean takePooled(Attempt attempt) {
    EventLoop caller = CallerLoop.in(group);
    Channel pooled =
        caller != null && pool instanceof DefaultChannelPool
            ? ((DefaultChannelPool) pool).poll(attempt.partitionKey(), caller)
            : pool.poll(attempt.partitionKey());
    if (pooled == null) {
      return false;
    }
    Object permit = ParkedPermit.take(pooled);
    if (permit != null) {
      attempt.exchange().attachPermit(permit); // back at once if the exchange has ended
    }
    // Always a task, even from the channel's own loop, where queueing it wakes nothing: the write
    // then waits for the end of the loop's current I/O batch. A request issued from a response
    // callback (the closed async chain) is so written after the loop has read every response that
    // was ready, and the loop's requests reach the server together; written inline, each request
    // went out between two reads. Measured on loopback with 32 in flight: see README, target 1.
    pooled.eventLoop().execute(() -> writeOnPooled(attempt, pooled));
    return true;
  }

  // ---- 2. a carrier: pooled or new

  /** Runs on the pooled channel's loop: attach first, then arm there, then write (E3). */
  private void writeOnPooled(Attempt attempt, Channel pooled) {
    assert pooled.eventLoop().inEventLoop() : "writeOnPooled must run on the pooled channel's loop";
    if (!pooled.isActive()) {
      ChannelClosing.close(pooled);
      if (attempt.exchange().holdsPermit()) {
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
    attempt.exchange().handler().onConnectionPooled(pooled);
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
          if (!h2.onConnected(attempt, ch)) {
            writer.write(attempt, ch);
          }
        });
  }

  // ---- 3. the response head: another hop?

  @Override
  public @Nullable NextHop nextHop(Attempt attempt, HttpResponseStatus status, HttpHeaders headers)
      throws Exception {
    return hopDecider.nextHop(attempt.exchange(), status, headers);
  }

  // ---- 4. continuing: the next hop, or a replay

  @Override
  public void continueWithHop(Attempt done, Channel channel, boolean keepAlive, NextHop next) {
    assert channel.eventLoop().inEventLoop() : "continueWithHop must run on the channel's loop";
    Exchange<?> ex = done.exchange();
    // A stream is never pooled: ChannelClosing ends it and its connection goes on.
    boolean reusable =
        keepAlive && !H2Streams.isStream(channel) && channel.isActive() && !clientClosed.getAsBoolean();
    // Asked while done is still the exchange's current attempt: the decision names its hop.
    boolean sameConnection = reusable && hopDecider.continuesOnSameConnection(ex);
    if (reusable && !sameConnection) {
      ex.handler().onConnectionOffer(channel);
    }
    if (!done.end()) {
      return; // a timeout of this hop won: the exchange is timing out and closes the carrier
    }
    done.timeouts().cancel();
    Channel carrier = done.takeCarrier();
    if (carrier != null && sameConnection && !ex.isDone()) {
      events.hopEnded(done, null);
      sendOnSameCarrier(ex, next, carrier);
      return;
    }
    Object permit = ex.takePermit();
    if (carrier != null && reusable && !ex.isDone() && !blocksNextHop(done, next.request())) {
      pool(carrier, done.partitionKey(), permit);
    } else {
      if (carrier != null) {
        ChannelClosing.close(carrier);
      }
      releasePermit(permit);
    }
    events.hopEnded(done, null);
    send(ex, next.request(), next.kind(), false);
  }

  /**
   * Sends {@code request} as the exchange's next hop on {@code carrier}, the previous hop's
   * channel, which was never offered to the pool: an NTLM round, whose handshake authenticates the
   * connection. The exchange keeps the previous hop's permit. Loop-only.
   */
  private void sendOnSameCarrier(Exchange<?> ex, NextHop next, Channel carrier) {
    assert carrier.eventLoop().inEventLoop() : "sendOnSameCarrier must run on the carrier's loop";
    Attempt attempt = begin(ex, next.request(), next.kind(), false);
    if (attempt == null) {
      ChannelClosing.close(carrier); // held by no attempt: nobody else would close it
      return;
    }
    if (!attempt.attachCarrier(carrier) || !attempt.armRequestTimeout(carrier.eventLoop())) {
      return;
    }
    events.connectionAcquired(attempt, true);
    writer.write(attempt, carrier);
  }


  @Override
  public boolean retryBeforeResponse(Attempt failed, Throwable cause) {
    return retries.retry(failed, cause, clientClosed.getAsBoolean());
  }

  @Override
  public boolean replayByFilters(Attempt failed, IOException cause) {
    return retries.replayByFilters(failed, cause, clientClosed.getAsBoolean());
  }

  /** Abandons the failed hop's carrier and permit and sends {@code request} as a new hop. */
  private void replayOnFreshConnection(Attempt failed, Request request, Throwable cause) {
    if (!failed.end()) {
      return; // a timeout of this hop won
    }
    failed.timeouts().cancel();
    Channel carrier = failed.takeCarrier();
    if (carrier != null) {
      ChannelClosing.close(carrier);
    }
    events.hopEnded(failed, cause);
    Exchange<?> ex = failed.exchange();
    ex.releasePermit();
    send(ex, request, HopKind.RETRY, true);
  }

  @Override
  public void onWriteFailure(Attempt attempt, Channel channel, Throwable cause) {
    ResponseHandler responses = channel.pipeline().get(ResponseHandler.class);
    if (responses != null && !responses.unbindIfBound(attempt)) {
      return; // the read side already reported this hop
    }
    ChannelClosing.close(channel);
    if (!(cause instanceof IOException) || !retryBeforeResponse(attempt, cause)) {
      attempt.exchange().fail(cause);
    }
  }

  @Override
  public void idleChannelClosed(Channel channel) {
    pool.removeAll(channel);
  }

  // ---- handing channels back

  /**
   * A channel whose exchange completed: back to the pool with the exchange's permit if keep-alive
   * allows, else closed.
   */
  void recycle(Channel channel, Exchange<?> ex) {
    if (H2Streams.isStream(channel)) {
      ChannelClosing.close(channel); // the stream ended; its connection stays
      return;
    }
    ex.handler().onConnectionOffer(channel);
    Attempt last = ex.current();
    Object permit = ex.takePermit();
    if (clientClosed.getAsBoolean() || last == null) {
      ChannelClosing.close(channel);
      releasePermit(permit);
    } else {
      pool(channel, last.partitionKey(), permit);
    }
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
      permits.connectionIdle(partitionKey);
    }
  }

  private void releasePermit(@Nullable Object permit) {
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
    Object nextKey = HopRequests.partitionKey(next, ProxySelection.select(config, next));
    return !nextKey.equals(done.partitionKey());
  }
}

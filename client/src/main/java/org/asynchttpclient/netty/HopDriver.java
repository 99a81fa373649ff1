package org.asynchttpclient.netty;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Request;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.events.HopKind;
import org.asynchttpclient.exception.FilterException;
import org.asynchttpclient.netty.carrier.Carriers;
import org.asynchttpclient.netty.carrier.Http1Carriers;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.channel.ConnectionPermits;
import org.asynchttpclient.netty.connect.Connector;
import org.asynchttpclient.netty.connect.ProxySelection;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.AttemptBuilder;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.exchange.ExchangeEvents;
import org.asynchttpclient.netty.h2.H2Registry;
import org.asynchttpclient.netty.handler.ResponseHandler;
import org.asynchttpclient.netty.hop.FollowUpDecider;
import org.asynchttpclient.netty.hop.HedgeStats;
import org.asynchttpclient.netty.hop.HopDecider;
import org.asynchttpclient.netty.hop.HopEnd;
import org.asynchttpclient.netty.hop.HopFailure;
import org.asynchttpclient.netty.hop.HopFailureMessages;
import org.asynchttpclient.netty.hop.IoExceptionFilters;
import org.asynchttpclient.netty.hop.NextHop;
import org.asynchttpclient.netty.hop.Replays;
import org.asynchttpclient.netty.hop.RetryBudget;
import org.asynchttpclient.netty.request.HopRequests;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.netty.request.NettyRequestFactory;
import org.asynchttpclient.netty.request.RequestWriter;
import org.asynchttpclient.netty.request.body.NettyBody;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.asynchttpclient.netty.timeout.TimeoutValues;
import org.asynchttpclient.proxy.ProxyServer;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 *       the {@link HopDecider} on each response head whether a redirect, auth challenge or
 *       response filter turns it into another hop (a last hop never comes back here);
 *   <li>{@link #hopEnded}, the one door every room reports the end of a hop through (the response
 *       reader, the writer, the HTTP/2 streams and waiters, the connector: each through {@code
 *       ExchangeServices#hopEnded}, with a {@link HopEnd}): either that hop's response was read to
 *       its end ({@link #continueWithHop}: its carrier goes back to the pool, or is closed, and the
 *       next hop is sent; an NTLM round instead keeps the carrier and its permit and writes the
 *       next hop on it, {@link #sendOnSameCarrier}), or the hop failed ({@link #failed}): {@link
 *       Replays} decides, from the {@link HopFailure}'s facts, whether the IOException filters are
 *       asked and whether the same request is sent again as a new hop of the exchange, on a fresh
 *       connection; otherwise the exchange fails with an exception that says what happened ({@link
 *       HopFailureMessages}).
 * </ol>
 *
 * The last hop ends in the exchange's own outcome (its {@code complete}, {@code fail} or a
 * timeout). A hop hands on only after it wins its attempt's {@code end()}: if a timeout of that
 * hop won first, the exchange is timing out and the hop stops where it is.
 *
 * <p>Threads: {@link #send} from any thread (the caller's, a permit releaser's, the previous
 * hop's loop); everything on a channel runs on that channel's loop. Holds no per-exchange state.
 */
final class HopDriver {
  private static final Logger LOGGER = LoggerFactory.getLogger(HopDriver.class);

  // immutable
  private final AsyncHttpClientConfig config;
  private final RequestWriter writer;
  private final HopRequests hopRequests;
  private final HopDecider hopDecider;
  private final ChannelPool pool;
  private final BooleanSupplier clientClosed;
  private final ExchangeEvents events;
  private final H2Registry h2;
  private final Http1Carriers http1;
  private final Carriers carriers;
  private final Connector connector;
  private final Hedging hedging;
  /** Null unless {@code retryBudgetPercent} is set. */
  private final @Nullable RetryBudget retryBudget;
  /** A pinned hop goes on here (one object for every hop, not a lambda per hop). */
  private final Consumer<Attempt> afterPin = attempt -> dispatch(attempt, true);

  HopDriver(ClientEngine engine, AsyncHttpClientConfig config, ConnectionPermits permits,
      Connector connector, NettyRequestFactory requestFactory) {
    this.config = config;
    this.connector = connector;
    this.hopRequests = new HopRequests(config, requestFactory);
    this.hopDecider = new FollowUpDecider(config);
    this.clientClosed = engine::isClosed;
    this.events = engine.events();
    this.pool = engine.pool();
    TimeoutScheduler scheduler = engine.timeouts();
    EventLoopGroup group = engine.channels().eventLoopGroup();
    this.hedging = new Hedging(config, scheduler, group, this::sendHedge);
    this.retryBudget =
        config.getRetryBudgetPercent() >= 0
            ? new RetryBudget(config.getRetryBudgetPercent(), scheduler.ticker())
            : null;
    this.writer =
        new RequestWriter(
            config.getDeadlinePropagationHeader(), config.getHttpAdditionalChannelInitializer() == null);
    this.http1 =
        new Http1Carriers(
            new Http1Carriers.Parts(config, pool, permits)
                .connector(connector)
                .writer(writer)
                .events(events)
                .group(group)
                .placement(engine.placement())
                .clientClosed(clientClosed));
    this.h2 =
        new H2Registry(
            new H2Registry.Parts(config, scheduler, group)
                .responseHandlers(this::newResponseHandler)
                .writer(writer)
                .events(events)
                .http1(http1));
    http1.takeover(h2);
    this.carriers = new Carriers(h2, http1);
  }

  /**
   * A channel's response reader: it asks the hop decider at each head whether another hop
   * follows, and comes back here ({@link #hopEnded}) only to continue with that hop or when the
   * hop failed.
   */
  ResponseHandler newResponseHandler() {
    return new ResponseHandler(config, hopDecider, pool);
  }

  /** Where hops' carriers come from and go back to. */
  Carriers carriers() {
    return carriers;
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
    Attempt previous = ex.current();
    if (kind == HopKind.INITIAL && retryBudget != null) {
      retryBudget.request();
    }
    Attempt attempt = begin(ex, request, kind, fresh, true);
    if (attempt != null && !connector.pinAddress(attempt, previous, afterPin)) {
      dispatch(attempt, true);
    }
  }

  /**
   * Builds the hop's wire request and attempt, publishes it to the exchange and checks the budget;
   * returns null when the exchange ended or its whole budget is spent (then nothing is sent: D3).
   * With {@code mayHedge}, a hop that hedging applies to gets its hedge timer ({@link Hedging}).
   */
  private @Nullable Attempt begin(
      Exchange<?> ex, Request request, HopKind kind, boolean fresh, boolean mayHedge) {
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
    Object partitionKey = HopRequests.partitionKey(request, proxy, config.getRealm());
    AttemptBuilder hop =
        Attempt.builder(ex, request, wire)
            .partitionKey(partitionKey)
            .proxy(proxy)
            .kind(kind)
            .freshConnection(fresh)
            .requestTimeoutNanos(TimeoutValues.requestTimeoutNanos(request, config))
            .readTimeoutNanos(TimeoutValues.readTimeoutNanos(request, config));
    HedgeStats hedged = mayHedge ? hedging.prepare(ex, request, wire, partitionKey, hop) : null;
    Attempt attempt = ex.begin(hop);
    // The attempt's start is a reading taken just now (the submission's, for the first hop).
    if (attempt == null || !ex.checkBudget(attempt.startNanos())) {
      return null;
    }
    events.hopStarted(attempt);
    if (hedged != null) {
      hedging.arm(attempt, hedged, attempt.startNanos());
    }
    return attempt;
  }

  /**
   * Sends a hedge of {@code primary}, a hedged hop's attempt whose hedge delay passed without a
   * response head ({@link Hedging}): the same request, a new attempt of the same hop beside it,
   * on another connection or stream. Any thread.
   */
  private void sendHedge(Attempt primary) {
    Exchange<?> ex = primary.exchange();
    NettyRequest wire;
    try {
      wire = hopRequests.encode(ex, primary.request(), primary.proxy());
    } catch (RuntimeException e) {
      return; // the primary was encoded from the same request: it goes on alone
    }
    Attempt hedge = ex.beginHedge(Attempt.builder(ex, primary.request(), wire), primary);
    if (hedge == null) {
      return;
    }
    events.hedgeSent(hedge);
    dispatch(hedge, false);
  }

  /**
   * A carrier for the hop ({@link Carriers}: an HTTP/2 stream, or a wait for one, or an HTTP/1.1
   * connection, pooled or new). Also where a hop that waited for an HTTP/2 connection goes on
   * when it had to take another path.
   */
  private void dispatch(Attempt attempt, boolean announce) {
    // As in 3.0.11: every hop that may reuse a connection says so first, the HTTP/2 registry's
    // connections included, and the opener of an HTTP/2 partition too (it looked, found none).
    if (announce && !attempt.freshConnection()) {
      attempt.handler().onConnectionPoolAttempt();
    }
    carriers.acquire(attempt);
  }

  // ---- 2. the end of a hop: the next hop, or a replay, or the exchange's failure

  /** The rooms' one door back (see the class javadoc): what follows the end of a hop. */
  void hopEnded(HopEnd end) {
    HopFailure failure = end.failure();
    if (failure == null) {
      continueWithHop(end.attempt(), end.channel(), end.keepAlive(), end.next());
    } else {
      failed(failure);
    }
  }

  /**
   * The hop {@code done}'s response was read to its end on {@code channel} (or abandoned:
   * keepAlive false); the exchange goes on with {@code next}. On the channel's loop.
   */
  private void continueWithHop(Attempt done, Channel channel, boolean keepAlive, NextHop next) {
    assert channel.eventLoop().inEventLoop() : "continueWithHop must run on the channel's loop";
    Exchange<?> ex = done.exchange();
    boolean reusable = keepAlive && carriers.reusable(channel);
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
    Object permit = done.takePermit();
    if (carrier != null && sameConnection && !ex.isDone()) {
      events.hopEnded(done, null);
      sendOnSameCarrier(ex, next, carrier, permit);
      return;
    }
    if (carrier != null) {
      carriers.afterHop(carrier, done, permit, reusable && !ex.isDone(), next.request());
    } else {
      carriers.releasePermit(permit);
    }
    events.hopEnded(done, null);
    send(ex, next.request(), next.kind(), false);
  }

  /**
   * Sends {@code request} as the exchange's next hop on {@code carrier}, the previous hop's
   * channel, which was never offered to the pool: an NTLM round, whose handshake authenticates the
   * connection. The exchange keeps the previous hop's permit. Loop-only.
   */
  private void sendOnSameCarrier(Exchange<?> ex, NextHop next, Channel carrier, @Nullable Object permit) {
    assert carrier.eventLoop().inEventLoop() : "sendOnSameCarrier must run on the carrier's loop";
    Attempt attempt = begin(ex, next.request(), next.kind(), false, false);
    if (attempt == null) {
      ChannelClosing.close(carrier); // held by no attempt: nobody else would close it
      carriers.releasePermit(permit);
      return;
    }
    if (permit != null && !attempt.attachPermit(permit)) {
      ChannelClosing.close(carrier);
      return;
    }
    if (!attempt.attachCarrier(carrier) || !attempt.armRequestTimeout(carrier.eventLoop())) {
      return;
    }
    events.connectionAcquired(attempt, true);
    writer.write(attempt, carrier);
  }

  /**
   * A hop failed: {@link Replays} decides from the failure's facts whether the IOException filters
   * are asked, and whether the request is sent again as a new hop of the exchange (on a fresh
   * connection, inside the exchange's budget: {@link #send} checks it); otherwise the exchange
   * fails, with an exception that names where the request went, whether the server may have
   * processed it, and why it was not sent again.
   */
  private void failed(HopFailure f) {
    Attempt a = f.attempt();
    Exchange<?> ex = a.exchange();
    Replays.Decision d = Replays.decide(situation(f));
    if (d.action() == Replays.Action.NOTHING) {
      return; // the hop is over: whoever ended it decided the exchange's outcome
    }
    if (a.dropIfHedged(f.cause())) {
      return; // another attempt of the hedged hop runs on: the hop has not failed
    }
    if (d.askFilters() && f.cause() instanceof IOException) {
      Request replay;
      try {
        replay = IoExceptionFilters.replay(config.getIoExceptionFilters(), ex, (IOException) f.cause());
      } catch (FilterException e) {
        ex.fail(e);
        return;
      }
      if (replay != null && bodyReplayable(a)) {
        replay(a, replay, f.cause());
        return;
      }
    }
    switch (d.action()) {
      case REPLAY_UNPROCESSED:
        ex.followUps().incrementUnprocessedReplays();
        retry(a, f.cause());
        return;
      case RETRY:
        if (retryBudget != null && d.reason() == Replays.Reason.RETRY) {
          retryBudget.spend();
        }
        ex.followUps().incrementRetries();
        retry(a, f.cause());
        return;
      default:
        int replays = ex.followUps().retries() + ex.followUps().unprocessedReplays();
        ex.fail(HopFailureMessages.forCaller(f, d.reason(), replays));
    }
  }

  private Replays.Situation situation(HopFailure f) {
    Attempt a = f.attempt();
    Exchange<?> ex = a.exchange();
    Request request = a.request();
    return new Replays.Situation()
        .stage(f.stage())
        .unprocessed(f.unprocessed())
        .http2(f.http2())
        .connectionLost(f.connectionLost())
        .connectRefused(f.connectRefused())
        .ioFailure(f.cause() instanceof IOException)
        .method(request.getMethod(), Replays.hasIdempotencyKey(request))
        .bodyReplayable(bodyReplayable(a))
        .replaysSoFar(ex.followUps().retries(), ex.followUps().unprocessedReplays())
        .maxRequestRetry(config.getMaxRequestRetry())
        .strictMidResponseRetry(config.isStrictMidResponseRetry())
        .replayOnlyIdempotent(config.isReplayOnlyIdempotent())
        .filtersConfigured(!config.getIoExceptionFilters().isEmpty())
        .clientClosed(clientClosed.getAsBoolean())
        .retryBudgetLeft(retryBudget == null || retryBudget.allows())
        .over(a.isOver());
  }

  private static boolean bodyReplayable(Attempt a) {
    NettyBody body = a.wire().getBody();
    return body == null || body.isReplayable();
  }

  /**
   * Sends the failed hop's request again; the handler hears {@code onRetry} first, and if it throws
   * (a handler that cannot start over, as BodyDeferringAsyncHandler), the exchange fails with that,
   * as in 3.0.11.
   */
  private void retry(Attempt failed, Throwable cause) {
    Exchange<?> ex = failed.exchange();
    LOGGER.debug("Replaying {} on a fresh connection after {}", ex, cause.toString());
    try {
      ex.handler().onRetry();
    } catch (RuntimeException e) {
      ex.fail(e);
      return;
    }
    replay(failed, failed.request(), cause);
  }

  /** Abandons the failed hop's carrier and permit and sends {@code request} as a new hop. */
  private void replay(Attempt failed, Request request, Throwable cause) {
    if (!failed.end()) {
      return; // a timeout of this hop won
    }
    failed.timeouts().cancel();
    Channel carrier = failed.takeCarrier();
    if (carrier != null) {
      ChannelClosing.close(carrier);
    }
    events.hopEnded(failed, cause);
    failed.releasePermit();
    send(failed.exchange(), request, HopKind.RETRY, true);
  }
}

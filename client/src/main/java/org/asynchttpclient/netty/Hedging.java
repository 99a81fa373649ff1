package org.asynchttpclient.netty;

import io.netty.channel.EventLoopGroup;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.AttemptBuilder;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.exchange.HedgeGroup;
import org.asynchttpclient.netty.hop.HedgeStats;
import org.asynchttpclient.netty.hop.HedgeStatsByPartition;
import org.asynchttpclient.netty.hop.Replays;
import org.asynchttpclient.netty.request.HopRequests;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.netty.request.body.NettyBody;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.asynchttpclient.ws.WebSocketUpgradeHandler;
import org.jetbrains.annotations.Nullable;

/**
 * When a hop is hedged, and when its hedges go out ({@code hedgeDelay} and the options beside
 * it). A hop is hedged when its request is safe to send twice (G3: GET, HEAD, OPTIONS, an {@code
 * Idempotency-Key}, or marked hedgeable; never a WebSocket upgrade), its body can be produced
 * again and its hedge delay is above zero. Its primary attempt is then built with a
 * {@link HedgeGroup}, and a timer runs the hedge delay from the hop's start: when it fires with no
 * response head yet, the exchange still running, its deadline not spent (G1) and the partition's
 * hedge budget not spent (G4), one hedge is sent (by the hop driver, {@code send}), and the timer
 * runs again for the next one while fewer than {@code maxHedgedAttempts} were sent.
 *
 * <p>The delay is {@code hedgeDelay}, or with {@code hedgePercentile} the partition's recent time
 * to a response head at that percentile when longer.
 *
 * <p>Threads: any; immutable but for the partitions' figures, which guard themselves. One per
 * client; a hop that is not hedged costs it one look at the request's and the client's delay.
 */
final class Hedging {
  // immutable
  private final long clientDelayNanos;
  private final int maxAttempts;
  private final double percentile;
  private final double budget;
  private final TimeoutScheduler scheduler;
  private final EventLoopGroup group;
  private final @Nullable Realm clientRealm;
  /** Sends a hedge of a hop (the hop driver's), when its timer finds one due. */
  private final Consumer<Attempt> send;
  private final HedgeStatsByPartition stats = new HedgeStatsByPartition();

  Hedging(AsyncHttpClientConfig config, TimeoutScheduler scheduler, EventLoopGroup group, Consumer<Attempt> send) {
    this.clientDelayNanos = config.getHedgeDelay().toNanos();
    this.maxAttempts = config.getMaxHedgedAttempts();
    this.percentile = config.getHedgePercentile();
    this.budget = config.getHedgeBudget();
    this.clientRealm = config.getRealm();
    this.scheduler = scheduler;
    this.group = group;
    this.send = send;
  }

  /**
   * Makes {@code hop} (a primary attempt being built) hedged when its request may be: the
   * builder then gives the attempt its group. Returns the partition's figures, which {@link
   * #arm} takes, or null when the hop is not hedged.
   */
  @Nullable HedgeStats prepare(
      Exchange<?> ex, Request request, NettyRequest wire, Object partitionKey, AttemptBuilder hop) {
    if (delayNanos(request) <= 0 || maxAttempts < 2 || !safeToSendTwice(ex, request, wire)) {
      return null;
    }
    HedgeStats partition = stats.of(partitionKey);
    partition.earn(budget);
    hop.hedged(maxAttempts, partition);
    return partition;
  }

  /**
   * Arms the next hedge of {@code primary}, a hedged hop's attempt, whose partition's figures are
   * {@code partition}: due a hedge delay after {@code fromNanos} (the hop's start for the first).
   */
  void arm(Attempt primary, HedgeStats partition, long fromNanos) {
    long wait = fromNanos + delay(primary, partition) - scheduler.ticker().nanoTime();
    scheduler.onLoop(group.next(), () -> fire(primary, partition), wait);
  }

  /** The hedge timer fired: sends one hedge when it is still due, and arms the next one. */
  private void fire(Attempt primary, HedgeStats partition) {
    HedgeGroup hedges = primary.hedges();
    if (hedges == null || hedges.claimed() || primary.exchange().isDone() || hedges.sent() >= maxAttempts) {
      return;
    }
    long now = scheduler.ticker().nanoTime();
    if (now >= primary.requestDeadlineNanos()) {
      return; // the hop's budget is spent: a hedge now could only be cut off (G1)
    }
    if (!partition.spend()) {
      return; // the partition's hedge budget is spent (G4)
    }
    send.accept(primary);
    if (hedges.sent() < maxAttempts) {
      arm(primary, partition, now);
    }
  }

  /** The hedge delay of {@code primary}'s hop: the configured one, or the percentile when longer. */
  private long delay(Attempt primary, HedgeStats partition) {
    long delay = delayNanos(primary.request());
    return percentile > 0 ? Math.max(delay, partition.percentileNanos(percentile)) : delay;
  }

  private long delayNanos(Request request) {
    Duration own = request.getHedgeDelay();
    return own != null ? own.toNanos() : clientDelayNanos;
  }

  /**
   * G3: only a request that is safe to send twice, with a body that can be produced again; never a
   * WebSocket upgrade, nor a login that authenticates its connection (NTLM, SPNEGO), whose rounds
   * belong to one connection.
   */
  private boolean safeToSendTwice(Exchange<?> ex, Request request, NettyRequest wire) {
    if (ex.handler() instanceof WebSocketUpgradeHandler || request.getUri().isWebSocket()
        || HopRequests.authenticatesConnection(request, request.getProxyServer(), clientRealm)) {
      return false;
    }
    // Two attempts write their bodies at once: only a body held in memory, which each writes from
    // its own view, is sent twice; a stream or a file would be shared between the two writers.
    NettyBody body = wire.getBody();
    if (body != null && !(body.isInMemory() && body.isReplayable())) {
      return false;
    }
    Boolean marked = request.getHedgeable();
    return marked != null ? marked : safeMethod(request.getMethod()) || Replays.hasIdempotencyKey(request);
  }

  /** GET, HEAD and OPTIONS: what a hedge may repeat without the caller saying so. */
  private static boolean safeMethod(String method) {
    String m = method.toUpperCase(Locale.ROOT);
    return m.equals("GET") || m.equals("HEAD") || m.equals("OPTIONS");
  }
}

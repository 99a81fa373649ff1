package org.asynchttpclient.netty.exchange;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.SocketAddress;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import io.netty.handler.codec.http.HttpHeaders;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.Request;
import org.asynchttpclient.events.HopKind;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.exception.ExchangeTimeoutException.Phase;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.netty.timeout.AttemptTimeouts;
import org.jetbrains.annotations.Nullable;

/**
 * One hop of an exchange: the first request, or a redirect, retry or auth replay of it, or a
 * hedge of one. It holds what belongs to this hop only: its request and wire request, where it
 * goes ({@link HopRoute}: the pool partition, the proxy, the addresses), the carrier it runs on (a
 * channel), the connection permit it took, and its timeouts. What spans hops (outcome, deadline,
 * handler, follow-up memory) stays in the {@link Exchange}. A hedged hop has several attempts in
 * flight at once, its {@link HedgeGroup}; the others have none.
 *
 * <pre>
 *            end(): the next hop takes over (redirect, auth replay, retry)
 *   CURRENT ---------------------------------------------------------------&gt; ENDED
 *            end(): one of its timeouts expired, and the exchange times out
 *            abandon(): another attempt of its hedged hop won, or it failed beside another
 * </pre>
 *
 * Exactly one of the two ends an attempt, decided by one compare-and-set: a timeout of this hop
 * that fires just as the next hop starts finds the attempt ENDED and does nothing (A1), and a hop
 * whose timeout won never hands its carrier on.
 *
 * <p>The carrier is handed over atomically (A3): whoever takes it with {@link #takeCarrier()} owns
 * it, either the outcome's winner (which closes it) or the hop continuing (which pools or closes
 * it), never both.
 *
 * <p>Threads: the immutable fields are set before the attempt is published to its exchange; the
 * others may be read and written from any thread as documented on each.
 */
public final class Attempt extends HopRoute implements AttemptTimeouts.Owner {
  private static final int CURRENT = 0;
  private static final int ENDED = 1;

  // protocolVersion() of a hop on a connection of its own, and of one on an HTTP/2 stream
  static final String HTTP_1_1 = "1.1";
  static final String HTTP_2 = "2";

  private static final AtomicIntegerFieldUpdater<Attempt> STATE =
      AtomicIntegerFieldUpdater.newUpdater(Attempt.class, "state");
  private static final AtomicReferenceFieldUpdater<Attempt, Channel> CARRIER =
      AtomicReferenceFieldUpdater.newUpdater(Attempt.class, Channel.class, "carrier");
  private static final AtomicReferenceFieldUpdater<Attempt, Object> PERMIT =
      AtomicReferenceFieldUpdater.newUpdater(Attempt.class, Object.class, "permitKey");
  private static final AtomicIntegerFieldUpdater<Attempt> RELEASED =
      AtomicIntegerFieldUpdater.newUpdater(Attempt.class, "released");
  // The fields below are written with release stores (plain ones in the constructor, which
  // publication through the exchange orders): each is read by other threads for a timeout's
  // decision or message and takes part in no write-then-read protocol, so the full fence of a
  // volatile store (a dozen per request) would buy nothing.
  private static final VarHandle LAST_READ = field(MethodHandles.lookup(), "lastReadNanos", long.class);
  private static final VarHandle PHASE = field(MethodHandles.lookup(), "phase", Phase.class);
  private static final VarHandle PROTOCOL = field(MethodHandles.lookup(), "protocolVersion", String.class);
  private static final VarHandle REMOTE = field(MethodHandles.lookup(), "remoteAddress", SocketAddress.class);
  private static final VarHandle STATUS = field(MethodHandles.lookup(), "statusCode", int.class);

  // immutable
  private final Exchange<?> exchange;
  private final int number;
  private final Request request;
  private final NettyRequest wire;
  private final boolean freshConnection;
  private final HopKind kind;
  private final long startNanos;
  private final long requestTimeoutNanos;
  private final long readTimeoutNanos;
  private final AttemptTimeouts timeouts;
  /** The hop's attempts in flight together when the hop is hedged; null when it is not. */
  private final @Nullable HedgeGroup hedges;

  // any thread
  /** The connection permit this attempt holds (see {@link #attachPermit}); taken exactly once. */
  private volatile @Nullable Object permitKey;
  /** 0 until {@link #release} ran; its compare-and-set makes the release happen once. */
  private volatile int released;
  /** CURRENT (0, the default: no store in the constructor) or ENDED. */
  private volatile int state;
  /** Set by whoever connects or polls the channel; taken (set to null) exactly once. */
  private volatile @Nullable Channel carrier;
  /** Written by the channel's loop on each read; read by the read timeout. */
  private volatile long lastReadNanos;
  /**
   * {@link #HTTP_1_1} or {@link #HTTP_2} once the carrier's protocol is settled, else null. Written
   * with the carrier, and when the request starts being written.
   */
  private volatile @Nullable String protocolVersion;
  /** Written when the carrier connects; read for a timeout's message. */
  private volatile @Nullable SocketAddress remoteAddress;
  /** Written by the hop as it proceeds (one thread at a time); read by an expiring timeout. */
  @SuppressWarnings("NullAway.Init") // set (plain) in the constructor
  private volatile Phase phase;
  /** Written by the carrier's loop when the response head arrives. */
  private volatile int statusCode;
  /**
   * Written by the carrier's loop while the handler has the response body suspended; read by the
   * read timeout, which does not run meanwhile.
   */
  private volatile boolean readPaused;

  Attempt(AttemptBuilder b) {
    super(b.partitionKey, b.proxy);
    this.exchange = b.exchange;
    this.number = b.number;
    this.request = b.request;
    this.wire = b.wire;
    this.freshConnection = b.freshConnection;
    this.kind = b.kind;
    this.requestTimeoutNanos = b.requestTimeoutNanos;
    this.readTimeoutNanos = b.readTimeoutNanos;
    this.timeouts = new AttemptTimeouts(exchange.services().timeouts(), this);
    this.hedges = b.hedgeOf != null ? b.hedgeOf.hedges : b.hedges;
    if (b.hedgeOf != null) {
      // A hedge is the same hop again: same number and start, so the same request deadline (G1);
      // its read timeout counts from now, when it is sent.
      this.startNanos = b.hedgeOf.startNanos;
      LAST_READ.set(this, exchange.services().timeouts().ticker().nanoTime());
    } else {
      // The first hop starts when the caller submitted (its deadline counts from there anyway), a
      // few microseconds before this: one clock read per request fewer.
      this.startNanos =
          number == 0
              ? exchange.deadline().submitNanos()
              : exchange.services().timeouts().ticker().nanoTime();
      LAST_READ.set(this, startNanos);
    }
    PHASE.set(this, Phase.WAITING_FOR_CONNECTION);
  }

  public static AttemptBuilder builder(Exchange<?> exchange, Request request, NettyRequest wire) {
    return new AttemptBuilder(exchange, request, wire);
  }

  // ---- what the hop is
  @Override
  public Exchange<?> exchange() {
    return exchange;
  }

  /** 0 for the first attempt, one more for each redirect, retry or auth replay. */
  @Override
  public int number() {
    return number;
  }

  @Override
  public HopKind kind() {
    return kind;
  }

  @Override
  public Request request() {
    return request;
  }

  @Override
  public HttpHeaders requestHeaders() {
    return wire.getHttpRequest().headers();
  }

  @Override
  public long startNanos() {
    return startNanos;
  }

  @Override
  public Phase phase() {
    return phase;
  }

  /** The hop moved on to {@code next}; the thread that does the work records it. */
  public void phase(Phase next) {
    PHASE.setRelease(this, next);
  }

  /**
   * The request starts being written on the carrier: its protocol is settled (a new connection
   * has finished its handshakes, and an HTTP/2 one has handed the hop a stream).
   */
  public void writing() {
    if (protocolVersion == null) {
      PROTOCOL.setRelease(this, HTTP_1_1); // a new connection that stayed HTTP/1.1
    }
    PHASE.setRelease(this, Phase.WRITING);
  }

  @Override
  public @Nullable String protocolVersion() {
    return protocolVersion;
  }

  @Override
  public int statusCode() {
    return statusCode;
  }

  @Override
  ExchangeEvents events() {
    return exchange.services().events();
  }

  public NettyRequest wire() {
    return wire;
  }

  /** Whether this attempt is a hedge of its hop (kind HEDGE), not the hop as first sent. */
  public boolean isHedge() {
    return kind == HopKind.HEDGE;
  }

  /** The hop's hedge group, or null when the hop is not hedged. */
  public @Nullable HedgeGroup hedges() {
    return hedges;
  }

  /**
   * The handler this attempt reports its connection and request events to: the exchange's, but
   * for a hedge, which reports them to nobody (the handler hears the hop's primary attempt, and of
   * the response only the winner's).
   */
  public AsyncHandler<?> handler() {
    return isHedge() ? QuietHandler.INSTANCE : exchange.handler();
  }

  /**
   * This attempt's response head arrived (on its carrier's loop, before the handler hears of it):
   * true when it may go on, false when another attempt of its hedged hop won, and this one must
   * stop without a word to the handler (it has been, or is being, abandoned).
   */
  public boolean claimHead() {
    return hedges == null || hedges.claim(this);
  }

  /**
   * This attempt failed: when it is one of a hedged hop's attempts and another still runs, it is
   * dropped (abandoned) and true is returned; the hop goes on with the others.
   */
  public boolean dropIfHedged(Throwable cause) {
    return hedges != null && hedges.drop(this, cause);
  }

  /**
   * This attempt cannot go on because of {@code cause}: one of a hedged hop's attempts is dropped
   * while another runs; otherwise the exchange fails with it.
   */
  public void fail(Throwable cause) {
    if (!dropIfHedged(cause)) {
      exchange.fail(cause);
    }
  }

  // ---- the connection permit
  /**
   * Records the connection permit taken for this attempt. When the attempt is already over, the
   * permit goes straight back and false is returned (set first, then checked: a concurrent ender
   * takes it or this call does, never neither).
   */
  public boolean attachPermit(Object partitionKey) {
    permitKey = partitionKey;
    if (isOver()) {
      releasePermit();
      return false;
    }
    return true;
  }

  /**
   * Takes the permit, for a connection that keeps it (pooled, handed over, or the next hop on the
   * same connection); null when none is held. Exactly one of this and {@link #releasePermit} gets it.
   */
  public @Nullable Object takePermit() {
    return PERMIT.getAndSet(this, null);
  }

  /** Whether this attempt holds a connection permit now. */
  public boolean holdsPermit() {
    return permitKey != null;
  }

  /** Gives the permit back; safe to call any number of times, from any thread. */
  public void releasePermit() {
    Object key = PERMIT.getAndSet(this, null);
    if (key != null) {
      exchange.services().releasePermit(key);
    }
  }

  public boolean freshConnection() {
    return freshConnection;
  }

  public long readTimeoutNanos() {
    return readTimeoutNanos;
  }

  long requestTimeoutNanos() {
    return requestTimeoutNanos;
  }

  /** When this hop's request timeout (or the exchange's deadline, if sooner) ends it; Long.MAX_VALUE for never. */
  public long requestDeadlineNanos() {
    return exchange.deadline().hopDeadline(number, startNanos, requestTimeoutNanos);
  }

  public AttemptTimeouts timeouts() {
    return timeouts;
  }

  // ---- lifecycle
  /** Ends this attempt; true only for the one caller that did (see the class javadoc). */
  public boolean end() {
    return STATE.compareAndSet(this, CURRENT, ENDED);
  }

  @Override
  public boolean isOver() {
    return state != CURRENT || exchange.isDone();
  }

  // ---- the carrier
  /**
   * Publishes the channel carrying this hop, as soon as its connect starts (so that a cancel or
   * timeout during the handshakes closes it) or once polled from the pool. In event-loop mode the
   * request timeout moves onto the channel's loop. If the attempt is already over, the channel is
   * closed here (unless the outcome's winner took it first) and false is returned.
   */
  public boolean attachCarrier(Channel channel) {
    boolean stream = channel.parent() != null; // a child channel: one stream of a connection
    if (stream || channel.isActive()) {
      // A stream, or a connection already connected (pooled, or the previous hop's): its protocol
      // is settled. A connection whose connect starts now may still negotiate HTTP/2 (ALPN).
      PROTOCOL.setRelease(this, stream ? HTTP_2 : HTTP_1_1);
    }
    carrier = channel;
    SocketAddress remote = channel.remoteAddress();
    if (remote != null) {
      REMOTE.setRelease(this, remote);
    }
    if (isOver()) {
      if (takeCarrier(channel)) {
        exchange.services().closeChannel(channel);
      }
      return false;
    }
    timeouts.moveTo(channel.eventLoop());
    return true;
  }

  /** The new carrier connected: remember where to, for a timeout's message. */
  public void connected(Channel channel) {
    SocketAddress remote = channel.remoteAddress();
    if (remote != null) {
      REMOTE.setRelease(this, remote);
    }
    events().connectionAcquired(this, false);
  }

  /** A TLS handshake of the new carrier succeeded. */
  public void tlsHandshakeDone() {
    events().tlsHandshakeDone(this);
  }

  /** The last byte of the request was written: waiting for the response now. */
  public void written() {
    PHASE.setRelease(this, Phase.WAITING_FOR_RESPONSE);
    // A write that completes after the hop or its exchange ended (a cancel while the bytes were
    // in flight) is no news to a listener that already heard the end.
    if (!isOver()) {
      events().requestWritten(this);
    }
  }

  /** The head of the final response arrived. Runs on the carrier's loop. */
  public void responseStarted(int code) {
    STATUS.setRelease(this, code);
    PHASE.setRelease(this, Phase.READING);
    events().responseStarted(this, code);
  }

  /**
   * The exchange's outcome is decided (its winner calls this): stops the timeouts, hands the
   * carrier back, to the pool when {@code reusable} (a complete keep-alive response) and still
   * active, else closed, and frees what the wire request still holds.
   */
  void release(boolean reusable) {
    if (!RELEASED.compareAndSet(this, 0, 1)) {
      return;
    }
    timeouts.cancel();
    abandonRace();
    Channel ch = takeCarrier();
    if (ch != null) {
      if (reusable && ch.isActive()) {
        exchange.services().recycle(ch, exchange);
      } else {
        exchange.services().closeChannel(ch);
      }
    }
    wire.release();
  }

  /**
   * Ends this attempt as one of a hedged hop's losers, or a member dropped after a failure, or
   * left over when the exchange ended: its timeouts stop, its carrier is closed (an HTTP/2
   * stream is reset, an HTTP/1.1 connection never pooled) and its permit given back. Returns
   * whether this call ended it.
   */
  boolean abandon() {
    boolean ended = end();
    release(false);
    releasePermit();
    return ended;
  }

  /** Takes the carrier: the caller now owns the channel (see the class javadoc), or gets null. */
  public @Nullable Channel takeCarrier() {
    return CARRIER.getAndSet(this, null);
  }

  /**
   * Takes the carrier only if it is {@code channel}: a connect that failed gives up its channel
   * without taking a later one.
   */
  public boolean takeCarrier(Channel channel) {
    return CARRIER.compareAndSet(this, channel, null);
  }

  /**
   * Whether this hop was carried by one stream of a shared connection (HTTP/2), whose failures are
   * replayed only when the server cannot have processed it.
   */
  public boolean multiplexed() {
    return HTTP_2.equals(protocolVersion);
  }

  public @Nullable Channel carrier() {
    return carrier;
  }

  @Override
  public @Nullable SocketAddress remoteAddress() {
    return remoteAddress;
  }

  // ---- timeouts
  /**
   * Arms this hop's request timeout: its own, or what is left of the exchange's budget if sooner.
   * {@code loop} is the carrier's loop once the hop has one (E3), null while waiting for a permit
   * or connecting (E2); called again once armed, it only moves the timeout onto {@code loop}.
   * Returns false, having timed the exchange out, when the budget is already spent: such a hop
   * must not be sent (D3).
   */
  public boolean armRequestTimeout(@Nullable EventLoop loop) {
    long at = requestDeadlineNanos();
    return timeouts.armRequestOnce(
        at == ExchangeDeadline.NEVER, exchange.deadline().reportedBudget(at, requestTimeoutNanos), at, loop);
  }

  /** Arms the read timeout once the request is written; on the carrier's loop in event-loop mode. */
  public void armReadTimeout(EventLoop loop) {
    if (!isOver()) {
      timeouts.armRead(readTimeoutNanos, loop);
    }
  }

  /** A read on the carrier (or the user's {@code touch()}): pushes the read timeout back. */
  public void touch() {
    LAST_READ.setRelease(this, exchange.services().timeouts().ticker().nanoTime());
  }

  @Override
  public long lastReadNanos() {
    return lastReadNanos;
  }

  /**
   * The handler suspended the response body ({@code true}) or resumed it ({@code false}); on the
   * carrier's loop. A resume counts as a read: the read timeout's quiet window starts there (the
   * read is recorded before the pause is lifted, so a timeout running meanwhile sees one or the
   * other). The request timeout is not affected.
   */
  public void pauseReads(boolean paused) {
    if (!paused) {
      touch();
    }
    readPaused = paused;
  }

  @Override
  public boolean readPaused() {
    return readPaused;
  }

  @Override
  public void onExpired(
      ExchangeTimeoutException.Kind kind, long budgetNanos, long deadlineNanos, long nowNanos) {
    // A read timeout of one of a hedged hop's attempts drops that attempt while another runs; a
    // request timeout is the hop's deadline, the same for all of them.
    if (kind == ExchangeTimeoutException.Kind.READ
        && dropIfHedged(new IOException("read timeout of a hedged attempt, another one runs"))) {
      return;
    }
    if (end()) {
      exchange.timedOut(this, kind, budgetNanos, deadlineNanos, nowNanos, false);
    }
  }

  @Override
  public String toString() {
    // Logged at DEBUG: a URL's user info is a password.
    return "Attempt{hop=" + number + (isHedge() ? " (hedge)" : "") + ", uri=" + request.getUri().toUrlWithoutUserInfo() + ", carrier=" + carrier + '}';
  }
}

package org.asynchttpclient.netty.connect;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import org.asynchttpclient.exception.ExchangeTimeoutException.Phase;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.channel.DefaultChannelPool;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Dialing;
import org.asynchttpclient.netty.timeout.PendingTimeout;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.jetbrains.annotations.Nullable;

/**
 * Happy Eyeballs (RFC 8305) for one hop's new connection: the host's addresses are tried in
 * order, the next one starting beside the earlier ones when they have neither connected nor
 * failed within the attempt delay, or at once when one fails. The first to connect carries the
 * hop; the others are closed at once and never reach the pool.
 *
 * <pre>
 *              start(): address 0
 *                 |
 *                 v      the delay passed with no answer, or an attempt failed:
 *             +--------+ the next address starts (while the hop has budget left)
 *             | RACING |-----+
 *             +--------+&lt;----+
 *              |   |   |
 *  an attempt  |   |   |  abandon(): the hop ended (its timeout, a cancel,
 *  connected   |   |   |  the exchange's end), from any thread
 *              v   |   v
 *            WON   |  ABANDONED   every attempt closed
 *  the others      |
 *  closed, the     |  the last address failed and none is running
 *  winner goes on  v
 *   to TLS       FAILED           the exchange fails with a ConnectException
 * </pre>
 *
 * Each arrow out of RACING is one compare-and-set on {@code state}: exactly one of them happens,
 * and only its winner acts. An attempt that connects after the race is decided is closed.
 *
 * <p>The addresses raced are those of the host connected to: the target's, an HTTP proxy's, or a
 * SOCKS proxy's (each attempt then has a SOCKS handler of its own, for its proxy address, and the
 * SOCKS negotiation, like TLS, runs on the winner only).
 *
 * <p>What bounds it: each attempt by {@code connectTimeout} (the bootstrap's connect timeout), all
 * of them by the hop's request timeout or the exchange's deadline, whose expiry abandons the race;
 * a hop with no budget left starts no further attempt. The hop holds one connection permit
 * however many attempts run. The handler hears {@code onTcpConnectAttempt} for each address
 * started, {@code onTcpConnectFailure} for each that failed while the race was open, {@code
 * onTcpConnectSuccess} for the winner; an attempt closed because another won (or the hop ended)
 * hears nothing more. Each failure of a target's address feeds the failed-IP cooldown.
 *
 * <p>Threads: every attempt's channel is registered on one loop, the race's, which runs the
 * attempts' listeners and the delay timer; the hop's request timeout moves onto it in event-loop
 * mode. The loop-confined fields are touched on that loop only; {@link #abandon} may run on any
 * thread and touches only {@code state}, {@code delay} and {@code channels}.
 */
final class ConnectRace implements Dialing.Racing {
  private static final int RACING = 0;
  private static final int WON = 1;
  private static final int FAILED = 2;
  private static final int ABANDONED = 3;

  private static final AtomicIntegerFieldUpdater<ConnectRace> STATE =
      AtomicIntegerFieldUpdater.newUpdater(ConnectRace.class, "state");

  /** How the channel of one attempt is made, and what it connects to. */
  interface Dial {
    /** A bootstrap bound to the race's loop, for the attempt to {@code address}. */
    Bootstrap bootstrapFor(InetSocketAddress address);

    /** What that attempt's channel connects to: the address itself, or a SOCKS proxy's target. */
    default SocketAddress remoteFor(InetSocketAddress address) {
      return address;
    }
  }

  /** A direct connection: every attempt from one bootstrap, to its own address. */
  static Dial direct(Bootstrap onLoop) {
    return address -> onLoop;
  }

  // immutable
  private final Attempt attempt;
  private final Dial dial;
  private final EventLoop loop;
  private final List<InetSocketAddress> addresses;
  private final long delayNanos;
  private final TimeoutScheduler scheduler;
  /** Told each address that failed while the race was open (the cooldown), or null. */
  private final @Nullable Consumer<InetSocketAddress> failures;
  private final Consumer<Channel> onConnected;
  /** The channel of each started attempt, by address index, until it fails or is closed. */
  private final AtomicReferenceArray<Channel> channels;

  // any thread
  private volatile int state = RACING;
  /** The pending start of the next address; written on the loop, cancelled from anywhere. */
  private volatile @Nullable Object delay;

  // loop-confined
  private int next;
  private int running;
  private @Nullable InetSocketAddress lastFailed;
  private @Nullable Throwable lastFailure;

  /** {@code dial}'s bootstraps are bound to {@code loop}. */
  ConnectRace(
      Attempt attempt,
      Dial dial,
      EventLoop loop,
      List<InetSocketAddress> addresses,
      long delayNanos,
      TimeoutScheduler scheduler,
      @Nullable Consumer<InetSocketAddress> failures,
      Consumer<Channel> onConnected) {
    this.attempt = attempt;
    this.dial = dial;
    this.loop = loop;
    this.addresses = addresses;
    this.delayNanos = delayNanos;
    this.scheduler = scheduler;
    this.failures = failures;
    this.onConnected = onConnected;
    this.channels = new AtomicReferenceArray<>(addresses.size());
  }

  /** Starts the race on its loop; from any thread. */
  void start() {
    if (loop.inEventLoop()) {
      begin();
      return;
    }
    try {
      loop.execute(this::begin);
    } catch (RejectedExecutionException e) {
      attempt.exchange().fail(e); // the client is closing
    }
  }

  private void begin() {
    if (!attempt.attachRacing(this)) {
      return;
    }
    // All attempts and their timers live on this loop: so does the hop's timeout (event-loop mode).
    attempt.timeouts().moveTo(loop);
    attempt.phase(Phase.CONNECTING);
    startNext();
  }

  /** Starts the next address, unless the race is decided, none is left, or the budget is spent. */
  private void startNext() {
    assert loop.inEventLoop() : "startNext must run on the race's loop";
    if (state != RACING || next >= addresses.size() || attempt.isOver() || budgetSpent()) {
      return;
    }
    int index = next++;
    InetSocketAddress address = addresses.get(index);
    attempt.dialing().started(addresses, next);
    running++;
    attempt.handler().onTcpConnectAttempt(address);
    ChannelFuture registered = dial.bootstrapFor(address).register();
    Channel ch = registered.channel();
    channels.set(index, ch);
    if (state != RACING) {
      // abandon() ran on another thread, perhaps before this channel was published: close it here.
      channels.set(index, null);
      ChannelClosing.close(ch);
      return;
    }
    Dialer.connectOnceRegistered(
        attempt, registered, dial.remoteFor(address), f -> onAttemptDone(index, address, f));
    if (next < addresses.size()) {
      Object pending = scheduler.onLoop(loop, this::delayPassed, delayNanos);
      delay = pending;
      if (state != RACING) {
        TimeoutScheduler.cancel(pending); // abandon() may have looked before it was published
      }
    }
  }

  private void delayPassed() {
    delay = null;
    startNext();
  }

  /** Whether the hop's request timeout (or the exchange's deadline) is due: nothing more starts. */
  private boolean budgetSpent() {
    PendingTimeout t = attempt.timeouts().request();
    return t.isArmed() && t.deadlineNanos() - scheduler.ticker().nanoTime() <= 0;
  }

  private void onAttemptDone(int index, InetSocketAddress address, ChannelFuture f) {
    Channel ch = f.channel();
    if (f.isSuccess()) {
      win(index, address, ch);
      return;
    }
    channels.compareAndSet(index, ch, null);
    if (state != RACING) {
      return; // closed because the race was decided: not a failure of its address
    }
    running--;
    attempt.handler().onTcpConnectFailure(address, f.cause());
    if (failures != null) {
      failures.accept(address);
    }
    lastFailed = address;
    lastFailure = f.cause();
    if (next < addresses.size()) {
      TimeoutScheduler.cancel(delay);
      delay = null;
      startNext(); // a failure starts the next address at once
    }
    if (running == 0 && next >= addresses.size()) {
      fail();
    }
    // running == 0 with addresses left: the budget is spent, and the hop's timeout ends the race.
  }

  private void win(int index, InetSocketAddress address, Channel ch) {
    if (!STATE.compareAndSet(this, RACING, WON)) {
      channels.compareAndSet(index, ch, null);
      ChannelClosing.close(ch); // another attempt won, or the hop ended: never pooled
      return;
    }
    TimeoutScheduler.cancel(delay);
    channels.set(index, null);
    closeAll();
    ch.attr(DefaultChannelPool.CREATED_AT).set(scheduler.ticker().nanoTime());
    attempt.handler().onTcpConnectSuccess(address, ch);
    if (!attempt.attachCarrier(ch)) {
      return; // the hop ended meanwhile: attachCarrier closed the channel
    }
    attempt.connected(ch);
    onConnected.accept(ch);
  }

  private void fail() {
    if (!STATE.compareAndSet(this, RACING, FAILED)) {
      return;
    }
    TimeoutScheduler.cancel(delay);
    Dialer.connectFailed(attempt, lastFailed, lastFailure);
  }

  @Override
  public void abandon() {
    if (!STATE.compareAndSet(this, RACING, ABANDONED)) {
      return;
    }
    TimeoutScheduler.cancel(delay);
    closeAll();
  }

  /** Closes every attempt's channel still held; safe from any thread. */
  private void closeAll() {
    for (int i = 0; i < channels.length(); i++) {
      Channel c = channels.getAndSet(i, null);
      if (c != null) {
        ChannelClosing.close(c);
      }
    }
  }

  @Override
  public String toString() {
    return "ConnectRace{state=" + state + ", started=" + next + "/" + addresses.size() + '}';
  }
}

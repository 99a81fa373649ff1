package org.asynchttpclient.netty.exchange;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import org.jetbrains.annotations.Nullable;

/**
 * The attempts of one hop of a hedged exchange that are in flight together: the primary (the hop
 * as the hop driver sent it) and the hedges sent beside it, each an {@link Attempt} of the same
 * request, with the same request deadline. Made for a hop only when hedging applies to it, so an
 * exchange that is not hedged never touches one.
 *
 * <pre>
 *          add(hedge): while no head has come and fewer than max were sent
 *          drop(failed): while another member still runs
 *        +----+
 *        v    |
 *       OPEN -+---- claim(a): the first response head --------&gt; CLAIMED(a)
 *                   every other member is abandoned (G2)
 * </pre>
 *
 * The first response head wins by one compare-and-set on {@code winner}; only the winner acts: it
 * becomes the exchange's current attempt, and every other member is abandoned at once (its carrier
 * closed, which resets an HTTP/2 stream and never pools an HTTP/1.1 connection, its permit given
 * back). A member that failed while another runs is dropped the same way, and the exchange goes on
 * with the others; the last one's failure is the hop's failure.
 *
 * <p>Threads: any. Membership is guarded by this object's monitor (a hedged exchange's path only);
 * the claim is the one compare-and-set, and membership is read under the monitor after it, so a
 * hedge added concurrently is either refused (the claim came first) or abandoned by the claimer.
 */
public final class HedgeGroup {
  private static final AtomicReferenceFieldUpdater<HedgeGroup, Attempt> WINNER =
      AtomicReferenceFieldUpdater.newUpdater(HedgeGroup.class, Attempt.class, "winner");

  /** Hears how long after the hop started its first response head came (the hedge delay's percentile). */
  public interface HeadLatencies {
    void record(long nanos);
  }

  // immutable
  private final Exchange<?> exchange;
  private final int maxAttempts;
  private final HeadLatencies latencies;

  // guarded by this
  /** Every attempt sent for the hop, the primary first; a dropped one stays, ended. */
  private final List<Attempt> members = new ArrayList<>(2);

  // any thread
  /** The attempt whose response head came first; null while the group is OPEN. */
  private volatile @Nullable Attempt winner;

  HedgeGroup(Exchange<?> exchange, int maxAttempts, HeadLatencies latencies) {
    this.exchange = exchange;
    this.maxAttempts = maxAttempts;
    this.latencies = latencies;
  }

  /** Records the primary; called once, before the hop is dispatched. */
  synchronized void primary(Attempt primary) {
    members.add(primary);
  }

  /**
   * Adds {@code hedge} when the group is still OPEN, fewer than the maximum were sent, the
   * exchange runs and one of the attempts still does; returns whether it was added (the caller
   * then sends it, else it never goes out).
   */
  synchronized boolean add(Attempt hedge) {
    if (winner != null || exchange.isDone() || members.size() >= maxAttempts || live(null) == null) {
      return false;
    }
    members.add(hedge);
    return true;
  }

  /** How many attempts were sent for the hop, the primary included. */
  public synchronized int sent() {
    return members.size();
  }

  /** Whether a response head has decided the hop. */
  public boolean claimed() {
    return winner != null;
  }

  /**
   * {@code a}'s response head arrived: true when it is the first (or {@code a} won before), and
   * the others are then abandoned; false when another attempt won: {@code a} is a loser and must
   * stop at once, telling the handler nothing.
   */
  boolean claim(Attempt a) {
    if (!WINNER.compareAndSet(this, null, a)) {
      return winner == a;
    }
    latencies.record(exchange.services().timeouts().ticker().nanoTime() - a.startNanos());
    List<Attempt> losers;
    synchronized (this) {
      losers = othersThan(a);
      exchange.makeCurrent(a);
    }
    for (Attempt loser : losers) {
      if (loser.abandon()) {
        exchange.services().events().hedgeCancelled(loser);
      }
    }
    if (a.isHedge()) {
      exchange.services().events().hedgeWon(a);
    }
    return true;
  }

  /**
   * {@code failed} failed with {@code cause} before any head came: when another member still runs, {@code failed} is
   * abandoned, the exchange goes on with the others (the current attempt moves to one of them if
   * it was {@code failed}), and true is returned; false when it was the last one running (or a
   * head already decided): its failure is then the hop's, decided as any hop's.
   */
  boolean drop(Attempt failed, Throwable cause) {
    Attempt other;
    synchronized (this) {
      if (winner != null) {
        return false;
      }
      other = live(failed);
      if (other == null) {
        return false;
      }
      if (!failed.end()) {
        return true; // ended already (a loser, or its own timeout): nothing to decide here
      }
      exchange.replaceCurrent(failed, other);
    }
    failed.abandon(); // outside the monitor: closing a carrier runs its handlers
    exchange.services().events().hopEnded(failed, cause);
    return true;
  }

  /** Abandons every member but {@code kept}: the exchange's outcome was decided. */
  void abandonAllBut(@Nullable Attempt kept) {
    List<Attempt> others;
    synchronized (this) {
      others = othersThan(kept);
    }
    for (Attempt m : others) {
      m.abandon();
    }
  }

  /** The members other than {@code kept}, copied: they are abandoned outside the monitor. Under it. */
  private List<Attempt> othersThan(@Nullable Attempt kept) {
    List<Attempt> others = new ArrayList<>(members.size());
    for (Attempt m : members) {
      if (m != kept) {
        others.add(m);
      }
    }
    return others;
  }

  /** A member other than {@code except} that still runs, or null. Under the monitor. */
  private @Nullable Attempt live(@Nullable Attempt except) {
    for (Attempt m : members) {
      if (m != except && !m.isOver()) {
        return m;
      }
    }
    return null;
  }
}

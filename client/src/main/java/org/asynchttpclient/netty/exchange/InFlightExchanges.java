package org.asynchttpclient.netty.exchange;

import java.util.ArrayList;
import java.util.List;
import org.jetbrains.annotations.Nullable;

/**
 * The exchanges a client has in flight, so that closing the client can fail each of them. Every
 * request adds its exchange once and removes it once, on whichever threads submit and end it, so
 * both must be cheap: the exchanges are kept in doubly linked lists threaded through the exchanges
 * themselves (no node, no hashing), one list per stripe, each stripe guarded by its own monitor.
 * An exchange goes to the stripe of the thread that adds it: a request issued from a response
 * callback is added, and usually removed, on the same loop, so the loops do not write to shared
 * cache lines, where one concurrent set did (its table and its size counter were about 4% of the
 * client's CPU in a closed-loop profile).
 *
 * <p>Threads: any. An exchange's links are guarded by the monitor of the stripe it is in. Its
 * stripe reference is written under that monitor too (at {@link #add}, and back to null when it is
 * unlinked) and read first without it, as a hint that {@link #remove} checks again under the
 * monitor: {@link #add} runs before the exchange is handed to any other thread, so no remover can
 * see it unset while it is in a list.
 */
public final class InFlightExchanges {
  /** A power of two, so a thread id picks a stripe with a mask; a few times the usual loop count. */
  private static final int STRIPES = 16;

  /** One list; its monitor guards the links of the exchanges in it. */
  private static final class Stripe {
    // guarded by this
    @Nullable Exchange<?> head;
  }

  // immutable
  private final Stripe[] stripes = new Stripe[STRIPES];

  public InFlightExchanges() {
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new Stripe();
    }
  }

  /** Adds {@code ex}, which must not be in any list yet. */
  public void add(Exchange<?> ex) {
    Stripe s = stripes[(int) Thread.currentThread().getId() & (STRIPES - 1)];
    synchronized (s) {
      ex.inFlightStripe = s;
      Exchange<?> first = s.head;
      ex.inFlightNext = first;
      ex.inFlightPrev = null;
      if (first != null) {
        first.inFlightPrev = ex;
      }
      s.head = ex;
    }
  }

  /** Removes {@code ex} if it is in a list; any number of times, from any thread. */
  public void remove(Exchange<?> ex) {
    Object stripe = ex.inFlightStripe;
    if (!(stripe instanceof Stripe)) {
      return; // never added, or already removed
    }
    Stripe s = (Stripe) stripe;
    synchronized (s) {
      // Read again under the monitor: a racing remove (or the drain of close) may have won.
      if (ex.inFlightStripe != s) {
        return;
      }
      unlink(s, ex);
    }
  }

  /** Takes every exchange out of the lists and returns them, for the client's close. */
  public List<Exchange<?>> drain() {
    List<Exchange<?>> all = new ArrayList<>();
    for (Stripe s : stripes) {
      synchronized (s) {
        while (s.head != null) {
          Exchange<?> ex = s.head;
          unlink(s, ex);
          all.add(ex);
        }
      }
    }
    return all;
  }

  /** Exchanges in the lists now (tests and diagnostics). */
  public int size() {
    int n = 0;
    for (Stripe s : stripes) {
      synchronized (s) {
        for (Exchange<?> ex = s.head; ex != null; ex = ex.inFlightNext) {
          n++;
        }
      }
    }
    return n;
  }

  /** Must hold {@code s}'s monitor, with {@code ex} in {@code s}. */
  private static void unlink(Stripe s, Exchange<?> ex) {
    Exchange<?> prev = ex.inFlightPrev;
    Exchange<?> next = ex.inFlightNext;
    if (prev == null) {
      s.head = next;
    } else {
      prev.inFlightNext = next;
    }
    if (next != null) {
      next.inFlightPrev = prev;
    }
    ex.inFlightPrev = null;
    ex.inFlightNext = null;
    ex.inFlightStripe = null;
  }
}

package org.asynchttpclient.netty.h2;

import java.util.List;
import org.asynchttpclient.netty.channel.ParkedPermit;
import org.asynchttpclient.netty.exchange.Exchange;
import org.jetbrains.annotations.Nullable;

/**
 * The HTTP/2 state of one pool partition: at most one connection new streams go to, the hop that
 * is opening it, and the hops waiting for it or for a free stream slot.
 *
 * <pre>
 *   a hop arrives:
 *     protocol known to be HTTP/1.1          -&gt; HTTP/1.1 path (pool, permit, connect)
 *     connection OPEN with a free slot,
 *       nobody waiting                       -&gt; a stream on it now
 *     a connection or an opener exists       -&gt; wait (bounded queue, inside the request timeout)
 *     nothing                                -&gt; this hop becomes the opener (permit, connect, TLS)
 *
 *   the opener's connection negotiated h2    -&gt; it becomes the connection (PREFACE); the opener
 *                                               waits first in line; SETTINGS -&gt; OPEN: dispatch
 *   ... negotiated HTTP/1.1                  -&gt; remembered; every waiter takes the HTTP/1.1 path
 *   the opener ended without a connection,
 *   or the client drains the connection      -&gt; the first live waiter becomes the next opener
 *   the server sends GOAWAY, or the
 *   connection closes without draining       -&gt; every waiter fails (IOException), as in 3.0.12
 *   a slot frees                             -&gt; the next live waiter gets it
 *   the codec still counts a stream whose
 *   slot was freed (its RST_STREAM unwritten) -&gt; the granted hop gives the slot back and waits
 *                                               first in line until the codec closes a stream
 *   the last stream ends, keepAlive off or
 *   connectionTtl passed                     -&gt; the connection drains (closes at once)
 *   no stream for pooledConnectionIdleTimeout
 *   (checked on the connection's loop)       -&gt; the connection drains (closes at once)
 *   connectionTtl passes (loop timer, or a
 *   hop arriving finds it past)              -&gt; the connection drains; closes at its last stream
 * </pre>
 *
 * A waiter whose exchange ended (its timeout, a cancel) is skipped when its turn comes and purged
 * when the queue is full. Waiting never holds a connection permit.
 *
 * <p>Threads: any; every mutable field is guarded by this object's monitor, and the actions a
 * decision calls for (open a stream, resend a hop, close a connection) run after it is released.
 */
final class H2Partition {
  /** What a decision asks the registry to do once the monitor is released. */
  interface Actions {
    /** Opens a stream for {@code waiter} in the slot it was granted ({@link H2Waiter#slot}). */
    void openStream(H2Waiter waiter);

    /** Sends the waiter's hop again through routing (as an opener or over HTTP/1.1). */
    void resume(H2Waiter waiter);

    void close(H2Connection connection);
  }

  enum Decision {
    HTTP1,
    OPEN_CONNECTION,
    STREAM,
    WAIT,
    QUEUE_FULL
  }

  // immutable
  private final Actions actions;
  private final H2Lifetime lifetime;

  // guarded by this
  private @Nullable H2Connection current;
  private @Nullable Exchange<?> opener;
  private boolean http1;
  private final H2WaitQueue waiters = new H2WaitQueue();

  H2Partition(Actions actions, H2Lifetime lifetime) {
    this.actions = actions;
    this.lifetime = lifetime;
  }

  /** Routes a hop; for STREAM the granted slot is in {@code w.slot}. */
  Decision route(H2Waiter w) {
    H2Connection expired;
    Decision d;
    synchronized (this) {
      // A TTL timer on the loop may run late: a connection found past its TTL drains now, so no
      // new stream goes to it, and this hop opens (or waits for) the next connection.
      expired = lifetime.retireIfPastTtlLocked(current);
      if (expired != null) {
        current = null;
      }
      d = routeLocked(w);
    }
    if (expired != null) {
      drainedOrIdle(expired);
    }
    return d;
  }

  private Decision routeLocked(H2Waiter w) {
    if (http1) {
      return Decision.HTTP1;
    }
    Exchange<?> ex = w.exchange;
    if (opener == ex) {
      return Decision.OPEN_CONNECTION; // the opener's own replay after a failed connect
    }
    H2Connection c = current;
    if (c != null && waiters.isEmpty() && c.hasFreeSlot()) {
      c.active++;
      w.slot = new StreamSlot(c);
      return Decision.STREAM;
    }
    if (c != null || opener != null) {
      return waiters.offer(w) ? Decision.WAIT : Decision.QUEUE_FULL;
    }
    opener = ex;
    return Decision.OPEN_CONNECTION;
  }

  /**
   * A hop of another partition of the same host that found no connection permit (round robin,
   * {@code maxConnectionsPerHost} below the host's address count) joins this partition's
   * connection, or the one being opened for it, as any hop would; null when this partition has
   * neither, or speaks HTTP/1.1: the hop then never becomes this partition's opener.
   */
  synchronized @Nullable Decision join(H2Waiter w) {
    // current is never a draining connection: draining detaches it.
    return http1 || (current == null && opener == null) ? null : routeLocked(w);
  }

  /** The loop of the connection waiters currently wait for, or null while one is being opened. */
  synchronized @Nullable io.netty.channel.EventLoop waitLoop() {
    H2Connection c = current;
    return c != null ? c.loop() : null;
  }

  synchronized boolean isHttp1() {
    return http1;
  }

  synchronized boolean isOpener(Exchange<?> ex) {
    return opener == ex;
  }

  /**
   * The opener's connection negotiated h2: it becomes the partition's connection (a previous one,
   * if any, drains) and {@code first} waits at the head of the queue for the preface.
   */
  void negotiatedH2(H2Connection c, H2Waiter first) {
    H2Connection replaced;
    synchronized (this) {
      if (opener == first.exchange) {
        opener = null;
      }
      replaced = current;
      current = c;
      waiters.addFirst(first);
      if (replaced != null) {
        replaced.state = H2Connection.State.DRAINING;
      }
    }
    if (replaced != null) {
      drainedOrIdle(replaced);
    }
  }

  /** A connection of this partition negotiated HTTP/1.1: remembered; waiters take that path. */
  void negotiatedHttp1(Exchange<?> ex) {
    List<H2Waiter> resume;
    synchronized (this) {
      http1 = true;
      if (opener == ex) {
        opener = null;
      }
      resume = waiters.drainAll();
    }
    resumeAll(resume);
  }

  /** The opener's exchange ended: if no connection came of it, a waiter opens the next one. */
  void openerEnded(Exchange<?> ex) {
    H2Waiter next;
    synchronized (this) {
      if (opener != ex) {
        return;
      }
      opener = null;
      next = current == null ? electOpener() : null;
    }
    if (next != null) {
      actions.resume(next);
    }
  }

  /**
   * The opener found no permit and joined another address's connection ({@link #join}): every
   * hop waiting here is routed again, each in turn, rather than electing one opener that would
   * elect the next from inside its own routing (a chain as deep as the queue).
   */
  void openerJoinedSibling(Exchange<?> ex) {
    List<H2Waiter> resume;
    synchronized (this) {
      if (opener != ex) {
        return;
      }
      opener = null;
      resume = current == null ? waiters.drainAll() : List.of();
    }
    resumeAll(resume);
  }

  private void resumeAll(List<H2Waiter> resume) {
    for (H2Waiter w : resume) {
      if (!w.isOver()) {
        actions.resume(w);
      }
    }
  }

  /** The server's SETTINGS: the limit is known; the preface is over. */
  void settings(H2Connection c, @Nullable Long maxConcurrentStreams) {
    List<H2Waiter> open;
    H2Lifetime.Quiet quiet;
    synchronized (this) {
      if (maxConcurrentStreams != null) {
        c.serverLimit = (int) Math.min(Integer.MAX_VALUE, Math.max(0, maxConcurrentStreams));
      }
      if (c.state == H2Connection.State.PREFACE) {
        c.state = H2Connection.State.OPEN;
      }
      open = dispatch(c);
      quiet = lifetime.quietLocked(this, c);
    }
    lifetime.afterQuiet(this, c, quiet);
    openAll(open);
  }

  /**
   * The server sent GOAWAY: no new streams on {@code c}, whose open streams finish (those above
   * its last stream id were never processed and are replayed elsewhere). The hops waiting for a
   * stream of it fail now, as in 3.0.12 (which fails its queued openers on GOAWAY), rather than
   * being moved to a new connection.
   */
  void serverGoAway(H2Connection c) {
    List<H2Waiter> cut;
    synchronized (this) {
      if (c.state == H2Connection.State.DRAINING || c.state == H2Connection.State.CLOSED) {
        return;
      }
      c.state = H2Connection.State.DRAINING;
      cut = takeWaitersOf(c);
    }
    H2WaitQueue.failAll(cut, c, "sent GOAWAY");
    drainedOrIdle(c);
  }

  /** A second REFUSED_STREAM on one connection: it takes no new streams (OkHttp does the same). */
  void refused(H2Connection c) {
    H2Waiter next;
    synchronized (this) {
      boolean over = c.state == H2Connection.State.DRAINING || c.state == H2Connection.State.CLOSED;
      if (++c.refused < 2 || over) {
        return;
      }
      c.state = H2Connection.State.DRAINING;
      next = detach(c);
    }
    if (next != null) {
      actions.resume(next);
    }
    drainedOrIdle(c);
  }

  void closed(H2Connection c) {
    List<H2Waiter> cut;
    synchronized (this) {
      c.state = H2Connection.State.CLOSED;
      cut = takeWaitersOf(c);
    }
    H2WaitQueue.failAll(cut, c, "closed");
  }

  /**
   * Detaches {@code c} if it is the current connection and takes the hops waiting for it (all the
   * partition's waiters then); none if it is not (a connection that drained earlier was detached
   * then, and its waiters went on). Under the monitor.
   */
  private List<H2Waiter> takeWaitersOf(H2Connection c) {
    if (current != c) {
      return List.of();
    }
    current = null;
    return waiters.drainAll();
  }

  /**
   * The codec still counts streams whose slots were freed (see {@link
   * H2Connection#codecHasRoom}): {@code w}, granted a slot of {@code c}, gives it back and waits
   * first in line for the next stream the codec closes ({@link #codecClosedStream}). If {@code c}
   * no longer takes streams, the slot is released as any other (a draining connection closes at
   * its last one) and the hop is routed again. On the connection's loop.
   */
  void waitForCodec(H2Waiter w, StreamSlot slot) {
    H2Connection c = slot.connection();
    assert c.loop().inEventLoop() : "waitForCodec runs on the connection's loop";
    synchronized (this) {
      if (c == current && c.state == H2Connection.State.OPEN) {
        if (slot.takeBack()) {
          c.active--;
          w.slot = null;
          waiters.addFirst(w);
          c.codecWaiter = true;
        }
        return;
      }
    }
    slot.release();
    if (!w.isOver()) {
      actions.resume(w);
    }
  }

  /** The codec closed a stream of {@code c} while a hop waited for its room: it may go now. */
  void codecClosedStream(H2Connection c) {
    List<H2Waiter> open;
    synchronized (this) {
      open = dispatch(c);
    }
    openAll(open);
  }

  void slotReleased(H2Connection c) {
    List<H2Waiter> open;
    boolean closeNow;
    H2Lifetime.Quiet quiet;
    synchronized (this) {
      c.active--;
      open = dispatch(c);
      quiet = lifetime.quietLocked(this, c);
      closeNow = !quiet.close && c.state == H2Connection.State.DRAINING && c.active == 0;
    }
    if (closeNow) {
      actions.close(c);
    }
    lifetime.afterQuiet(this, c, quiet);
    openAll(open);
  }

  /**
   * Closes {@code c} if it has no stream left (it is draining). A permit it holds (round robin)
   * goes back now: a draining connection takes no new stream, so it no longer counts against
   * {@code maxConnectionsPerHost} and a replacement may open while its last streams finish.
   */
  void drainedOrIdle(H2Connection c) {
    ParkedPermit.release(c.channel);
    boolean closeNow;
    synchronized (this) {
      closeNow = c.active == 0;
    }
    if (closeNow) {
      actions.close(c);
    }
  }

  /**
   * Forgets {@code c} as the current connection; returns a waiter to open the next, if any.
   * Holding the monitor.
   */
  @Nullable H2Waiter detach(H2Connection c) {
    if (current != c) {
      return null;
    }
    current = null;
    return opener == null ? electOpener() : null;
  }

  private @Nullable H2Waiter electOpener() {
    H2Waiter w = waiters.pollLive();
    if (w != null) {
      opener = w.exchange;
    }
    return w;
  }

  /** Hands free slots of {@code c} to waiters; the streams are opened after the monitor. */
  private List<H2Waiter> dispatch(H2Connection c) {
    return c == current ? waiters.grant(c) : List.of();
  }

  private void openAll(List<H2Waiter> open) {
    for (H2Waiter w : open) {
      actions.openStream(w);
    }
  }

  Actions actions() {
    return actions;
  }
}

package org.asynchttpclient.netty.h2;

import java.util.ArrayList;
import java.util.List;
import org.asynchttpclient.netty.channel.ParkedPermit;
import org.asynchttpclient.netty.exchange.Exchange;
import org.jetbrains.annotations.Nullable;

/**
 * The HTTP/2 state of one pool partition: the connections new streams go to ({@link
 * H2Connections}, at most {@code http2MaxConnectionsPerPartition}), the hop opening the first one,
 * the hop opening a further one, and the hops waiting for a connection or a free stream slot.
 *
 * <pre>
 *   a hop arrives:
 *     protocol known to be HTTP/1.1          -&gt; HTTP/1.1 path (pool, permit, connect)
 *     every connection OPEN and at its
 *       stream limit, below the connection
 *       limits; or, with a cap raised above
 *       1, every one OPEN and busy (8
 *       streams) below the cap; no opener    -&gt; this hop opens a further connection (a permit
 *                                               free now, else it stays here: see below)
 *     a connection with a free slot,
 *       nobody waiting                       -&gt; a stream on the one H2Connections.pick names
 *     a connection or an opener exists       -&gt; wait (bounded queue, inside the request timeout)
 *     nothing                                -&gt; this hop becomes the opener (permit, connect, TLS)
 *
 *   the opener's connection negotiated h2    -&gt; it joins the connections (PREFACE); the first
 *                                               one's opener waits first in line, a further
 *                                               one's waits on it alone; SETTINGS -&gt; OPEN;
 *                                               at the cap (the limit, while every connection
 *                                               is at its stream limit) it closes, its hop
 *                                               routed again
 *   a further opener found no permit free    -&gt; it takes a stream or waits as any hop would
 *   ... negotiated HTTP/1.1                  -&gt; remembered; every waiter takes the HTTP/1.1 path
 *   the opener ended without a connection,
 *   or the client drains the connection      -&gt; the first live waiter becomes the next opener
 *   the server sends GOAWAY, or the
 *   connection closes without draining       -&gt; its own waiter is sent again (the hop driver's
 *                                               replay decision: nothing of it was sent); if
 *                                               it was the last, every waiter is
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
 *   no connection, opener or waiter, and no
 *   hop since the registry's previous sweep  -&gt; retired: out of the registry's map; a hop that
 *                                               meets it is routed again, a connection declined
 * </pre>
 *
 * A waiter whose exchange ended (its timeout, a cancel) is skipped when its turn comes and purged
 * when the queue is full. Waiting never holds a connection permit. Each connection drains and
 * closes on its own; the others go on.
 *
 * <p>A partition with no connection, no opener and no waiter, to which no hop was routed since
 * the registry's previous sweep, is <em>retired</em> by that sweep ({@link #retireIfUnused}) and
 * leaves the registry's map: a client keeps nothing for a host it no longer talks to (an HTTP/1.1
 * partition, kept while its hops come, is forgotten the same way). A hop that meets a retired
 * partition is routed again ({@link Decision#RETIRED}), and a connection that negotiated h2 for
 * it is declined (closed, its hop routed again), so nothing is left in a partition nobody finds.
 *
 * <p>Threads: any; every mutable field is guarded by this object's monitor, and the actions a
 * decision calls for (open a stream, resend a hop, close a connection) run after it is released.
 * The methods not marked synchronized say whether they must hold it.
 */
final class H2Partition {
  /** What a decision asks the registry to do once the monitor is released. */
  interface Actions {
    /** Opens a stream for {@code waiter} in the slot it was granted ({@link H2Waiter#slot}). */
    void openStream(H2Waiter waiter);

    /** Sends the waiter's hop again through routing (as an opener or over HTTP/1.1). */
    void resume(H2Waiter waiter);

    void close(H2Connection connection);

    /**
     * The connection {@code waiter} waited for went away, or its stream on it could not be opened
     * ({@code cause}): nothing of its request was sent.
     */
    void cut(H2Waiter waiter, java.io.IOException cause, H2Connection connection);
  }

  enum Decision {
    HTTP1,
    OPEN_CONNECTION,
    /** The hop opens a further connection: a permit only if one is free, on the least busy loop. */
    OPEN_FURTHER,
    STREAM,
    WAIT,
    QUEUE_FULL,
    /** The partition left the registry's map: route the hop again, to the key's new partition. */
    RETIRED
  }

  // immutable
  final Actions actions;
  private final H2Lifetime lifetime;
  /** Connections opened for load alone ({@link H2Registry#connectionCap}). */
  private final int cap;
  /** Connections at most, when every one is at its stream limit ({@link H2Registry#connectionLimit}). */
  private final int limit;

  // guarded by this (the partition's monitor)
  final H2Connections connections = new H2Connections();
  /** The hop opening the partition's first connection (none is usable yet). */
  private @Nullable Exchange<?> opener;
  /** The hop opening a further connection; at most one at a time. */
  private @Nullable Exchange<?> extraOpener;
  private boolean http1;
  private final H2WaitQueue waiters = new H2WaitQueue();
  /**
   * Whether a hop was routed here since the registry's previous sweep ({@link #retireIfUnused});
   * true at first, so that a new partition outlives the sweep that may run between its creation
   * and its first hop.
   */
  private boolean usedSinceSweep = true;
  /**
   * Set once, when the registry's sweep takes the partition out of its map: it takes no hop and no
   * connection from then on (a hop routed to it is routed again, to the key's new partition).
   */
  private boolean retired;

  H2Partition(Actions actions, H2Lifetime lifetime, int cap, int limit) {
    this.actions = actions;
    this.lifetime = lifetime;
    this.cap = cap;
    this.limit = Math.max(cap, limit);
  }

  /** Routes a hop; for STREAM the granted slot is in {@code w.slot}. */
  Decision route(H2Waiter w) {
    H2Connection expired;
    Decision d;
    synchronized (this) {
      if (retired) {
        return Decision.RETIRED;
      }
      usedSinceSweep = true;
      // A TTL timer on the loop may run late: a connection found past its TTL drains now, so no
      // new stream goes to it, and this hop opens (or waits for) the next connection.
      expired = connections.retirePastTtl(lifetime);
      if (expired != null) {
        lostConnectionLocked();
      }
      d = routeLocked(w, true);
    }
    if (expired != null) {
      drainedOrIdle(expired);
    }
    return d;
  }

  private Decision routeLocked(H2Waiter w, boolean mayOpenFurther) {
    if (http1) {
      return Decision.HTTP1;
    }
    Exchange<?> ex = w.exchange;
    if (opener == ex) {
      return Decision.OPEN_CONNECTION; // the opener's own replay after a failed connect
    }
    boolean replay = extraOpener == ex;
    if (replay) {
      extraOpener = null; // its replay after a failed connect goes where any hop goes
    }
    if (connections.isEmpty() && opener == null) {
      opener = ex;
      return Decision.OPEN_CONNECTION;
    }
    if (mayOpenFurther && !replay && opener == null && extraOpener == null
        && connections.mayOpenFurther(cap, limit)) {
      extraOpener = ex;
      return Decision.OPEN_FURTHER;
    }
    H2Connection c = waiters.isEmpty() ? connections.pick() : null;
    if (c != null) {
      c.grantTo(w);
      return Decision.STREAM;
    }
    return waiters.offer(w) ? Decision.WAIT : Decision.QUEUE_FULL;
  }

  /**
   * The hop opening a further connection found no connection permit free: it takes a stream of
   * the connections there are, or waits for one, as any hop, and no further connection opens
   * for it (a request never fails for want of a further connection).
   */
  synchronized @Nullable Decision furtherHadNoPermit(H2Waiter w) {
    if (extraOpener != w.exchange) {
      return null; // no longer a further opener: the partition lost its connections meanwhile
    }
    extraOpener = null;
    return http1 ? null : routeLocked(w, false);
  }

  /**
   * A hop of another partition of the same host that found no connection permit (round robin,
   * {@code maxConnectionsPerHost} below the host's address count) joins this partition's
   * connection, or the one being opened for it, as any hop would; null when this partition has
   * neither, or speaks HTTP/1.1: the hop then never becomes this partition's opener.
   */
  synchronized @Nullable Decision join(H2Waiter w) {
    // the list never holds a draining connection: draining detaches it.
    return http1 || (connections.isEmpty() && opener == null) ? null : routeLocked(w, false);
  }

  /** The loop of the oldest connection, where waiters wait; null while none is usable. */
  synchronized @Nullable io.netty.channel.EventLoop waitLoop() {
    H2Connection c = connections.oldest();
    return c != null ? c.loop() : null;
  }

  /** The loop of each connection, for placing a further one ({@link LeastBusyLoop}). */
  synchronized List<io.netty.channel.EventLoop> loops() {
    return connections.loops();
  }

  /**
   * Whether the partition's hops take the HTTP/1.1 path (its ALPN said so). Asked as a hop is
   * routed: a use, so the registry's sweep keeps the partition (and what it knows) while hops come.
   */
  synchronized boolean routesHttp1() {
    usedSinceSweep = true;
    return http1;
  }

  /**
   * The registry's sweep: retires the partition when it has no connection (a draining one is no
   * longer counted: it finishes on its own), no opener, no waiter, and no hop was routed here
   * since the previous sweep. Returns whether it is retired; the registry then removes it.
   */
  synchronized boolean retireIfUnused() {
    if (!usedSinceSweep
        && connections.isEmpty()
        && opener == null
        && extraOpener == null
        && waiters.isEmpty()) {
      retired = true;
    }
    usedSinceSweep = false;
    return retired;
  }

  /** Whether {@code ex} opens a connection of this partition, the first or a further one. */
  synchronized boolean isOpener(Exchange<?> ex) {
    return opener == ex || extraOpener == ex;
  }

  /** Whether {@code ex} opens a further connection (which keeps its permit for its life). */
  synchronized boolean isFurtherOpener(Exchange<?> ex) {
    return extraOpener == ex;
  }

  /**
   * The opener's connection negotiated h2: it joins the partition's connections. The first
   * connection's opener waits at the head of the queue for the preface; a further one's waits on
   * that connection alone, so that meanwhile new hops keep taking streams of the others. A
   * connection that finds the partition at its cap (its opener ended and another further one
   * opened meanwhile) is declined: it closes and its hop, if live, is routed again; never does an
   * existing connection, with its streams, drain for it. One whose opener ended below the cap
   * joins and, carrying no stream, closes after the idle timeout. Returns whether it joined.
   */
  boolean negotiatedH2(H2Connection c, H2Waiter first) {
    boolean declined;
    synchronized (this) {
      boolean further = extraOpener == first.exchange;
      if (opener == first.exchange) {
        opener = null;
      } else if (further) {
        extraOpener = null;
      }
      // Decided under the monitor: no two join past the cap (past the limit while every connection
      // is at its stream limit), none joins a partition the registry no longer has (retired while
      // the connection was being opened).
      declined = retired || connections.size() >= (connections.allAtStreamLimit() ? limit : cap);
      if (declined) {
        c.state = H2Connection.State.DRAINING;
      } else if (further && !connections.isEmpty()) {
        c.firstWaiter = first;
        connections.add(c);
      } else {
        waiters.addFirst(first);
        connections.add(c);
      }
    }
    if (declined) {
      drainedOrIdle(c); // no stream on it yet: closes now, and its permit goes back
      if (!first.isOver()) {
        actions.resume(first);
      }
    }
    return !declined;
  }

  /** A connection of this partition negotiated HTTP/1.1: remembered; waiters take that path. */
  void negotiatedHttp1(Exchange<?> ex) {
    List<H2Waiter> resume;
    synchronized (this) {
      http1 = true;
      if (opener == ex) {
        opener = null;
      } else if (extraOpener == ex) {
        extraOpener = null;
      }
      resume = waiters.drainAll();
    }
    resumeAll(resume);
  }

  /** The opener's exchange ended: if no connection came of it, a waiter opens the next one. */
  void openerEnded(Exchange<?> ex) {
    H2Waiter next;
    synchronized (this) {
      if (extraOpener == ex) {
        extraOpener = null;
        return;
      }
      if (opener != ex) {
        return;
      }
      opener = null;
      next = connections.isEmpty() ? electOpener() : null;
    }
    resume(next);
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
      resume = connections.isEmpty() ? waiters.drainAll() : List.of();
    }
    resumeAll(resume);
  }

  /** The server's SETTINGS: the limit is known; the preface is over. */
  void settings(H2Connection c, @Nullable Long maxConcurrentStreams) {
    List<H2Waiter> open;
    H2Lifetime.Quiet quiet;
    synchronized (this) {
      if (maxConcurrentStreams != null) {
        c.serverLimit = (int) Math.min(Integer.MAX_VALUE, Math.max(0, maxConcurrentStreams));
      }
      H2Waiter first = null;
      if (c.state == H2Connection.State.PREFACE) {
        c.state = H2Connection.State.OPEN;
        first = c.takeFirstWaiter();
        if (first != null && c.hasFreeSlot()) {
          c.grantTo(first); // the further connection's opener goes first on it
        } else if (first != null) {
          waiters.addFirst(first);
          first = null;
        }
      }
      open = connections.grant(waiters);
      if (first != null) {
        open = prepend(first, open);
      }
      quiet = lifetime.quietLocked(this, c);
    }
    lifetime.afterQuiet(this, c, quiet);
    openAll(open);
  }

  /**
   * The server sent GOAWAY: no new streams on {@code c}, whose open streams finish (those above
   * its last stream id were never processed and are replayed elsewhere). The hops waiting for a
   * stream of it (its opener if it was a further one, and every waiter if it was the last
   * connection) go to the hop driver now, which sends them again on another connection within
   * their budget: nothing of them was sent (3.0.12 fails its queued openers on GOAWAY).
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
    H2WaitQueue.cutAll(cut, c, "sent GOAWAY", actions);
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
      next = detach(c);
    }
    resume(next);
    drainedOrIdle(c);
  }

  void closed(H2Connection c) {
    List<H2Waiter> cut;
    synchronized (this) {
      c.state = H2Connection.State.CLOSED;
      cut = takeWaitersOf(c);
    }
    H2WaitQueue.cutAll(cut, c, "closed", actions);
  }

  /**
   * The codec still counts streams whose slots were freed (see {@link
   * H2Connection#codecHasRoom}): {@code w}, granted a slot of {@code c}, gives it back and waits
   * first in line for the next stream the codec closes ({@link #codecClosedStream}). If {@code c}
   * no longer takes streams, the slot is released as any other (a draining connection closes at
   * its last one) and the hop is routed again. On the connection's loop.
   */
  void waitForCodec(H2Waiter w, StreamSlot slot) {
    H2Connection c = slot.connection;
    assert c.loop().inEventLoop() : "waitForCodec runs on the connection's loop";
    synchronized (this) {
      if (connections.contains(c) && c.state == H2Connection.State.OPEN) {
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
  void codecClosedStream() {
    List<H2Waiter> open;
    synchronized (this) {
      open = connections.grant(waiters);
    }
    openAll(open);
  }

  void slotReleased(H2Connection c) {
    List<H2Waiter> open;
    boolean closeNow;
    H2Lifetime.Quiet quiet;
    synchronized (this) {
      c.active--;
      open = connections.grant(waiters);
      quiet = lifetime.quietLocked(this, c);
      closeNow = !quiet.close && c.state == H2Connection.State.DRAINING && c.active == 0;
    }
    if (closeNow) {
      actions.close(c);
    }
    lifetime.afterQuiet(this, c, quiet);
    openAll(open);
  }

  /** Routes {@code w} again, if there is one. After the monitor. */
  void resume(@Nullable H2Waiter w) {
    if (w != null) {
      actions.resume(w);
    }
  }

  private void resumeAll(List<H2Waiter> resume) {
    for (H2Waiter w : resume) {
      if (!w.isOver()) {
        actions.resume(w);
      }
    }
  }

  /**
   * Detaches {@code c} if it takes new streams and takes the hops waiting for it: its further
   * opener's, and all the partition's if it was the last; none if it was detached before (a
   * connection that drained earlier: its waiters went on). Under the monitor.
   */
  private List<H2Waiter> takeWaitersOf(H2Connection c) {
    if (!connections.remove(c)) {
      return List.of();
    }
    H2Waiter first = c.takeFirstWaiter();
    List<H2Waiter> cut = connections.isEmpty() ? waiters.drainAll() : List.of();
    lostConnectionLocked();
    return first == null ? cut : prepend(first, cut);
  }

  /** With no connection left, the further opener's connection will be the first. Under the monitor. */
  private void lostConnectionLocked() {
    if (connections.isEmpty() && opener == null && extraOpener != null) {
      opener = extraOpener;
      extraOpener = null;
    }
  }

  private static List<H2Waiter> prepend(H2Waiter first, List<H2Waiter> rest) {
    List<H2Waiter> all = new ArrayList<>(rest.size() + 1);
    all.add(first);
    all.addAll(rest);
    return all;
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
   * The client retires {@code c} (idle, TTL, keepAlive off, refusals): it drains, taking no new
   * stream. Returns a hop to route again, if any: its further opener while other connections go
   * on, or, when it was the last, a waiter to open the next (unless an opener is at work). Holding
   * the monitor.
   */
  @Nullable H2Waiter detach(H2Connection c) {
    c.state = H2Connection.State.DRAINING;
    if (!connections.remove(c)) {
      return null;
    }
    H2Waiter first = c.takeFirstWaiter();
    if (!connections.isEmpty()) {
      return first == null || first.isOver() ? null : first;
    }
    if (first != null) {
      waiters.addFirst(first);
    }
    lostConnectionLocked();
    return opener == null ? electOpener() : null;
  }

  private @Nullable H2Waiter electOpener() {
    H2Waiter w = waiters.pollLive();
    if (w != null) {
      opener = w.exchange;
    }
    return w;
  }

  private void openAll(List<H2Waiter> open) {
    for (H2Waiter w : open) {
      actions.openStream(w);
    }
  }
}

package org.asynchttpclient.extras.interop;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.events.HopKind;
import org.asynchttpclient.events.HopView;

/**
 * Counts what the client's public exchange events show of a run: the hops sent again after a
 * connection failed ({@link HopKind#RETRY}, the replays, and the most any one request needed),
 * the hops that needed a new connection (so a paced scenario shows how often the server had
 * closed the idle one), and the HTTP versions the hops went out in (so a scenario proves it ran
 * over HTTP/2).
 *
 * <p>Threads: events arrive on the client's I/O threads; the test reads after the run.
 */
final class ExchangeRecorder implements ExchangeListener {
  // any thread
  private final AtomicInteger replays = new AtomicInteger();
  private final AtomicInteger newConnections = new AtomicInteger();
  private final AtomicInteger mostReplays = new AtomicInteger();
  private final Set<String> protocols = ConcurrentHashMap.newKeySet();

  @Override
  public void hopStarted(HopView hop) {
    if (hop.kind() == HopKind.RETRY) {
      replays.incrementAndGet();
      // the scenarios follow no redirect and answer no challenge: every later hop is a replay
      mostReplays.accumulateAndGet(hop.number(), Math::max);
    }
  }

  @Override
  public void connectionAcquired(HopView hop, boolean pooled) {
    if (!pooled) {
      newConnections.incrementAndGet();
    }
  }

  @Override
  public void requestWritten(HopView hop) {
    String version = hop.protocolVersion();
    if (version != null) {
      protocols.add(version);
    }
  }

  int replays() {
    return replays.get();
  }

  /** The most replays one request needed. */
  int mostReplays() {
    return mostReplays.get();
  }

  /** Hops that did not find a pooled connection (an HTTP/2 stream on an open connection counts as pooled). */
  int newConnections() {
    return newConnections.get();
  }

  /** The HTTP versions seen, sorted: "1.1", "2". */
  Set<String> protocols() {
    return new TreeSet<>(protocols);
  }
}

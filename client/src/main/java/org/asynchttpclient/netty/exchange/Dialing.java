package org.asynchttpclient.netty.exchange;

import io.netty.channel.EventLoop;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.jetbrains.annotations.Nullable;

/**
 * What one hop's connect knows beyond its carrier: the addresses ROUND_ROBIN pinned it to, the
 * addresses it started dialing (for a timeout's message), and the connect race running for it
 * (Happy Eyeballs), which the hop's end abandons. Made only for a hop that pins or dials
 * ({@link Attempt#dialing()}).
 *
 * <p>Threads: written by the hop as it proceeds (the pinning, then the connecting loop, then the
 * race's loop), one step after the other; read from any thread (an expiring timeout, the release).
 */
public final class Dialing {
  /** Connect attempts racing for a hop: abandoned, all of them closed, when the hop ends. */
  public interface Racing {
    /** Closes every attempt still running; a no-op once the race is decided. Any thread. */
    void abandon();
  }

  // written in sequence by the hop (see above); read by any thread
  /** The addresses ROUND_ROBIN pinned the hop to, the pinned one first; null when it was not. */
  volatile @Nullable List<InetSocketAddress> pinned;
  private volatile @Nullable List<InetSocketAddress> dialList;
  private volatile int dialed;
  volatile @Nullable Racing racing;
  /**
   * The loop the hop's new connection goes on, chosen before it dials (a further HTTP/2
   * connection goes on the least busy loop), or null: the caller's loop or the group's next.
   */
  volatile @Nullable EventLoop loop;

  /** Sets {@code loop} (see there); before the hop dials. */
  public void onLoop(EventLoop loop) {
    this.loop = loop;
  }

  /**
   * The hop's connect started the first {@code count} of {@code addresses} (they start in order),
   * for a timeout's message. No copy: the list is not changed once dialing.
   */
  public void started(List<InetSocketAddress> addresses, int count) {
    this.dialList = addresses;
    this.dialed = count;
  }

  /** The addresses this hop's connect started, in order; empty when it opened none. */
  public List<InetSocketAddress> addressesTried() {
    int count = dialed;
    List<InetSocketAddress> list = dialList;
    return list == null || count == 0 ? List.of() : new ArrayList<>(list.subList(0, count));
  }
}

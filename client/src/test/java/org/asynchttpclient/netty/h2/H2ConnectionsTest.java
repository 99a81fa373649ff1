package org.asynchttpclient.netty.h2;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

/** Which connection of a partition a new stream goes to, and when a further one would help. */
class H2ConnectionsTest {
  private static final int BUSY = H2Connections.BUSY_STREAMS;

  private static H2Connection open(int active, int limit) {
    H2Connection c = new H2Connection(new EmbeddedChannel(), null, limit, 0);
    c.state = H2Connection.State.OPEN;
    c.active = active;
    return c;
  }

  private static H2Connections of(H2Connection... cs) {
    H2Connections list = new H2Connections();
    for (H2Connection c : cs) {
      list.add(c);
    }
    return list;
  }

  @Test
  void belowTheBusyCountTheOldestTakesTheStreamSoTheOthersCanGoIdle() {
    H2Connection oldest = open(BUSY - 1, -1);
    H2Connection newer = open(0, -1);
    assertSame(oldest, of(oldest, newer).pick());
  }

  @Test
  void onceBusyTheLeastLoadedTakesTheStreamTiesToTheOldest() {
    H2Connection oldest = open(BUSY + 3, -1);
    H2Connection newer = open(BUSY + 1, -1);
    assertSame(newer, of(oldest, newer).pick());
    newer.active = BUSY + 3;
    assertSame(oldest, of(oldest, newer).pick(), "a tie goes to the oldest");
    H2Connection idle = open(2, -1);
    assertSame(idle, of(oldest, newer, idle).pick(), "the only one below the busy count");
  }

  @Test
  void aConnectionAtItsLimitOrNotOpenTakesNoStream() {
    H2Connection full = open(4, 4);
    H2Connection draining = open(0, -1);
    draining.state = H2Connection.State.DRAINING;
    assertNull(of(full, draining).pick());
    H2Connection preface = open(0, -1);
    preface.state = H2Connection.State.PREFACE;
    assertNull(of(full, preface).pick());
  }

  private static final int NO_LIMIT = Integer.MAX_VALUE;

  /** With the cap raised above 1 (http2MaxConnectionsPerPartition), load alone opens one. */
  @Test
  void underACapRaisedAFurtherConnectionHelpsWhenEveryOneIsBusyOrFull() {
    H2Connection busy = open(BUSY, -1);
    H2Connection full = open(2, 2);
    assertTrue(of(busy, full).mayOpenFurther(3, NO_LIMIT));
    assertFalse(of(busy, full).mayOpenFurther(2, NO_LIMIT), "at the cap, and one is only busy");
    assertFalse(of(open(BUSY - 1, -1)).mayOpenFurther(2, NO_LIMIT), "one below the busy count");
    H2Connection opening = open(0, -1);
    opening.state = H2Connection.State.PREFACE;
    assertFalse(of(busy, opening).mayOpenFurther(3, NO_LIMIT), "a connection in its preface will take some");
    assertFalse(new H2Connections().mayOpenFurther(2, NO_LIMIT), "no connection: the first opener's case");
  }

  /**
   * One connection per origin by default (RFC 9113 9.1): busy is not enough; another opens only
   * when every one is at its stream limit, within the connection limits.
   */
  @Test
  void byDefaultAFurtherConnectionOpensOnlyWhenEveryOneIsAtItsStreamLimit() {
    assertFalse(of(open(BUSY * 4, -1)).mayOpenFurther(1, NO_LIMIT), "busy, but streams are left");
    H2Connection full = open(4, 4);
    assertTrue(of(full).mayOpenFurther(1, NO_LIMIT));
    assertTrue(of(full, open(4, 4)).mayOpenFurther(1, NO_LIMIT));
    assertFalse(of(full, open(3, 4)).mayOpenFurther(1, NO_LIMIT), "one still has a free stream");
    assertFalse(of(full, open(4, 4)).mayOpenFurther(1, 2), "at maxConnectionsPerHost");
    assertTrue(of(full, open(4, 4)).allAtStreamLimit());
    assertFalse(new H2Connections().allAtStreamLimit());
  }
}
